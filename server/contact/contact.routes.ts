import {
  contactMessageSchema,
  contactReplySchema,
  contactSchema,
} from '#shared/schemas/contact.ts';
import {
  adminSorts,
  listAnswerDescription,
  listAnswerSchema,
  listQuerySchema,
} from '#shared/schemas/list.ts';
import { z } from '#shared/schemas/zod.ts';
import { requireAdmin } from '../auth/guard.ts';
import { bearer, jsonBody, responses, route } from '../http/openapi.ts';

const tag = 'Contact';

export const send = route({
  method: 'post',
  path: '/contact/send',
  tag,
  operationId: 'sendContactMessage',
  summary: 'Send a message to support',
  description:
    "Send a message to support, signed in or not; at most 10 an hour per address; 'Message sent successfully'",
  errors: [429],
  request: { body: jsonBody(contactSchema) },
  responses: responses(z.object({ id: z.number().int() }), "'Message sent successfully'"),
});

export const messages = route({
  method: 'post',
  path: '/contact/messages',
  tag,
  operationId: 'listContactMessages',
  summary: 'Every message to support, newest first (admin)',
  description: listAnswerDescription,
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { query: listQuerySchema(adminSorts.messages) },
  responses: responses(listAnswerSchema(contactMessageSchema), 'The messages'),
});

export const reply = route({
  method: 'post',
  path: '/contact/reply',
  tag,
  operationId: 'replyToContactMessage',
  summary: 'Reply to a message',
  description:
    "Answer a message once; the reply is e-mailed to the message's address (admin); 'Replied to message successfully'",
  errors: [404, 409],
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { body: jsonBody(contactReplySchema) },
  responses: responses(contactMessageSchema, "'Replied to message successfully'"),
});
