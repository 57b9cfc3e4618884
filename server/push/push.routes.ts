import { pushEndpointSchema, pushKeySchema, pushSubscriptionSchema } from '#shared/schemas/push.ts';
import { requireUser } from '../auth/guard.ts';
import { bearer, jsonBody, nothing, responses, route } from '../http/openapi.ts';

const tag = 'Notifications';

export const key = route({
  method: 'get',
  path: '/push/key',
  tag,
  operationId: 'getWebPushKey',
  summary: 'The web push public key',
  description:
    'The VAPID public key (base64url) a browser passes to pushManager.subscribe as its applicationServerKey',
  responses: responses(pushKeySchema, 'The public key'),
});

export const subscribe = route({
  method: 'post',
  path: '/push/subscriptions',
  tag,
  operationId: 'subscribeWebPush',
  summary: 'Subscribe a browser to web push',
  description:
    "Stores the browser's PushSubscription (its toJSON()) for the caller: every notification of the " +
    'caller is then also pushed to that browser. A browser subscribed by another account before (the ' +
    'same endpoint and keys: a shared computer) now belongs to the caller; the same endpoint with ' +
    "other keys is another browser's, 409. Again is fine.",
  errors: [409],
  security: bearer,
  middleware: [requireUser] as const,
  request: { body: jsonBody(pushSubscriptionSchema) },
  responses: responses(nothing, 'Subscribed'),
});

export const unsubscribe = route({
  method: 'post',
  path: '/push/subscriptions/remove',
  tag,
  operationId: 'unsubscribeWebPush',
  summary: 'Unsubscribe a browser from web push',
  description: "Forgets one of the caller's browsers, named by its push endpoint",
  security: bearer,
  middleware: [requireUser] as const,
  request: { body: jsonBody(pushEndpointSchema) },
  responses: responses(nothing, 'Unsubscribed'),
  errors: [404],
});
