import { messages } from '#shared/messages.ts';
import { requireCaller } from '../auth/guard.ts';
import type { Handler } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import type * as routes from './push.routes.ts';
import { checkPushEndpoint, pushReach } from './push-address.ts';
import * as push from './push.service.ts';

export const key: Handler<typeof routes.key> = (c) =>
  ok(c, { publicKey: c.var.deps.vapid.publicKey });

export const subscribe: Handler<typeof routes.subscribe> = async (c) => {
  const caller = requireCaller(c.var);
  const subscription = c.req.valid('json');
  await checkPushEndpoint(subscription.endpoint, pushReach(c.var.deps.config));
  await push.subscribe(c.var.deps.db, caller.id, subscription);
  return ok(c, null, messages.push.turnedOn);
};

export const unsubscribe: Handler<typeof routes.unsubscribe> = async (c) => {
  const caller = requireCaller(c.var);
  await push.unsubscribe(c.var.deps.db, caller.id, c.req.valid('json').endpoint);
  return ok(c, null, messages.push.turnedOff);
};
