import { messages } from '#shared/messages.ts';
import { requireCaller, requireSelfOrAdmin } from '../auth/guard.ts';
import type { Handler } from '../http/openapi.ts';
import { clientIp } from '../http/rate-limit.ts';
import { visitorKey } from './visitor.ts';
import { ok } from '../http/respond.ts';
import { addFavorite, favoritePage, removeFavorite } from './favorites.service.ts';
import { cardPage } from './listings.queries.ts';
import { homeList, searchList, sellerList } from './public-lists.ts';
import type * as routes from './listings.routes.ts';
import * as detail from './details.ts';
import * as listings from './listings.service.ts';
import { reportListing } from './reports.service.ts';
import { desc } from 'drizzle-orm';
import { listings as table } from '../db/schema/index.ts';

export const home: Handler<typeof routes.home> = async (c) =>
  ok(c, await homeList(c.var.deps, c.req.valid('json')));

export const search: Handler<typeof routes.search> = async (c) =>
  ok(c, await searchList(c.var.deps, c.req.valid('json')));

export const details: Handler<typeof routes.details> = async (c) =>
  ok(
    c,
    await detail.publicListing(c.var.deps, c.var.caller, c.req.valid('param').id, visitorKey(c)),
  );

export const countView: Handler<typeof routes.countView> = async (c) =>
  ok(c, await detail.countView(c.var.deps, c.var.caller, c.req.valid('param').id, visitorKey(c)));

export const sellerListings: Handler<typeof routes.sellerListings> = async (c) =>
  ok(c, await sellerList(c.var.deps, c.req.valid('param').userId, c.req.valid('json')));

export const myListings: Handler<typeof routes.myListings> = async (c) => {
  const { userId } = c.req.valid('param');
  requireSelfOrAdmin(c.var, userId);
  const { stateFilter, ...page } = c.req.valid('json');
  const result = await cardPage(c.var.deps.db, {
    where: listings.ownListingsWhere(userId, stateFilter),
    orderBy: [desc(table.updatedAt), desc(table.id)],
    ...page,
  });
  return ok(c, result);
};

export const add: Handler<typeof routes.add> = async (c) => {
  const created = await listings.createListing(
    c.var.deps,
    requireCaller(c.var),
    c.req.valid('json'),
  );
  return ok(c, created, messages.listing.submitted);
};

export const editLive: Handler<typeof routes.editLive> = async (c) => {
  const edited = await listings.editLiveListing(
    c.var.deps,
    requireCaller(c.var),
    c.req.valid('json'),
  );
  return ok(c, edited, messages.listing.updateSubmitted);
};

export const editRequest: Handler<typeof routes.editRequest> = async (c) => {
  const edited = await listings.editRequest(c.var.deps, requireCaller(c.var), c.req.valid('json'));
  return ok(c, edited, messages.listing.updateSubmitted);
};

export const liveEditDetails: Handler<typeof routes.liveEditDetails> = async (c) =>
  ok(
    c,
    await listings.editDetails(c.var.deps, requireCaller(c.var), c.req.valid('param').id, 'live'),
  );

export const requestEditDetails: Handler<typeof routes.requestEditDetails> = async (c) =>
  ok(
    c,
    await listings.editDetails(
      c.var.deps,
      requireCaller(c.var),
      c.req.valid('param').id,
      'request',
    ),
  );

export const requestDetails: Handler<typeof routes.requestDetails> = async (c) =>
  ok(c, await listings.requestDetails(c.var.deps, requireCaller(c.var), c.req.valid('param').id));

export const remove: Handler<typeof routes.remove> = async (c) => {
  await listings.removeListing(c.var.deps, requireCaller(c.var), c.req.valid('param').id);
  return ok(c, null, messages.listing.removed);
};

export const removeRequest: Handler<typeof routes.removeRequest> = async (c) => {
  await listings.removeRequest(c.var.deps, requireCaller(c.var), c.req.valid('param').id);
  return ok(c, null, messages.listing.removed);
};

export const report: Handler<typeof routes.report> = async (c) => {
  const reporter = { userId: c.var.caller?.id ?? null, ip: clientIp(c) };
  await reportListing(
    c.var.deps.db,
    c.req.valid('param').id,
    reporter,
    c.req.valid('json'),
    c.var.deps.config.REPORTS_TO_HIDE,
    c.var.deps.config.PUBLIC_URL,
  );
  return ok(c, null, messages.listing.reported);
};

export const favoriteAdd: Handler<typeof routes.favoriteAdd> = async (c) => {
  const { carId, userId } = c.req.valid('json');
  const caller = requireSelfOrAdmin(c.var, userId ?? c.var.caller?.id ?? 0);
  if (await addFavorite(c.var.deps.db, userId ?? caller.id, carId))
    c.var.deps.tallies.add('favoriteAdded', [carId], userId ?? caller.id);
  return ok(c, null, messages.listing.addedToFavorites);
};

export const favoriteRemove: Handler<typeof routes.favoriteRemove> = async (c) => {
  const { carId, userId } = c.req.valid('json');
  const caller = requireSelfOrAdmin(c.var, userId ?? c.var.caller?.id ?? 0);
  if (await removeFavorite(c.var.deps.db, userId ?? caller.id, carId))
    c.var.deps.tallies.add('favoriteRemoved', [carId], userId ?? caller.id);
  return ok(c, null, messages.listing.removedFromFavorites);
};

export const favoriteList: Handler<typeof routes.favoriteList> = async (c) => {
  const { userId, ...query } = c.req.valid('json');
  const caller = requireSelfOrAdmin(c.var, userId ?? c.var.caller?.id ?? 0);
  return ok(c, await favoritePage(c.var.deps.db, userId ?? caller.id, query));
};
