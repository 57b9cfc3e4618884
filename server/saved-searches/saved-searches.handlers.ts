import { savedSearchMessages as m } from '#shared/schemas/saved-search.ts';
import { requireCaller } from '../auth/guard.ts';
import type { Handler } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import type * as routes from './saved-searches.routes.ts';
import * as savedSearches from './saved-searches.service.ts';

export const list: Handler<typeof routes.list> = async (c) => {
  const caller = requireCaller(c.var);
  return ok(c, await savedSearches.listSavedSearches(c.var.deps.db, caller.id));
};

export const create: Handler<typeof routes.create> = async (c) => {
  const caller = requireCaller(c.var);
  const saved = await savedSearches.createSavedSearch(
    c.var.deps.db,
    caller.id,
    c.req.valid('json'),
  );
  return ok(c, saved, m.saved);
};

export const update: Handler<typeof routes.update> = async (c) => {
  const caller = requireCaller(c.var);
  const { id } = c.req.valid('param');
  const saved = await savedSearches.updateSavedSearch(
    c.var.deps.db,
    caller.id,
    id,
    c.req.valid('json'),
  );
  return ok(c, saved, m.updated);
};

export const remove: Handler<typeof routes.remove> = async (c) => {
  const caller = requireCaller(c.var);
  await savedSearches.removeSavedSearch(c.var.deps.db, caller.id, c.req.valid('param').id);
  return ok(c, null, m.removed);
};

export const open: Handler<typeof routes.open> = async (c) => {
  const caller = requireCaller(c.var);
  return ok(
    c,
    await savedSearches.openSavedSearch(c.var.deps.db, caller.id, c.req.valid('param').id),
  );
};

export const unsubscribe: Handler<typeof routes.unsubscribe> = async (c) => {
  const { db, jwtKey } = c.var.deps;
  const search = await savedSearches.unsubscribe(db, jwtKey, c.req.valid('query').token);
  return ok(c, search, m.unsubscribed);
};
