import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { compressOne, etagOf, MIN_COMPRESSED_BYTES, negotiate } from './encoding.ts';
import type { AppEnv } from './env.ts';
import { NOTHING_POLICY } from './security-headers.ts';

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
function cacheControlOf(c: Context<AppEnv>, status: number) {
  const session = c.req.header('authorization') !== undefined;
  if (session) return 'private, no-store';
  const isPublicRead =
    c.req.method === 'GET' && status === 200 && PUBLIC_READS.some((p) => p.test(c.req.path));
  return isPublicRead ? 'public, max-age=60, s-maxage=300, stale-while-revalidate=600' : 'no-cache';
}

/**
 * Every API answer leaves through here: how it may be kept (`Cache-Control`, `Vary`), and the
 * policy of an answer that is no page. A JSON answer also leaves in one pass over its bytes: a
 * successful GET gets an ETag (and 304 when the client has it), and the body is compressed
 * (brotli or gzip) when the client accepts it. A JSON answer is made again once, with all its
 * headers: setting them one by one on a finished answer would copy it each time.
 */
const finishAnswer = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const res = c.res;
  const headers: Record<string, string> = Object.fromEntries(res.headers);
  headers['cache-control'] ??= cacheControlOf(c, res.status);
  // Not on a 304: the browser would store it over the policy of the page it keeps.
  if (res.status !== 304) headers['content-security-policy'] ??= NOTHING_POLICY;
  const made = c.get('json');
  const isJson = (headers['content-type'] ?? '').startsWith('application/json');
  if (!isJson || headers['content-encoding'] || !(made?.res === res || res.body)) {
    for (const name of ['cache-control', 'content-security-policy'] as const) {
      const value = headers[name];
      if (value !== undefined && !res.headers.has(name)) c.header(name, value);
    }
    c.header('Vary', 'Authorization', { append: true });
    return;
  }
  // The text as the handler made it (server/http/respond.ts); else read back from the Response.
  let body = Buffer.from(made?.res === res ? made.text : await res.text());
  headers.vary = [headers.vary, 'Authorization', 'Accept-Encoding'].filter(Boolean).join(', ');
  if (c.req.method === 'GET' && res.status === 200) {
    headers.etag = etagOf(body);
    const known = c.req.header('if-none-match')?.split(/\s*,\s*/);
    if (known?.includes(headers.etag)) {
      delete headers['content-length'];
      delete headers['content-security-policy'];
      c.res = undefined;
      c.res = new Response(null, { status: 304, headers });
      return;
    }
  }
  const encoding =
    body.length >= MIN_COMPRESSED_BYTES ? negotiate(c.req.header('accept-encoding')) : 'identity';
  if (encoding !== 'identity') {
    body = await compressOne(body, encoding);
    headers['content-encoding'] = encoding;
  }
  headers['content-length'] = String(body.length);
  c.res = undefined;
  c.res = new Response(body as Uint8Array<ArrayBuffer>, { status: res.status, headers });
});

export const apiCaching = finishAnswer;
