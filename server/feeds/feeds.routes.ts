import {
  feedRunDetailSchema,
  feedRunIdParams,
  feedRunSchema,
  feedUploadSchema,
} from '#shared/schemas/feed.ts';
import { idParam } from '#shared/schemas/envelope.ts';
import { z } from '#shared/schemas/zod.ts';
import { requireUser } from '../auth/guard.ts';
import { bearer, jsonBody, responses, route } from '../http/openapi.ts';

const tag = 'Dealer feeds';

export const upload = route({
  method: 'post',
  path: '/feeds/runs',
  tag,
  operationId: 'importFeed',
  summary: 'Import a stock file',
  description:
    'A business account imports its stock from a CSV or XML file (docs/feeds.md), with an ' +
    'optional ZIP of the photos as base64. Each line is checked by the listing form’s rules and ' +
    'written as the form writes it; cars no longer in the file are withdrawn. An import that ' +
    'would withdraw or change too many live cars waits for a confirmation instead',
  errors: [409],
  security: bearer,
  middleware: [requireUser] as const,
  request: { body: jsonBody(feedUploadSchema) },
  responses: responses(feedRunDetailSchema, 'The run with its report'),
});

export const list = route({
  method: 'get',
  path: '/feeds/runs',
  tag,
  operationId: 'listFeedRuns',
  summary: 'List the stock imports',
  description: 'The newest 50 imports of the caller, or of `userId` for an administrator',
  security: bearer,
  middleware: [requireUser] as const,
  request: { query: z.object({ userId: idParam.optional() }) },
  responses: responses(z.array(feedRunSchema), 'The imports, newest first'),
});

export const detail = route({
  method: 'get',
  path: '/feeds/runs/{id}',
  tag,
  operationId: 'getFeedRun',
  summary: 'Get a stock import',
  description: 'One import with its report (its dealer or an administrator)',
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: feedRunIdParams },
  responses: responses(feedRunDetailSchema, 'The run with its report'),
});

export const confirm = route({
  method: 'post',
  path: '/feeds/runs/{id}/confirm',
  tag,
  operationId: 'confirmFeedRun',
  summary: 'Confirm a stopped stock import',
  description:
    'Goes on with an import the safety lock stopped, or runs a failed one again (its dealer)',
  errors: [409],
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: feedRunIdParams },
  responses: responses(feedRunDetailSchema, 'The run with its report'),
});

export const cancel = route({
  method: 'post',
  path: '/feeds/runs/{id}/cancel',
  tag,
  operationId: 'cancelFeedRun',
  summary: 'Cancel a stopped stock import',
  description: 'Drops an import that waits for a confirmation; nothing changes (its dealer)',
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: feedRunIdParams },
  responses: responses(feedRunDetailSchema, 'The canceled run'),
});
