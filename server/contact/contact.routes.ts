import { createRoute } from '@hono/zod-openapi';
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
import { bearer, jsonBody, responses } from '../http/openapi.ts';

const tags = ['Contact'];

export const send = createRoute({
  method: 'post',
  path: '/contact/send',
  tags,
  summary:
    "Send a message to support, signed in or not; at most 10 an hour per address; 'Message sent successfully'",
  request: { body: jsonBody(contactSchema) },
  responses: responses(z.object({ id: z.number().int() }), "'Message sent successfully'"),
});

export const messages = createRoute({
  method: 'post',
  path: '/contact/messages',
  tags,
  summary: 'Every message to support, newest first (admin)',
  description: listAnswerDescription,
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { query: listQuerySchema(adminSorts.messages) },
  responses: responses(listAnswerSchema(contactMessageSchema), 'The messages'),
});

export const reply = createRoute({
  method: 'post',
  path: '/contact/reply',
  tags,
  summary:
    "Answer a message once; the reply is e-mailed to the message's address (admin); 'Replied to message successfully'",
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { body: jsonBody(contactReplySchema) },
  responses: responses(contactMessageSchema, "'Replied to message successfully'"),
});
