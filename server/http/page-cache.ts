import type { HttpBindings } from '@hono/node-server';
import { accepts } from 'hono/accepts';
import { createMiddleware } from 'hono/factory';
import { mileageUnitOfCookies } from '#shared/mileage.ts';
import type { Changes } from '../db/changes.ts';
import { TaggedCache } from '../db/tagged-cache.ts';
import { pageCacheHits } from '../ops/metrics.ts';

/** A page's answer as it was sent: headers (its ETag among them) and body, encoded. */
interface KeptPage {
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer>;
  bytes: number;
}

export interface PageCacheOptions {
  /** Bytes of bodies kept at most; the least recently used go first. */
  maxBytes: number;
  /** How long a page is kept at most: what it shows without a notice (a view count, an ad's expiry). */
  ttlMs: number;
}

/** The site's request path, as the page cache sees it: a rendered page names what it shows. */
export interface PageEnv {
  Bindings: HttpBindings;
  Variables: {
    /** Set by a page the same for every visitor: what it shows (site/lib/page-cache.ts). */
    pageTags: string[] | undefined;
  };
}

/**
 * The anonymous answers of public pages, the same for every visitor, kept as they were sent
 * (compressed, with their ETag) until what they show changes: a TaggedCache bounded by bytes.
 * Pages name what they show as tags (`listing:12`, `seller:4`, `listings` for any live listing,
 * `reference`, `ads`); the database's change notices, from any instance, end exactly the pages
 * that show the change.
 */
export class PageCache {
  readonly #pages: TaggedCache<KeptPage>;
  readonly #maxBytes: number;

  constructor(options: PageCacheOptions, changes?: Pick<Changes, 'subscribe'>) {
    this.#maxBytes = options.maxBytes;
    this.#pages = new TaggedCache<KeptPage>(
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

  /** The kept answer to `key`, as a new Response. */
  answer(key: string, now = Date.now()): Response | undefined {
    const page = this.#pages.get(key, now);
    return page && new Response(page.body, { status: 200, headers: page.headers });
  }

  /**
   * Keeps pages rendered from now on (call it before the page reads its data): the function it
   * returns reads an answer whole and keeps it, unless a change notice arrived in between, when
   * the page may show what changed as it was and is only answered.
   */
  keeper(): (key: string, response: Response, tags: string[]) => Promise<Response> {
    const keep = this.#pages.keeper();
    return async (key, response, tags) => {
      const body = new Uint8Array(await response.arrayBuffer());
      const headers = Object.fromEntries(response.headers);
      headers['content-length'] = String(body.byteLength);
      const page: KeptPage = { headers, body, bytes: body.byteLength + key.length };
      // A page of more than a quarter of the cache would push out too many others.
      if (page.bytes <= this.#maxBytes / 4) keep(key, page, tags);
      return new Response(body, { status: response.status, headers });
    };
  }

  invalidate(tag: string) {
    this.#pages.invalidate(tag);
  }

  clear() {
    this.#pages.clear();
  }
}

/**
 * Answers an anonymous GET (or HEAD) of a kept page from `pages`; otherwise renders it, and keeps
 * a 200 whose page named its tags. Place it between Hono's `etag` (which answers 304 to a kept
 * page's ETag) and the compression, so that what is kept is what was sent. A page is kept once per
 * encoding and per mileage unit the visitor chose (the one cookie a page reads; any other value
 * counts as none), under the path and query as the client sent them.
 */
export const keptPages = (pages: PageCache) =>
  createMiddleware<PageEnv>(async (c, next) => {
    const method = c.req.method;
    if ((method !== 'GET' && method !== 'HEAD') || c.req.header('authorization') !== undefined)
      return next();
    const path = `${mileageUnitOfCookies(c.req.header('cookie')) ?? ''} ${c.env.incoming.url ?? '/'}`;
    const asked = accepts(c, { header: 'Accept-Encoding', supports: ['gzip'], default: '' });
    const kept = pages.answer(`${asked} ${path}`);
    if (kept) {
      pageCacheHits.count++;
      return kept;
    }
    const keep = pages.keeper();
    await next();
    const tags = c.get('pageTags');
    if (method !== 'GET' || !tags || c.res.status !== 200) return;
    const sent = c.res.headers.get('content-encoding') ?? '';
    c.res = await keep(`${sent} ${path}`, c.res, tags);
  });
