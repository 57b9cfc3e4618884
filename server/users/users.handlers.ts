import { messages } from '#shared/messages.ts';
import { requireCaller, requireSelfOrAdmin } from '../auth/guard.ts';
import type { Handler } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import { clientIp } from '../http/rate-limit.ts';
import { balanceOf } from '../ledger/ledger.ts';
import type * as routes from './users.routes.ts';
import * as users from './users.service.ts';

export const all: Handler<typeof routes.all> = async (c) =>
  ok(c, await users.listUsers(c.var.deps, c.req.valid('query')));

export const getUser: Handler<typeof routes.getUser> = async (c) => {
  const { id } = c.req.valid('param');
  requireSelfOrAdmin(c.var, id);
  return ok(c, await users.getUser(c.var.deps, id));
};

export const getSeller: Handler<typeof routes.getSeller> = async (c) =>
  ok(c, await users.getSeller(c.var.deps, c.var.caller, c.req.valid('param').id));

export const update: Handler<typeof routes.update> = async (c) => {
  const input = c.req.valid('json');
  const caller = requireSelfOrAdmin(c.var, input.id ?? c.var.caller?.id ?? 0);
  const user = await users.updateProfile(c.var.deps, input.id ?? caller.id, input);
  return ok(c, user, messages.profile.updated);
};

export const changePassword: Handler<typeof routes.changePassword> = async (c) => {
  await users.changePassword(c.var.deps, requireCaller(c.var), c.req.valid('json'));
  return ok(c, null, messages.profile.passwordChanged);
};

export const balance: Handler<typeof routes.balance> = async (c) => {
  const { id } = c.req.valid('param');
  requireSelfOrAdmin(c.var, id);
  return ok(c, { balance: await balanceOf(c.var.deps.db, id) });
};

export const remove: Handler<typeof routes.remove> = async (c) => {
  await users.deleteAccount(c.var.deps, requireCaller(c.var), c.req.valid('json'), clientIp(c));
  return ok(c, null, messages.profile.accountDeleted);
};
