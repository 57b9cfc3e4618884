import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/schemas/auth.ts';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { signUp, signUpAdmin } from '../../tests/support/factories.ts';
import { liveListing, submitListing } from '../../tests/support/listings.ts';
import {
  notifications,
  subscriptionPeriods,
  subscriptions,
  transactions,
} from '../db/schema/index.ts';
import { renewDue } from '../promotion/promotion.ts';
import { balanceSeenBy, statusOf } from '../../tests/support/calls.ts';
import { walletOf } from '../../tests/support/money.ts';

const DAY = 86_400_000;

let ctx: TestContext;
let admin: Session;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx);
});
afterAll(() => ctx.close());

const promote = (user: Session | undefined, carId: number, listingTypeId?: number | null) =>
  ctx
    .client(user?.accessToken)
    .call((r) => r.car.promote.$post({ json: { carId, listingTypeId } }));

const balance = (user: Session) => balanceSeenBy(ctx, user);

/** The stored balance always equals the sum of the user's ledger entries. */
async function expectLedgerMatches(user: Session) {
  const { balance: stored, ledger } = await walletOf(ctx, user.userId);
  expect(stored).toBe(ledger);
  return stored;
}

async function mySubscriptions(user: Session, filterType: number | null = null) {
  const res = await ctx.client(user.accessToken).call((r) =>
    r.subscription.user[':userId'].$post({
      param: { userId: String(user.userId) },
      json: { filterType },
    }),
  );
  expect(res.code).toBe(0);
  return res.data;
}

async function subscriptionOf(user: Session, carId: number) {
  const mine = (await mySubscriptions(user)).filter((s) => s.carId === carId);
  return mine[0];
}

const car = async (id: number, token?: string) =>
  (await ctx.client(token).call((r) => r.car[':id'].$get({ param: { id: String(id) } }))).data;

async function transactionsOf(user: Session) {
  const res = await ctx.client(user.accessToken).call((r) =>
    r.payment.transactions[':userId'].$post({
      param: { userId: String(user.userId) },
      json: { pageNumber: 1, pageSize: 500 },
    }),
  );
  return res.data.transactions;
}

const history = (carId: number, token?: string) =>
  ctx
    .client(token)
    .call((r) => r.subscription.history.car[':carId'].$post({ param: { carId: String(carId) } }));

const noticesOf = (user: Session, title: string) =>
  ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, user.userId), eq(notifications.title, title)));

const periodsOf = (carId: number) =>
  ctx.db.select().from(subscriptionPeriods).where(eq(subscriptionPeriods.listingId, carId));

const later = () => new Date(Date.now() + 31 * DAY);

describe('promoting a listing', () => {
  it("promotes an active Standard listing to Featured: 'Successfully promoted listing'", async () => {
    const seller = await signUp(ctx);
    const id = await liveListing(ctx, seller.accessToken, admin.accessToken);
    expect((await car(id)).listingTypeId).toBe(3);

    const res = await promote(seller, id, 2);
    expect(res).toMatchObject({
      code: 0,
      message: 'Successfully promoted listing',
      data: { listingTypeId: 2, charged: 50 },
    });
    expect(await balance(seller)).toBe(0);
    expect(await expectLedgerMatches(seller)).toBe(0);
    expect(await car(id)).toMatchObject({ listingTypeId: 2, typeName: 'Featured' });

    const paid = (await transactionsOf(seller)).filter((t) => t.typeId === 5);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ typeId: 5, state: 'Done', credits: 50, listingId: id });

    const sub = await subscriptionOf(seller, id);
    expect(sub).toMatchObject({
      carId: id,
      type: 1,
      typeName: 'Active',
      listingTypeId: 2,
      listingTypeName: 'Featured',
      credits: 50,
      brand: 'Toyota',
      model: 'Yaris',
    });
    const days = (Date.parse(sub!.expiryDate) - Date.now()) / DAY;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('upgrades Featured to Premium for the difference, keeping one subscription', async () => {
    const dealer = await signUp(ctx, 'company');
    const id = await liveListing(ctx, dealer.accessToken, admin.accessToken);
    expect((await promote(dealer, id, 2)).code).toBe(0);
    expect(await balance(dealer)).toBe(150);

    const res = await promote(dealer, id, 1);
    expect(res).toMatchObject({ code: 0, data: { listingTypeId: 1, charged: 50 } });
    expect(await balance(dealer)).toBe(100);
    expect(await expectLedgerMatches(dealer)).toBe(100);
    expect(await car(id)).toMatchObject({ listingTypeId: 1, typeName: 'Premium' });
    const subs = (await mySubscriptions(dealer)).filter((s) => s.carId === id);
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ type: 1, listingTypeId: 1, credits: 100 });
    const paid = (await transactionsOf(dealer)).filter((t) => t.typeId === 5);
    expect(paid.map((t) => t.credits).sort()).toEqual([50, 50]);
  });

  it('refuses what the promotion rules forbid, and charges nothing', async () => {
    const dealer = await signUp(ctx, 'company');
    const other = await signUp(ctx, 'company');
    const featured = await liveListing(ctx, dealer.accessToken, admin.accessToken);
    expect((await promote(dealer, featured, 2)).code).toBe(0);
    const premium = await liveListing(ctx, dealer.accessToken, admin.accessToken);
    expect((await promote(dealer, premium, 1)).code).toBe(0);
    const pending = await submitListing(ctx, dealer.accessToken);
    const before = await balance(dealer);
    expect(before).toBe(50);

    expect((await promote(other, featured, 1)).status).toBe(403);
    expect((await promote(dealer, pending, 2)).status).toBe(400);
    expect((await promote(dealer, premium, 1)).status).toBe(400);
    expect((await promote(dealer, featured, 2)).status).toBe(400);
    expect((await promote(dealer, featured, 3)).status).toBe(400);
    expect((await promote(dealer, 999_999, 1)).status).toBe(404);
    expect(await promote(dealer, featured, null)).toMatchObject({
      status: 400,
      message: 'You have to choose listing type',
    });
    // Without a listing type, which the typed client cannot send.
    expect(
      await ctx.request('POST', '/api/car/promote', {
        body: { carId: featured },
        token: dealer.accessToken,
      }),
    ).toMatchObject({ status: 400, message: 'You have to choose listing type' });
    expect((await promote(undefined, featured, 1)).status).toBe(401);

    expect(await balance(dealer)).toBe(before);
    expect(await expectLedgerMatches(dealer)).toBe(before);
    expect(await balance(other)).toBe(200);
    expect((await car(featured)).listingTypeId).toBe(2);
    expect((await car(premium)).listingTypeId).toBe(1);
  });

  it("refuses a promotion the balance does not cover: 'You do not have enough credits'", async () => {
    const seller = await signUp(ctx);
    const id = await liveListing(ctx, seller.accessToken, admin.accessToken);
    const res = await promote(seller, id, 1);
    expect(res).toMatchObject({ status: 409, message: 'You do not have enough credits' });
    expect(await balance(seller)).toBe(50);
    expect(await expectLedgerMatches(seller)).toBe(50);
    expect((await car(id)).listingTypeId).toBe(3);
    expect(await mySubscriptions(seller)).toEqual([]);
    expect((await transactionsOf(seller)).filter((t) => t.typeId === 5)).toEqual([]);
    expect(await periodsOf(id)).toEqual([]);
  });

  it('charges once when the same promotion is sent many times at once', async () => {
    const dealer = await signUp(ctx, 'company');
    const id = await liveListing(ctx, dealer.accessToken, admin.accessToken);
    const results = await Promise.all(Array.from({ length: 6 }, () => promote(dealer, id, 2)));
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    expect(await balance(dealer)).toBe(150);
    expect(await expectLedgerMatches(dealer)).toBe(150);
    expect(await periodsOf(id)).toHaveLength(1);
  });
});

describe('subscriptions', () => {
  it('lists by filter: 1 active, 2 expired, 3 canceled, null all; for the user or an admin', async () => {
    const dealer = await signUp(ctx, 'company');
    const expiring = await liveListing(ctx, dealer.accessToken, admin.accessToken);
    await promote(dealer, expiring, 2);
    await ctx
      .client(dealer.accessToken)
      .call((r) => r.subscription.cancel[':carId'].$put({ param: { carId: String(expiring) } }));
    await renewDue(ctx.db, later());

    const activeCar = await liveListing(ctx, dealer.accessToken, admin.accessToken);
    await promote(dealer, activeCar, 2);
    const canceledCar = await liveListing(ctx, dealer.accessToken, admin.accessToken);
    await promote(dealer, canceledCar, 1);
    await ctx
      .client(dealer.accessToken)
      .call((r) => r.subscription.cancel[':carId'].$put({ param: { carId: String(canceledCar) } }));

    const ids = (list: Awaited<ReturnType<typeof mySubscriptions>>) => list.map((s) => s.carId);
    expect(ids(await mySubscriptions(dealer, 1))).toEqual([activeCar]);
    expect(ids(await mySubscriptions(dealer, 2))).toEqual([expiring]);
    expect(ids(await mySubscriptions(dealer, 3))).toEqual([canceledCar]);
    expect(ids(await mySubscriptions(dealer, null))).toEqual([canceledCar, activeCar, expiring]);
    expect((await mySubscriptions(dealer, 2))[0]).toMatchObject({ type: 2, typeName: 'Expired' });
    expect((await mySubscriptions(dealer, 3))[0]).toMatchObject({
      type: 3,
      typeName: 'Canceled',
      listingTypeId: 1,
      listingTypeName: 'Premium',
      credits: 100,
    });

    const asAdmin = await ctx.client(admin.accessToken).call((r) =>
      r.subscription.user[':userId'].$post({
        param: { userId: String(dealer.userId) },
        json: { filterType: null },
      }),
    );
    expect(asAdmin.data).toHaveLength(3);
    const stranger = await signUp(ctx);
    expect(
      await statusOf(ctx, stranger.accessToken, (r) =>
        r.subscription.user[':userId'].$post({
          param: { userId: String(dealer.userId) },
          json: { filterType: null },
        }),
      ),
    ).toBe(403);
    expect(
      await statusOf(ctx, undefined, (r) =>
        r.subscription.user[':userId'].$post({
          param: { userId: String(dealer.userId) },
          json: { filterType: null },
        }),
      ),
    ).toBe(401);
  });

  it('shows one subscription to its owner and admins only', async () => {
    const seller = await signUp(ctx);
    const id = await liveListing(ctx, seller.accessToken, admin.accessToken);
    await promote(seller, id, 2);
    const sub = await subscriptionOf(seller, id);
    const own = await ctx
      .client(seller.accessToken)
      .call((r) => r.subscription[':id'].$get({ param: { id: String(sub!.id) } }));
    expect(own).toMatchObject({ code: 0, data: { id: sub!.id, carId: id, type: 1 } });
    expect(
      (
        await ctx
          .client(admin.accessToken)
          .call((r) => r.subscription[':id'].$get({ param: { id: String(sub!.id) } }))
      ).code,
    ).toBe(0);
    const stranger = await signUp(ctx);
    expect(
      await statusOf(ctx, stranger.accessToken, (r) =>
        r.subscription[':id'].$get({ param: { id: String(sub!.id) } }),
      ),
    ).toBe(404);
    expect(
      await statusOf(ctx, seller.accessToken, (r) =>
        r.subscription[':id'].$get({ param: { id: '999999' } }),
      ),
    ).toBe(404);
    expect(
      await statusOf(ctx, undefined, (r) =>
        r.subscription[':id'].$get({ param: { id: String(sub!.id) } }),
      ),
    ).toBe(401);
  });

  it('keeps the history of paid periods, newest first, with the card data', async () => {
    const dealer = await signUp(ctx, 'company');
    const id = await liveListing(ctx, dealer.accessToken, admin.accessToken);
    await promote(dealer, id, 2);
    await promote(dealer, id, 1);
    const res = await history(id, dealer.accessToken);
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      brand: 'Toyota',
      model: 'Yaris',
      title: 'Toyota Yaris 1.3 automatic, one owner',
      price: 9500,
      history: [
        { listingTypeId: 1, listingTypeName: 'Premium', credits: 50 },
        { listingTypeId: 2, listingTypeName: 'Featured', credits: 50 },
      ],
    });
    expect(res.data.image).toEqual(expect.any(String));
    const [newest, oldest] = res.data.history;
    expect(Date.parse(newest!.createdDate)).toBeGreaterThanOrEqual(Date.parse(oldest!.createdDate));

    expect((await history(id, admin.accessToken)).code).toBe(0);
    const stranger = await signUp(ctx);
    expect((await history(id, stranger.accessToken)).status).toBe(403);
    expect((await history(id)).status).toBe(401);
    const plain = await liveListing(ctx, dealer.accessToken, admin.accessToken);
    expect((await history(plain, dealer.accessToken)).data.history).toEqual([]);
  });

  it("cancels and reactivates: 'Cancelled subscription', 'Reactivated subscription'", async () => {
    const seller = await signUp(ctx);
    const id = await liveListing(ctx, seller.accessToken, admin.accessToken);
    await promote(seller, id, 2);
    const expiry = (await subscriptionOf(seller, id))!.expiryDate;

    const cancelled = await ctx
      .client(seller.accessToken)
      .call((r) => r.subscription.cancel[':carId'].$put({ param: { carId: String(id) } }));
    expect(cancelled).toMatchObject({ code: 0, message: 'Cancelled subscription' });
    expect(await subscriptionOf(seller, id)).toMatchObject({
      type: 3,
      typeName: 'Canceled',
      expiryDate: expiry,
    });
    // Still promoted until it expires.
    expect(await car(id)).toMatchObject({ listingTypeId: 2, typeName: 'Featured' });
    expect(
      await statusOf(ctx, seller.accessToken, (r) =>
        r.subscription.cancel[':carId'].$put({ param: { carId: String(id) } }),
      ),
    ).toBe(400);

    const reactivated = await ctx
      .client(seller.accessToken)
      .call((r) => r.subscription.reactivate[':carId'].$put({ param: { carId: String(id) } }));
    expect(reactivated).toMatchObject({ code: 0, message: 'Reactivated subscription' });
    expect(await subscriptionOf(seller, id)).toMatchObject({ type: 1, expiryDate: expiry });
    expect(
      await statusOf(ctx, seller.accessToken, (r) =>
        r.subscription.reactivate[':carId'].$put({ param: { carId: String(id) } }),
      ),
    ).toBe(400);
    expect(await balance(seller)).toBe(0);
  });

  it('lets only the owner (or an admin) cancel or reactivate', async () => {
    const seller = await signUp(ctx);
    const id = await liveListing(ctx, seller.accessToken, admin.accessToken);
    await promote(seller, id, 2);
    const stranger = await signUp(ctx);
    expect(
      await statusOf(ctx, stranger.accessToken, (r) =>
        r.subscription.cancel[':carId'].$put({ param: { carId: String(id) } }),
      ),
    ).toBe(403);
    expect(
      await statusOf(ctx, undefined, (r) =>
        r.subscription.cancel[':carId'].$put({ param: { carId: String(id) } }),
      ),
    ).toBe(401);
    expect(
      await statusOf(ctx, undefined, (r) =>
        r.subscription.reactivate[':carId'].$put({ param: { carId: String(id) } }),
      ),
    ).toBe(401);
    expect((await subscriptionOf(seller, id))?.type).toBe(1);
    const plain = await liveListing(ctx, seller.accessToken, admin.accessToken);
    expect(
      await statusOf(ctx, seller.accessToken, (r) =>
        r.subscription.cancel[':carId'].$put({ param: { carId: String(plain) } }),
      ),
    ).toBe(400);
    expect(
      await statusOf(ctx, seller.accessToken, (r) =>
        r.subscription.cancel[':carId'].$put({ param: { carId: '999999' } }),
      ),
    ).toBe(404);
  });
});

describe('the renewal job', () => {
  it('renews an active subscription once from the balance, with history, transaction and notice', async () => {
    const dealer = await signUp(ctx, 'company');
    const id = await liveListing(ctx, dealer.accessToken, admin.accessToken);
    await promote(dealer, id, 2);
    const before = (await subscriptionOf(dealer, id))!;
    expect(await balance(dealer)).toBe(150);

    await renewDue(ctx.db, later());
    const after = (await subscriptionOf(dealer, id))!;
    expect(after).toMatchObject({ id: before.id, type: 1, listingTypeId: 2, credits: 50 });
    expect(Date.parse(after.expiryDate) - Date.parse(before.expiryDate)).toBe(30 * DAY);
    expect(await balance(dealer)).toBe(100);
    expect(await expectLedgerMatches(dealer)).toBe(100);
    expect((await car(id)).listingTypeId).toBe(2);

    const renewal = (await transactionsOf(dealer)).filter((t) => t.typeId === 8);
    expect(renewal).toHaveLength(1);
    expect(renewal[0]).toMatchObject({
      typeName: 'Subscription Renewal',
      state: 'Done',
      credits: 50,
      listingId: id,
    });
    const periods = (await history(id, dealer.accessToken)).data.history;
    expect(periods).toHaveLength(2);
    expect(periods[0]).toMatchObject({
      listingTypeId: 2,
      listingTypeName: 'Featured',
      credits: 50,
    });
    expect(await noticesOf(dealer, 'Promotion renewed')).toHaveLength(1);
  });

  it('names the listing in its notices as text, whatever its title holds', async () => {
    const dealer = await signUp(ctx, 'company');
    const title = 'Golf <b>GTI</b> & "clean"';
    const id = await liveListing(ctx, dealer.accessToken, admin.accessToken, { title });
    await promote(dealer, id, 2);
    await renewDue(ctx.db, later());
    const escaped = 'Golf &lt;b&gt;GTI&lt;/b&gt; &amp; &quot;clean&quot;';
    const [renewed] = await noticesOf(dealer, 'Promotion renewed');
    expect(renewed?.message).toContain(escaped);
    await ctx
      .client(dealer.accessToken)
      .call((r) => r.subscription.cancel[':carId'].$put({ param: { carId: String(id) } }));
    await renewDue(ctx.db, new Date(Date.now() + 62 * DAY));
    const [ended] = await noticesOf(dealer, 'Promotion ended');
    expect(ended?.message).toContain(escaped);
  });

  it('expires a canceled subscription: the listing is Standard again', async () => {
    const dealer = await signUp(ctx, 'company');
    const id = await liveListing(ctx, dealer.accessToken, admin.accessToken);
    await promote(dealer, id, 1);
    await ctx
      .client(dealer.accessToken)
      .call((r) => r.subscription.cancel[':carId'].$put({ param: { carId: String(id) } }));

    await renewDue(ctx.db, later());
    expect(await subscriptionOf(dealer, id)).toMatchObject({ type: 2, typeName: 'Expired' });
    expect(await car(id)).toMatchObject({ listingTypeId: 3, typeName: 'Standard' });
    expect(await balance(dealer)).toBe(100);
    expect(await expectLedgerMatches(dealer)).toBe(100);
    expect((await transactionsOf(dealer)).filter((t) => t.typeId === 8)).toEqual([]);
    const [notice] = await noticesOf(dealer, 'Promotion ended');
    expect(notice?.message).toContain('was canceled');
    expect((await periodsOf(id)).length).toBe(1);

    // 'Renew' an expired one: promote the Standard listing again, a new subscription starts.
    expect((await promote(dealer, id, 2)).code).toBe(0);
    expect(await balance(dealer)).toBe(50);
    expect((await mySubscriptions(dealer, 1)).map((s) => s.carId)).toEqual([id]);
    expect((await mySubscriptions(dealer, 2)).map((s) => s.carId)).toEqual([id]);
  });

  it('expires a subscription the balance does not cover, and tells the owner', async () => {
    const seller = await signUp(ctx);
    const id = await liveListing(ctx, seller.accessToken, admin.accessToken);
    await promote(seller, id, 2);
    expect(await balance(seller)).toBe(0);

    await renewDue(ctx.db, later());
    expect(await subscriptionOf(seller, id)).toMatchObject({ type: 2 });
    expect(await car(id)).toMatchObject({ listingTypeId: 3, typeName: 'Standard' });
    expect(await balance(seller)).toBe(0);
    expect(await expectLedgerMatches(seller)).toBe(0);
    expect(
      await ctx.db
        .select()
        .from(transactions)
        .where(and(eq(transactions.userId, seller.userId), eq(transactions.typeId, 8))),
    ).toEqual([]);
    const [notice] = await noticesOf(seller, 'Promotion ended');
    expect(notice?.message).toContain('balance is too low');
  });

  it('expires the promotion of a listing that is no longer live', async () => {
    const dealer = await signUp(ctx, 'company');
    const id = await liveListing(ctx, dealer.accessToken, admin.accessToken);
    await promote(dealer, id, 2);
    expect(
      (
        await ctx
          .client(admin.accessToken)
          .call((r) => r.cars.suspend[':id'].$post({ param: { id: String(id) }, json: {} }))
      ).code,
    ).toBe(0);

    await renewDue(ctx.db, later());
    expect(await subscriptionOf(dealer, id)).toMatchObject({ type: 2 });
    expect(await balance(dealer)).toBe(150);
    expect(await expectLedgerMatches(dealer)).toBe(150);
    expect(await noticesOf(dealer, 'Promotion ended')).toHaveLength(1);
  });

  it('stops with the listing: a removed listing is never charged again', async () => {
    const dealer = await signUp(ctx, 'company');
    const id = await liveListing(ctx, dealer.accessToken, admin.accessToken);
    await promote(dealer, id, 2);
    expect(
      (
        await ctx
          .client(dealer.accessToken)
          .call((r) => r.car.remove[':id'].$delete({ param: { id: String(id) } }))
      ).code,
    ).toBe(0);
    await renewDue(ctx.db, later());
    expect(await balance(dealer)).toBe(150);
    expect(await expectLedgerMatches(dealer)).toBe(150);
    expect(await mySubscriptions(dealer)).toEqual([]);
  });

  it('charges once per period when it runs twice with the same time', async () => {
    const dealer = await signUp(ctx, 'company');
    const id = await liveListing(ctx, dealer.accessToken, admin.accessToken);
    await promote(dealer, id, 2);
    const now = later();
    await renewDue(ctx.db, now);
    expect(await renewDue(ctx.db, now)).toEqual({ renewed: 0, expired: 0 });
    expect(await balance(dealer)).toBe(100);
    expect(await expectLedgerMatches(dealer)).toBe(100);
    expect(await periodsOf(id)).toHaveLength(2);
    expect(await noticesOf(dealer, 'Promotion renewed')).toHaveLength(1);
  });

  it('charges once per period when two runs start at the same time', async () => {
    const dealers = await Promise.all([1, 2, 3, 4, 5].map(() => signUp(ctx, 'company')));
    const cars: number[] = [];
    for (const dealer of dealers) {
      const id = await liveListing(ctx, dealer.accessToken, admin.accessToken);
      expect((await promote(dealer, id, 2)).code).toBe(0);
      cars.push(id);
    }
    const now = later();
    const [a, b] = await Promise.all([renewDue(ctx.db, now), renewDue(ctx.db, now)]);
    expect(a.renewed + b.renewed).toBeGreaterThanOrEqual(dealers.length);
    for (const [i, dealer] of dealers.entries()) {
      expect(await balance(dealer)).toBe(100);
      expect(await expectLedgerMatches(dealer)).toBe(100);
      expect(await periodsOf(cars[i]!)).toHaveLength(2);
      expect(await noticesOf(dealer, 'Promotion renewed')).toHaveLength(1);
      expect((await subscriptionOf(dealer, cars[i]!))?.type).toBe(1);
    }
  });

  it('renews a listing that was approved as Featured', async () => {
    const dealer = await signUp(ctx, 'company');
    const id = await liveListing(ctx, dealer.accessToken, admin.accessToken, { adTypeId: 2 });
    expect(await balance(dealer)).toBe(150);
    const before = (await subscriptionOf(dealer, id))!;
    expect(before).toMatchObject({ type: 1, listingTypeId: 2, credits: 50 });

    await renewDue(ctx.db, later());
    const after = (await subscriptionOf(dealer, id))!;
    expect(after.type).toBe(1);
    expect(Date.parse(after.expiryDate) - Date.parse(before.expiryDate)).toBe(30 * DAY);
    expect(await balance(dealer)).toBe(100);
    expect(await expectLedgerMatches(dealer)).toBe(100);
    expect((await car(id)).listingTypeId).toBe(2);
    expect((await history(id, dealer.accessToken)).data.history).toHaveLength(2);
    const [sub] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.listingId, id));
    expect(sub?.expiresAt.getTime()).toBe(Date.parse(after.expiryDate));
  });
});
