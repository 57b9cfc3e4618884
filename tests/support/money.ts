import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import { ledgerEntries, transactionTypes, users } from '../../server/db/schema/index.ts';
import { record } from '../../server/ledger/ledger.ts';
import type { TestContext } from './context.ts';

/** Credits a user through the ledger (as a voucher would), so balance and ledger stay equal. */
export async function grant(ctx: TestContext, userId: number, credits: number) {
  await ctx.db.transaction((tx) =>
    record(
      tx,
      { userId, typeId: transactionTypes.voucher, state: 'Done', credits },
      'credit',
      credits,
    ),
  );
}

/** The stored balance and the sum of the user's ledger entries: they must always be equal. */
export async function walletOf(ctx: TestContext, userId: number) {
  const [user] = await ctx.db
    .select({ balance: users.balance })
    .from(users)
    .where(eq(users.id, userId));
  const [sum] = await ctx.db
    .select({ total: sql<number>`coalesce(sum(${ledgerEntries.credits}), 0)::int` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  return { balance: user?.balance, ledger: sum?.total };
}

/** `walletOf` for many users in one query: each user's stored balance and ledger sum, by id. */
export async function walletsOf(db: Db, userIds: number[]) {
  const rows = await db
    .select({
      userId: users.id,
      balance: users.balance,
      ledger: sql<number>`coalesce(sum(${ledgerEntries.credits}), 0)::int`,
    })
    .from(users)
    .leftJoin(ledgerEntries, eq(ledgerEntries.userId, users.id))
    .where(inArray(users.id, userIds))
    .groupBy(users.id);
  return new Map(rows.map((r) => [r.userId, { balance: r.balance, ledger: r.ledger }]));
}
