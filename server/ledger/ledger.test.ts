import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { signUp } from '../../tests/support/factories.ts';
import { ledgerEntries, transactions, users } from '../db/schema/index.ts';
import { ApiError } from '../http/errors.ts';
import { INSUFFICIENT_CREDITS, post, record } from './ledger.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function wallet(userId: number) {
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

const newTransaction = async (userId: number, credits: number) => {
  const [row] = await ctx.db
    .insert(transactions)
    .values({ userId, typeId: 5, state: 'Done', credits })
    .returning({ id: transactions.id });
  return row!.id;
};

describe('the ledger', () => {
  it('keeps the balance equal to the sum of its entries', async () => {
    const { userId } = await signUp(ctx);
    await ctx.db.transaction((tx) =>
      record(tx, { userId, typeId: 3, state: 'Done', credits: 30 }, 'credit', 30),
    );
    expect(await wallet(userId)).toEqual({ balance: 80, ledger: 80 });
  });

  it('never lets a balance go below zero, and writes nothing when it refuses', async () => {
    const { userId } = await signUp(ctx);
    const id = await newTransaction(userId, 51);
    const attempt = ctx.db.transaction((tx) =>
      post(tx, { userId, transactionId: id, reason: 'charge', credits: -51 }),
    );
    await expect(attempt).rejects.toThrow(new ApiError(409, INSUFFICIENT_CREDITS));
    expect(await wallet(userId)).toEqual({ balance: 50, ledger: 50 });
  });

  it('moves money once per transaction and reason, however often it is asked', async () => {
    const { userId } = await signUp(ctx);
    const id = await newTransaction(userId, 10);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        ctx.db.transaction((tx) =>
          post(tx, { userId, transactionId: id, reason: 'charge', credits: -10 }),
        ),
      ),
    );
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect(await wallet(userId)).toEqual({ balance: 40, ledger: 40 });
  });

  it('lets exactly as many parallel charges through as the balance covers', async () => {
    const { userId } = await signUp(ctx);
    const ids = await Promise.all(Array.from({ length: 12 }, () => newTransaction(userId, 10)));
    const outcomes = await Promise.allSettled(
      ids.map((id) =>
        ctx.db.transaction((tx) =>
          post(tx, { userId, transactionId: id, reason: 'charge', credits: -10 }),
        ),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(5);
    expect(await wallet(userId)).toEqual({ balance: 0, ledger: 0 });
  });

  it('is append-only: an entry can be neither changed nor removed', async () => {
    const { userId } = await signUp(ctx);
    await expect(
      ctx.db.update(ledgerEntries).set({ credits: 1000 }).where(eq(ledgerEntries.userId, userId)),
    ).rejects.toThrow();
    await expect(
      ctx.db.delete(ledgerEntries).where(eq(ledgerEntries.userId, userId)),
    ).rejects.toThrow();
    expect(await wallet(userId)).toEqual({ balance: 50, ledger: 50 });
  });

  it('refuses a negative balance even when the code is bypassed', async () => {
    const { userId } = await signUp(ctx);
    await expect(
      ctx.db.update(users).set({ balance: -1 }).where(eq(users.id, userId)),
    ).rejects.toThrow();
  });
});
