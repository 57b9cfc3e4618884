import { requireCaller, requireSelfOrAdmin } from '../auth/guard.ts';
import type { Handler } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import { countView } from '../listings/details.ts';
import { visitorKey } from '../listings/visitor.ts';
import type * as routes from './insights.routes.ts';
import { listingInsights, sellerInsights, siteInsights } from './insights.service.ts';

/**
 * Cards shown in a list: each counts once per visitor and day, like a view (the owner's never),
 * so a beacon sent again adds nothing; a search page's also counts the search.
 */
export const impressions: Handler<typeof routes.impressions> = (c) => {
  const { ids, place } = c.req.valid('json');
  const visitor = visitorKey(c);
  if (visitor) {
    for (const id of new Set(ids)) c.var.deps.views.record(id, visitor, 'impression');
    if (place === 'search') c.var.deps.tallies.search();
  }
  return ok(c, null);
};

export const listingEvent: Handler<typeof routes.listingEvent> = async (c) => {
  const { id } = c.req.valid('param');
  await countView(c.var.deps, c.var.caller, id, visitorKey(c), c.req.valid('json').kind);
  return ok(c, null);
};

export const listing: Handler<typeof routes.listing> = async (c) =>
  ok(c, await listingInsights(c.var.deps, requireCaller(c.var), c.req.valid('param').id));

export const seller: Handler<typeof routes.seller> = async (c) => {
  const { userId } = c.req.valid('param');
  requireSelfOrAdmin(c.var, userId);
  return ok(c, await sellerInsights(c.var.deps, userId));
};

export const site: Handler<typeof routes.site> = async (c) =>
  ok(c, await siteInsights(c.var.deps.db, c.req.valid('query').days));
