import type { Changes } from '../db/changes.ts';

/** Counts kept at most, whatever their filters. */
const MAX_COUNTS = 2000;
/** A count is kept no longer than this without a notice. */
const TTL_MS = 60_000;

export interface CountCache {
  /** The count of `key` (a query's SQL and parameters), computed once until live listings change. */
  get(key: string, count: () => Promise<number>): Promise<number>;
  /** The count of `key` when one is kept, without computing it. */
  peek(key: string): Promise<number> | undefined;
  /**
   * Keeps the count of `key` that a statement starting now reads: the function it returns stores
   * the value unless a listing changed in between (the count may then be stale).
   */
  keeper(key: string): (value: number) => void;
}

/**
 * Total counts of the public lists. An exact count reads every matching row (a broad filter at
 * 100,000 listings costs tens of milliseconds), while the answer changes only when a live listing
 * does: every instance forgets all counts on any listing's change notice.
 */
export function countCache(changes?: Pick<Changes, 'subscribe'>): CountCache {
  const counts = new Map<string, { value: Promise<number>; at: number }>();
  let generation = 0;
  changes?.subscribe((tag) => {
    if (tag !== '*' && !tag.startsWith('listing:')) return;
    generation += 1;
    counts.clear();
  });
  const fresh = (key: string) => {
    const kept = counts.get(key);
    return kept && Date.now() - kept.at < TTL_MS ? kept.value : undefined;
  };
  const keep = (key: string, entry: { value: Promise<number>; at: number }) => {
    counts.set(key, entry);
    if (counts.size > MAX_COUNTS) counts.delete(counts.keys().next().value ?? '');
  };
  return {
    peek: fresh,
    keeper(key) {
      const started = generation;
      const at = Date.now();
      return (value) => {
        if (generation === started) keep(key, { value: Promise.resolve(value), at });
      };
    },
    get(key, count) {
      const kept = fresh(key);
      if (kept) return kept;
      const now = Date.now();
      const started = generation;
      const value = count();
      const entry = { value, at: now };
      keep(key, entry);
      // A count that raced a change, or failed, is not kept.
      const forget = () => counts.get(key) === entry && counts.delete(key);
      value.then(() => generation !== started && forget(), forget);
      return value;
    },
  };
}
