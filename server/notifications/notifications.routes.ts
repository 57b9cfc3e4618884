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
import { bearer, idParams, jsonBody, nothing, responses, route } from '../http/openapi.ts';

const tag = 'Notifications';

export const list = route({
  method: 'post',
  path: '/notifications/user/{userId}',
  tag,
  operationId: 'listNotifications',
  summary: "List a user's notifications",
  description: "A user's notifications, newest first (the user themself or an admin)",
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: z.object({ userId: idParam }), body: jsonBody(notificationPageSchema) },
  responses: responses(z.array(notificationSchema), 'One page of notifications'),
});

export const unreadCount = route({
  method: 'get',
  path: '/notifications/unread/count',
  tag,
  operationId: 'countUnreadNotifications',
  summary: 'Count the unread notifications',
  description: "The caller's unread notifications, for the bell badge",
  security: bearer,
  middleware: [requireUser] as const,
  responses: responses(unreadCountSchema, 'How many are unread'),
});

export const send = route({
  method: 'post',
  path: '/notifications/send',
  tag,
  operationId: 'sendNotification',
  summary: 'Send a notification to every user',
  description:
    "Send a notification and an e-mail to every user (admin); 'Successfully sent notification'",
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { body: jsonBody(sendNotificationSchema) },
  responses: responses(sendResultSchema, 'How many users it reached'),
});

export const markRead = route({
  method: 'put',
  path: '/notifications/read/{id}',
  tag,
  operationId: 'markNotificationRead',
  summary: 'Mark a notification read',
  description: 'Mark an own notification read (again is fine)',
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: idParams },
  responses: responses(notificationSchema, 'The notification, read'),
});

export const remove = route({
  method: 'put',
  path: '/notifications/remove/{id}',
  tag,
  operationId: 'removeNotification',
  summary: 'Remove a notification',
  description: 'Remove an own notification from the lists',
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: idParams },
  responses: responses(nothing, 'Removed'),
});

export const get = route({
  method: 'get',
  path: '/notifications/{id}',
  tag,
  operationId: 'getNotification',
  summary: 'Get a notification',
  description: 'One own notification',
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: idParams },
  responses: responses(notificationSchema, 'The notification'),
});
