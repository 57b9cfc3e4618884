import {
  adminFeedSchema,
  dealerFeedSchema,
  feedUrlSchema,
  pauseFeedSchema,
  feedProgressSchema,
  feedRunDetailSchema,
  feedRunIdParams,
  feedRunSchema,
  feedUploadSchema,
} from '#shared/schemas/feed.ts';
import { idParam } from '#shared/schemas/envelope.ts';
import { z } from '#shared/schemas/zod.ts';
import { requireAdmin, requireUser } from '../auth/guard.ts';
import { bearer, idParams, jsonBody, nothing, responses, route } from '../http/openapi.ts';

const tag = 'Dealer feeds';

export const upload = route({
  method: 'post',
  path: '/feeds/runs',
  tag,
  operationId: 'importFeed',
  summary: 'Import a stock file',
  description:
    'A business account imports its stock from a CSV or XML file (docs/feeds.md), with an ' +
    'optional ZIP of the photos as base64. A file that cannot be read is refused at once; ' +
    'otherwise the import is queued and answered at once, and runs in the background: follow it ' +
    'with `GET /feeds/runs/{id}/progress`. Each line is checked by the listing form’s rules and ' +
    'written as the form writes it; cars no longer in the file are withdrawn. An import that ' +
    'would withdraw or change too many live cars waits for a confirmation instead',
  errors: [409],
  security: bearer,
  middleware: [requireUser] as const,
  request: { body: jsonBody(feedUploadSchema) },
  responses: responses(feedRunDetailSchema, 'The queued run'),
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

export const progress = route({
  method: 'get',
  path: '/feeds/runs/{id}/progress',
  tag,
  operationId: 'getFeedRunProgress',
  summary: 'Follow a stock import',
  description:
    'How far an import is: its status and the report’s lines done of how many (its dealer or ' +
    'an administrator). Small enough to poll every second or two',
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: feedRunIdParams },
  responses: responses(feedProgressSchema, 'The progress'),
});

export const confirm = route({
  method: 'post',
  path: '/feeds/runs/{id}/confirm',
  tag,
  operationId: 'confirmFeedRun',
  summary: 'Confirm a stopped stock import',
  description:
    'Queues again an import the safety lock stopped (it then goes on past the lock), or a ' +
    'failed one (its dealer); answered at once, as an upload is',
  errors: [409],
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: feedRunIdParams },
  responses: responses(feedRunDetailSchema, 'The queued run'),
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

export const getUrl = route({
  method: 'get',
  path: '/feeds/url',
  tag,
  operationId: 'getFeedUrl',
  summary: 'Get the scheduled feed',
  description: 'The https address Spotted fetches the stock file from, or null',
  security: bearer,
  middleware: [requireUser] as const,
  responses: responses(dealerFeedSchema.nullable(), 'The feed'),
});

export const setUrl = route({
  method: 'put',
  path: '/feeds/url',
  tag,
  operationId: 'setFeedUrl',
  summary: 'Set the scheduled feed',
  description:
    'An https address on the public internet; Spotted fetches it within minutes, then hourly, ' +
    'and imports it as an upload',
  errors: [422],
  security: bearer,
  middleware: [requireUser] as const,
  request: { body: jsonBody(feedUrlSchema) },
  responses: responses(dealerFeedSchema, 'The feed'),
});

export const removeUrl = route({
  method: 'delete',
  path: '/feeds/url',
  tag,
  operationId: 'removeFeedUrl',
  summary: 'Stop the scheduled feed',
  description: 'No more scheduled fetches; the cars stay as they are',
  security: bearer,
  middleware: [requireUser] as const,
  responses: responses(nothing, 'Stopped'),
});

export const dealers = route({
  method: 'get',
  path: '/feeds/dealers',
  tag,
  operationId: 'listDealerFeeds',
  summary: 'List every dealer’s feed',
  description: 'Every scheduled feed with its dealer and newest import (administrators)',
  security: bearer,
  middleware: [requireAdmin] as const,
  responses: responses(z.array(adminFeedSchema), 'The feeds'),
});

export const pause = route({
  method: 'put',
  path: '/feeds/dealers/{id}/pause',
  tag,
  operationId: 'pauseDealerFeed',
  summary: 'Pause or resume a dealer’s feed',
  description: 'A paused feed is not fetched until resumed (administrators)',
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { params: idParams, body: jsonBody(pauseFeedSchema) },
  responses: responses(dealerFeedSchema, 'The feed'),
});
