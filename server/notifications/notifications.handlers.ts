import { messages } from '#shared/messages.ts';
import { requireCaller, requireSelfOrAdmin } from '../auth/guard.ts';
import type { Handler } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import type * as routes from './notifications.routes.ts';
import * as notifications from './notifications.service.ts';

export const list: Handler<typeof routes.list> = async (c) => {
  const { userId } = c.req.valid('param');
  requireSelfOrAdmin(c.var, userId);
  return ok(c, await notifications.listForUser(c.var.deps.db, userId, c.req.valid('json')));
};

export const unreadCount: Handler<typeof routes.unreadCount> = async (c) => {
  const caller = requireCaller(c.var);
  return ok(c, { count: await notifications.unreadCount(c.var.deps.db, caller.id) });
};

export const send: Handler<typeof routes.send> = async (c) => {
  const admin = requireCaller(c.var);
  const result = await notifications.broadcast(c.var.deps.db, admin.id, c.req.valid('json'));
  return ok(c, result, messages.notifications.sent);
};

export const get: Handler<typeof routes.get> = async (c) => {
  const caller = requireCaller(c.var);
  return ok(
    c,
    await notifications.getNotification(c.var.deps.db, caller.id, c.req.valid('param').id),
  );
};

export const markRead: Handler<typeof routes.markRead> = async (c) => {
  const caller = requireCaller(c.var);
  return ok(c, await notifications.markRead(c.var.deps.db, caller.id, c.req.valid('param').id));
};

export const remove: Handler<typeof routes.remove> = async (c) => {
  const caller = requireCaller(c.var);
  await notifications.remove(c.var.deps.db, caller.id, c.req.valid('param').id);
  return ok(c, null);
};
