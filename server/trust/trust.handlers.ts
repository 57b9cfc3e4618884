import { requireCaller } from '../auth/guard.ts';
import type { Handler } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import type * as routes from './trust.routes.ts';
import * as trust from './trust.service.ts';
import { turnaround as clock } from './turnaround.ts';
import { transparency as report } from './transparency.ts';

export const review: Handler<typeof routes.review> = async (c) =>
  ok(c, await trust.reviewOf(c.var.deps.db, c.req.valid('param').id));

export const log: Handler<typeof routes.log> = async (c) =>
  ok(c, await trust.moderationLog(c.var.deps.db, c.req.valid('query')));

export const logFacets: Handler<typeof routes.logFacets> = async (c) =>
  ok(c, await trust.logFacets(c.var.deps.db));

export const turnaround: Handler<typeof routes.turnaround> = async (c) =>
  ok(c, await clock(c.var.deps.db));

export const reasons: Handler<typeof routes.reasons> = async (c) =>
  ok(c, await trust.reasonTemplateList(c.var.deps.db, c.req.valid('query').kind));

export const addReason: Handler<typeof routes.addReason> = async (c) =>
  ok(
    c,
    await trust.addReasonTemplate(c.var.deps.db, requireCaller(c.var), c.req.valid('json')),
    'Reason saved',
  );

export const updateReason: Handler<typeof routes.updateReason> = async (c) =>
  ok(
    c,
    await trust.updateReasonTemplate(
      c.var.deps.db,
      requireCaller(c.var),
      c.req.valid('param').id,
      c.req.valid('json'),
    ),
    'Reason saved',
  );

export const removeReason: Handler<typeof routes.removeReason> = async (c) => {
  await trust.removeReasonTemplate(c.var.deps.db, requireCaller(c.var), c.req.valid('param').id);
  return ok(c, null, 'Reason removed');
};

export const transparency: Handler<typeof routes.transparency> = async (c) =>
  ok(c, { months: await report(c.var.deps.db) });
