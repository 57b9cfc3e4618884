import {
  savedSearchCreateSchema,
  savedSearchSchema,
  savedSearchUpdateSchema,
  unsubscribedSchema,
  unsubscribeQuerySchema,
} from '#shared/schemas/saved-search.ts';
import { z } from '#shared/schemas/zod.ts';
import { bearer, idParams, jsonBody, nothing, responses, route } from '../http/openapi.ts';

const tag = 'Saved searches';

export const list = route({
  method: 'get',
  path: '/saved-searches',
  tag,
  operationId: 'listSavedSearches',
  summary: "The caller's saved searches",
  description:
    'Newest first, each with its filters (the body of POST cars/search without the page), its ' +
    'alert, and newCount: live cars that matched since it was last opened',
  security: bearer,
  responses: responses(z.array(savedSearchSchema), 'The saved searches'),
});

export const create = route({
  method: 'post',
  path: '/saved-searches',
  tag,
  operationId: 'createSavedSearch',
  summary: 'Save a search',
  description:
    "Save a search with a name and an alert (instant, daily or off; instant by default); 'Search saved'. " +
    'Only cars that go live from now on count as new. 409 past 50 saved searches.',
  security: bearer,
  errors: [409],
  request: { body: jsonBody(savedSearchCreateSchema) },
  responses: responses(savedSearchSchema, "'Search saved'"),
});

export const update = route({
  method: 'put',
  path: '/saved-searches/{id}',
  tag,
  operationId: 'updateSavedSearch',
  summary: 'Rename a saved search or change its alert',
  description: "An own saved search; 'Saved search updated'",
  security: bearer,
  request: { params: idParams, body: jsonBody(savedSearchUpdateSchema) },
  responses: responses(savedSearchSchema, "'Saved search updated'"),
});

export const remove = route({
  method: 'delete',
  path: '/saved-searches/{id}',
  tag,
  operationId: 'removeSavedSearch',
  summary: 'Delete a saved search',
  description: "An own saved search; 'Saved search deleted'",
  security: bearer,
  request: { params: idParams },
  responses: responses(nothing, "'Saved search deleted'"),
});

export const open = route({
  method: 'post',
  path: '/saved-searches/{id}/open',
  tag,
  operationId: 'openSavedSearch',
  summary: 'Open a saved search',
  description:
    'Marks an own saved search opened now (its new cars count from here) and answers it; run ' +
    'its filters with POST cars/search',
  security: bearer,
  request: { params: idParams },
  responses: responses(savedSearchSchema, 'The saved search'),
});

export const unsubscribe = route({
  method: 'post',
  path: '/saved-searches/unsubscribe',
  tag,
  operationId: 'unsubscribeSavedSearch',
  summary: 'Stop the alerts of a saved search (one-click unsubscribe)',
  description:
    "The link of an alert e-mail, without logging in: the signed token names the search, whose alert turns off; 'You will no longer get alerts for this search'. " +
    'Mail clients POST it with the body List-Unsubscribe=One-Click (RFC 8058); any body is ignored. ' +
    'Again is fine; 404 when the search is gone, 400 for a token this server did not sign.',
  errors: [404],
  request: { query: unsubscribeQuerySchema },
  responses: responses(unsubscribedSchema, "'You will no longer get alerts for this search'"),
});
