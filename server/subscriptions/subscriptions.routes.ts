import { idParam } from '#shared/schemas/envelope.ts';
import {
  promoteSchema,
  subscriptionFilterSchema,
  subscriptionHistorySchema,
  subscriptionSchema,
} from '#shared/schemas/payment.ts';
import { z } from '#shared/schemas/zod.ts';
import { requireUser } from '../auth/guard.ts';
import { bearer, idParams, jsonBody, nothing, responses, route } from '../http/openapi.ts';

const tag = 'Subscriptions';
const carParams = z.object({ carId: idParam });

export const promote = route({
  method: 'post',
  path: '/car/promote',
  tag,
  operationId: 'promoteListing',
  summary: 'Promote a listing',
  description: "Promote an active listing to a higher type; 'Successfully promoted listing'",
  errors: [404, 409],
  security: bearer,
  middleware: [requireUser] as const,
  request: { body: jsonBody(promoteSchema) },
  responses: responses(
    z.object({ listingTypeId: z.number().int(), charged: z.number().int(), expiresAt: z.string() }),
    "'Successfully promoted listing'",
  ),
});

export const list = route({
  method: 'post',
  path: '/subscription/user/{userId}',
  tag,
  operationId: 'listSubscriptions',
  summary: "List a user's subscriptions",
  description: "A user's subscriptions by filterType: 1 active, 2 expired, 3 canceled, null all",
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: z.object({ userId: idParam }), body: jsonBody(subscriptionFilterSchema) },
  responses: responses(z.array(subscriptionSchema), 'Subscriptions, newest first'),
});

export const get = route({
  method: 'get',
  path: '/subscription/{id}',
  tag,
  operationId: 'getSubscription',
  summary: 'Get a subscription',
  description: 'One subscription (its owner or an admin)',
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: idParams },
  responses: responses(subscriptionSchema, 'The subscription'),
});

export const history = route({
  method: 'post',
  path: '/subscription/history/car/{carId}',
  tag,
  operationId: 'getSubscriptionHistory',
  summary: "Get a listing's promotion history",
  description: "A listing's paid promotion periods (owner or admin)",
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: carParams },
  responses: responses(subscriptionHistorySchema, 'The history'),
});

export const cancel = route({
  method: 'put',
  path: '/subscription/cancel/{carId}',
  tag,
  operationId: 'cancelSubscription',
  summary: 'Cancel a subscription',
  description:
    "Cancel: stays active until it expires, then does not renew; 'Cancelled subscription'",
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: carParams },
  responses: responses(nothing, "'Cancelled subscription'"),
});

export const reactivate = route({
  method: 'put',
  path: '/subscription/reactivate/{carId}',
  tag,
  operationId: 'reactivateSubscription',
  summary: 'Reactivate a subscription',
  description: "Renew at expiry again; 'Reactivated subscription'",
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: carParams },
  responses: responses(nothing, "'Reactivated subscription'"),
});
