import { messages } from '#shared/messages.ts';
import { requireCaller, requireSelfOrAdmin } from '../auth/guard.ts';
import type { Handler } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import { promote as promoteListing } from '../promotion/promotion.ts';
import type * as routes from './subscriptions.routes.ts';
import * as subscriptions from './subscriptions.service.ts';

export const promote: Handler<typeof routes.promote> = async (c) => {
  const { carId, listingTypeId } = c.req.valid('json');
  return ok(
    c,
    await promoteListing(c.var.deps, requireCaller(c.var), carId, listingTypeId),
    messages.promotion.promoted,
  );
};

export const list: Handler<typeof routes.list> = async (c) => {
  const { userId } = c.req.valid('param');
  requireSelfOrAdmin(c.var, userId);
  return ok(
    c,
    await subscriptions.userSubscriptions(c.var.deps.db, userId, c.req.valid('json').filterType),
  );
};

export const get: Handler<typeof routes.get> = async (c) =>
  ok(
    c,
    await subscriptions.getSubscription(
      c.var.deps.db,
      requireCaller(c.var),
      c.req.valid('param').id,
    ),
  );

export const history: Handler<typeof routes.history> = async (c) =>
  ok(
    c,
    await subscriptions.history(c.var.deps.db, requireCaller(c.var), c.req.valid('param').carId),
  );

export const cancel: Handler<typeof routes.cancel> = async (c) => {
  await subscriptions.cancel(c.var.deps, requireCaller(c.var), c.req.valid('param').carId);
  return ok(c, null, messages.subscriptions.cancelled);
};

export const reactivate: Handler<typeof routes.reactivate> = async (c) => {
  await subscriptions.reactivate(c.var.deps, requireCaller(c.var), c.req.valid('param').carId);
  return ok(c, null, messages.subscriptions.reactivated);
};
