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

/** JSON text that encodes a `T`: data kept encoded (in a cache) and answered as it is. */
export type Encoded<T> = string & { readonly encodes: T };

/** `value` as JSON text, to be kept (in a cache) and answered as it is. */
export const keptJson = <T>(value: T) => JSON.stringify(value) as Encoded<T>;

/** Marks `text` as the encoding of a `T`; the caller vouches for it (it came from stringify). */
export const encoded = <T>(text: string) => text as Encoded<T>;

/** The success envelope around data already encoded: no parse and no second stringify. */
export function okEncoded<T>(c: Context, data: Encoded<T>) {
  const text = `{"code":0,"message":"","data":${data}}`;
  const res: Response = c.body(text, 200, { 'Content-Type': 'application/json' });
  c.set('json', { res, text } satisfies JsonText);
  return res as JsonAnswer<{ code: 0; message: string; data: T }, 200>;
}
