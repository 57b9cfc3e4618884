import { createMiddleware } from 'hono/factory';
import { badRequest } from './errors.ts';
import type { AppEnv } from './env.ts';

export const NUL_MESSAGE = 'Text must not contain NUL characters';
export const LONE_SURROGATE_MESSAGE = 'Text must not contain unpaired UTF-16 surrogates';

/** A NUL character, raw or as the JSON escape \u0000 (any case). */
const NUL = /\0|\\u0000/i;
/** A JSON escape of a surrogate (\ud800 to \udfff): paired, it is one character beyond U+FFFF. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

/** Whether every string in a parsed JSON value, keys included, is well-formed UTF-16. */
function wellFormed(value: unknown): boolean {
  if (typeof value === 'string') return value.isWellFormed();
  if (Array.isArray(value)) return value.every(wellFormed);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).every(([key, item]) => key.isWellFormed() && wellFormed(item));
  return true;
}

/** The parsed body, or undefined when it is no JSON (the route's validator says so). */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * PostgreSQL refuses the NUL character in text, and an unpaired surrogate (the JSON escape
 * \ud800 alone) in jsonb, so a request carrying one anywhere (address, query or JSON body) is
 * answered 400 before any route reads it, instead of failing in the database.
 */
export const rejectUnstorableText = createMiddleware<AppEnv>(async (c, next) => {
  if (/%00/.test(c.req.url)) throw badRequest(NUL_MESSAGE);
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.req.header('content-length') !== '0') {
    const type = c.req.header('content-type') ?? '';
    if (type.includes('json')) {
      // The text is kept by Hono: the route's validator parses it without reading the body again.
      const text = await c.req.text();
      if (NUL.test(text)) throw badRequest(NUL_MESSAGE);
      if (SURROGATE_ESCAPE.test(text) && !wellFormed(parsed(text)))
        throw badRequest(LONE_SURROGATE_MESSAGE);
    }
  }
  await next();
});
