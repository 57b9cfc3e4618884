import type { HttpBindings } from '@hono/node-server';
import { createMiddleware } from 'hono/factory';
import { brotliDecompressSync, gzipSync } from 'node:zlib';
import type { Changes } from '../db/changes.ts';
import { TaggedCache } from '../db/tagged-cache.ts';
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
 * what it shows changes: a TaggedCache of pages, bounded by their compressed bytes. Pages name
 * what they show as tags (`listing:12`, `seller:4`, `listings` for any live listing, `reference`,
 * `ads`); the database's change notices, from any instance, end exactly the pages that show the
 * change.
 */
export class PageCache {
  readonly #pages: TaggedCache<CachedPage>;
  readonly #options: PageCacheOptions;

  constructor(options: PageCacheOptions, changes?: Pick<Changes, 'subscribe'>) {
    this.#options = options;
    this.#pages = new TaggedCache<CachedPage>(
      {
        // The bytes bound the pages; the count only keeps the bookkeeping finite.
        maxEntries: 100_000,
        maxBytes: options.maxBytes,
        sizeOf: (page) => page.bytes,
        ttlMs: options.ttlMs,
      },
      changes,
    );
  }

  get size() {
    return { pages: this.#pages.size, bytes: this.#pages.bytes };
  }

  get cacheControl() {
    return this.#options.cacheControl;
  }

  get(key: string, now = Date.now()): CachedPage | undefined {
    return this.#pages.get(key, now);
  }

  /**
   * Keeps pages rendered from now on (call it before the page reads its data): the function it
   * returns compresses a page and keeps it, unless a change notice arrived in between, when the
   * page may show what changed as it was and is only answered.
   */
  keeper(): (
    key: string,
    page: { status: number; headers: Record<string, string>; body: Buffer; tags: string[] },
  ) => Promise<CachedPage> {
    const keep = this.#pages.keeper();
    return async (key, page) => {
      const bodies = { br: await compressToKeep(page.body) };
      const cached: CachedPage = {
        key,
        status: page.status,
        headers: page.headers,
        bodies,
        identityBytes: page.body.length,
        heads: {},
        etag: etagOf(page.body),
        tags: page.tags,
        bytes: bodies.br.length + key.length,
      };
      // A page of more than a quarter of the cache would push out too many others.
      if (cached.bytes <= this.#options.maxBytes / 4) keep(key, cached, page.tags);
      return cached;
    };
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
    // Kept again at its new size, if it still is kept.
    if (this.#pages.get(page.key) === page) this.#pages.set(page.key, page, page.tags);
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

  invalidate(tag: string) {
    this.#pages.invalidate(tag);
  }

  clear() {
    this.#pages.clear();
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
