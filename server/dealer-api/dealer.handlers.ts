import { messages } from '#shared/messages.ts';
import { requireCaller } from '../auth/guard.ts';
import type { Handler } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import { createListing, requestDetails } from '../listings/listings.service.ts';
import * as keys from './api-keys.ts';
import * as dealer from './dealer.service.ts';
import type * as routes from './dealer.routes.ts';

export const listKeys: Handler<typeof routes.listKeys> = async (c) =>
  ok(c, await keys.listKeys(c.var.deps, requireCaller(c.var)));

export const createKey: Handler<typeof routes.createKey> = async (c) =>
  ok(c, await keys.createKey(c.var.deps, requireCaller(c.var), c.req.valid('json').name));

export const revokeKey: Handler<typeof routes.revokeKey> = async (c) =>
  ok(c, await keys.revokeKey(c.var.deps, requireCaller(c.var), c.req.valid('param').id));

export const listings: Handler<typeof routes.listings> = async (c) =>
  ok(c, await dealer.dealerListings(c.var.deps, requireCaller(c.var), c.req.valid('query')));

export const listing: Handler<typeof routes.listing> = async (c) => {
  const caller = requireCaller(c.var);
  const { id } = c.req.valid('param');
  await dealer.ownListing(c.var.deps, caller, id);
  return ok(c, await requestDetails(c.var.deps, caller, id));
};

export const add: Handler<typeof routes.add> = async (c) => {
  const caller = requireCaller(c.var);
  keys.requireDealer(caller);
  const created = await createListing(c.var.deps, caller, c.req.valid('json'));
  return ok(c, created, messages.listing.submitted);
};

export const update: Handler<typeof routes.update> = async (c) => {
  const edited = await dealer.updateDealerListing(
    c.var.deps,
    requireCaller(c.var),
    c.req.valid('param').id,
    c.req.valid('json'),
  );
  return ok(c, edited, messages.listing.updateSubmitted);
};

export const remove: Handler<typeof routes.remove> = async (c) => {
  await dealer.removeDealerListing(c.var.deps, requireCaller(c.var), c.req.valid('param').id);
  return ok(c, null, messages.listing.removed);
};

export const upsert: Handler<typeof routes.upsert> = async (c) =>
  ok(c, await dealer.bulkUpsert(c.var.deps, requireCaller(c.var), c.req.valid('json')));

export const leads: Handler<typeof routes.leads> = async (c) =>
  ok(c, await dealer.dealerLeads(c.var.deps, requireCaller(c.var), c.req.valid('query').since));
