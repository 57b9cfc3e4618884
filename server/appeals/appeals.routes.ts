import {
  appealableSchema,
  appealDecisionInputSchema,
  appealDetailSchema,
  appealInputSchema,
  appealPageSchema,
  appealQuerySchema,
} from '#shared/schemas/appeal.ts';
import { z } from '#shared/schemas/zod.ts';
import { requireAdmin } from '../auth/guard.ts';
import { bearer, idParams, jsonBody, nothing, responses, route } from '../http/openapi.ts';

const tag = 'Moderation';

export const appealable = route({
  method: 'get',
  path: '/appeals/listing/{id}',
  tag,
  operationId: 'getAppealableDecision',
  summary: 'The decision a seller may appeal on their listing',
  description:
    'The latest decision standing on the caller’s listing that a statement of reasons told them ' +
    'about (a denial of the listing or of its edit, a suspension, or reports hiding it), the ' +
    'last day to appeal it, and the appeal already made of it. 404 when there is none, or the ' +
    'listing is not the caller’s.',
  security: bearer,
  request: { params: idParams },
  responses: responses(appealableSchema, 'The decision'),
});

export const file = route({
  method: 'post',
  path: '/appeals',
  tag,
  operationId: 'fileAppeal',
  summary: 'Appeal a decision on one’s listing',
  description:
    'Appeals the decision standing on the caller’s listing, once per decision (409 again), ' +
    'within 6 months of it (409 after). An administrator who did not take the decision decides; ' +
    "the seller is told in the app and by e-mail. 'Your appeal was sent'",
  security: bearer,
  errors: [404, 409],
  request: { body: jsonBody(appealInputSchema) },
  responses: responses(z.object({ id: z.number().int() }), 'The appeal'),
});

export const list = route({
  method: 'get',
  path: '/moderation/appeals',
  tag,
  operationId: 'listAppeals',
  summary: 'The appeals queue',
  description:
    'Appeals, open ones first (oldest first), then decided ones (newest first), one page at a ' +
    'time ({items, totalCount}); `state` keeps open or decided ones.',
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { query: appealQuerySchema },
  responses: responses(appealPageSchema, 'One page of appeals'),
});

export const detail = route({
  method: 'get',
  path: '/moderation/appeals/{id}',
  tag,
  operationId: 'getAppeal',
  summary: 'An appeal with its decision, the moderation log and the listing’s versions',
  description:
    'The appeal, the decision it contests (who took it, when, on which ground and reason), the ' +
    'listing’s moderation log (newest first) and its versions (the listing and any edit).',
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { params: idParams },
  responses: responses(appealDetailSchema, 'The appeal'),
});

export const decide = route({
  method: 'post',
  path: '/moderation/appeals/{id}/decision',
  tag,
  operationId: 'decideAppeal',
  summary: 'Uphold or reverse an appealed decision',
  description:
    'Another administrator than the one who took the decision (403 for that one) upholds it or ' +
    'reverses it, with a reason the seller reads. Reversing puts the listing back as if the ' +
    'decision had not been taken (409 when the listing changed since). 409 when already decided.',
  security: bearer,
  middleware: [requireAdmin] as const,
  errors: [409],
  request: { params: idParams, body: jsonBody(appealDecisionInputSchema) },
  responses: responses(nothing, "'Decision upheld' or 'Decision reversed'"),
});
