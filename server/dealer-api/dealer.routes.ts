import { paging } from '#shared/schemas/envelope.ts';
import {
  apiKeySchema,
  bulkUpsertResultSchema,
  bulkUpsertSchema,
  createApiKeySchema,
  createdApiKeySchema,
  dealerListingSchema,
  leadsQuerySchema,
  leadsSchema,
} from '#shared/schemas/dealer-api.ts';
import { carDetailSchema } from '#shared/schemas/listing-display.ts';
import { listingPayloadSchema } from '#shared/schemas/listing-payload.ts';
import { z } from '#shared/schemas/zod.ts';
import { requireUser } from '../auth/guard.ts';
import { bearer, idParams, jsonBody, nothing, responses, route } from '../http/openapi.ts';

const created = z.object({ id: z.number().int() });
/** The dealer API's own scheme: a key made in the account area, in the X-Api-Key header. */
const apiKey = [{ apiKeyAuth: [] }];

export const listKeys = route({
  method: 'get',
  path: '/dealer/keys',
  tag: 'Dealer API',
  operationId: 'listApiKeys',
  summary: 'List the API keys',
  description: 'The business account’s dealer API keys, revoked ones included',
  security: bearer,
  middleware: [requireUser] as const,
  responses: responses(z.array(apiKeySchema), 'The keys, newest first'),
});

export const createKey = route({
  method: 'post',
  path: '/dealer/keys',
  tag: 'Dealer API',
  operationId: 'createApiKey',
  summary: 'Create an API key',
  description: 'A named key for the dealer API; the key itself is in this answer only',
  security: bearer,
  middleware: [requireUser] as const,
  request: { body: jsonBody(createApiKeySchema) },
  responses: responses(createdApiKeySchema, 'The key, shown once'),
});

export const revokeKey = route({
  method: 'delete',
  path: '/dealer/keys/{id}',
  tag: 'Dealer API',
  operationId: 'revokeApiKey',
  summary: 'Revoke an API key',
  description: 'The key stops working at once',
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: idParams },
  responses: responses(apiKeySchema, 'The revoked key'),
});

export const listings = route({
  method: 'get',
  path: '/dealer/v1/listings',
  tag: 'Dealer API',
  security: apiKey,
  middleware: [requireUser] as const,
  errors: [429],
  operationId: 'dealerListListings',
  summary: 'List the dealer’s listings',
  description: 'The key’s dealer’s listings with their stock numbers and states',
  request: { query: paging({ max: 500 }) },
  responses: responses(
    z.object({ listings: z.array(dealerListingSchema), total: z.number().int() }),
    'A page of listings and the total',
  ),
});

export const listing = route({
  method: 'get',
  path: '/dealer/v1/listings/{id}',
  tag: 'Dealer API',
  security: apiKey,
  middleware: [requireUser] as const,
  errors: [429],
  operationId: 'dealerGetListing',
  summary: 'Get one of the dealer’s listings',
  description: 'A listing of the key’s dealer, in any state',
  request: { params: idParams },
  responses: responses(carDetailSchema, 'The listing'),
});

export const add = route({
  method: 'post',
  path: '/dealer/v1/listings',
  tag: 'Dealer API',
  security: apiKey,
  middleware: [requireUser] as const,
  errors: [409, 422, 429],
  operationId: 'dealerAddListing',
  summary: 'Submit a listing',
  description: 'As POST /api/cars/add: the form’s rules, moderation and charge',
  request: { body: jsonBody(listingPayloadSchema) },
  responses: responses(created, "'Your listing has been successfully submitted for approval'"),
});

export const update = route({
  method: 'put',
  path: '/dealer/v1/listings/{id}',
  tag: 'Dealer API',
  security: apiKey,
  middleware: [requireUser] as const,
  errors: [409, 422, 429],
  operationId: 'dealerEditListing',
  summary: 'Edit a listing',
  description:
    'As the form’s edits: a live listing’s edit waits for moderation, a request is changed in place',
  request: { params: idParams, body: jsonBody(listingPayloadSchema) },
  responses: responses(
    created,
    "'Your listing update has been successfully submitted for approval'",
  ),
});

export const remove = route({
  method: 'delete',
  path: '/dealer/v1/listings/{id}',
  tag: 'Dealer API',
  security: apiKey,
  middleware: [requireUser] as const,
  errors: [429],
  operationId: 'dealerRemoveListing',
  summary: 'Remove a listing',
  description:
    'A live listing comes down; a request is withdrawn and its reserved credits come back',
  request: { params: idParams },
  responses: responses(nothing, "'Car removed'"),
});

export const upsert = route({
  method: 'post',
  path: '/dealer/v1/listings/upsert',
  tag: 'Dealer API',
  security: apiKey,
  middleware: [requireUser] as const,
  errors: [429],
  operationId: 'dealerUpsertListings',
  summary: 'Upsert listings by stock number',
  description:
    'Cars with the stock feed’s columns (docs/feeds.md; photos by address): a new stock number ' +
    'is submitted, a changed car is edited, an unchanged one is left alone; cars not named stay. ' +
    'Past the safety lock it answers awaiting_confirmation and changes nothing, unless confirm',
  request: { body: jsonBody(bulkUpsertSchema) },
  responses: responses(bulkUpsertResultSchema, 'A report line for each car'),
});

export const leads = route({
  method: 'get',
  path: '/dealer/v1/leads',
  tag: 'Dealer API',
  security: apiKey,
  middleware: [requireUser] as const,
  errors: [429],
  operationId: 'dealerLeads',
  summary: 'Get the dealer’s leads',
  description:
    'Buyers’ messages about the dealer’s cars and the daily phone and e-mail reveals, each with ' +
    'its car and stock number',
  request: { query: leadsQuerySchema },
  responses: responses(leadsSchema, 'Messages and reveals, newest first'),
});
