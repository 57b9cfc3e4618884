import { messages } from '#shared/messages.ts';
import { historyMessages as m } from '#shared/schemas/history.ts';
import { requireCaller } from '../auth/guard.ts';
import type { Handler } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import type * as routes from './history.routes.ts';
import * as history from './history.service.ts';
import { removeListing } from '../listings/listings.service.ts';

export const timeline: Handler<typeof routes.timeline> = async (c) =>
  ok(c, await history.listingTimeline(c.var.deps.db, c.req.valid('param').id));

export const note: Handler<typeof routes.note> = async (c) => {
  const { id } = c.req.valid('param');
  await history.saveMileageNote(c.var.deps.db, requireCaller(c.var), id, c.req.valid('json').note);
  return ok(c, null, m.noteSaved);
};

export const facts: Handler<typeof routes.facts> = async (c) =>
  ok(c, await history.sellerFacts(c.var.deps.db, c.req.valid('param').id));

export const verify: Handler<typeof routes.verify> = async (c) => {
  const { verified } = c.req.valid('json');
  const id = c.req.valid('param').id;
  await history.verifyRegistration(c.var.deps.db, requireCaller(c.var), id, verified);
  return ok(c, null, verified ? m.verified : m.unverified);
};

export const sold: Handler<typeof routes.sold> = async (c) => {
  await removeListing(c.var.deps, requireCaller(c.var), c.req.valid('param').id, true);
  return ok(c, null, messages.listing.removed);
};
