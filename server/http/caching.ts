import { createMiddleware } from 'hono/factory';
import { compress } from 'hono/compress';
import { etag } from 'hono/etag';
import type { AppEnv } from './env.ts';

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
 * How API answers may be kept: a public reference read briefly by anyone (a CDN too), anything
 * asked with a session never by a shared cache, everything else only after asking again. GET
 * answers carry an ETag (304 when unchanged); every answer is compressed when the client accepts.
 */
export const apiCaching = [
  compress(),
  createMiddleware<AppEnv>(async (c, next) => {
    await next();
    if (c.res.headers.has('cache-control')) return;
    const isPublicRead =
      c.req.method === 'GET' &&
      c.res.status === 200 &&
      !c.req.header('authorization') &&
      PUBLIC_READS.some((pattern) => pattern.test(c.req.path));
    c.header(
      'Cache-Control',
      isPublicRead
        ? 'public, max-age=60, s-maxage=300, stale-while-revalidate=600'
        : c.req.header('authorization')
          ? 'private, no-store'
          : 'no-cache',
    );
    c.header('Vary', 'Authorization, Accept-Encoding', { append: true });
  }),
  etag(),
];
