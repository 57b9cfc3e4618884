import type { IncomingMessage } from 'node:http';
import { compressOne, etagOf, MIN_COMPRESSED_BYTES, negotiate } from './encoding.ts';
import type { PageCache } from './page-cache.ts';
import { policyForPage } from './security-headers.ts';

const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript|manifest\+json)|image\/svg)/;

/** What a rendered page's answer goes through (Astro.locals.page; site/middleware.ts). */
export interface PageDelivery {
  /** The page is the same for every visitor: keep it until what `tags` name changes. */
  cacheFor(tags: string[]): void;
  deliver(response: Response): Promise<Response>;
}

/**
 * Every page the site renders leaves compressed, with an ETag (304 when the browser has it);
 * a page that declared what it shows is also kept in the page cache for the next visitor.
 */
export function pageDelivery(req: IncomingMessage, cache: PageCache | null): PageDelivery {
  let tags: string[] | null = null;
  // Taken before the page reads anything: a change notice during the render keeps it out.
  const keep = cache?.keeper();
  return {
    cacheFor(pageTags) {
      tags = pageTags;
    },
    async deliver(response) {
      const type = response.headers.get('content-type') ?? '';
      if (!response.body || !COMPRESSIBLE.test(type) || response.headers.has('content-encoding'))
        return response;
      const body = Buffer.from(await response.arrayBuffer());
      const headers = Object.fromEntries(response.headers);
      const policy = headers['content-security-policy'];
      if (policy && type.startsWith('text/html'))
        headers['content-security-policy'] = policyForPage(policy, body);
      const cacheable =
        cache !== null &&
        tags !== null &&
        response.status === 200 &&
        (req.method === 'GET' || req.method === 'HEAD') &&
        !req.headers.authorization;
      headers['cache-control'] = cacheable ? (cache?.cacheControl ?? '') : 'no-cache';
      const etag = etagOf(body);
      if (req.headers['if-none-match'] === etag)
        return new Response(null, {
          status: 304,
          headers: { etag, 'cache-control': headers['cache-control'] },
        });
      const encoding =
        body.length < MIN_COMPRESSED_BYTES ? 'identity' : negotiate(req.headers['accept-encoding']);
      let sent: Buffer;
      if (cacheable && cache && keep && tags) {
        const page = await keep(req.url ?? '/', { status: 200, headers, body, tags });
        sent = encoding === 'identity' ? body : cache.body(page, encoding);
      } else {
        sent = encoding === 'identity' ? body : await compressOne(body, encoding);
      }
      const out = new Headers(headers);
      out.set('etag', etag);
      out.set('vary', 'Accept-Encoding');
      out.set('content-length', String(sent.length));
      if (encoding !== 'identity') out.set('content-encoding', encoding);
      else out.delete('content-encoding');
      return new Response(new Uint8Array(sent), { status: response.status, headers: out });
    },
  };
}
