import { createRoute } from '@hono/zod-openapi';
import { idParam } from '#shared/schemas/envelope.ts';
import {
  notificationPageSchema,
  notificationSchema,
  sendNotificationSchema,
  sendResultSchema,
  unreadCountSchema,
} from '#shared/schemas/notification.ts';
import { z } from '#shared/schemas/zod.ts';
import { requireAdmin, requireUser } from '../auth/guard.ts';
import { bearer, idParams, jsonBody, nothing, responses } from '../http/openapi.ts';

const tags = ['Notifications'];

export const list = createRoute({
  method: 'post',
  path: '/notifications/user/{userId}',
  tags,
  summary: "A user's notifications, newest first (the user themself or an admin)",
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: z.object({ userId: idParam }), body: jsonBody(notificationPageSchema) },
  responses: responses(z.array(notificationSchema), 'One page of notifications'),
});

export const unreadCount = createRoute({
  method: 'get',
  path: '/notifications/unread/count',
  tags,
  summary: "The caller's unread notifications, for the bell badge",
  security: bearer,
  middleware: [requireUser] as const,
  responses: responses(unreadCountSchema, 'How many are unread'),
});

export const send = createRoute({
  method: 'post',
  path: '/notifications/send',
  tags,
  summary:
    "Send a notification and an e-mail to every user (admin); 'Successfully sent notification'",
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { body: jsonBody(sendNotificationSchema) },
  responses: responses(sendResultSchema, 'How many users it reached'),
});

export const markRead = createRoute({
  method: 'put',
  path: '/notifications/read/{id}',
  tags,
  summary: 'Mark an own notification read (again is fine)',
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: idParams },
  responses: responses(notificationSchema, 'The notification, read'),
});

export const remove = createRoute({
  method: 'put',
  path: '/notifications/remove/{id}',
  tags,
  summary: 'Remove an own notification from the lists',
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: idParams },
  responses: responses(nothing, 'Removed'),
});

export const get = createRoute({
  method: 'get',
  path: '/notifications/{id}',
  tags,
  summary: 'One own notification',
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: idParams },
  responses: responses(notificationSchema, 'The notification'),
});
