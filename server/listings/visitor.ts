import type { Context } from 'hono';
import { sha256 } from '../auth/tokens.ts';
import type { AppEnv } from '../http/env.ts';
import { clientIp } from '../http/rate-limit.ts';
import { isBot } from '../insights/bots.ts';

/**
 * Who is looking: the user, or a visitor known only by a hash of address and browser (kept a day
 * for the once-a-day rule); null for a robot (by its user agent), whose looks are not counted.
 */
export const visitorKey = (c: Context<AppEnv>) => {
  const agent = c.req.header('user-agent');
  if (isBot(agent)) return null;
  return c.var.caller
    ? `user:${c.var.caller.id}`
    : `visitor:${sha256(`${clientIp(c)}|${agent ?? ''}`).slice(0, 32)}`;
};
