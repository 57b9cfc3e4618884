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
import {
  bearer,
  idParams,
  jsonBody,
  nothing,
  responses,
  route,
  type RouteSpec,
} from '../http/openapi.ts';

/** A route of conversations: every one is for a logged-in caller. */
const conversationRoute = <P extends string, const R extends Omit<RouteSpec, 'tag'> & { path: P }>(
  spec: R,
) => route({ ...spec, tag: 'Conversations', security: bearer });

/** An administrator's route on the reports of conversations. */
const reportsRoute = <P extends string, const R extends Omit<RouteSpec, 'tag'> & { path: P }>(
  spec: R,
) => conversationRoute({ ...spec, middleware: [requireAdmin] as const });

/** What a party does to a conversation, answering nothing: PUT /conversations/{id}/<action>. */
const partyAction = <const A extends string>(
  action: A,
  doc: { operationId: string; summary: string; description: string; done: string },
) =>
  conversationRoute({
    method: 'put',
    path: `/conversations/{id}/${action}`,
    operationId: doc.operationId,
    summary: doc.summary,
    description: doc.description,
    request: { params: idParams },
    responses: responses(nothing, doc.done),
  });

export const inbox = conversationRoute({
  method: 'get',
  path: '/conversations',
  operationId: 'listConversations',
  summary: 'List my conversations',
  description:
    "The caller's conversations (as buyer and as seller), latest first, with unread counts",
  responses: responses(z.array(conversationSummarySchema), 'The inbox'),
});

export const start = conversationRoute({
  method: 'post',
  path: '/conversations',
  operationId: 'startConversation',
  summary: 'Message the seller of a listing',
  description:
    'Sends a message to the seller of a live listing, in the one conversation of this buyer and ' +
    'listing (opened by the first message). 400 on an own listing, 403 when blocked, 429 past the limits.',
  request: { body: jsonBody(startConversationSchema) },
  errors: [404, 429],
  responses: responses(
    z.object({ conversationId: z.number().int(), message: conversationMessageSchema }),
    'The message, and its conversation',
  ),
});

export const unreadCount = conversationRoute({
  method: 'get',
  path: '/conversations/unread/count',
  operationId: 'countUnreadMessages',
  summary: 'Count the unread messages',
  description: "Unread messages over all the caller's conversations, for the header's badge",
  responses: responses(conversationUnreadSchema, 'How many are unread'),
});

export const startInfo = conversationRoute({
  method: 'get',
  path: '/conversations/car/{carId}',
  operationId: 'getConversationStart',
  summary: 'Prepare a message to a seller',
  description:
    "The live listing's card, its seller's name and the caller's earlier conversation about it, if any",
  request: { params: z.object({ carId: idParam }) },
  responses: responses(conversationStartSchema, 'What the compose screen shows'),
});

export const reports = reportsRoute({
  method: 'get',
  path: '/conversations/reports',
  operationId: 'listConversationReports',
  summary: 'List reported conversations',
  description: 'Reports of conversations, open ones first (admin)',
  responses: responses(z.array(conversationReportSchema), 'The reports'),
});

export const report = reportsRoute({
  method: 'get',
  path: '/conversations/reports/{id}',
  operationId: 'getConversationReport',
  summary: 'Read a reported conversation',
  description: 'A report with every message of its conversation (admin)',
  request: { params: idParams },
  responses: responses(conversationReportDetailSchema, 'The report and the messages'),
});

export const resolveReport = reportsRoute({
  method: 'put',
  path: '/conversations/reports/{id}/resolve',
  operationId: 'resolveConversationReport',
  summary: 'Close a conversation report',
  description: 'Marks a report dealt with (admin; again is fine)',
  request: { params: idParams },
  responses: responses(conversationReportDetailSchema, 'The report, closed'),
});

export const get = conversationRoute({
  method: 'get',
  path: '/conversations/{id}',
  operationId: 'getConversation',
  summary: 'Get a conversation',
  description: "One of the caller's conversations, with the car's card and who may write",
  request: { params: idParams },
  responses: responses(conversationSchema, 'The conversation'),
});

export const messages = conversationRoute({
  method: 'get',
  path: '/conversations/{id}/messages',
  operationId: 'listConversationMessages',
  summary: 'Read the messages',
  description:
    'The latest 200 messages, oldest first; with `after`, only the messages after that id ' +
    '(the clients poll with it)',
  request: { params: idParams, query: messagesQuerySchema },
  responses: responses(z.array(conversationMessageSchema), 'The messages'),
});

export const reply = conversationRoute({
  method: 'post',
  path: '/conversations/{id}/messages',
  operationId: 'replyInConversation',
  summary: 'Write in a conversation',
  description:
    'A message to the other party; 403 when either blocked the other, 429 past the limit',
  request: { params: idParams, body: jsonBody(replySchema) },
  errors: [429],
  responses: responses(conversationMessageSchema, 'The message'),
});

export const markRead = partyAction('read', {
  operationId: 'markConversationRead',
  summary: 'Mark a conversation read',
  description: 'Marks every message of the conversation read for the caller',
  done: 'Read',
});

export const block = partyAction('block', {
  operationId: 'blockConversationParty',
  summary: 'Block the other party',
  description: 'The other party can no longer write to the caller, in any conversation',
  done: 'Blocked',
});

export const unblock = partyAction('unblock', {
  operationId: 'unblockConversationParty',
  summary: 'Unblock the other party',
  description: 'Lifts the caller’s block of the other party',
  done: 'Unblocked',
});

export const reportConversation = conversationRoute({
  method: 'post',
  path: '/conversations/{id}/report',
  operationId: 'reportConversation',
  summary: 'Report a conversation',
  description:
    'Reports the conversation to the administrators, who can then read it (one open report per party)',
  request: { params: idParams, body: jsonBody(reportConversationSchema) },
  errors: [409, 429],
  responses: responses(nothing, 'Reported'),
});
