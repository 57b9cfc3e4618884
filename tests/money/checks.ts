import { and, eq, inArray, sql } from 'drizzle-orm';
import { currentStates, subscriptionStates } from '#shared/promotion.ts';
import type { Db } from '../../server/db/client.ts';
import {
  ledgerEntries,
  listings,
  subscriptions,
  transactions,
  transactionTypes,
} from '../../server/db/schema/index.ts';
import { walletsOf } from '../support/money.ts';
import type { MoneyModel } from './model.ts';

/** What the database holds for the users of one run: what the model is compared with. */
export type Stored = Awaited<ReturnType<typeof readStored>>;

/** Balances and ledger sums, top-ups with their credit entries, listings, open reservations, current subscriptions. */
export async function readStored(db: Db, userIds: number[]) {
  const ofUsers = (column: typeof transactions.userId) => inArray(column, userIds);
  const [wallets, topUps, rows, reservations, current] = await Promise.all([
    walletsOf(db, userIds),
    db
      .select({
        id: transactions.id,
        userId: transactions.userId,
        state: transactions.state,
        entries: sql<number>`count(${ledgerEntries.id})::int`,
        credited: sql<number>`coalesce(sum(${ledgerEntries.credits}), 0)::int`,
      })
      .from(transactions)
      .leftJoin(
        ledgerEntries,
        and(eq(ledgerEntries.transactionId, transactions.id), eq(ledgerEntries.reason, 'credit')),
      )
      .where(and(ofUsers(transactions.userId), eq(transactions.typeId, transactionTypes.topUp)))
      .groupBy(transactions.id),
    db
      .select({ id: listings.id, state: listings.state, type: listings.listingTypeId })
      .from(listings)
      .where(inArray(listings.userId, userIds)),
    db
      .select({ listingId: transactions.listingId, credits: transactions.credits })
      .from(transactions)
      .where(
        and(
          ofUsers(transactions.userId),
          eq(transactions.typeId, transactionTypes.reservedFunds),
          eq(transactions.state, 'Reserved'),
        ),
      ),
    db
      .select({ listingId: subscriptions.listingId, state: subscriptions.typeId })
      .from(subscriptions)
      .where(
        and(inArray(subscriptions.userId, userIds), inArray(subscriptions.typeId, currentStates)),
      ),
  ]);
  return { wallets, topUps, listings: rows, reservations, subscriptions: current };
}

const subscriptionName = (state: number | undefined) =>
  state === subscriptionStates.active
    ? 'active'
    : state === subscriptionStates.canceled
      ? 'canceled'
      : null;

/**
 * Where the database and the model disagree (nothing: they agree). Every balance must be the
 * model's and the sum of its ledger, and not negative; every top-up must be credited exactly once
 * when paid and never otherwise; every listing, reservation and subscription must be the model's.
 */
export function differences(m: MoneyModel, userIds: number[], stored: Stored): string[] {
  const found: string[] = [];
  m.users.forEach((user, i) => {
    const wallet = stored.wallets.get(userIds[i] ?? -1);
    if (!wallet) return found.push(`user ${i} is not stored`);
    if (wallet.balance !== user.balance || wallet.ledger !== user.balance || wallet.balance < 0)
      found.push(
        `user ${i}: balance ${wallet.balance} and ledger sum ${wallet.ledger}, model ${user.balance}`,
      );
  });

  const topUps = new Map(stored.topUps.map((t) => [t.id, t]));
  if (stored.topUps.length !== m.payments.length)
    found.push(`${stored.topUps.length} top-ups stored, ${m.payments.length} in the model`);
  m.payments.forEach((payment, i) => {
    const row = topUps.get(payment.id);
    const credits = payment.state === 'Paid' ? payment.credits : 0;
    if (
      !row ||
      row.userId !== userIds[payment.owner] ||
      row.state !== payment.state ||
      row.entries !== (payment.state === 'Paid' ? 1 : 0) ||
      row.credited !== credits
    )
      found.push(
        `payment ${i} (${payment.id}): stored ${JSON.stringify(row)}, model ${payment.state} for ${credits}`,
      );
  });

  const rows = new Map(stored.listings.map((l) => [l.id, l]));
  const reserved = new Map<number | null, number[]>();
  for (const r of stored.reservations)
    reserved.set(r.listingId, [...(reserved.get(r.listingId) ?? []), r.credits]);
  const subscribed = new Map(stored.subscriptions.map((s) => [s.listingId, s.state]));
  const known = new Set<number>();
  m.listings.forEach((listing, i) => {
    known.add(listing.id);
    const row = rows.get(listing.id);
    if (listing.state === 'GONE') {
      if (row) found.push(`listing ${i} (${listing.id}) was removed but is stored as ${row.state}`);
      return;
    }
    if (!row || row.state !== listing.state || row.type !== listing.type)
      found.push(
        `listing ${i} (${listing.id}): stored ${JSON.stringify(row)}, model ${listing.state} type ${listing.type}`,
      );
    const held = reserved.get(listing.id) ?? [];
    if (held.join() !== (listing.reserved ? String(listing.reserved) : ''))
      found.push(
        `listing ${i} (${listing.id}): open reservations [${held.join()}], model ${listing.reserved}`,
      );
    const subscription = subscriptionName(subscribed.get(listing.id));
    if (subscription !== listing.subscription)
      found.push(
        `listing ${i} (${listing.id}): subscription ${subscription}, model ${listing.subscription}`,
      );
  });
  for (const row of stored.listings)
    if (!known.has(row.id)) found.push(`listing ${row.id} is stored but not in the model`);
  for (const [listingId, held] of reserved)
    if (listingId === null || !known.has(listingId))
      found.push(`open reservations [${held.join()}] of listing ${listingId}, not in the model`);
  return found;
}
