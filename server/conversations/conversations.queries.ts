import { and, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type {
  Conversation,
  ConversationMessage,
  ConversationStart,
  ConversationSummary,
} from '#shared/schemas/conversation.ts';
import { conversationTexts } from '#shared/schemas/conversation.ts';
import type { Db } from '../db/client.ts';
import { conversationMessages, conversations, listings, users } from '../db/schema/index.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { LISTING_NOT_FOUND } from '../listings/details.ts';
import { cards, coverKey, isLive } from '../listings/listings.queries.ts';
import { cardUrl } from '../listings/photos.ts';
import { asParty, blocksBetween, displayName } from './parties.ts';

const INBOX_MAX = 200;
const HISTORY_MAX = 200;
const POLL_MAX = 500;

/** The caller's side: its read mark, and the other party's id. */
const mine = (callerId: number) => ({
  readId: sql`case when ${conversations.buyerId} = ${callerId} then ${conversations.buyerReadId} else ${conversations.sellerReadId} end`,
  otherId: sql`case when ${conversations.buyerId} = ${callerId} then ${conversations.sellerId} else ${conversations.buyerId} end`,
});

/** Messages of the other party after the caller's read mark, per conversation. */
const unreadIn = (callerId: number) => sql<number>`(
  select count(*)::int from ${conversationMessages}
  where ${conversationMessages.conversationId} = ${conversations.id}
    and ${conversationMessages.senderId} <> ${callerId}
    and ${conversationMessages.id} > ${mine(callerId).readId})`;

const lastMessage = sql<string>`(
  select ${conversationMessages.text} from ${conversationMessages}
  where ${conversationMessages.conversationId} = ${conversations.id}
  order by ${conversationMessages.id} desc limit 1)`;

const involves = (callerId: number) =>
  or(eq(conversations.buyerId, callerId), eq(conversations.sellerId, callerId));

/** The caller's conversations, latest activity first, with their unread counts. */
export async function inbox(db: Db, callerId: number): Promise<ConversationSummary[]> {
  const rows = await db
    .select({
      id: conversations.id,
      carId: listings.id,
      carTitle: listings.title,
      cover: coverKey,
      buyerId: conversations.buyerId,
      otherName: sql<string>`(select ${displayName} from ${users} where ${users.id} = ${mine(callerId).otherId})`,
      lastMessage,
      lastMessageAt: conversations.lastMessageAt,
      unread: unreadIn(callerId),
    })
    .from(conversations)
    .innerJoin(listings, eq(listings.id, conversations.listingId))
    .where(involves(callerId))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(INBOX_MAX);
  return rows.map((r) => ({
    id: r.id,
    carId: r.carId,
    carTitle: r.carTitle,
    carImage: r.cover ? cardUrl(r.cover) : null,
    role: r.buyerId === callerId ? 'buyer' : 'seller',
    otherName: r.otherName,
    lastMessage: r.lastMessage ?? '',
    lastMessageAt: r.lastMessageAt.toISOString(),
    unread: r.unread,
  }));
}

/** Unread messages over all the caller's conversations (the header's badge). */
export async function unreadCount(db: Db, callerId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${unreadIn(callerId)}), 0)::int` })
    .from(conversations)
    .where(involves(callerId));
  return row?.n ?? 0;
}

async function nameOf(db: Db, userId: number): Promise<string> {
  const [row] = await db.select({ name: displayName }).from(users).where(eq(users.id, userId));
  return row?.name ?? '';
}

/** One conversation with the car's card at the top, and whether the caller may write. */
export async function conversation(db: Db, callerId: number, id: number): Promise<Conversation> {
  const party = await asParty(db, callerId, id);
  const [[car], otherName, blocks] = await Promise.all([
    cards(db, eq(listings.id, party.listingId), undefined, 1),
    nameOf(db, party.otherId),
    blocksBetween(db, callerId, party.otherId),
  ]);
  return {
    id,
    role: party.role,
    otherName,
    car: car ?? null,
    blockedByMe: blocks.byMe,
    canWrite: !blocks.byMe && !blocks.byOther,
  };
}

/**
 * A conversation's messages, oldest first: the latest 200, or (polling) those after `after`.
 * The scam warning shows on the other party's messages only.
 */
export async function messagesOf(
  db: Db,
  callerId: number,
  id: number,
  after?: number,
): Promise<ConversationMessage[]> {
  await asParty(db, callerId, id);
  const inConversation = eq(conversationMessages.conversationId, id);
  const rows = await db
    .select()
    .from(conversationMessages)
    .where(after ? and(inConversation, gt(conversationMessages.id, after)) : inConversation)
    .orderBy(after ? conversationMessages.id : desc(conversationMessages.id))
    .limit(after ? POLL_MAX : HISTORY_MAX);
  if (!after) rows.reverse();
  return rows.map((m) => ({
    id: m.id,
    mine: m.senderId === callerId,
    text: m.text,
    warning: m.flagged && m.senderId !== callerId,
    sentAt: m.createdAt.toISOString(),
  }));
}

/** The buyer's compose screen: the live listing's card, its seller's name, an earlier conversation. */
export async function startInfo(
  db: Db,
  callerId: number,
  carId: number,
): Promise<ConversationStart> {
  const [car] = await cards(db, and(eq(listings.id, carId), isLive), undefined, 1);
  const [row] = await db
    .select({ sellerId: listings.userId })
    .from(listings)
    .where(and(eq(listings.id, carId), isLive));
  if (!car || !row) throw notFound(LISTING_NOT_FOUND);
  if (row.sellerId === callerId) throw badRequest(conversationTexts.ownListing);
  const [existing] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.listingId, carId), eq(conversations.buyerId, callerId)));
  return { conversationId: existing?.id ?? null, car, otherName: await nameOf(db, row.sellerId) };
}

/** The display names of some users (the back-office's reading of a report). */
export async function namesOf(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: users.id, name: displayName })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}
