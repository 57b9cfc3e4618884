import {
  mileageNoteSchema,
  mileageTimelineSchema,
  registrationCheckSchema,
  sellerFactsSchema,
} from '#shared/schemas/history.ts';
import { requireAdmin, requireUser } from '../auth/guard.ts';
import { bearer, idParams, jsonBody, nothing, responses, route } from '../http/openapi.ts';

export const timeline = route({
  method: 'get',
  path: '/car/history/{id}',
  tag: 'Listings',
  operationId: 'getMileageTimeline',
  summary: "A live listing's mileage timeline",
  description:
    'Every listing of the same chassis number (any seller, withdrawn and sold ones included) ' +
    'with its date, mileage and price, and each mileage its seller entered in an approved edit, ' +
    'oldest first. A reading lower than an earlier one carries the highest earlier one ' +
    '(rollbackFrom). The chassis number is masked but for its last 6 characters. Null when ' +
    'the listing has no chassis number.',
  request: { params: idParams },
  responses: responses(mileageTimelineSchema.nullable(), 'The timeline, or null'),
});

export const note = route({
  method: 'put',
  path: '/car/mileage/note/{id}',
  tag: 'Listings',
  operationId: 'explainMileage',
  summary: 'Explain a mileage reading',
  description:
    'The seller who entered a reading explains it beside the timeline (a replaced instrument ' +
    "cluster); an empty note clears it. 'Explanation saved'",
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: idParams, body: jsonBody(mileageNoteSchema) },
  responses: responses(nothing, "'Explanation saved'"),
});

export const facts = route({
  method: 'get',
  path: '/user/facts/{id}',
  tag: 'Accounts',
  operationId: 'getSellerFacts',
  summary: 'What the site tells of a seller',
  description:
    'Member since, listings sold through Spotted, the median minutes to answer a buyer’s ' +
    'first message (last 90 days; null without answers), and for a company whether an admin ' +
    'verified its registration',
  request: { params: idParams },
  responses: responses(sellerFactsSchema, 'The seller facts'),
});

export const verify = route({
  method: 'put',
  path: '/user/verify/{id}',
  tag: 'Accounts',
  operationId: 'verifyRegistration',
  summary: "Verify a company's registration",
  description:
    'An admin checked (or no longer vouches for) a company’s C or VAT number: the verified ' +
    'badge shows on its listings and seller page until either number changes',
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { params: idParams, body: jsonBody(registrationCheckSchema) },
  responses: responses(nothing, "'Registration verified'"),
});

export const sold = route({
  method: 'delete',
  path: '/car/sold/{id}',
  tag: 'Listings',
  operationId: 'removeSoldListing',
  summary: 'Remove a live listing sold through Spotted',
  description:
    "As car/remove (owner), and the car counts as sold on the seller's pages; 'Car removed'",
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: idParams },
  responses: responses(nothing, "'Car removed'"),
});
