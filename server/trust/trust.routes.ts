import {
  auditPageSchema,
  auditQuerySchema,
  reasonKinds,
  reasonTemplateInputSchema,
  reasonTemplateSchema,
  reviewSchema,
  transparencySchema,
  turnaroundSchema,
} from '#shared/schemas/trust.ts';
import { z } from '#shared/schemas/zod.ts';
import { requireAdmin } from '../auth/guard.ts';
import { bearer, idParams, jsonBody, nothing, responses, route } from '../http/openapi.ts';

const tag = 'Moderation';

export const review = route({
  method: 'get',
  path: '/cars/review/{id}',
  tag,
  operationId: 'getListingReview',
  summary: "A listing's trust findings and history",
  description:
    'For the review screen: possible duplicates (same chassis number, or near-identical photos ' +
    'of other users’ live and pending listings), scam patterns found in the title and ' +
    'description, whether reports hid it from search, and its moderation history (newest first). ' +
    'For an edit, the history is the live listing’s.',
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { params: idParams },
  responses: responses(reviewSchema, 'The findings and history'),
});

export const log = route({
  method: 'get',
  path: '/moderation/log',
  tag,
  operationId: 'listModerationLog',
  summary: 'The moderation log',
  description:
    'Every admin decision and change, newest first, one page at a time ({items, totalCount}); ' +
    'filtered by admin, action and days (Malta time, inclusive).',
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { query: auditQuerySchema },
  responses: responses(auditPageSchema, 'One page of the log'),
});

export const logFacets = route({
  method: 'get',
  path: '/moderation/log/facets',
  tag,
  operationId: 'getModerationLogFacets',
  summary: "The moderation log's filter choices",
  description: 'The admins and actions that occur in the log',
  security: bearer,
  middleware: [requireAdmin] as const,
  responses: responses(
    z.object({
      admins: z.array(z.object({ id: z.number().int(), email: z.string() })),
      actions: z.array(z.string()),
    }),
    'Admins and actions',
  ),
});

export const turnaround = route({
  method: 'get',
  path: '/moderation/turnaround',
  tag,
  operationId: 'getModerationTurnaround',
  summary: 'The turnaround clock',
  description:
    'Per queue (new listings, edits, reports): how many wait, the oldest, and how many are past ' +
    'the promise of 5 business days (weekends and Malta’s public holidays off); and the median ' +
    'hours from submission to decision over the last 30 days.',
  security: bearer,
  middleware: [requireAdmin] as const,
  responses: responses(turnaroundSchema, 'The clock'),
});

export const reasons = route({
  method: 'get',
  path: '/moderation/reasons',
  tag,
  operationId: 'listReasonTemplates',
  summary: 'Denial and suspension reasons',
  description: 'The reasons admins keep for the deny and suspend dialogs, by kind, oldest first',
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { query: z.object({ kind: z.enum(reasonKinds).optional() }) },
  responses: responses(z.array(reasonTemplateSchema), 'The reasons'),
});

export const addReason = route({
  method: 'post',
  path: '/moderation/reasons',
  tag,
  operationId: 'addReasonTemplate',
  summary: 'Keep a reason',
  description: "A new denial or suspension reason; 'Reason saved'",
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { body: jsonBody(reasonTemplateInputSchema) },
  responses: responses(reasonTemplateSchema, 'The reason kept'),
});

export const updateReason = route({
  method: 'put',
  path: '/moderation/reasons/{id}',
  tag,
  operationId: 'updateReasonTemplate',
  summary: 'Change a reason',
  description: "Changes a kept reason; 'Reason saved'",
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { params: idParams, body: jsonBody(reasonTemplateInputSchema) },
  responses: responses(reasonTemplateSchema, 'The reason as changed'),
});

export const removeReason = route({
  method: 'delete',
  path: '/moderation/reasons/{id}',
  tag,
  operationId: 'removeReasonTemplate',
  summary: 'Remove a reason',
  description: "Removes a kept reason; 'Reason removed'",
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { params: idParams },
  responses: responses(nothing, "'Reason removed'"),
});

export const transparency = route({
  method: 'get',
  path: '/moderation/transparency',
  tag,
  operationId: 'getTransparencyReport',
  summary: 'The public transparency report',
  description:
    'Per month (UTC, the last 12, newest first), from the moderation log: reports received by ' +
    'ground (illegal content, terms of use), decisions, how many automated detection or reports ' +
    'prompted, reversals (suspensions undone) and the median hours to decide. No session needed.',
  responses: responses(transparencySchema, 'The report'),
});
