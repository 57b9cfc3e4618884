import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ModerationGround } from '#shared/schemas/trust.ts';
import { listings } from './listings.ts';
import { users } from './users.ts';

/**
 * A buyer's conversation with a seller about one listing: one per (listing, buyer). Each party's
 * last read message id makes the unread count (messages of the other party after it).
 */
export const conversations = pgTable(
  'conversations',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    listingId: integer()
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    buyerId: integer()
      .notNull()
      .references(() => users.id),
    sellerId: integer()
      .notNull()
      .references(() => users.id),
    buyerReadId: integer().notNull().default(0),
    sellerReadId: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_listing_buyer_key').on(t.listingId, t.buyerId),
    index('conversations_buyer_idx').on(t.buyerId, t.lastMessageAt.desc()),
    index('conversations_seller_idx').on(t.sellerId, t.lastMessageAt.desc()),
  ],
);

/** The messages of a conversation; `flagged` when the scam check warned about it. */
export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    conversationId: integer()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: integer()
      .notNull()
      .references(() => users.id),
    text: text().notNull(),
    flagged: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('conversation_messages_conversation_idx').on(t.conversationId, t.id)],
);

/** Who blocked whom: a blocked user cannot write to the blocker in any conversation. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: integer()
      .notNull()
      .references(() => users.id),
    blockedId: integer()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] })],
);

/** A party's report of a conversation; the back-office reads the conversation through it. */
export const conversationReports = pgTable(
  'conversation_reports',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    conversationId: integer()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    reporterId: integer()
      .notNull()
      .references(() => users.id),
    reason: text().notNull(),
    /** What the report says is wrong: illegal content, or a breach of the terms of use. */
    ground: text().$type<ModerationGround>().notNull().default('terms'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('conversation_reports_open_idx')
      .on(t.createdAt)
      .where(sql`${t.resolvedAt} is null`),
    uniqueIndex('conversation_reports_one_open_per_reporter')
      .on(t.conversationId, t.reporterId)
      .where(sql`${t.resolvedAt} is null`),
  ],
);
