import type { Context } from 'hono';
import { compress } from 'hono/compress';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './env.ts';
import { NOTHING_POLICY } from './security-headers.ts';

/**
 * The compression of every answer made on request, the API's and the pages' (the built files
 * are compressed at build): Hono's, in gzip, which every browser takes. One encoding keeps a
 * page kept in the page cache to two forms, gzip and as it is.
 */
export const compressAnswers = () => compress({ encoding: 'gzip' });

/** Public reads that change only when an admin changes reference data: a CDN may keep them. */
const PUBLIC_READS = [
  /^\/api\/configuration\/?$/,
  /^\/api\/configuration\/cities\/?$/,
  /^\/api\/cars\/brands\/?$/,
  /^\/api\/cars\/brands\/\d+\/models\/?$/,
  /^\/api\/car\/details\/enumerables\/?$/,
  /^\/api\/cars\/(safety|equipment)\/?$/,
  /^\/api\/openapi\.json$/,
];

/**
 * How an API answer may be kept: a public reference read briefly by anyone (a CDN too), anything
 * asked with a session never by a shared cache, everything else only after asking again.
 */
function cacheControlOf(c: Context<AppEnv>) {
  if (c.req.header('authorization') !== undefined) return 'private, no-store';
  const isPublicRead =
    c.req.method === 'GET' && c.res.status === 200 && PUBLIC_READS.some((p) => p.test(c.req.path));
  return isPublicRead ? 'public, max-age=60, s-maxage=300, stale-while-revalidate=600' : 'no-cache';
}

/**
 * How every API answer may be kept (`Cache-Control`, `Vary`), and the policy of an answer that
 * is no page. Hono's `etag` and the compression (server/app.ts) come around it.
 */
export const apiCaching = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (!c.res.headers.has('cache-control')) c.header('Cache-Control', cacheControlOf(c));
  if (!c.res.headers.has('content-security-policy'))
    c.header('Content-Security-Policy', NOTHING_POLICY);
  c.header('Vary', 'Authorization', { append: true });
});
