import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/schemas/auth.ts';
import type { ListingPayloadInput } from '#shared/schemas/listing-payload.ts';
import type { SearchRequest } from '#shared/schemas/listing-search.ts';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { signUp, signUpAdmin } from '../../tests/support/factories.ts';
import { listingPayload, liveListing, modelId } from '../../tests/support/listings.ts';
import { priceModelQueue } from '../db/schema/index.ts';
import { deliverQueuedMail } from '../mail/queue.ts';
import { alertPriceDrop } from './price-drops.ts';
import { priceJobSettings, rateQueuedModels } from './price-job.ts';

let ctx: TestContext;
let admin: Session;
let seller: Session;

const detail = async (id: number) =>
  (await ctx.client().call((r) => r.car[':id'].$get({ param: { id: String(id) } }))).data;
const rate = () => rateQueuedModels(ctx.db, priceJobSettings);

/** Submits an edit of a live listing and approves it. */
async function approvedEdit(id: number, overrides: Partial<ListingPayloadInput>) {
  const json = { ...(await listingPayload(ctx, overrides)), originalId: id };
  const edit = await ctx.client(seller.accessToken).call((r) => r.cars.edit.$post({ json }));
  expect(edit.code).toBe(0);
  const approved = await ctx
    .client(admin.accessToken)
    .call((r) => r.cars.edit.approve[':id'].$post({ param: { id: String(edit.data.id) } }));
  expect(approved.code).toBe(0);
}

const notificationsOf = async (user: Session) =>
  (
    await ctx.client(user.accessToken).call((r) =>
      r.notifications.user[':userId'].$post({
        param: { userId: String(user.userId) },
        json: { pageNumber: 1, pageSize: 50 },
      }),
    )
  ).data.filter((n) => n.title === 'Price drop on a car you saved');

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx);
  seller = await signUp(ctx, 'company');
});

afterAll(() => ctx.close());

describe('price history and days listed', () => {
  it('lists every approved price with its date, and the days live', async () => {
    const id = await liveListing(ctx, seller.accessToken, admin.accessToken, { price: 10_000 });
    let car = await detail(id);
    expect(car.daysListed).toBe(0);
    expect(car.priceHistory.map((p) => p.price)).toEqual([10_000]);
    expect(Date.parse(car.priceHistory[0]!.date)).toBeLessThanOrEqual(Date.now());

    await approvedEdit(id, { price: 9_000 });
    await approvedEdit(id, { price: 9_000, title: 'Toyota Yaris, new tyres' });
    await approvedEdit(id, { price: 9_500 });
    car = await detail(id);
    expect(car.priceHistory.map((p) => p.price)).toEqual([10_000, 9_000, 9_500]);
    expect(car.price).toBe(9_500);
  });

  it('shows no pending edit price in the history', async () => {
    const id = await liveListing(ctx, seller.accessToken, admin.accessToken, { price: 7_000 });
    const json = { ...(await listingPayload(ctx, { price: 6_000 })), originalId: id };
    await ctx.client(seller.accessToken).call((r) => r.cars.edit.$post({ json }));
    expect((await detail(id)).priceHistory.map((p) => p.price)).toEqual([7_000]);
  });
});

describe('price-drop alerts', () => {
  it('tells each favouriter once per drop, with the old and new price, in the app and by e-mail', async () => {
    const id = await liveListing(ctx, seller.accessToken, admin.accessToken, {
      price: 12_000,
      title: 'Yaris to watch',
    });
    const buyer = await signUp(ctx);
    const other = await signUp(ctx);
    const favourite = (who: Session) =>
      ctx.client(who.accessToken).call((r) => r.favorite.add.$post({ json: { carId: id } }));
    expect((await favourite(buyer)).code).toBe(0);
    expect((await favourite(other)).code).toBe(0);
    ctx.outbox.length = 0;

    await approvedEdit(id, { price: 11_000, title: 'Yaris to watch' });
    const [alert] = await notificationsOf(buyer);
    expect(alert?.message).toContain('€12,000');
    expect(alert?.message).toContain('€11,000');
    expect(await notificationsOf(other)).toHaveLength(1);
    expect(await notificationsOf(seller)).toHaveLength(0);

    await deliverQueuedMail(ctx.db, ctx.deps.mailer);
    const mail = ctx.outbox.find((m) => m.to === buyer.email);
    expect(mail?.subject).toBe('Price drop on a car you saved');
    expect(mail?.text).toContain('went down from €12,000 to €11,000');
    expect(mail?.text).toContain(`/car/${id}`);
    expect(mail?.html).toContain('<s>€12,000</s>');
    expect(mail?.html).toContain('<strong>€11,000</strong>');

    // The same drop again (a retry) tells nobody; a rise tells nobody; the next drop is new.
    const again = await ctx.db.transaction((tx) =>
      alertPriceDrop(
        tx,
        {
          listingId: id,
          ownerId: seller.userId,
          title: 'Yaris to watch',
          currency: '€',
          oldPrice: 12_000,
          newPrice: 11_000,
        },
        'http://localhost',
      ),
    );
    expect(again).toBe(0);
    await approvedEdit(id, { price: 11_500 });
    expect(await notificationsOf(buyer)).toHaveLength(1);
    await approvedEdit(id, { price: 10_000 });
    const alerts = await notificationsOf(buyer);
    expect(alerts).toHaveLength(2);
    expect(alerts[0]?.message).toContain('€11,500');
    expect(alerts[0]?.message).toContain('€10,000');
  });
});

describe('price insight', () => {
  /** Six comparable Yaris (2018, about 40,000 miles) and one 2010 Yaris with no comparables. */
  const prices = [8_000, 9_600, 10_000, 10_000, 11_000, 14_000];
  let ids: number[];
  let lonely: number;
  let corolla: { makeId: number; modelId: number };

  beforeAll(async () => {
    // The cars of the earlier tests are Yaris: this model starts clean.
    corolla = await modelId(ctx, 'Toyota', 'Corolla');
    ids = [];
    for (const [i, price] of prices.entries()) {
      ids.push(
        await liveListing(ctx, seller.accessToken, admin.accessToken, {
          brand: corolla.makeId,
          model: corolla.modelId,
          price,
          millage: 40_000 + i * 1_000,
        }),
      );
    }
    lonely = await liveListing(ctx, seller.accessToken, admin.accessToken, {
      brand: corolla.makeId,
      model: corolla.modelId,
      year: 2010,
      price: 5_000,
    });
  });

  it('rates each live car against the comparables once the price job ran', async () => {
    expect((await detail(ids[0]!)).priceInsight.band).toBeNull();
    expect(await rate()).toBeGreaterThan(0);
    expect((await ctx.db.select().from(priceModelQueue)).length).toBe(0);

    const cars = await Promise.all(ids.map(detail));
    expect(cars.map((c) => c.priceInsight.band)).toEqual([
      'GREAT',
      'GOOD',
      'FAIR',
      'FAIR',
      'HIGH',
      'HIGH',
    ]);
    expect(cars[0]!.priceInsight).toEqual({
      band: 'GREAT',
      estimate: 10_000,
      comparables: 5,
      prices: [9_600, 10_000, 10_000, 11_000, 14_000],
    });
    expect((await detail(lonely)).priceInsight).toEqual({
      band: null,
      estimate: null,
      comparables: 0,
      prices: [],
    });
  });

  it('sorts by best deal (unrated last) and filters by rating', async () => {
    const search = async (body: Partial<SearchRequest>) => {
      const json = {
        brand: corolla.makeId,
        model: corolla.modelId,
        pageNumber: 1,
        pageSize: 50,
        ...body,
      };
      return (await ctx.client().call((r) => r.cars.search.$post({ json }))).data;
    };
    const best = await search({ sortBy: 'deal', sortDirection: 'ASC' });
    const order = best.cars.map((c) => c.id);
    expect(order.slice(0, 2)).toEqual([ids[0], ids[1]]);
    expect(new Set(order.slice(2, 4))).toEqual(new Set([ids[2], ids[3]]));
    expect(order.slice(4, 6)).toEqual([ids[4], ids[5]]);
    expect(order.at(-1)).toBe(lonely);

    const good = await search({ priceRating: [1, 2] });
    expect(good.totalCount).toBe(2);
    expect(new Set(good.cars.map((c) => c.id))).toEqual(new Set([ids[0], ids[1]]));
    expect((await search({ priceRating: [4], sortBy: 'deal' })).cars.map((c) => c.id)).toEqual([
      ids[4],
      ids[5],
    ]);
    // A rating by name is not a rating: a body the typed client cannot send.
    const bad = await ctx.request('POST', '/api/cars/search', { body: { priceRating: ['great'] } });
    expect(bad.status).toBe(400);
  });

  it('rates again when a car changes, counting a car taken down as a comparable', async () => {
    await approvedEditOf(ids[5]!, { price: 9_000 });
    const removed = await ctx
      .client(seller.accessToken)
      .call((r) => r.car.remove[':id'].$delete({ param: { id: String(ids[4]) } }));
    expect(removed.code).toBe(0);
    await rate();
    const first = await detail(ids[0]!);
    // Others now: 9,600, 10,000, 10,000, 9,000 and the removed 11,000: median 10,000.
    expect(first.priceInsight).toMatchObject({ band: 'GREAT', estimate: 10_000, comparables: 5 });
    expect((await detail(ids[5]!)).priceInsight.band).toBe('GREAT');
  });

  it('lets two instances rate at once without rating a model twice', async () => {
    await approvedEditOf(ids[2]!, { price: 9_800 });
    const runs = await Promise.all([rate(), rate()]);
    expect(runs[0]! + runs[1]!).toBe(1);
    expect((await detail(ids[2]!)).priceInsight.band).toBe('FAIR');
  });

  async function approvedEditOf(id: number, overrides: Partial<ListingPayloadInput>) {
    const car = await detail(id);
    await approvedEdit(id, {
      brand: car.brandId,
      model: car.modelId,
      millage: car.millage,
      ...overrides,
    });
  }
});
