import { messages } from '#shared/messages.ts';
import { requireCaller } from '../auth/guard.ts';
import type { Handler } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import type * as routes from './configuration.routes.ts';
import * as configuration from './configuration.service.ts';

export const get: Handler<typeof routes.get> = async (c) =>
  ok(c, await configuration.getConfiguration(c.var.deps.db));

export const cities: Handler<typeof routes.cities> = async (c) =>
  ok(c, await configuration.listCities(c.var.deps.db));

export const update: Handler<typeof routes.update> = async (c) => {
  const admin = requireCaller(c.var);
  const updated = await configuration.updateConfiguration(
    c.var.deps.db,
    admin.id,
    c.req.valid('json'),
  );
  return ok(c, updated, messages.admin.configurationUpdated);
};

export const menu: Handler<typeof routes.menu> = async (c) =>
  ok(c, await configuration.adminMenu(c.var.deps.db));
