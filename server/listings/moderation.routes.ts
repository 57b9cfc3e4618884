import { createRoute } from '@hono/zod-openapi';
import {
  carCardSchema,
  carDetailSchema,
  denySchema,
  reportSchema,
} from '#shared/schemas/listing.ts';
import {
  adminSorts,
  listAnswerDescription,
  listAnswerSchema,
  listQuerySchema,
} from '#shared/schemas/list.ts';
import { z } from '#shared/schemas/zod.ts';
import { requireAdmin } from '../auth/guard.ts';
import { bearer, idParams, jsonBody, nothing, responses } from '../http/openapi.ts';

const tags = ['Moderation'];
const list = <P extends string, const F extends readonly [string, ...string[]]>(
  path: P,
  summary: string,
  sorts: F,
) =>
  createRoute({
    method: 'get',
    path,
    summary,
    description: listAnswerDescription,
    tags,
    security: bearer,
    middleware: [requireAdmin] as const,
    request: { query: listQuerySchema(sorts) },
    responses: responses(listAnswerSchema(carCardSchema), summary),
  });
const decision = <P extends string>(method: 'post' | 'put', path: P, summary: string) =>
  createRoute({
    method,
    path,
    summary,
    tags,
    security: bearer,
    middleware: [requireAdmin] as const,
    request: { params: idParams },
    responses: responses(nothing, summary),
  });

export const requests = list(
  '/car/requests',
  'New listings waiting for approval',
  adminSorts.listings,
);
export const denied = list('/car/requests/denied', 'Denied listing requests', adminSorts.listings);
export const edits = list(
  '/cars/edit/all',
  'Edits of live listings waiting for approval',
  adminSorts.listings,
);
export const reported = list(
  '/cars/reported',
  'Live listings with open reports',
  adminSorts.listings,
);
export const suspended = list('/cars/suspended', 'Suspended listings', adminSorts.listings);
export const active = list(
  '/cars/active',
  'Every live listing (newest first; whole, at most 10,000)',
  adminSorts.activeListings,
);
export const topSpotted = list(
  '/cars/top-spotted',
  "The 'Top Spotted' listings of the home page",
  adminSorts.listings,
);

export const approve = decision(
  'post',
  '/cars/requests/approve/{id}',
  "Approve a new listing; 'Successfully approved car'",
);
export const approveEdit = decision(
  'post',
  '/cars/edit/approve/{id}',
  "Approve an edit; 'Successfully approved car'",
);
export const suspend = decision(
  'post',
  '/cars/suspend/{id}',
  "Suspend a live listing; 'Car suspended'",
);
export const activate = decision(
  'post',
  '/cars/activate/{id}',
  "Put a suspended listing back live; 'Car activated'",
);
export const dismiss = decision(
  'post',
  '/car/{id}/report/delete',
  "Dismiss the open reports; 'Dismissed report'",
);
export const addTopSpotted = decision('put', '/cars/top-spotted/add/{id}', "Add to 'Top Spotted'");
export const removeTopSpotted = decision(
  'put',
  '/cars/top-spotted/remove/{id}',
  "Remove from 'Top Spotted'",
);

export const deny = createRoute({
  method: 'post',
  path: '/cars/request/deny',
  summary: "Deny a new listing with a reason the owner sees; 'Successfully denied car'",
  tags,
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { body: jsonBody(denySchema) },
  responses: responses(nothing, "'Successfully denied car'"),
});

export const denyEdit = createRoute({
  method: 'post',
  path: '/cars/edit/deny',
  summary: "Deny an edit with the reason entered; 'Successfully denied car'",
  tags,
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { body: jsonBody(denySchema) },
  responses: responses(nothing, "'Successfully denied car'"),
});

export const editDetails = createRoute({
  method: 'get',
  path: '/car/edit/{id}',
  summary: 'An edit with the live listing it changes (original) for comparison',
  tags,
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { params: idParams },
  responses: responses(
    carDetailSchema.extend({ original: carDetailSchema.nullable() }),
    'The edit',
  ),
});

export const reports = createRoute({
  method: 'get',
  path: '/car/reports/{id}',
  summary: "A listing's open reports, newest first",
  tags,
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { params: idParams },
  responses: responses(z.array(reportSchema), 'Reports with date and text'),
});
