import { requireCaller } from '../auth/guard.ts';
import type { Handler } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import type * as routes from './recent.routes.ts';
import * as recent from './recent.service.ts';

export const list: Handler<typeof routes.list> = async (c) =>
  ok(c, await recent.recentCars(c.var.deps.db, requireCaller(c.var).id));

export const remember: Handler<typeof routes.remember> = async (c) => {
  await recent.rememberView(c.var.deps.db, requireCaller(c.var).id, c.req.valid('param').id);
  return ok(c, null);
};
