import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './env.ts';

/**
 * A write's answer leaves once this instance has heard the database's change notices of it
 * (server/db/changes.ts), so that what the writer asks this instance for next (a page, a list)
 * already shows the change: on PostgreSQL the notices come over another connection, a moment
 * after the commit. Other instances hear them that moment later.
 */
export const settleWrites = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const { method } = c.req;
  if (method !== 'GET' && method !== 'HEAD' && c.res.status < 400) {
    await c.get('deps').changes.settle();
  }
});
