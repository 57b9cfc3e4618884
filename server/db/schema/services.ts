import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ModerationGround } from '#shared/schemas/trust.ts';
import { cities } from './reference.ts';
import { users } from './users.ts';

/** In-app notifications; typeId 1 info, 2 payment, 3 listing, 4 user. */
export const notifications = pgTable(
  'notifications',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    typeId: integer().notNull().default(1),
    title: text().notNull(),
    message: text().notNull(),
    isRead: boolean().notNull().default(false),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp({ withTimezone: true }),
    broadcastId: integer().references(() => notificationBroadcasts.id),
    /** When the push job sent it to the user's phone (only with Firebase configured). */
    pushedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.sentAt.desc()),
    index('notifications_unpushed_idx')
      .on(t.sentAt)
      .where(sql`${t.pushedAt} is null`),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.isRead} = false and ${t.removedAt} is null`),
  ],
);

/** An admin's message to every user; its e-mails leave in batches through the mail queue. */
export const notificationBroadcasts = pgTable('notification_broadcasts', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  typeId: integer().notNull(),
  title: text().notNull(),
  message: text().notNull(),
  mailMessage: text().notNull(),
  topic: text().notNull(),
  createdBy: integer().references(() => users.id),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Outgoing e-mail, sent by a background job (several instances share it with SKIP LOCKED). */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    /** Extra headers (List-Unsubscribe on alerts). */
    headers: jsonb().$type<Record<string, string>>(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sendAfter: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('mail_queue_pending_idx')
      .on(t.sendAfter)
      .where(sql`${t.sentAt} is null`),
  ],
);

export const ads = pgTable(
  'ads',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    title: text().notNull(),
    description: text().notNull(),
    url: text().notNull(),
    imageKey: text(),
    cityId: integer().references(() => cities.id),
    client: text().notNull(),
    daysActive: integer().notNull(),
    views: integer().notNull().default(0),
    clicks: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('ads_live_idx')
      .on(t.expiresAt)
      .where(sql`${t.isActive} = true`),
  ],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer().references(() => users.id),
    email: text().notNull(),
    phone: text().notNull().default(''),
    text: text().notNull(),
    replyMessage: text(),
    repliedAt: timestamp({ withTimezone: true }),
    repliedBy: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt.desc())],
);

/** Who did what in the back-office. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    adminId: integer()
      .notNull()
      .references(() => users.id),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: integer(),
    details: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * The denial and suspension reasons admins keep, offered in the deny and suspend dialogs; each on
 * a ground (illegal content or a term of use) that the owner's statement of reasons names.
 */
export const reasonTemplates = pgTable('reason_templates', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  kind: text().$type<'deny' | 'suspend'>().notNull(),
  text: text().notNull(),
  ground: text().$type<ModerationGround>().notNull().default('terms'),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Browsers that asked for web push (the site's account area): one row per push endpoint, owned by
 * whoever subscribed it last; the push job deletes a row its push service answers 404 or 410.
 */
export const webPushSubscriptions = pgTable(
  'web_push_subscriptions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text().notNull().unique(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('web_push_subscriptions_user_idx').on(t.userId)],
);
