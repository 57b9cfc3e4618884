import { and, eq, or, sql } from 'drizzle-orm';
import { conversationTexts } from '#shared/schemas/conversation.ts';
import type { Db } from '../db/client.ts';
import { conversations, userBlocks, users } from '../db/schema/index.ts';
import { notFound } from '../http/errors.ts';

/**
 * What other people see of a user in a conversation: the first name and the last name's initial
 * (a company: its name). Never an e-mail address or a phone number.
 */
export const displayName = sql<string>`case when ${users.deletedAt} is not null then 'Former user'
  else trim(${users.firstName} || ' ' || coalesce(nullif(left(${users.lastName}, 1), '') || '.', '')) end`;

export interface Party {
  id: number;
  listingId: number;
  buyerId: number;
  sellerId: number;
  role: 'buyer' | 'seller';
  otherId: number;
  /** The caller's last read message id. */
  readId: number;
}

/**
 * The conversation as one of its two parties sees it. Anyone else, an administrator included,
 * gets 404 as for a conversation that does not exist (administrators read through a report).
 */
export async function asParty(db: Db, callerId: number, id: number): Promise<Party> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
  if (!row || (row.buyerId !== callerId && row.sellerId !== callerId))
    throw notFound(conversationTexts.notFound);
  const buyer = row.buyerId === callerId;
  return {
    id: row.id,
    listingId: row.listingId,
    buyerId: row.buyerId,
    sellerId: row.sellerId,
    role: buyer ? 'buyer' : 'seller',
    otherId: buyer ? row.sellerId : row.buyerId,
    readId: buyer ? row.buyerReadId : row.sellerReadId,
  };
}

/** Who of the two blocked the other. */
export async function blocksBetween(db: Db, me: number, other: number) {
  const rows = await db
    .select({ blockerId: userBlocks.blockerId })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerId, me), eq(userBlocks.blockedId, other)),
        and(eq(userBlocks.blockerId, other), eq(userBlocks.blockedId, me)),
      ),
    );
  return {
    byMe: rows.some((r) => r.blockerId === me),
    byOther: rows.some((r) => r.blockerId === other),
  };
}
