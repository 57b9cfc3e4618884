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
import { bearer, idParams, jsonBody, nothing, responses, route } from '../http/openapi.ts';

const tag = 'Ads';

export const all = route({
  method: 'get',
  path: '/ad/all',
  tag,
  operationId: 'listAds',
  summary: 'Every ad, newest first (admin)',
  description: listAnswerDescription,
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { query: listQuerySchema(adminSorts.ads) },
  responses: responses(listAnswerSchema(adminAdSchema), 'The ads'),
});

export const add = route({
  method: 'post',
  path: '/ad/add',
  tag,
  operationId: 'addAd',
  summary: 'Create an ad',
  description: "Create an ad shown for daysActive days from now (admin); 'Ad created'",
  errors: [422],
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { body: jsonBody(addAdSchema) },
  responses: responses(adminAdSchema, "'Ad created'"),
});

export const one = route({
  method: 'get',
  path: '/ad/{id}',
  tag,
  operationId: 'getAd',
  summary: 'Get an ad',
  description: 'One ad (admin)',
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { params: idParams },
  responses: responses(adminAdSchema, 'The ad'),
});

export const update = route({
  method: 'post',
  path: '/ad/update',
  tag,
  operationId: 'updateAd',
  summary: 'Change an ad',
  description:
    "Change an ad and extend it: it runs daysActive days again from now; no image keeps the current one (admin); 'Ad updated'",
  errors: [404, 422],
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { body: jsonBody(updateAdSchema) },
  responses: responses(adminAdSchema, "'Ad updated'"),
});

export const deactivate = route({
  method: 'put',
  path: '/ad/deactivate/{id}',
  tag,
  operationId: 'deactivateAd',
  summary: 'Stop showing an ad',
  description: "Stop showing an ad (admin); 'Ad deactivated'",
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { params: idParams },
  responses: responses(adminAdSchema, "'Ad deactivated'"),
});

export const activate = route({
  method: 'post',
  path: '/ad/activate',
  tag,
  operationId: 'activateAd',
  summary: 'Show an ad again',
  description:
    "Show an ad again; an expired ad is extended by daysActive from now (admin); 'Ad activated'",
  errors: [404],
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { body: jsonBody(activateAdSchema) },
  responses: responses(adminAdSchema, "'Ad activated'"),
});

export const seen = route({
  method: 'put',
  path: '/ad/seen/{id}',
  tag,
  operationId: 'countAdView',
  summary: 'Count a view of an ad',
  description: 'Count a view of a live ad (no login)',
  request: { params: idParams },
  responses: responses(nothing, 'Counted'),
});

export const clicked = route({
  method: 'put',
  path: '/ad/clicked/{id}',
  tag,
  operationId: 'countAdClick',
  summary: 'Count a click on an ad',
  description: 'Count a click on a live ad (no login)',
  request: { params: idParams },
  responses: responses(nothing, 'Counted'),
});
