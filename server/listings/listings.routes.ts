import { createRoute } from '@hono/zod-openapi';
import { idParam } from '#shared/schemas/envelope.ts';
import {
  carDetailSchema,
  carPageSchema,
  carCardSchema,
  editDetailsSchema,
  editListingSchema,
  editRequestSchema,
  favoriteSchema,
  favoritesQuerySchema,
  listingPayloadSchema,
  myListingsSchema,
  pageSchema,
  reportInputSchema,
  searchSchema,
} from '#shared/schemas/listing.ts';
import { z } from '#shared/schemas/zod.ts';
import { requireUser } from '../auth/guard.ts';
import { bearer, idParams, jsonBody, nothing, responses } from '../http/openapi.ts';

const tags = ['Listings'];
const created = z.object({ id: z.number().int() });
const adSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  image: z.string().nullable(),
  title: z.string(),
  description: z.string(),
});

export const home = createRoute({
  method: 'post',
  path: '/cars',
  tags,
  summary: "The home page: live listings (promoted first), the ads and 'Top Spotted'",
  request: { body: jsonBody(pageSchema) },
  responses: responses(
    z.object({
      cars: z.object({
        cars: z.array(carCardSchema),
        ads: z.array(adSchema),
        totalCount: z.number().int(),
      }),
      topSpottedCars: z.array(carCardSchema),
    }),
    'A page of cards',
  ),
});

export const search = createRoute({
  method: 'post',
  path: '/cars/search',
  tags,
  summary: 'Search live listings with every filter and the five sorts',
  request: { body: jsonBody(searchSchema) },
  responses: responses(carPageSchema, 'A page of results and the total count'),
});

export const details = createRoute({
  method: 'get',
  path: '/car/{id}',
  tags,
  summary: 'A live listing (a suspended one for its owner and admins); counts the view',
  request: { params: idParams },
  responses: responses(carDetailSchema, 'The listing'),
});

export const countView = createRoute({
  method: 'post',
  path: '/car/{id}/view',
  tags,
  summary:
    "Counts a view of a live listing (the listing page's beacon): once per visitor and day, never the owner's",
  request: { params: idParams },
  responses: responses(z.object({ views: z.number().int() }), 'The views counted so far'),
});

export const sellerListings = createRoute({
  method: 'post',
  path: '/cars/user/{userId}',
  tags,
  summary: "A seller's live listings (the seller offer page)",
  request: { params: z.object({ userId: idParam }), body: jsonBody(pageSchema) },
  responses: responses(carPageSchema, "The seller's cards"),
});

export const myListings = createRoute({
  method: 'post',
  path: '/cars/listings/user/{userId}',
  tags,
  summary: 'The own listings by state (null: all), edit requests included (owner only)',
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: z.object({ userId: idParam }), body: jsonBody(myListingsSchema) },
  responses: responses(carPageSchema, 'The cards with their states'),
});

export const add = createRoute({
  method: 'post',
  path: '/cars/add',
  tags,
  summary: 'Submit a listing for approval; a paid type reserves its price',
  security: bearer,
  middleware: [requireUser] as const,
  request: { body: jsonBody(listingPayloadSchema) },
  responses: responses(created, "'Your listing has been successfully submitted for approval'"),
});

export const editLive = createRoute({
  method: 'post',
  path: '/cars/edit',
  tags,
  summary: 'Submit an edit of a live listing for approval (the listing stays as it is meanwhile)',
  security: bearer,
  middleware: [requireUser] as const,
  request: { body: jsonBody(editListingSchema) },
  responses: responses(
    created,
    "'Your listing update has been successfully submitted for approval'",
  ),
});

export const editRequest = createRoute({
  method: 'post',
  path: '/cars/request/edit',
  tags,
  summary: 'Edit a pending or denied request in place; it goes back to pending',
  security: bearer,
  middleware: [requireUser] as const,
  request: { body: jsonBody(editRequestSchema) },
  responses: responses(
    created,
    "'Your listing update has been successfully submitted for approval'",
  ),
});

export const liveEditDetails = createRoute({
  method: 'get',
  path: '/car/edit/details/raw/{id}',
  tags,
  summary: 'A live listing as the form edits it (its pending edit when there is one)',
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: idParams },
  responses: responses(editDetailsSchema, 'Ids, MM.yyyy and the photos as base64'),
});

export const requestEditDetails = createRoute({
  method: 'get',
  path: '/car/request/edit/details/raw/{id}',
  tags,
  summary: 'A pending or denied request as the form edits it',
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: idParams },
  responses: responses(editDetailsSchema, 'Ids, MM.yyyy and the photos as base64'),
});

export const requestDetails = createRoute({
  method: 'get',
  path: '/car/requests/{id}',
  tags,
  summary: 'A listing request with its state and denial reason (owner or admin)',
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: idParams },
  responses: responses(carDetailSchema, 'The request'),
});

export const remove = createRoute({
  method: 'delete',
  path: '/car/remove/{id}',
  tags,
  summary: "Take a live listing down for good (owner); 'Car removed'",
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: idParams },
  responses: responses(nothing, "'Car removed'"),
});

export const removeRequest = createRoute({
  method: 'delete',
  path: '/car/request/remove/{id}',
  tags,
  summary: 'Withdraw a pending or denied request (owner); reserved credits come back',
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: idParams },
  responses: responses(nothing, "'Car removed'"),
});

export const report = createRoute({
  method: 'post',
  path: '/cars/report/{id}',
  tags,
  summary: "Report a live listing: '{reason} - {details}'",
  request: { params: idParams, body: jsonBody(reportInputSchema) },
  responses: responses(nothing, "'Car reported'"),
});

export const favoriteAdd = createRoute({
  method: 'post',
  path: '/favorite/add',
  tags: ['Favorites'],
  summary: 'Save a live listing (idempotent)',
  security: bearer,
  middleware: [requireUser] as const,
  request: { body: jsonBody(favoriteSchema) },
  responses: responses(nothing, "'Added to favorites'"),
});

export const favoriteRemove = createRoute({
  method: 'post',
  path: '/favorite/remove',
  tags: ['Favorites'],
  summary: 'Remove a saved listing (idempotent)',
  security: bearer,
  middleware: [requireUser] as const,
  request: { body: jsonBody(favoriteSchema) },
  responses: responses(nothing, "'Removed from favorites'"),
});

export const favoriteList = createRoute({
  method: 'post',
  path: '/favorite/get',
  tags: ['Favorites'],
  summary: 'The saved listings that are still live, sorted and paged',
  security: bearer,
  middleware: [requireUser] as const,
  request: { body: jsonBody(favoritesQuerySchema) },
  responses: responses(carPageSchema, 'A page of favourites'),
});
