import type { IncomingMessage, ServerResponse } from 'node:http';
import { pageCacheHits } from '../ops/metrics.ts';
import { joinHeader, type PageCache, type PageRequest } from './page-cache.ts';
import { withSecurityHeaders } from './security-headers.ts';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The process's request listener: a cached page is answered before anything else runs, almost
 * at the cost of a static file (the page cache writes the security headers with its own); every
 * other request gets the security headers and goes to `rest` (the API, files and the site).
 */
export function processListener(publicUrl: string, pages: PageCache | null, rest: Listener) {
  const secured = withSecurityHeaders(publicUrl, rest);
  const listener: Listener = (req, res) => {
    if (pages && (req.method === 'GET' || req.method === 'HEAD')) {
      const page = pages.get(req.url ?? '/');
      if (page) {
        const asked = pageRequest(req.rawHeaders, req.method === 'HEAD');
        if (asked) {
          pageCacheHits.count++;
          return pages.send(res, page, asked);
        }
      }
    }
    secured(req, res);
  };
  return listener;
}

/**
 * What a kept page's answer depends on, read from the raw header list: `req.headers` would build
 * an object of every header, lower-cased, on each request of the hot path. Null when the request
 * carries credentials (the page is for anonymous visitors). Repeated headers are joined as Node
 * joins them.
 */
export function pageRequest(raw: string[], head: boolean): PageRequest | null {
  let ifNoneMatch: string | undefined;
  let acceptEncoding: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] ?? '';
    // The length first: most names are passed over without being lower-cased.
    if (name.length !== 13 && name.length !== 15) continue;
    const lower = name.toLowerCase();
    const value = raw[i + 1] ?? '';
    if (lower === 'authorization') return null;
    if (lower === 'if-none-match') ifNoneMatch = joinHeader(ifNoneMatch, value);
    else if (lower === 'accept-encoding') acceptEncoding = joinHeader(acceptEncoding, value);
  }
  return { ifNoneMatch, acceptEncoding, head };
}
