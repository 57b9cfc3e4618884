import { createMiddleware } from 'hono/factory';
import { compressOne, etagOf, MIN_COMPRESSED_BYTES, negotiate } from './encoding.ts';
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
 * asked with a session never by a shared cache, everything else only after asking again.
 */
const cacheControl = createMiddleware<AppEnv>(async (c, next) => {
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
  c.header('Vary', 'Authorization', { append: true });
});

/**
 * A JSON answer leaves in one pass over its bytes: a successful GET gets an ETag (and 304 when the
 * client has it), and the body is compressed (brotli or gzip) when the client accepts it.
 */
const encodeJson = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const res = c.res;
  const type = res.headers.get('content-type') ?? '';
  if (!res.body || !type.startsWith('application/json') || res.headers.has('content-encoding')) {
    return;
  }
  let body: Buffer = Buffer.from(await res.arrayBuffer());
  const headers = new Headers(res.headers);
  headers.append('Vary', 'Accept-Encoding');
  if (c.req.method === 'GET' && res.status === 200) {
    const tag = etagOf(body);
    headers.set('ETag', tag);
    if (
      c.req
        .header('if-none-match')
        ?.split(/\s*,\s*/)
        .includes(tag)
    ) {
      headers.delete('content-length');
      c.res = undefined;
      c.res = new Response(null, { status: 304, headers });
      return;
    }
  }
  const encoding =
    body.length >= MIN_COMPRESSED_BYTES ? negotiate(c.req.header('accept-encoding')) : 'identity';
  if (encoding !== 'identity') {
    body = await compressOne(body, encoding);
    headers.set('Content-Encoding', encoding);
  }
  headers.set('Content-Length', String(body.length));
  c.res = undefined;
  c.res = new Response(body as Uint8Array<ArrayBuffer>, { status: res.status, headers });
});

export const apiCaching = [encodeJson, cacheControl];
