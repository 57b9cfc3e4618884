import { idParam, paging } from '#shared/schemas/envelope.ts';
import {
  carDetailSchema,
  carPageSchema,
  editDetailsSchema,
  homePageSchema,
} from '#shared/schemas/listing-display.ts';
import {
  editListingSchema,
  editRequestSchema,
  favoriteSchema,
  favoritesQuerySchema,
  listingPayloadSchema,
  myListingsSchema,
  reportInputSchema,
} from '#shared/schemas/listing-payload.ts';
import { searchSchema } from '#shared/schemas/listing-search.ts';
import { z } from '#shared/schemas/zod.ts';
import { requireUser } from '../auth/guard.ts';
import { bearer, idParams, jsonBody, nothing, responses, route } from '../http/openapi.ts';

const tag = 'Listings';
const created = z.object({ id: z.number().int() });
export const home = route({
  method: 'post',
  path: '/cars',
  tag,
  operationId: 'getHomePage',
  summary: 'Get the home page',
  description: "The home page: live listings (promoted first), the ads and 'Top Spotted'",
  request: { body: jsonBody(paging()) },
  responses: responses(homePageSchema, 'A page of cards'),
});

export const search = route({
  method: 'post',
  path: '/cars/search',
  tag,
  operationId: 'searchListings',
  summary: 'Search listings',
  description: 'Search live listings with every filter and the five sorts',
  request: { body: jsonBody(searchSchema) },
  responses: responses(carPageSchema, 'A page of results and the total count'),
});

export const details = route({
  method: 'get',
  path: '/car/{id}',
  tag,
  operationId: 'getListing',
  summary: 'Get a listing',
  description:
    'A live listing. Send the bearer token when there is one: its owner and administrators ' +
    'also see it suspended, and isFavorite is the caller’s. Counts a view (never the owner’s)',
  request: { params: idParams },
  responses: responses(carDetailSchema, 'The listing'),
});

export const countView = route({
  method: 'post',
  path: '/car/{id}/view',
  tag,
  operationId: 'countListingView',
  summary: 'Count a view of a listing',
  description:
    "Counts a view of a live listing (the listing page's beacon): once per visitor and day, never the owner's",
  request: { params: idParams },
  responses: responses(z.object({ views: z.number().int() }), 'The views counted so far'),
});

export const sellerListings = route({
  method: 'post',
  path: '/cars/user/{userId}',
  tag,
  operationId: 'listSellerListings',
  summary: "List a seller's listings",
  description: "A seller's live listings (the seller offer page)",
  request: { params: z.object({ userId: idParam }), body: jsonBody(paging()) },
  responses: responses(carPageSchema, "The seller's cards"),
});

export const myListings = route({
  method: 'post',
  path: '/cars/listings/user/{userId}',
  tag,
  operationId: 'listOwnListings',
  summary: 'List the own listings',
  description: 'The own listings by state (null: all), edit requests included (owner only)',
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: z.object({ userId: idParam }), body: jsonBody(myListingsSchema) },
  responses: responses(carPageSchema, 'The cards with their states'),
});

export const add = route({
  method: 'post',
  path: '/cars/add',
  tag,
  operationId: 'addListing',
  summary: 'Submit a new listing',
  description: 'Submit a listing for approval; a paid type reserves its price',
  errors: [404, 409, 422],
  security: bearer,
  middleware: [requireUser] as const,
  request: { body: jsonBody(listingPayloadSchema) },
  responses: responses(created, "'Your listing has been successfully submitted for approval'"),
});

export const editLive = route({
  method: 'post',
  path: '/cars/edit',
  tag,
  operationId: 'editListing',
  summary: 'Submit an edit of a live listing',
  description:
    'Submit an edit of a live listing for approval (the listing stays as it is meanwhile)',
  errors: [404, 409, 422],
  security: bearer,
  middleware: [requireUser] as const,
  request: { body: jsonBody(editListingSchema) },
  responses: responses(
    created,
    "'Your listing update has been successfully submitted for approval'",
  ),
});

export const editRequest = route({
  method: 'post',
  path: '/cars/request/edit',
  tag,
  operationId: 'editListingRequest',
  summary: 'Change a listing request',
  description: 'Edit a pending or denied request in place; it goes back to pending',
  errors: [404, 409, 422],
  security: bearer,
  middleware: [requireUser] as const,
  request: { body: jsonBody(editRequestSchema) },
  responses: responses(
    created,
    "'Your listing update has been successfully submitted for approval'",
  ),
});

export const liveEditDetails = route({
  method: 'get',
  path: '/car/edit/details/raw/{id}',
  tag,
  operationId: 'getListingForEdit',
  summary: 'Get a live listing for the form',
  description: 'A live listing as the form edits it (its pending edit when there is one)',
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: idParams },
  responses: responses(editDetailsSchema, 'Ids, MM.yyyy and the photos as base64'),
});

export const requestEditDetails = route({
  method: 'get',
  path: '/car/request/edit/details/raw/{id}',
  tag,
  operationId: 'getListingRequestForEdit',
  summary: 'Get a listing request for the form',
  description: 'A pending or denied request as the form edits it',
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: idParams },
  responses: responses(editDetailsSchema, 'Ids, MM.yyyy and the photos as base64'),
});

export const requestDetails = route({
  method: 'get',
  path: '/car/requests/{id}',
  tag,
  operationId: 'getListingRequest',
  summary: 'Get a listing request',
  description: 'A listing request with its state and denial reason (owner or admin)',
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: idParams },
  responses: responses(carDetailSchema, 'The request'),
});

export const remove = route({
  method: 'delete',
  path: '/car/remove/{id}',
  tag,
  operationId: 'removeListing',
  summary: 'Remove a live listing',
  description: "Take a live listing down for good (owner); 'Car removed'",
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: idParams },
  responses: responses(nothing, "'Car removed'"),
});

export const removeRequest = route({
  method: 'delete',
  path: '/car/request/remove/{id}',
  tag,
  operationId: 'withdrawListingRequest',
  summary: 'Withdraw a listing request',
  description: 'Withdraw a pending or denied request (owner); reserved credits come back',
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: idParams },
  responses: responses(nothing, "'Car removed'"),
});

export const report = route({
  method: 'post',
  path: '/cars/report/{id}',
  tag,
  operationId: 'reportListing',
  summary: 'Report a listing',
  description: "Report a live listing: '{reason} - {details}'",
  errors: [409, 429],
  request: { params: idParams, body: jsonBody(reportInputSchema) },
  responses: responses(nothing, "'Car reported'"),
});

export const favoriteAdd = route({
  method: 'post',
  path: '/favorite/add',
  tag: 'Favorites',
  operationId: 'addFavorite',
  summary: 'Save a listing',
  description: 'Save a live listing (idempotent)',
  errors: [404],
  security: bearer,
  middleware: [requireUser] as const,
  request: { body: jsonBody(favoriteSchema) },
  responses: responses(nothing, "'Added to favorites'"),
});

export const favoriteRemove = route({
  method: 'post',
  path: '/favorite/remove',
  tag: 'Favorites',
  operationId: 'removeFavorite',
  summary: 'Unsave a listing',
  description: 'Remove a saved listing (idempotent)',
  security: bearer,
  middleware: [requireUser] as const,
  request: { body: jsonBody(favoriteSchema) },
  responses: responses(nothing, "'Removed from favorites'"),
});

export const favoriteList = route({
  method: 'post',
  path: '/favorite/get',
  tag: 'Favorites',
  operationId: 'listFavorites',
  summary: 'List the saved listings',
  description: 'The saved listings that are still live, sorted and paged',
  security: bearer,
  middleware: [requireUser] as const,
  request: { body: jsonBody(favoritesQuerySchema) },
  responses: responses(carPageSchema, 'A page of favourites'),
});
