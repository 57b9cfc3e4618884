import { idParam } from '#shared/schemas/envelope.ts';
import {
  conversationMessageSchema,
  conversationReportDetailSchema,
  conversationReportSchema,
  conversationSchema,
  conversationStartSchema,
  conversationSummarySchema,
  conversationUnreadSchema,
  messagesQuerySchema,
  replySchema,
  reportConversationSchema,
  startConversationSchema,
} from '#shared/schemas/conversation.ts';
import { z } from '#shared/schemas/zod.ts';
import { requireAdmin } from '../auth/guard.ts';
import { bearer, idParams, jsonBody, nothing, responses, route } from '../http/openapi.ts';

const tag = 'Conversations';

export const inbox = route({
  method: 'get',
  path: '/conversations',
  tag,
  operationId: 'listConversations',
  summary: 'List my conversations',
  description:
    "The caller's conversations (as buyer and as seller), latest first, with unread counts",
  security: bearer,
  responses: responses(z.array(conversationSummarySchema), 'The inbox'),
});

export const start = route({
  method: 'post',
  path: '/conversations',
  tag,
  operationId: 'startConversation',
  summary: 'Message the seller of a listing',
  description:
    'Sends a message to the seller of a live listing, in the one conversation of this buyer and ' +
    'listing (opened by the first message). 400 on an own listing, 403 when blocked, 429 past the limits.',
  security: bearer,
  request: { body: jsonBody(startConversationSchema) },
  errors: [404, 429],
  responses: responses(
    z.object({ conversationId: z.number().int(), message: conversationMessageSchema }),
    'The message, and its conversation',
  ),
});

export const unreadCount = route({
  method: 'get',
  path: '/conversations/unread/count',
  tag,
  operationId: 'countUnreadMessages',
  summary: 'Count the unread messages',
  description: "Unread messages over all the caller's conversations, for the header's badge",
  security: bearer,
  responses: responses(conversationUnreadSchema, 'How many are unread'),
});

export const startInfo = route({
  method: 'get',
  path: '/conversations/car/{carId}',
  tag,
  operationId: 'getConversationStart',
  summary: 'Prepare a message to a seller',
  description:
    "The live listing's card, its seller's name and the caller's earlier conversation about it, if any",
  security: bearer,
  request: { params: z.object({ carId: idParam }) },
  responses: responses(conversationStartSchema, 'What the compose screen shows'),
});

export const reports = route({
  method: 'get',
  path: '/conversations/reports',
  tag,
  operationId: 'listConversationReports',
  summary: 'List reported conversations',
  description: 'Reports of conversations, open ones first (admin)',
  security: bearer,
  middleware: [requireAdmin] as const,
  responses: responses(z.array(conversationReportSchema), 'The reports'),
});

export const report = route({
  method: 'get',
  path: '/conversations/reports/{id}',
  tag,
  operationId: 'getConversationReport',
  summary: 'Read a reported conversation',
  description: 'A report with every message of its conversation (admin)',
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { params: idParams },
  responses: responses(conversationReportDetailSchema, 'The report and the messages'),
});

export const resolveReport = route({
  method: 'put',
  path: '/conversations/reports/{id}/resolve',
  tag,
  operationId: 'resolveConversationReport',
  summary: 'Close a conversation report',
  description: 'Marks a report dealt with (admin; again is fine)',
  security: bearer,
  middleware: [requireAdmin] as const,
  request: { params: idParams },
  responses: responses(conversationReportDetailSchema, 'The report, closed'),
});

export const get = route({
  method: 'get',
  path: '/conversations/{id}',
  tag,
  operationId: 'getConversation',
  summary: 'Get a conversation',
  description: "One of the caller's conversations, with the car's card and who may write",
  security: bearer,
  request: { params: idParams },
  responses: responses(conversationSchema, 'The conversation'),
});

export const messages = route({
  method: 'get',
  path: '/conversations/{id}/messages',
  tag,
  operationId: 'listConversationMessages',
  summary: 'Read the messages',
  description:
    'The latest 200 messages, oldest first; with `after`, only the messages after that id ' +
    '(the clients poll with it)',
  security: bearer,
  request: { params: idParams, query: messagesQuerySchema },
  responses: responses(z.array(conversationMessageSchema), 'The messages'),
});

export const reply = route({
  method: 'post',
  path: '/conversations/{id}/messages',
  tag,
  operationId: 'replyInConversation',
  summary: 'Write in a conversation',
  description:
    'A message to the other party; 403 when either blocked the other, 429 past the limit',
  security: bearer,
  request: { params: idParams, body: jsonBody(replySchema) },
  errors: [429],
  responses: responses(conversationMessageSchema, 'The message'),
});

export const markRead = route({
  method: 'put',
  path: '/conversations/{id}/read',
  tag,
  operationId: 'markConversationRead',
  summary: 'Mark a conversation read',
  description: 'Marks every message of the conversation read for the caller',
  security: bearer,
  request: { params: idParams },
  responses: responses(nothing, 'Read'),
});

export const block = route({
  method: 'put',
  path: '/conversations/{id}/block',
  tag,
  operationId: 'blockConversationParty',
  summary: 'Block the other party',
  description: 'The other party can no longer write to the caller, in any conversation',
  security: bearer,
  request: { params: idParams },
  responses: responses(nothing, 'Blocked'),
});

export const unblock = route({
  method: 'put',
  path: '/conversations/{id}/unblock',
  tag,
  operationId: 'unblockConversationParty',
  summary: 'Unblock the other party',
  description: 'Lifts the caller’s block of the other party',
  security: bearer,
  request: { params: idParams },
  responses: responses(nothing, 'Unblocked'),
});

export const reportConversation = route({
  method: 'post',
  path: '/conversations/{id}/report',
  tag,
  operationId: 'reportConversation',
  summary: 'Report a conversation',
  description:
    'Reports the conversation to the administrators, who can then read it (one open report per party)',
  security: bearer,
  request: { params: idParams, body: jsonBody(reportConversationSchema) },
  errors: [409, 429],
  responses: responses(nothing, 'Reported'),
});
