import { messages } from '#shared/messages.ts';
import { requireCaller } from '../auth/guard.ts';
import type { Deps } from '../deps.ts';
import type { Handler } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import * as catalog from './catalog.service.ts';
import type * as routes from './catalog.routes.ts';

const reference = (c: { var: { deps: Deps } }) => c.var.deps.referenceCache.get();

export const enumerables: Handler<typeof routes.enumerables> = async (c) =>
  ok(c, (await reference(c)).enumerables);

export const makes: Handler<typeof routes.makes> = async (c) =>
  ok(c, catalog.namedList((await reference(c)).makes, c.req.valid('query')));

export const models: Handler<typeof routes.models> = async (c) =>
  ok(c, catalog.listModels(await reference(c), c.req.valid('param').brandId, c.req.valid('query')));

export const safety: Handler<typeof routes.safety> = async (c) =>
  ok(c, (await reference(c)).safety);

export const equipment: Handler<typeof routes.equipment> = async (c) =>
  ok(c, (await reference(c)).equipment);

export const addMake: Handler<typeof routes.addMake> = async (c) => {
  const admin = requireCaller(c.var);
  const make = await catalog.addMake(c.var.deps.db, admin.id, c.req.valid('json').name);
  c.var.deps.referenceCache.invalidate();
  return ok(c, make, messages.admin.makeInserted);
};

export const addModel: Handler<typeof routes.addModel> = async (c) => {
  const admin = requireCaller(c.var);
  const { brandId, name } = c.req.valid('json');
  const model = await catalog.addModel(c.var.deps.db, admin.id, brandId, name);
  c.var.deps.referenceCache.invalidate();
  return ok(c, model, messages.admin.modelInserted);
};
