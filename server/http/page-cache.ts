import type { HttpBindings } from '@hono/node-server';
import { createMiddleware } from 'hono/factory';
import { brotliDecompressSync, gzipSync } from 'node:zlib';
import type { Changes } from '../db/changes.ts';
import { tagsOf } from '../db/tagged-cache.ts';
import { pageCacheHits } from '../ops/metrics.ts';
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
  /** The answer's headers, made at the first send of each kind. */
  heads: Partial<Record<AnswerKind, Record<string, string>>>;
  etag: string;
  tags: string[];
  bytes: number;
  expiresAt: number;
}

/** The kinds of answer a kept page has: its body in one encoding, or 304 Not Modified. */
export type AnswerKind = Encoding | 'not-modified';

/** What the answer of a kept page depends on, from the request's headers. */
export interface PageRequest {
  ifNoneMatch: string | undefined;
  acceptEncoding: string | undefined;
}

export interface PageCacheOptions {
  /** Bytes of bodies kept at most (all encodings); the least recently used go first. */
  maxBytes: number;
  /** How long a page is kept at most: what it shows without a notice (a view count, an ad's expiry). */
  ttlMs: number;
  /** What a CDN in front may do with a public page. */
  cacheControl: string;
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

  /**
   * A kept page's answer to one request: 304 to a matching If-None-Match, else the page in the
   * best encoding the client accepts (Hono drops the body of an answer to HEAD).
   */
  respond(page: CachedPage, asked: PageRequest): Response {
    const kind: AnswerKind =
      asked.ifNoneMatch === page.etag ? 'not-modified' : negotiate(asked.acceptEncoding);
    const headers = (page.heads[kind] ??= this.#head(page, kind));
    if (kind === 'not-modified') return new Response(null, { status: 304, headers });
    const body = this.body(page, kind) as Uint8Array<ArrayBuffer>;
    return new Response(body, { status: page.status, headers });
  }

  /** A 304 carries no policy: the browser would store it over the one of the page it keeps. */
  #head(page: CachedPage, kind: AnswerKind): Record<string, string> {
    const common = { etag: page.etag, vary: 'Accept-Encoding' };
    if (kind === 'not-modified')
      return { ...common, 'cache-control': page.headers['cache-control'] ?? '' };
    const length = kind === 'identity' ? page.identityBytes : this.body(page, kind).length;
    const headers: Record<string, string> = {
      ...page.headers,
      ...common,
      'content-length': String(length),
    };
    if (kind !== 'identity') headers['content-encoding'] = kind;
    return headers;
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

/**
 * Answers a GET (or HEAD) of a kept page from `pages`, before the request is looked for among the
 * files or rendered; a request with credentials, or of a page not kept, goes on. The key is the
 * path and query as the client sent them, as the site's delivery keeps pages (site-delivery.ts).
 */
export const keptPages = (pages: PageCache) =>
  createMiddleware<{ Bindings: HttpBindings }>(async (c, next) => {
    const method = c.req.method;
    if ((method !== 'GET' && method !== 'HEAD') || c.req.header('authorization') !== undefined)
      return next();
    const page = pages.get(c.env.incoming.url ?? '/');
    if (!page) return next();
    pageCacheHits.count++;
    return pages.respond(page, {
      ifNoneMatch: c.req.header('if-none-match'),
      acceptEncoding: c.req.header('accept-encoding'),
    });
  });
