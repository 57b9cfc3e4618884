import { createRoute } from '@hono/zod-openapi';
import {
  activateAdSchema,
  addAdSchema,
  adminAdSchema,
  updateAdSchema,
} from '#shared/schemas/ad.ts';
import {
  adminSorts,
  listAnswerDescription,
  listAnswerSchema,
  listQuerySchema,
} from '#shared/schemas/list.ts';
import { requireAdmin } from '../auth/guard.ts';
import { bearer, idParams, jsonBody, nothing, responses } from '../http/openapi.ts';

const tags = ['Ads'];

export const all = createRoute({
  method: 'get',
  path: '/ad/all',
  tags,
  summary: 'Every ad, newest first (admin)',
  description: listAnswerDescription,
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { query: listQuerySchema(adminSorts.ads) },
  responses: responses(listAnswerSchema(adminAdSchema), 'The ads'),
});

export const add = createRoute({
  method: 'post',
  path: '/ad/add',
  tags,
  summary: "Create an ad shown for daysActive days from now (admin); 'Ad created'",
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { body: jsonBody(addAdSchema) },
  responses: responses(adminAdSchema, "'Ad created'"),
});

export const one = createRoute({
  method: 'get',
  path: '/ad/{id}',
  tags,
  summary: 'One ad (admin)',
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { params: idParams },
  responses: responses(adminAdSchema, 'The ad'),
});

export const update = createRoute({
  method: 'post',
  path: '/ad/update',
  tags,
  summary:
    "Change an ad and extend it: it runs daysActive days again from now; no image keeps the current one (admin); 'Ad updated'",
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { body: jsonBody(updateAdSchema) },
  responses: responses(adminAdSchema, "'Ad updated'"),
});

export const deactivate = createRoute({
  method: 'put',
  path: '/ad/deactivate/{id}',
  tags,
  summary: "Stop showing an ad (admin); 'Ad deactivated'",
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { params: idParams },
  responses: responses(adminAdSchema, "'Ad deactivated'"),
});

export const activate = createRoute({
  method: 'post',
  path: '/ad/activate',
  tags,
  summary:
    "Show an ad again; an expired ad is extended by daysActive from now (admin); 'Ad activated'",
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { body: jsonBody(activateAdSchema) },
  responses: responses(adminAdSchema, "'Ad activated'"),
});

export const seen = createRoute({
  method: 'put',
  path: '/ad/seen/{id}',
  tags,
  summary: 'Count a view of a live ad (no login)',
  request: { params: idParams },
  responses: responses(nothing, 'Counted'),
});

export const clicked = createRoute({
  method: 'put',
  path: '/ad/clicked/{id}',
  tags,
  summary: 'Count a click on a live ad (no login)',
  request: { params: idParams },
  responses: responses(nothing, 'Counted'),
});
