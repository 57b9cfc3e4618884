import { messages } from '#shared/messages.ts';
import { requireCaller } from '../auth/guard.ts';
import type { Handler } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import * as catalog from './catalog.service.ts';
import type * as routes from './catalog.routes.ts';

export const enumerables: Handler<typeof routes.enumerables> = async (c) =>
  ok(c, await catalog.listEnumerables(c.var.deps.db));

export const makes: Handler<typeof routes.makes> = async (c) =>
  ok(c, await catalog.listMakes(c.var.deps.db));

export const models: Handler<typeof routes.models> = async (c) =>
  ok(c, await catalog.listModels(c.var.deps.db, c.req.valid('param').brandId));

export const safety: Handler<typeof routes.safety> = async (c) =>
  ok(c, await catalog.listSafety(c.var.deps.db));

export const equipment: Handler<typeof routes.equipment> = async (c) =>
  ok(c, await catalog.listEquipment(c.var.deps.db));

export const addMake: Handler<typeof routes.addMake> = async (c) => {
  const admin = requireCaller(c.var);
  const make = await catalog.addMake(c.var.deps.db, admin.id, c.req.valid('json').name);
  return ok(c, make, messages.admin.makeInserted);
};

export const addModel: Handler<typeof routes.addModel> = async (c) => {
  const admin = requireCaller(c.var);
  const { brandId, name } = c.req.valid('json');
  return ok(
    c,
    await catalog.addModel(c.var.deps.db, admin.id, brandId, name),
    messages.admin.modelInserted,
  );
};
