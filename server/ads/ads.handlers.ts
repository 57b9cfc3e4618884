import { messages } from '#shared/messages.ts';
import { requireCaller } from '../auth/guard.ts';
import type { Handler } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import type * as routes from './ads.routes.ts';
import * as adsService from './ads.service.ts';

export const all: Handler<typeof routes.all> = async (c) =>
  ok(c, await adsService.listAds(c.var.deps.db, c.req.valid('query')));

export const one: Handler<typeof routes.one> = async (c) =>
  ok(c, await adsService.getAd(c.var.deps.db, c.req.valid('param').id));

export const add: Handler<typeof routes.add> = async (c) => {
  const admin = requireCaller(c.var);
  const ad = await adsService.addAd(c.var.deps, admin.id, c.req.valid('json'));
  return ok(c, ad, messages.ads.created);
};

export const update: Handler<typeof routes.update> = async (c) => {
  const admin = requireCaller(c.var);
  const ad = await adsService.updateAd(c.var.deps, admin.id, c.req.valid('json'));
  return ok(c, ad, messages.ads.updated);
};

export const deactivate: Handler<typeof routes.deactivate> = async (c) => {
  const admin = requireCaller(c.var);
  const ad = await adsService.deactivateAd(c.var.deps.db, admin.id, c.req.valid('param').id);
  return ok(c, ad, messages.ads.deactivated);
};

export const activate: Handler<typeof routes.activate> = async (c) => {
  const admin = requireCaller(c.var);
  const ad = await adsService.activateAd(c.var.deps.db, admin.id, c.req.valid('json').id);
  return ok(c, ad, messages.ads.activated);
};

export const seen: Handler<typeof routes.seen> = async (c) => {
  await adsService.countAd(c.var.deps.db, c.req.valid('param').id, 'views');
  return ok(c, null);
};

export const clicked: Handler<typeof routes.clicked> = async (c) => {
  await adsService.countAd(c.var.deps.db, c.req.valid('param').id, 'clicks');
  return ok(c, null);
};
