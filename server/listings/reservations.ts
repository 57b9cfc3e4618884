import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { listingTypes, transactions, transactionTypes } from '../db/schema/index.ts';
import { post, record } from '../ledger/ledger.ts';

/**
 * A paid listing type's price is reserved when the listing is submitted ('Reserved Funds'), spent
 * when an admin approves it, and released when it is denied or withdrawn.
 */
export async function reserve(tx: Db, userId: number, listingId: number, listingTypeId: number) {
  const [type] = await tx.select().from(listingTypes).where(eq(listingTypes.id, listingTypeId));
  if (!type || type.price === 0) return;
  await record(
    tx,
    {
      userId,
      typeId: transactionTypes.reservedFunds,
      state: 'Reserved',
      credits: type.price,
      listingId,
      listingTypeId,
    },
    'charge',
    -type.price,
  );
}

async function openReservation(tx: Db, listingId: number) {
  const [row] = await tx
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.listingId, listingId),
        eq(transactions.typeId, transactionTypes.reservedFunds),
        eq(transactions.state, 'Reserved'),
      ),
    )
    .for('update');
  return row;
}

export const hasOpenReservation = async (tx: Db, listingId: number) =>
  Boolean(await openReservation(tx, listingId));

/** Gives the reserved credits back (denial, withdrawal); nothing when there is no reservation. */
export async function release(tx: Db, listingId: number) {
  const row = await openReservation(tx, listingId);
  if (!row) return;
  await post(tx, {
    userId: row.userId,
    transactionId: row.id,
    reason: 'release',
    credits: row.credits,
  });
  await tx
    .update(transactions)
    .set({ state: 'Released', updatedAt: new Date() })
    .where(eq(transactions.id, row.id));
}

/** Turns the reservation into the purchase ('Bought Listing'); returns it, or null for free types. */
export async function spend(tx: Db, listingId: number) {
  const row = await openReservation(tx, listingId);
  if (!row) return null;
  await tx
    .update(transactions)
    .set({ typeId: transactionTypes.boughtListing, state: 'Spent', updatedAt: new Date() })
    .where(eq(transactions.id, row.id));
  return row;
}
