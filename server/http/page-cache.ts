import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Changes } from '../db/changes.ts';
import { tagsOf } from '../db/tagged-cache.ts';
import { brotliDecompressSync, gzipSync } from 'node:zlib';
import { compressToKeep, etagOf, negotiate, toKeep, type Encoding } from './encoding.ts';

/** A rendered page, kept with its compressed forms and what it shows. */
export interface CachedPage {
  key: string;
  status: number;
  headers: Record<string, string>;
  /** Brotli, as kept; gzip once a client asked for it (the identity is unpacked when asked). */
  bodies: { br: Buffer; gzip?: Buffer };
  /** Bytes of the page unpacked. */
  identityBytes: number;
  /** The answer's headers as Node's flat list, made at the first send of each kind. */
  heads: Partial<Record<AnswerKind, string[]>>;
  /** The answer's status line and headers as bytes (for the page lane), made at its first send. */
  rawHeads: Partial<Record<AnswerKind, Buffer>>;
  etag: string;
  tags: string[];
  bytes: number;
  expiresAt: number;
}

/** The kinds of answer a kept page has: its body in one encoding, or 304 Not Modified. */
export type AnswerKind = Encoding | 'not-modified';

/** A kept page's answer to one request: which kind, and the body to send (none for HEAD, 304). */
export interface PageAnswer {
  kind: AnswerKind;
  body: Buffer | undefined;
}

/** What the answer of a kept page depends on, from the request's headers. */
export interface PageRequest {
  ifNoneMatch: string | undefined;
  acceptEncoding: string | undefined;
  /** A HEAD request: the headers alone. */
  head: boolean;
}

/** A repeated request header's values, joined as Node joins them. */
export const joinHeader = (joined: string | undefined, value: string) =>
  joined === undefined ? value : `${joined}, ${value}`;

export interface PageCacheOptions {
  /** Bytes of bodies kept at most (all encodings); the least recently used go first. */
  maxBytes: number;
  /** How long a page is kept at most: what it shows without a notice (a view count, an ad's expiry). */
  ttlMs: number;
  /** What a CDN in front may do with a public page. */
  cacheControl: string;
  /** Headers every answer carries (the security headers), kept with each page's own. */
  headers?: Record<string, string>;
}

/**
 * The anonymous HTML of public pages, the same for every visitor, kept already compressed until
 * what it shows changes. Pages name what they show as tags (`listing:12`, `seller:4`, `listings`
 * for any live listing, `reference`, `ads`); the database's change notices, from any instance,
 * end exactly the pages that show the change.
 */
export class PageCache {
  readonly #pages = new Map<string, CachedPage>();
  readonly #byTag = new Map<string, Set<string>>();
  #bytes = 0;
  readonly #options: PageCacheOptions;

  constructor(options: PageCacheOptions, changes?: Pick<Changes, 'subscribe'>) {
    this.#options = options;
    changes?.subscribe((change) => {
      if (change === '*') this.clear();
      else for (const tag of tagsOf(change)) this.invalidate(tag);
    });
  }

  get size() {
    return { pages: this.#pages.size, bytes: this.#bytes };
  }

  get cacheControl() {
    return this.#options.cacheControl;
  }

  get(key: string, now = Date.now()): CachedPage | undefined {
    const page = this.#pages.get(key);
    if (!page) return undefined;
    if (page.expiresAt <= now) {
      this.#delete(key);
      return undefined;
    }
    // Most recently used last: Map keeps insertion order.
    this.#pages.delete(key);
    this.#pages.set(key, page);
    return page;
  }

  async store(
    key: string,
    page: { status: number; headers: Record<string, string>; body: Buffer; tags: string[] },
  ): Promise<CachedPage> {
    const bodies = { br: await compressToKeep(page.body) };
    const bytes = bodies.br.length + key.length;
    const cached: CachedPage = {
      key,
      status: page.status,
      headers: page.headers,
      bodies,
      identityBytes: page.body.length,
      heads: {},
      rawHeads: {},
      etag: etagOf(page.body),
      tags: page.tags,
      bytes,
      expiresAt: Date.now() + this.#options.ttlMs,
    };
    if (bytes > this.#options.maxBytes / 4) return cached;
    this.#delete(key);
    this.#pages.set(key, cached);
    this.#bytes += bytes;
    for (const tag of page.tags) {
      const keys = this.#byTag.get(tag) ?? new Set<string>();
      keys.add(key);
      this.#byTag.set(tag, keys);
    }
    this.#evict();
    return cached;
  }

  /**
   * The page's body in `encoding`: brotli as kept, gzip made at the first client that asks for it
   * (and kept), the identity unpacked for the rare client that accepts neither.
   */
  body(page: CachedPage, encoding: Encoding): Buffer {
    if (encoding === 'br') return page.bodies.br;
    if (encoding === 'gzip' && page.bodies.gzip) return page.bodies.gzip;
    const identity = brotliDecompressSync(page.bodies.br);
    if (encoding === 'identity') return identity;
    const gzip = toKeep(gzipSync(identity, { level: 6 }));
    page.bodies.gzip = gzip;
    page.bytes += gzip.length;
    if (this.#pages.get(page.key) === page) {
      this.#bytes += gzip.length;
      this.#evict();
    }
    return gzip;
  }

  /** How a kept page answers a request: 304 to a matching If-None-Match, else the best encoding. */
  answer(page: CachedPage, asked: PageRequest): PageAnswer {
    if (asked.ifNoneMatch === page.etag) return { kind: 'not-modified', body: undefined };
    const encoding = negotiate(asked.acceptEncoding);
    const body = this.body(page, encoding);
    return { kind: encoding, body: asked.head ? undefined : body };
  }

  /**
   * Sends a kept page through Node's http. The headers of each kind of answer are made once, as
   * Node's flat list (Node still checks each character as it writes them: hence the short
   * per-page policy).
   */
  send(res: ServerResponse, page: CachedPage, asked: PageRequest) {
    const { kind, body } = this.answer(page, asked);
    res.writeHead(this.#status(page, kind), this.#headList(page, kind));
    res.end(body);
  }

  /**
   * The status line and headers of a kind of answer as they go on the wire, but for the ones
   * of the connection (`Date`, `Connection`, `Keep-Alive`) and the blank line that ends them.
   */
  rawHead(page: CachedPage, kind: AnswerKind): Buffer {
    let raw = page.rawHeads[kind];
    if (raw) return raw;
    const status = this.#status(page, kind);
    const list = this.#headList(page, kind);
    let text = `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Unknown'}\r\n`;
    for (let i = 0; i < list.length; i += 2) text += `${list[i]}: ${list[i + 1]}\r\n`;
    raw = Buffer.from(text, 'latin1');
    page.rawHeads[kind] = raw;
    return raw;
  }

  #status = (page: CachedPage, kind: AnswerKind) => (kind === 'not-modified' ? 304 : page.status);

  #headList = (page: CachedPage, kind: AnswerKind) => (page.heads[kind] ??= this.#head(page, kind));

  /** A 304 carries no policy: the browser would store it over the one of the page it keeps. */
  #head(page: CachedPage, kind: AnswerKind): string[] {
    const common = { ...this.#options.headers, etag: page.etag, vary: 'Accept-Encoding' };
    const headers: Record<string, string | number> =
      kind === 'not-modified'
        ? { ...common, 'cache-control': page.headers['cache-control'] ?? '' }
        : {
            ...this.#options.headers,
            ...page.headers,
            ...common,
            'content-length':
              kind === 'identity' ? page.identityBytes : this.body(page, kind).length,
          };
    if (kind !== 'identity' && kind !== 'not-modified') headers['content-encoding'] = kind;
    return Object.entries(headers).flatMap(([name, value]) => [name, String(value)]);
  }

  #evict() {
    for (const oldest of this.#pages.keys()) {
      if (this.#bytes <= this.#options.maxBytes) break;
      this.#delete(oldest);
    }
  }

  invalidate(tag: string) {
    const keys = this.#byTag.get(tag);
    if (!keys) return;
    for (const key of [...keys]) this.#delete(key);
    this.#byTag.delete(tag);
  }

  clear() {
    this.#pages.clear();
    this.#byTag.clear();
    this.#bytes = 0;
  }

  #delete(key: string) {
    const page = this.#pages.get(key);
    if (!page) return;
    this.#pages.delete(key);
    this.#bytes -= page.bytes;
    for (const tag of page.tags) {
      const keys = this.#byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.#byTag.delete(tag);
    }
  }
}
