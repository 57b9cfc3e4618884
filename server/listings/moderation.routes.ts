import { carCardSchema, carDetailSchema, reportSchema } from '#shared/schemas/listing-display.ts';
import { denySchema, suspendSchema } from '#shared/schemas/listing-payload.ts';
import {
  adminSorts,
  listAnswerDescription,
  listAnswerSchema,
  listQuerySchema,
} from '#shared/schemas/list.ts';
import { z } from '#shared/schemas/zod.ts';
import { requireAdmin } from '../auth/guard.ts';
import { bearer, idParams, jsonBody, nothing, responses, route } from '../http/openapi.ts';

const tag = 'Moderation';
const list = <P extends string, const F extends readonly [string, ...string[]]>(
  operationId: string,
  path: P,
  summary: string,
  sorts: F,
) =>
  route({
    method: 'get',
    path,
    tag,
    operationId,
    summary,
    description: listAnswerDescription,
    security: bearer,
    middleware: [requireAdmin] as const,
    request: { query: listQuerySchema(sorts) },
    responses: responses(listAnswerSchema(carCardSchema), summary),
  });
/** A decision on one listing, by its id: 404 when there is none, 409 when its state forbids it. */
const decision = <P extends string>(
  operationId: string,
  method: 'post' | 'put',
  path: P,
  summary: string,
  answer: string,
) =>
  route({
    method,
    path,
    tag,
    operationId,
    summary,
    description: `${summary}; the message is ${answer}.`,
    errors: [409],
    security: bearer,
    middleware: [requireAdmin] as const,
    request: { params: idParams },
    responses: responses(nothing, answer),
  });

export const requests = list(
  'listListingRequests',
  '/car/requests',
  'New listings waiting for approval',
  adminSorts.listings,
);
export const denied = list(
  'listDeniedListingRequests',
  '/car/requests/denied',
  'Denied listing requests',
  adminSorts.listings,
);
export const edits = list(
  'listListingEdits',
  '/cars/edit/all',
  'Edits of live listings waiting for approval',
  adminSorts.listings,
);
export const reported = list(
  'listReportedListings',
  '/cars/reported',
  'Live listings with open reports',
  adminSorts.listings,
);
export const suspended = list(
  'listSuspendedListings',
  '/cars/suspended',
  'Suspended listings',
  adminSorts.listings,
);
export const active = list(
  'listActiveListings',
  '/cars/active',
  'Every live listing (newest first; whole, at most 10,000)',
  adminSorts.activeListings,
);
export const topSpotted = list(
  'listTopSpotted',
  '/cars/top-spotted',
  "The 'Top Spotted' listings of the home page",
  adminSorts.listings,
);

export const approve = decision(
  'approveListingRequest',
  'post',
  '/cars/requests/approve/{id}',
  'Approve a new listing',
  "'Successfully approved car'",
);
export const approveEdit = decision(
  'approveListingEdit',
  'post',
  '/cars/edit/approve/{id}',
  'Approve an edit',
  "'Successfully approved the changes'",
);
export const suspend = route({
  method: 'post',
  path: '/cars/suspend/{id}',
  tag,
  operationId: 'suspendListing',
  summary: 'Suspend a live listing',
  description:
    "Suspend a live listing; the message is 'Car suspended'. The body is optional: a `message` " +
    'is the reason the owner receives, as sent, after the notice of suspension.',
  errors: [409],
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { params: idParams, body: { ...jsonBody(suspendSchema), required: false } },
  responses: responses(nothing, "'Car suspended'"),
});
export const activate = decision(
  'activateListing',
  'post',
  '/cars/activate/{id}',
  'Put a suspended listing back live',
  "'Car activated'",
);
export const dismiss = decision(
  'dismissReports',
  'post',
  '/car/{id}/report/delete',
  'Dismiss the open reports',
  "'Dismissed report'",
);
export const addTopSpotted = decision(
  'addTopSpotted',
  'put',
  '/cars/top-spotted/add/{id}',
  "Add to 'Top Spotted'",
  "'Successfully promoted car to featured'",
);
export const removeTopSpotted = decision(
  'removeTopSpotted',
  'put',
  '/cars/top-spotted/remove/{id}',
  "Remove from 'Top Spotted'",
  "'Successfully removed car from featured'",
);

export const deny = route({
  method: 'post',
  path: '/cars/request/deny',
  tag,
  operationId: 'denyListingRequest',
  summary: 'Deny a new listing',
  description: "Deny a new listing with a reason the owner sees; 'Successfully denied car'",
  errors: [404, 409],
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { body: jsonBody(denySchema) },
  responses: responses(nothing, "'Successfully denied car'"),
});

export const denyEdit = route({
  method: 'post',
  path: '/cars/edit/deny',
  tag,
  operationId: 'denyListingEdit',
  summary: 'Deny an edit',
  description: "Deny an edit with the reason entered; 'Successfully denied car'",
  errors: [404, 409],
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { body: jsonBody(denySchema) },
  responses: responses(nothing, "'Successfully denied car'"),
});

export const editDetails = route({
  method: 'get',
  path: '/car/edit/{id}',
  tag,
  operationId: 'getListingEdit',
  summary: 'Get an edit and its original',
  description: 'An edit with the live listing it changes (original) for comparison',
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { params: idParams },
  responses: responses(
    carDetailSchema.extend({ original: carDetailSchema.nullable() }),
    'The edit',
  ),
});

export const reports = route({
  method: 'get',
  path: '/car/reports/{id}',
  tag,
  operationId: 'listListingReports',
  summary: "List a listing's reports",
  description: "A listing's open reports, newest first",
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { params: idParams },
  responses: responses(z.array(reportSchema), 'Reports with date and text'),
});
