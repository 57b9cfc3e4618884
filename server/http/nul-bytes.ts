import { createMiddleware } from 'hono/factory';
import { badRequest } from './errors.ts';
import type { AppEnv } from './env.ts';

export const NUL_MESSAGE = 'Text must not contain NUL characters';

/** A NUL character, raw or as the JSON escape \u0000 (any case). */
const NUL = /\0|\\u0000/i;

/**
 * PostgreSQL refuses the NUL character in text, so a request carrying one anywhere (address,
 * query or JSON body) is answered 400 before any route reads it, instead of failing in the
 * database.
 */
export const rejectNulBytes = createMiddleware<AppEnv>(async (c, next) => {
  if (/%00/.test(c.req.url)) throw badRequest(NUL_MESSAGE);
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.req.header('content-length') !== '0') {
    const type = c.req.header('content-type') ?? '';
    // The text is kept by Hono: the route's validator parses it without reading the body again.
    if (type.includes('json') && NUL.test(await c.req.text())) throw badRequest(NUL_MESSAGE);
  }
  await next();
});
