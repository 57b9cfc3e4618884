import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { messages } from '#shared/messages.ts';
import { log } from '../ops/log.ts';
import { ApiError } from './errors.ts';

const fail = (c: Context, status: ContentfulStatusCode, message: string) =>
  c.json({ code: status, message, data: null }, status);

/** Maps every thrown error onto the envelope; unexpected ones are logged and never shown. */
export function onError(err: Error, c: Context) {
  if (err instanceof ApiError) return fail(c, err.status, err.message);
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    if (status === 413) return fail(c, 413, 'The request is too large');
    if (status === 415)
      return fail(c, 415, 'Send the body as JSON (Content-Type: application/json)');
    if (status === 400 && /json/i.test(err.message))
      return fail(c, 400, 'Malformed JSON in request body');
    if (status < 500) return fail(c, status, err.message || 'Bad request');
  }
  log.error({ err, method: c.req.method, path: c.req.path }, 'request failed');
  return fail(c, 500, messages.common.errorOccurred);
}

export function onNotFound(c: Context) {
  return fail(c, 404, `No API route for ${c.req.method} ${c.req.path}`);
}
