import { idParam } from './envelope.ts';
import { carCardSchema } from './listing-display.ts';
import { conversationTexts } from '../conversations.ts';
import { moderationGrounds } from './trust.ts';
import { z } from './zod.ts';

export { conversationTexts };

const t = conversationTexts;
export const conversationMessageMax = 2000;
export const conversationReasonMin = 10;

const messageText = z
  .string({ error: t.enterMessage })
  .trim()
  .min(1, t.enterMessage)
  .max(conversationMessageMax, t.messageTooLong);

/** POST conversations: the first message to the seller of a listing (or the next, if one exists). */
export const startConversationSchema = z.object({ carId: idParam, text: messageText });
export type StartConversation = z.input<typeof startConversationSchema>;

export const replySchema = z.object({ text: messageText });

export const reportConversationSchema = z.object({
  reason: z
    .string({ error: t.enterReason })
    .trim()
    .min(conversationReasonMin, t.enterReason)
    .max(1000),
  /** Illegal content (a notice under the Digital Services Act) or a breach of the terms of use. */
  ground: z.enum(moderationGrounds, { error: 'Ground is illegal or terms' }).default('terms'),
});

/** GET conversations/{id}/messages?after=: only messages after that id (polling). */
export const messagesQuerySchema = z.object({
  after: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
});

/** Which side of the conversation the caller is on. */
export const conversationRoleSchema = z.enum(['buyer', 'seller']);

/** One row of the inbox. Only the other party's display name: never their contact data. */
export const conversationSummarySchema = z
  .object({
    id: z.number().int(),
    carId: z.number().int(),
    carTitle: z.string(),
    carImage: z.string().nullable(),
    role: conversationRoleSchema,
    otherName: z.string(),
    lastMessage: z.string(),
    lastMessageAt: z.string(),
    unread: z.number().int(),
  })
  .meta({ id: 'ConversationSummary' });
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

/** A message as one party sees it; `warning` is the scam warning, shown to the recipient only. */
export const conversationMessageSchema = z
  .object({
    id: z.number().int(),
    mine: z.boolean(),
    text: z.string(),
    warning: z.boolean(),
    sentAt: z.string(),
  })
  .meta({ id: 'ConversationMessage' });
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

export const conversationSchema = z
  .object({
    id: z.number().int(),
    role: conversationRoleSchema,
    otherName: z.string(),
    /** The car's card (null once the listing is gone). */
    car: carCardSchema.nullable(),
    blockedByMe: z.boolean(),
    /** The caller may write: neither party blocked the other. */
    canWrite: z.boolean(),
  })
  .meta({ id: 'Conversation' });
export type Conversation = z.infer<typeof conversationSchema>;

/** GET conversations/car/{carId}: what the buyer's compose screen shows before the first message. */
export const conversationStartSchema = z
  .object({
    conversationId: z.number().int().nullable(),
    car: carCardSchema,
    otherName: z.string(),
  })
  .meta({ id: 'ConversationStart' });
export type ConversationStart = z.infer<typeof conversationStartSchema>;

export const conversationUnreadSchema = z
  .object({ count: z.number().int() })
  .meta({ id: 'UnreadMessages' });

/** A message in the back-office's reading of a reported conversation: who sent it, by id and name. */
export const reportedMessageSchema = z
  .object({
    id: z.number().int(),
    senderId: z.number().int(),
    senderName: z.string(),
    text: z.string(),
    flagged: z.boolean(),
    sentAt: z.string(),
  })
  .meta({ id: 'ReportedMessage' });

export const conversationReportSchema = z
  .object({
    id: z.number().int(),
    conversationId: z.number().int(),
    carId: z.number().int(),
    carTitle: z.string(),
    buyerId: z.number().int(),
    buyerName: z.string(),
    sellerId: z.number().int(),
    sellerName: z.string(),
    reporterId: z.number().int(),
    reason: z.string(),
    createdAt: z.string(),
    resolvedAt: z.string().nullable(),
  })
  .meta({ id: 'ConversationReport' });
export type ConversationReport = z.infer<typeof conversationReportSchema>;

export const conversationReportDetailSchema = conversationReportSchema
  .extend({ messages: z.array(reportedMessageSchema) })
  .meta({ id: 'ConversationReportDetail' });
export type ConversationReportDetail = z.infer<typeof conversationReportDetailSchema>;
