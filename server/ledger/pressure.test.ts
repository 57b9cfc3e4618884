import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingTypeIds } from '#shared/promotion.ts';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { signUp, signUpAdmin } from '../../tests/support/factories.ts';
import { modelId } from '../../tests/support/listings.ts';
import { grant, walletOf } from '../../tests/support/money.ts';
import { listings, sandboxCheckouts, subscriptions, transactions } from '../db/schema/index.ts';
import { settle } from '../payments/payments.service.ts';
import { renewDue } from '../promotion/promotion.ts';

// Money under pressure. These races only really happen on PostgreSQL (PGlite runs one query at a
// time); the same assertions hold on both.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** Live Standard listings of `userId`, written straight to the table (photos play no part here). */
async function liveListings(userId: number, count: number) {
  const { makeId, modelId: model } = await modelId(ctx, 'Toyota', 'Yaris');
  const rows = await ctx.db
    .insert(listings)
    .values(
      Array.from({ length: count }, (_, i) => ({
        userId,
        state: 'ACTIVE' as const,
        listingTypeId: listingTypeIds.standard,
        makeId,
        modelId: model,
        title: `Yaris ${i}`,
        bodyId: 1,
        fuelId: 1,
        doorNumberId: 4,
        emissionClassId: 6,
        driveTrainId: 1,
        transmissionId: 2,
        steeringWheelSideId: 1,
        acTypeId: 2,
        originId: 1,
        colorId: 1,
        year: 2018,
        price: 9000 + i,
        currency: '€',
        cubics: 1300,
        power: 99,
        millage: 40000,
        publishedAt: new Date(),
      })),
    )
    .returning({ id: listings.id });
  return rows.map((r) => r.id);
}

describe('money under pressure', () => {
  it('100 parallel promotions against a balance that covers 7 charge exactly 7', async () => {
    const seller = await signUp(ctx);
    await grant(ctx, seller.userId, 7 * 50 - 50);
    const ids = await liveListings(seller.userId, 100);
    const results = await Promise.all(
      ids.map((carId) =>
        ctx
          .client(seller.accessToken)
          .call((r) => r.car.promote.$post({ json: { carId, listingTypeId: 2 } })),
      ),
    );
    expect(results.filter((r) => r.code === 0)).toHaveLength(7);
    expect(
      results
        .filter((r) => r.status === 409)
        .every((r) => r.message === 'You do not have enough credits'),
    ).toBe(true);
    expect(results.filter((r) => r.code !== 0)).toHaveLength(93);
    expect(await walletOf(ctx, seller.userId)).toEqual({ balance: 0, ledger: 0 });
    const charged = await ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.userId, seller.userId));
    expect(charged.filter((t) => t.typeId === 5)).toHaveLength(7);
    const promoted = await ctx.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, seller.userId));
    expect(promoted).toHaveLength(7);
  });

  it('50 parallel redemptions of one code by one user credit once', async () => {
    const admin = await signUpAdmin(ctx);
    const user = await signUp(ctx);
    const voucher = await ctx
      .client(admin.accessToken)
      .call((r) => r.voucher.add.$post({ json: { credits: 25, daysActive: 5 } }));
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        ctx
          .client(user.accessToken)
          .call((r) =>
            r.voucher.redeem.$post({ json: { userId: user.userId, code: voucher.data.code } }),
          ),
      ),
    );
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    // Already redeemed (409), or refused before trying: attempts count while they run (429).
    expect(results.filter((r) => r.status === 409 || r.status === 429)).toHaveLength(49);
    expect(await walletOf(ctx, user.userId)).toEqual({ balance: 75, ledger: 75 });
  });

  it('a payment settled by the provider and by checks at the same time credits once', async () => {
    const user = await signUp(ctx);
    const packs = await ctx.client(user.accessToken).call((r) => r.payment.packages.$get());
    const pack = packs.data[0]!;
    const created = await ctx
      .client(user.accessToken)
      .call((r) => r.payment.create.$post({ json: { userId: user.userId, paymentId: pack.id } }));
    const { sessionId, transactionId } = created.data;
    await ctx.db
      .update(sandboxCheckouts)
      .set({ status: 'paid' })
      .where(eq(sandboxCheckouts.sessionId, sessionId));
    await Promise.all([
      ...Array.from({ length: 10 }, () => settle(ctx.db, transactionId, 'paid')),
      ...Array.from({ length: 10 }, () =>
        ctx
          .client(user.accessToken)
          .call((r) => r.payment.transaction.check.$post({ json: { sessionId } })),
      ),
    ]);
    expect(await walletOf(ctx, user.userId)).toEqual({
      balance: 50 + pack.credits,
      ledger: 50 + pack.credits,
    });
  });

  it('the renewal job run twice at once charges once per period', async () => {
    const seller = await signUp(ctx);
    await grant(ctx, seller.userId, 1000);
    const ids = await liveListings(seller.userId, 5);
    for (const carId of ids) {
      expect(
        (
          await ctx
            .client(seller.accessToken)
            .call((r) => r.car.promote.$post({ json: { carId, listingTypeId: 2 } }))
        ).code,
      ).toBe(0);
    }
    const before = (await walletOf(ctx, seller.userId)).balance!;
    const later = new Date(Date.now() + 31 * 86_400_000);
    const [a, b] = await Promise.all([renewDue(ctx.db, later), renewDue(ctx.db, later)]);
    expect(a.renewed + b.renewed).toBe(5);
    expect(await walletOf(ctx, seller.userId)).toEqual({
      balance: before - 5 * 50,
      ledger: before - 5 * 50,
    });
    const again = await renewDue(ctx.db, later);
    expect(again).toEqual({ renewed: 0, expired: 0 });
  });
});
