import { reviewMessages as m } from '#shared/schemas/review.ts';
import { requireCaller } from '../auth/guard.ts';
import type { Handler } from '../http/openapi.ts';
import { clientIp } from '../http/rate-limit.ts';
import { ok } from '../http/respond.ts';
import type * as routes from './reviews.routes.ts';
import * as reviews from './reviews.service.ts';

export const dealer: Handler<typeof routes.dealer> = async (c) =>
  ok(c, await reviews.dealerReviewsOf(c.var.deps.db, c.req.valid('param').id));

export const eligible: Handler<typeof routes.eligible> = async (c) =>
  ok(
    c,
    await reviews.eligibility(
      c.var.deps.db,
      requireCaller(c.var),
      c.req.valid('param').id,
      clientIp(c),
      c.var.deps.config.REVIEW_AFTER_DAYS,
    ),
  );

export const reported: Handler<typeof routes.reported> = async (c) =>
  ok(c, await reviews.reportedReviews(c.var.deps.db, c.req.valid('query')));

export const add: Handler<typeof routes.add> = async (c) =>
  ok(
    c,
    await reviews.addReview(
      c.var.deps.db,
      requireCaller(c.var),
      c.req.valid('json'),
      clientIp(c),
      c.var.deps.config.REVIEW_AFTER_DAYS,
    ),
    m.added,
  );

export const answer: Handler<typeof routes.answer> = async (c) => {
  const { id } = c.req.valid('param');
  await reviews.answerReview(c.var.deps.db, requireCaller(c.var), id, c.req.valid('json').text);
  return ok(c, null, m.answered);
};

export const report: Handler<typeof routes.report> = async (c) => {
  const { id } = c.req.valid('param');
  await reviews.reportReview(c.var.deps.db, requireCaller(c.var), id, c.req.valid('json').reason);
  return ok(c, null, m.reported);
};

export const remove: Handler<typeof routes.remove> = async (c) => {
  await reviews.removeReview(c.var.deps.db, requireCaller(c.var), c.req.valid('param').id);
  return ok(c, null, m.removed);
};

export const restore: Handler<typeof routes.restore> = async (c) => {
  await reviews.restoreReview(c.var.deps.db, requireCaller(c.var), c.req.valid('param').id);
  return ok(c, null, m.restored);
};
