import type { Context, TypedResponse } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { JSONParsed } from 'hono/utils/types';

/** What `c.json(value, status)` answers, with its type for the typed routes. */
type JsonAnswer<T, S extends ContentfulStatusCode> = Response &
  TypedResponse<JSONParsed<T>, S, 'json'>;

/** The text of a JSON answer, kept on the context with the Response it belongs to. */
export interface JsonText {
  res: Response;
  text: string;
}

/**
 * A JSON answer, as `c.json` makes it, whose text stays on the context for the encoding
 * middleware (server/http/caching.ts): reading it back from the Response would build a second,
 * full Response, since @hono/node-server's stay lightweight until read.
 */
export function json<T, S extends ContentfulStatusCode>(
  c: Context,
  value: T,
  status: S,
): JsonAnswer<T, S> {
  const text = JSON.stringify(value);
  const res: Response = c.body(text, status, { 'Content-Type': 'application/json' });
  c.set('json', { res, text } satisfies JsonText);
  // The same Response c.json would make; only its type is the typed routes' brand.
  return res as JsonAnswer<T, S>;
}

/** The success envelope: code 0, an optional message for the screen, and the data. */
export function ok<T>(c: Context, data: T, message = '') {
  return json(c, { code: 0 as const, message, data }, 200);
}
