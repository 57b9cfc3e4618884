import {
  dealerReviewsSchema,
  reviewAnswerSchema,
  reviewEligibilitySchema,
  reviewInputSchema,
  reviewReportSchema,
  reportedReviewsQuerySchema,
  reportedReviewsSchema,
} from '#shared/schemas/review.ts';
import { z } from '#shared/schemas/zod.ts';
import { requireAdmin, requireUser } from '../auth/guard.ts';
import { bearer, idParams, jsonBody, nothing, responses, route } from '../http/openapi.ts';

const tag = 'Reviews';

export const dealer = route({
  method: 'get',
  path: '/reviews/dealer/{id}',
  tag,
  operationId: 'listDealerReviews',
  summary: "A dealer's rating and reviews",
  description:
    'The rating (mean of the last 12 months’ reviews, with their number) and the shown reviews, ' +
    'newest first (at most 50), each with the dealer’s answer',
  request: { params: idParams },
  responses: responses(dealerReviewsSchema, 'The rating and reviews'),
});

export const eligible = route({
  method: 'get',
  path: '/review/eligible/{id}',
  tag,
  operationId: 'getReviewEligibility',
  summary: 'May I review the dealer about this car?',
  description:
    'Whether the caller may rate the dealer about the car (id: the listing), and why not: ' +
    'they must have messaged the dealer about it at least REVIEW_AFTER_DAYS days ago (3 by ' +
    'default), once per car, and not be ' +
    'one of the dealer’s own accounts or addresses',
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: idParams },
  responses: responses(reviewEligibilitySchema, 'Whether, and why not'),
});

export const add = route({
  method: 'post',
  path: '/review/add',
  tag,
  operationId: 'addDealerReview',
  summary: 'Review a dealer',
  description: "Rate the dealer 1–5 with a short text about a car; 'Thank you for your review'",
  security: bearer,
  middleware: [requireUser] as const,
  request: { body: jsonBody(reviewInputSchema) },
  responses: responses(z.object({ id: z.number().int() }), 'The review'),
  errors: [409],
});

export const answer = route({
  method: 'put',
  path: '/review/answer/{id}',
  tag,
  operationId: 'answerDealerReview',
  summary: 'Answer a review',
  description: "The reviewed dealer answers once; 'Answer saved'",
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: idParams, body: jsonBody(reviewAnswerSchema) },
  responses: responses(nothing, "'Answer saved'"),
  errors: [409],
});

export const report = route({
  method: 'post',
  path: '/review/report/{id}',
  tag,
  operationId: 'reportDealerReview',
  summary: 'Report a review',
  description:
    'Once per account; reports of 3 accounts hide the review until an admin restores or ' +
    "removes it; 'Review reported'",
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: idParams, body: jsonBody(reviewReportSchema) },
  responses: responses(nothing, "'Review reported'"),
  errors: [409],
});

export const reported = route({
  method: 'get',
  path: '/reviews/reported',
  tag,
  operationId: 'listReportedReviews',
  summary: 'List reported reviews',
  description:
    'The reviews accounts reported, with how many and why; hidden ones (reported by 3 ' +
    'accounts) first, then the newest report first, one page at a time, {items, totalCount} ' +
    '(admin)',
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { query: reportedReviewsQuerySchema },
  responses: responses(reportedReviewsSchema, 'A page of reported reviews'),
});

export const remove = route({
  method: 'delete',
  path: '/review/{id}',
  tag,
  operationId: 'removeDealerReview',
  summary: 'Remove a review',
  description: "An admin removes a review; 'Review removed'",
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { params: idParams },
  responses: responses(nothing, "'Review removed'"),
});

export const restore = route({
  method: 'put',
  path: '/review/restore/{id}',
  tag,
  operationId: 'restoreDealerReview',
  summary: 'Keep a reported review',
  description: "An admin dismisses a review's reports and shows it again; 'Review restored'",
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { params: idParams },
  responses: responses(nothing, "'Review restored'"),
});
