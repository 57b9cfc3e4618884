import { count, eq, sql } from 'drizzle-orm';
import type { ContactMessage, contactReplySchema, contactSchema } from '#shared/schemas/contact.ts';
import type { adminSorts, ListPage, ListQuery } from '#shared/schemas/list.ts';
import type { z } from '#shared/schemas/zod.ts';
import { audit } from '../audit/audit.ts';
import type { Db } from '../db/client.ts';
import {
  byDescendingIndex,
  listPage,
  picked,
  orderOf,
  pageWindow,
  wantsPage,
  type SortColumn,
} from '../db/lists.ts';
import { configuration, contactMessages, mailQueue } from '../db/schema/index.ts';
import { conflict, notFound } from '../http/errors.ts';
import { bucket, throttle } from '../http/rate-limit.ts';

type Row = typeof contactMessages.$inferSelect;

const toMessage = (row: Row): ContactMessage => ({
  id: row.id,
  email: row.email,
  phone: row.phone,
  text: row.text,
  replyMessage: row.replyMessage,
  createdAt: row.createdAt.toISOString(),
  repliedAt: row.repliedAt?.toISOString() ?? null,
});

/**
 * Stores a message to support (with the user when signed in) and queues an e-mail with it to the
 * configured support address, in one transaction.
 */
export async function sendMessage(
  db: Db,
  input: z.output<typeof contactSchema>,
  from: { userId: number | null; ip: string },
): Promise<{ id: number }> {
  await throttle(db, [bucket('contactPerAddress', from.ip)]);
  return db.transaction(async (tx) => {
    const [message] = await tx
      .insert(contactMessages)
      .values({ userId: from.userId, email: input.email, phone: input.phone, text: input.text })
      .returning({ id: contactMessages.id });
    if (!message) throw new Error('insert into contact_messages returned no row');
    const [config] = await tx
      .select({ supportEmail: configuration.supportEmail })
      .from(configuration)
      .where(eq(configuration.id, 1));
    if (config?.supportEmail) {
      await tx.insert(mailQueue).values({
        to: config.supportEmail,
        subject: `Contact message #${message.id} from ${input.email}`,
        text: [
          `From: ${input.email}`,
          `Phone: ${input.phone || '-'}`,
          `User: ${from.userId === null ? 'not signed in' : `#${from.userId}`}`,
          '',
          input.text,
          '',
          'Reply from the back-office (Messages) so the answer is kept with the message.',
        ].join('\n'),
      });
    }
    return { id: message.id };
  });
}

export type MessageSort = (typeof adminSorts.messages)[number];

const messageSorts: Record<MessageSort, SortColumn> = {
  id: contactMessages.id,
  email: sql`lower(${contactMessages.email})`,
  phone: contactMessages.phone,
  text: sql`lower(${contactMessages.text})`,
  createdAt: byDescendingIndex(contactMessages.createdAt, contactMessages.id),
  // Unanswered first when ascending, as the list shows 'Reply now' before 'Show reply'.
  replyMessage: sql`${contactMessages.repliedAt} is not null`,
};

const newestFirst = byDescendingIndex(contactMessages.createdAt, contactMessages.id)('DESC');

/**
 * Every message, newest first; or, with any list parameter, one page and the total (`q` finds
 * an address, phone or text anywhere, or an id).
 */
export async function listMessages(
  db: Db,
  query: ListQuery<MessageSort> = {},
): Promise<ContactMessage[] | ListPage<ContactMessage>> {
  if (!wantsPage(query))
    return (
      await db
        .select()
        .from(contactMessages)
        .orderBy(...newestFirst)
    ).map(toMessage);
  const where = picked(query, contactMessages.id, [
    contactMessages.email,
    contactMessages.phone,
    contactMessages.text,
  ]);
  const { limit, offset } = pageWindow(query);
  return listPage(
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(...orderOf(query, messageSorts, contactMessages.id, newestFirst))
      .limit(limit)
      .offset(offset)
      .then((rows) => rows.map(toMessage)),
    db
      .select({ n: count() })
      .from(contactMessages)
      .where(where)
      .then(([row]) => row?.n ?? 0),
  );
}

/**
 * Answers a message once: the reply is stored with who sent it and when, e-mailed to the address
 * the message came from, and audited, all in one transaction. A second reply is a conflict.
 */
export async function replyToMessage(
  db: Db,
  adminId: number,
  input: z.output<typeof contactReplySchema>,
): Promise<ContactMessage> {
  return db.transaction(async (tx) => {
    const [message] = await tx
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, input.messageId))
      .for('update');
    if (!message) throw notFound('Message not found');
    if (message.repliedAt) throw conflict('This message has already been answered');
    const [updated] = await tx
      .update(contactMessages)
      .set({ replyMessage: input.text, repliedAt: new Date(), repliedBy: adminId })
      .where(eq(contactMessages.id, message.id))
      .returning();
    if (!updated) throw notFound('Message not found');
    await tx.insert(mailQueue).values({
      to: message.email,
      subject: 'Reply from Spotted support',
      text: [
        input.text,
        '',
        `On ${message.createdAt.toISOString().slice(0, 10)} you wrote:`,
        ...message.text.split('\n').map((line) => `> ${line}`),
      ].join('\n'),
    });
    await audit(tx, adminId, 'reply', 'contact_message', message.id, {
      email: message.email,
      reply: input.text,
    });
    return toMessage(updated);
  });
}
