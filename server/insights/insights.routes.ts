import { idParam } from '#shared/schemas/envelope.ts';
import {
  impressionsSchema,
  listingEventSchema,
  listingInsightsSchema,
  sellerInsightsSchema,
  siteInsightsQuerySchema,
  siteInsightsSchema,
} from '#shared/schemas/insights.ts';
import { z } from '#shared/schemas/zod.ts';
import { requireAdmin, requireUser } from '../auth/guard.ts';
import { bearer, idParams, jsonBody, nothing, responses, route } from '../http/openapi.ts';

const tag = 'Insights';

export const impressions = route({
  method: 'post',
  path: '/cars/impressions',
  tag,
  operationId: 'countImpressions',
  summary: 'Count the cards shown',
  description:
    'The cards a visitor was shown on the home page or a page of search results (the pages’ ' +
    'beacon; the app sends it after each page it shows). A search page also counts a search. ' +
    'Send the bearer token when there is one: an owner’s own listings are not counted',
  request: { body: jsonBody(impressionsSchema) },
  responses: responses(nothing, 'Counted (robots and owners are left out)'),
});

export const listingEvent = route({
  method: 'post',
  path: '/car/{id}/event',
  tag,
  operationId: 'countListingEvent',
  summary: 'Count a contact reveal or a share',
  description:
    'The listing page’s beacon when a visitor calls or e-mails the seller or shares a live ' +
    'listing: once per visitor, kind and day, never the owner’s',
  request: { params: idParams, body: jsonBody(listingEventSchema) },
  responses: responses(nothing, 'Counted'),
});

export const listing = route({
  method: 'get',
  path: '/insights/car/{id}',
  tag,
  operationId: 'getListingInsights',
  summary: 'Get a listing’s statistics',
  description:
    'Impressions, views and contacts per day over the listing’s life, totals, the ' +
    'click-through rate from search, days under each listing type and what the latest ' +
    'promotion changed (its owner, or an administrator)',
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: idParams },
  responses: responses(listingInsightsSchema, 'The statistics'),
});

export const seller = route({
  method: 'get',
  path: '/insights/user/{userId}',
  tag,
  operationId: 'getSellerInsights',
  summary: 'Get a seller’s statistics',
  description:
    'Every listing of the account with its totals; for a company also the whole stock per week ' +
    '(the account itself, or an administrator)',
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: z.object({ userId: idParam }) },
  responses: responses(sellerInsightsSchema, 'The listings and weeks'),
});

export const site = route({
  method: 'get',
  path: '/insights/site',
  tag,
  operationId: 'getSiteInsights',
  summary: 'Get the site’s totals per day',
  description:
    'Listings live, new and removed, searches, views and contacts per day (administrators)',
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { query: siteInsightsQuerySchema },
  responses: responses(siteInsightsSchema, 'The days, oldest first'),
});
