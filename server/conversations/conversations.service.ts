import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { conversationTexts as t, type ConversationMessage } from '#shared/schemas/conversation.ts';
import type { Db } from '../db/client.ts';
import {
  conversationMessages,
  conversationReports,
  conversations,
  listings,
  userBlocks,
  users,
} from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import { bucket, throttle } from '../http/rate-limit.ts';
import { LISTING_NOT_FOUND } from '../listings/details.ts';
import { isLive } from '../listings/listings.queries.ts';
import { escapeHtml, notificationTypes, notify } from '../notifications/notify.ts';
import { asParty, blocksBetween, displayName, type Party } from './parties.ts';
import { looksLikeScam } from '../trust/scam.ts';
import { confirmReport } from '../trust/reporter-notices.ts';
import { reportNotices, type ModerationGround } from '#shared/schemas/trust.ts';

type Sender = Pick<Deps, 'db' | 'config'>;

const messagesBucket = (deps: Sender, userId: number) => ({
  ...bucket('messagesPerAccount', userId),
  max: deps.config.MESSAGES_PER_HOUR,
});

/**
 * The buyer's message to the seller of a live listing: into their conversation about it, which
 * is opened on the first message (one per listing and buyer; a race of two first messages meets
 * the unique key and both land in the same conversation).
 */
export async function start(
  deps: Sender,
  callerId: number,
  input: { carId: number; text: string },
): Promise<{ conversationId: number; message: ConversationMessage }> {
  const { db } = deps;
  const [listing] = await db
    .select({ sellerId: listings.userId })
    .from(listings)
    .where(and(eq(listings.id, input.carId), isLive));
  if (!listing) throw notFound(LISTING_NOT_FOUND);
  if (listing.sellerId === callerId) throw badRequest(t.ownListing);
  const blocks = await blocksBetween(db, callerId, listing.sellerId);
  if (blocks.byMe || blocks.byOther) throw forbidden(t.blocked);

  const find = () =>
    db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.listingId, input.carId), eq(conversations.buyerId, callerId)));
  let [row] = await find();
  if (!row) {
    await throttle(
      db,
      [
        { ...bucket('conversationsPerAccount', callerId), max: deps.config.CONVERSATIONS_PER_HOUR },
        messagesBucket(deps, callerId),
      ],
      t.tooMany,
    );
    await db
      .insert(conversations)
      .values({ listingId: input.carId, buyerId: callerId, sellerId: listing.sellerId })
      .onConflictDoNothing();
    [row] = await find();
    if (!row) throw new Error('The conversation was not saved');
    const party = await asParty(db, callerId, row.id);
    return { conversationId: row.id, message: await post(deps, party, callerId, input.text) };
  }
  return { conversationId: row.id, message: await reply(deps, callerId, row.id, input.text) };
}

/** A message in a conversation the caller is a party to, unless either party blocked the other. */
export async function reply(
  deps: Sender,
  callerId: number,
  id: number,
  text: string,
): Promise<ConversationMessage> {
  const party = await asParty(deps.db, callerId, id);
  const blocks = await blocksBetween(deps.db, callerId, party.otherId);
  if (blocks.byMe || blocks.byOther) throw forbidden(t.blocked);
  await throttle(deps.db, [messagesBucket(deps, callerId)], t.tooMany);
  return post(deps, party, callerId, text);
}

/**
 * Stores the message and moves the sender's read mark past it. The recipient is told (in-app,
 * e-mail, and the phone's push through the notification) only when this message is the first
 * they have not read in the conversation: a burst of messages makes one notice, not ten.
 */
async function post(
  deps: Sender,
  party: Party,
  callerId: number,
  text: string,
): Promise<ConversationMessage> {
  return deps.db.transaction(async (tx) => {
    const [conversation] = await tx
      .select()
      .from(conversations)
      .where(eq(conversations.id, party.id))
      .for('update');
    if (!conversation) throw notFound(t.notFound);
    const recipientReadId =
      party.role === 'buyer' ? conversation.sellerReadId : conversation.buyerReadId;
    const [waiting] = await tx
      .select({ id: conversationMessages.id })
      .from(conversationMessages)
      .where(
        and(
          eq(conversationMessages.conversationId, party.id),
          ne(conversationMessages.senderId, party.otherId),
          gt(conversationMessages.id, recipientReadId),
        ),
      )
      .limit(1);
    const [message] = await tx
      .insert(conversationMessages)
      .values({ conversationId: party.id, senderId: callerId, text, flagged: looksLikeScam(text) })
      .returning();
    if (!message) throw new Error('The message was not saved');
    await tx
      .update(conversations)
      .set({
        lastMessageAt: message.createdAt,
        ...(party.role === 'buyer' ? { buyerReadId: message.id } : { sellerReadId: message.id }),
      })
      .where(eq(conversations.id, party.id));
    if (!waiting) await tellRecipient(tx, deps.config.PUBLIC_URL, party, callerId);
    return {
      id: message.id,
      mine: true,
      text: message.text,
      warning: false,
      sentAt: message.createdAt.toISOString(),
    };
  });
}

async function tellRecipient(db: Db, publicUrl: string, party: Party, senderId: number) {
  const [about] = await db
    .select({
      title: listings.title,
      sender: sql<string>`(select ${displayName} from ${users} where ${users.id} = ${senderId})`,
    })
    .from(listings)
    .where(eq(listings.id, party.listingId));
  const title = about?.title ?? 'your listing';
  const sender = about?.sender ?? 'Someone';
  const path = `/messages?c=${party.id}`;
  await notify(db, party.otherId, {
    typeId: notificationTypes.user,
    title: `New message from ${sender}`,
    message: `<p>${escapeHtml(sender)} sent you a message about ${escapeHtml(title)}. <a href="${path}">Open the conversation</a></p>`,
    mail:
      `${sender} sent you a message about "${title}" on Spotted.\n\n` +
      `Read it and reply here: ${publicUrl}${path}\n\nSpotted`,
    mailIfConfirmed: true,
  });
}

/** Marks every message of the conversation read for the caller. */
export async function markRead(db: Db, callerId: number, id: number): Promise<void> {
  const party = await asParty(db, callerId, id);
  const latest = sql`greatest(${party.role === 'buyer' ? conversations.buyerReadId : conversations.sellerReadId},
    coalesce((select max(${conversationMessages.id}) from ${conversationMessages}
      where ${conversationMessages.conversationId} = ${id}), 0))`;
  await db
    .update(conversations)
    .set(party.role === 'buyer' ? { buyerReadId: latest } : { sellerReadId: latest })
    .where(eq(conversations.id, id));
}

/** The caller blocks the other party: they can no longer write to the caller anywhere. */
export async function block(db: Db, callerId: number, id: number): Promise<void> {
  const party = await asParty(db, callerId, id);
  await db
    .insert(userBlocks)
    .values({ blockerId: callerId, blockedId: party.otherId })
    .onConflictDoNothing();
}

export async function unblock(db: Db, callerId: number, id: number): Promise<void> {
  const party = await asParty(db, callerId, id);
  await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, callerId), eq(userBlocks.blockedId, party.otherId)));
}

/** A party reports the conversation to the administrators (one open report each). */
export async function report(
  db: Db,
  callerId: number,
  id: number,
  input: { reason: string; ground: ModerationGround },
): Promise<void> {
  const party = await asParty(db, callerId, id);
  await throttle(db, [bucket('reportsPerAccount', callerId)]);
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(conversationReports)
      .values({ conversationId: id, reporterId: callerId, ...input })
      .onConflictDoNothing()
      .returning({ id: conversationReports.id });
    if (!inserted.length) throw conflict(t.alreadyReported);
    const [listing] = await tx
      .select({ title: listings.title })
      .from(listings)
      .where(eq(listings.id, party.listingId));
    await confirmReport(
      tx,
      { userId: callerId, contact: null },
      reportNotices.conversation(listing?.title ?? ''),
      input.ground,
    );
  });
}
