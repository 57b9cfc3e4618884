import { createRoute } from '@hono/zod-openapi';
import { idParam } from '#shared/schemas/envelope.ts';
import {
  promoteSchema,
  subscriptionFilterSchema,
  subscriptionHistorySchema,
  subscriptionSchema,
} from '#shared/schemas/payment.ts';
import { z } from '#shared/schemas/zod.ts';
import { requireUser } from '../auth/guard.ts';
import { bearer, idParams, jsonBody, nothing, responses } from '../http/openapi.ts';

const tags = ['Subscriptions'];
const carParams = z.object({ carId: idParam });

export const promote = createRoute({
  method: 'post',
  path: '/car/promote',
  tags,
  summary: "Promote an active listing to a higher type; 'Successfully promoted listing'",
  security: bearer,
  middleware: [requireUser] as const,
  request: { body: jsonBody(promoteSchema) },
  responses: responses(
    z.object({ listingTypeId: z.number().int(), charged: z.number().int(), expiresAt: z.string() }),
    "'Successfully promoted listing'",
  ),
});

export const list = createRoute({
  method: 'post',
  path: '/subscription/user/{userId}',
  tags,
  summary: "A user's subscriptions by filterType: 1 active, 2 expired, 3 canceled, null all",
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: z.object({ userId: idParam }), body: jsonBody(subscriptionFilterSchema) },
  responses: responses(z.array(subscriptionSchema), 'Subscriptions, newest first'),
});

export const get = createRoute({
  method: 'get',
  path: '/subscription/{id}',
  tags,
  summary: 'One subscription (its owner or an admin)',
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: idParams },
  responses: responses(subscriptionSchema, 'The subscription'),
});

export const history = createRoute({
  method: 'post',
  path: '/subscription/history/car/{carId}',
  tags,
  summary: "A listing's paid promotion periods (owner or admin)",
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: carParams },
  responses: responses(subscriptionHistorySchema, 'The history'),
});

export const cancel = createRoute({
  method: 'put',
  path: '/subscription/cancel/{carId}',
  tags,
  summary: "Cancel: stays active until it expires, then does not renew; 'Cancelled subscription'",
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: carParams },
  responses: responses(nothing, "'Cancelled subscription'"),
});

export const reactivate = createRoute({
  method: 'put',
  path: '/subscription/reactivate/{carId}',
  tags,
  summary: "Renew at expiry again; 'Reactivated subscription'",
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: carParams },
  responses: responses(nothing, "'Reactivated subscription'"),
});
