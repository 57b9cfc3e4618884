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

/** A character V8 cannot keep in a one-byte string. */
const WIDE = /[\u0100-\uffff]/;
const WIDE_ALL = new RegExp(WIDE.source, 'g');
const escapeWide = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * `value` as JSON text to be kept in memory one byte a character instead of two (a listing's
 * detail: 20 KB instead of 40): every character beyond Latin-1 (the euro sign of every price) is
 * written as a `\u` escape. V8 builds a replacement two bytes a character when its subject was,
 * so the escaped text is copied once more through Latin-1, which V8 keeps one byte a character.
 */
export function keptJson<T>(value: T) {
  const text = JSON.stringify(value);
  if (!WIDE.test(text)) return text as Encoded<T>;
  return Buffer.from(text.replace(WIDE_ALL, escapeWide), 'latin1').toString('latin1') as Encoded<T>;
}

/** Marks `text` as the encoding of a `T`; the caller vouches for it (it came from stringify). */
export const encoded = <T>(text: string) => text as Encoded<T>;

/** The success envelope around data already encoded: no parse and no second stringify. */
export function okEncoded<T>(c: Context, data: Encoded<T>) {
  const text = `{"code":0,"message":"","data":${data}}`;
  const res: Response = c.body(text, 200, { 'Content-Type': 'application/json' });
  c.set('json', { res, text } satisfies JsonText);
  return res as JsonAnswer<{ code: 0; message: string; data: T }, 200>;
}
