import type { Context } from 'hono';

/** The success envelope: code 0, an optional message for the screen, and the data. */
export function ok<T>(c: Context, data: T, message = '') {
  return c.json({ code: 0 as const, message, data }, 200);
}
