import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ledgerEntries, transactions, users } from '../db/schema/index.ts';
import { conflict } from '../http/errors.ts';

export const INSUFFICIENT_CREDITS = 'You do not have enough credits';

export interface Entry {
  userId: number;
  transactionId: number;
  /** Why the money moves ('credit', 'charge', 'release', ...); once per transaction and reason. */
  reason: string;
  /** Signed: positive adds to the wallet, negative takes from it. */
  credits: number;
}

/**
 * Moves credits for one transaction, exactly once. Must run inside a database transaction: the
 * transaction row is locked, an entry already made for the same reason makes this a no-op, and
 * the balance changes by a conditional update that cannot go below zero, with its ledger row.
 */
export async function post(tx: Db, entry: Entry): Promise<{ balance: number; applied: boolean }> {
  await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(eq(transactions.id, entry.transactionId))
    .for('update');
  const [done] = await tx
    .select({ balanceAfter: ledgerEntries.balanceAfter })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.transactionId, entry.transactionId),
        eq(ledgerEntries.reason, entry.reason),
      ),
    );
  if (done) return { balance: await balanceOf(tx, entry.userId), applied: false };

  const [wallet] = await tx
    .update(users)
    .set({ balance: sql`${users.balance} + ${entry.credits}` })
    .where(and(eq(users.id, entry.userId), sql`${users.balance} + ${entry.credits} >= 0`))
    .returning({ balance: users.balance });
  if (!wallet) throw conflict(INSUFFICIENT_CREDITS);
  await tx.insert(ledgerEntries).values({ ...entry, balanceAfter: wallet.balance });
  return { balance: wallet.balance, applied: true };
}

export async function balanceOf(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ balance: users.balance }).from(users).where(eq(users.id, userId));
  return row?.balance ?? 0;
}

/** Records a transaction the user sees and moves its credits in the same database transaction. */
export async function record(
  tx: Db,
  values: typeof transactions.$inferInsert,
  reason: string,
  signedCredits: number,
): Promise<{ transactionId: number; balance: number }> {
  const [row] = await tx.insert(transactions).values(values).returning({ id: transactions.id });
  if (!row) throw new Error('transaction insert returned nothing');
  const { balance } = await post(tx, {
    userId: values.userId,
    transactionId: row.id,
    reason,
    credits: signedCredits,
  });
  return { transactionId: row.id, balance };
}

/**
 * Adds a transaction's credits to its owner's wallet (at most once for `reason`) and closes it in
 * `state`: a paid top-up, a released reservation. Runs inside the caller's database transaction.
 */
export async function credit(
  tx: Db,
  row: Pick<typeof transactions.$inferSelect, 'id' | 'userId' | 'credits'>,
  reason: string,
  state: string,
) {
  await post(tx, { userId: row.userId, transactionId: row.id, reason, credits: row.credits });
  await tx
    .update(transactions)
    .set({ state, updatedAt: new Date() })
    .where(eq(transactions.id, row.id));
}
