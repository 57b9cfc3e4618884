import { messages } from '#shared/messages.ts';
import { requireCaller } from '../auth/guard.ts';
import type { Handler } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import type * as routes from './configuration.routes.ts';
import * as configuration from './configuration.service.ts';

export const get: Handler<typeof routes.get> = async (c) =>
  ok(c, (await c.var.deps.referenceCache.get()).configuration);

export const cities: Handler<typeof routes.cities> = async (c) =>
  ok(c, (await c.var.deps.referenceCache.get()).cities);

export const update: Handler<typeof routes.update> = async (c) => {
  const admin = requireCaller(c.var);
  await configuration.updateConfiguration(c.var.deps.db, admin.id, c.req.valid('json'));
  c.var.deps.referenceCache.invalidate();
  const updated = (await c.var.deps.referenceCache.get()).configuration;
  return ok(c, updated, messages.admin.configurationUpdated);
};

export const menu: Handler<typeof routes.menu> = async (c) =>
  ok(
    c,
    (await c.var.deps.referenceCache.get()).menu.map(({ id, title, icon, section, isActive }) => ({
      id,
      title,
      icon,
      section,
      isActive,
    })),
  );
