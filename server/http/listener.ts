import type { IncomingMessage, ServerResponse } from 'node:http';
import { pageCacheHits } from '../ops/metrics.ts';
import type { PageCache } from './page-cache.ts';
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
    if (pages && (req.method === 'GET' || req.method === 'HEAD') && !req.headers.authorization) {
      const page = pages.get(req.url ?? '/');
      if (page) {
        pageCacheHits.count++;
        return pages.send(req, res, page);
      }
    }
    secured(req, res);
  };
  return listener;
}
