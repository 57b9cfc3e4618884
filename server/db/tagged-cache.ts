import type { ChangeTag, Changes } from './changes.ts';

export interface TaggedCacheOptions<T> {
  /** Entries kept at most; the least recently used go first. */
  maxEntries: number;
  /** Bytes kept at most, as `sizeOf` counts them; the least recently used go first. */
  maxBytes?: number;
  sizeOf?: (value: T) => number;
  /** How long an entry is kept at most without a notice. */
  ttlMs: number;
  /**
   * Tags every entry would carry (`reference`): their notice ends all entries, which do not name
   * them. A tag on thousands of entries was a set of thousands of keys, changed at every entry
   * kept or dropped.
   */
  endedBy?: readonly string[];
  /**
   * Keep what `getOrCompute` reads only at a key's second miss among the last `remember` keys
   * missed: a value read once (a search made once, a listing opened once through the API) is
   * answered and dropped, young garbage to V8, instead of being kept until pushed out, which
   * carried it to the old generation first.
   */
  keepRepeated?: { remember: number };
}

/** What a change notice ends: a listing's notice also ends whatever shows any live listing. */
export function tagsOf(change: ChangeTag): string[] {
  if (change.startsWith('listing:')) return [change, 'listings'];
  return [change];
}

/** A sixteenth below `limit` (none below no limit). */
const belowLimit = (limit: number) =>
  Number.isFinite(limit) ? limit - Math.floor(limit / 16) : limit;

/**
 * Values computed from the database and kept until what they show changes: each entry names its
 * tags (`listing:12`, `seller:4`, `listings`, `reference`, `ads`), and the database's change
 * notices, from any instance, end exactly the entries that carry them.
 */
export class TaggedCache<T> {
  readonly #entries = new Map<
    string,
    { value: T; tags: string[]; bytes: number; expiresAt: number }
  >();
  readonly #byTag = new Map<string, Set<string>>();
  readonly #options: TaggedCacheOptions<T>;
  #generation = 0;
  #bytes = 0;
  /** The keys missed once, oldest first (`keepRepeated`). */
  readonly #missedOnce = new Set<string>();

  constructor(options: TaggedCacheOptions<T>, changes?: Pick<Changes, 'subscribe'>) {
    this.#options = options;
    const endsAll = new Set(options.endedBy);
    changes?.subscribe((change) => {
      if (change === '*' || endsAll.has(change)) this.clear();
      else for (const tag of tagsOf(change)) this.invalidate(tag);
    });
  }

  get size() {
    return this.#entries.size;
  }

  /** What the kept values weigh, as `sizeOf` counts them (0 without it). */
  get bytes() {
    return this.#bytes;
  }

  get(key: string, now = Date.now()): T | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.delete(key);
      return undefined;
    }
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /**
   * The kept value of `key`, or `compute`'s, kept with the tags it names; a value whose
   * computation raced a notice is returned but not kept.
   */
  async getOrCompute(
    key: string,
    compute: () => Promise<{ value: T; tags: string[] } | null>,
  ): Promise<T | null> {
    const kept = this.get(key);
    if (kept !== undefined) return kept;
    const started = this.#generation;
    const computed = await compute();
    if (!computed) return null;
    if (started === this.#generation && this.#repeated(key)) {
      this.set(key, computed.value, computed.tags);
    }
    return computed.value;
  }

  /** Whether a value just read for `key` is kept: always, or at its second miss (`keepRepeated`). */
  #repeated(key: string): boolean {
    const remember = this.#options.keepRepeated?.remember;
    if (remember === undefined || this.#missedOnce.delete(key)) return true;
    this.#missedOnce.add(key);
    if (this.#missedOnce.size > remember) {
      for (const oldest of this.#missedOnce) {
        this.#missedOnce.delete(oldest);
        break;
      }
    }
    return false;
  }

  /**
   * Keeps values read from now on, for readers that fill several entries at once: the function it
   * returns sets one unless a notice arrived in between (the value may then be stale).
   */
  keeper(): (key: string, value: T, tags: string[]) => void {
    const started = this.#generation;
    return (key, value, tags) => {
      if (started === this.#generation) this.set(key, value, tags);
    };
  }

  set(key: string, value: T, tags: string[]) {
    this.delete(key);
    const { maxEntries, maxBytes = Infinity, sizeOf, ttlMs } = this.#options;
    const bytes = sizeOf?.(value) ?? 0;
    if (bytes > maxBytes) return;
    this.#entries.set(key, { value, tags, bytes, expiresAt: Date.now() + ttlMs });
    this.#bytes += bytes;
    for (const tag of tags) {
      const keys = this.#byTag.get(tag) ?? new Set<string>();
      keys.add(key);
      this.#byTag.set(tag, keys);
    }
    if (this.#entries.size <= maxEntries && this.#bytes <= maxBytes) return;
    // Down to a sixteenth below the limits at once: a Map's first key is found past the holes of
    // the keys deleted before it, so one walk a few hundred sets apart, not one every set.
    const entriesLeft = belowLimit(maxEntries);
    const bytesLeft = belowLimit(maxBytes);
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= entriesLeft && this.#bytes <= bytesLeft) break;
      this.delete(oldest);
    }
  }

  invalidate(tag: string) {
    this.#generation += 1;
    const keys = this.#byTag.get(tag);
    if (!keys) return;
    for (const key of [...keys]) this.delete(key);
    this.#byTag.delete(tag);
  }

  clear() {
    this.#generation += 1;
    this.#missedOnce.clear();
    this.#entries.clear();
    this.#byTag.clear();
    this.#bytes = 0;
  }

  delete(key: string) {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
    for (const tag of entry.tags) {
      const keys = this.#byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.#byTag.delete(tag);
    }
  }
}
