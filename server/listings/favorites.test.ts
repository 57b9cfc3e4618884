import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/schemas/auth.ts';
import type { CarCard } from '#shared/schemas/listing-display.ts';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { signUp, signUpAdmin } from '../../tests/support/factories.ts';
import { liveListing, submitListing } from '../../tests/support/listings.ts';

interface Page {
  cars: CarCard[];
  totalCount: number;
}

/** The seller's live listings, in order of approval: one featured, the rest standard. */
const CARS = [
  { price: 12_000, year: 2016, adTypeId: 3 },
  { price: 8_000, year: 2019, adTypeId: 2 },
  { price: 15_000, year: 2012, adTypeId: 3 },
  { price: 6_500, year: 2021, adTypeId: 3 },
  { price: 22_000, year: 2014, adTypeId: 3 },
];

let ctx: TestContext;
let admin: Session;
let seller: Session;
/** Live listing ids in CARS order (approval order, oldest first). */
let cars: number[];
let pending: number;

const add = (carId: number, token?: string, userId?: number) =>
  ctx.client(token).call((r) => r.favorite.add.$post({ json: { carId, userId } }));
const remove = (carId: number, token?: string, userId?: number) =>
  ctx.client(token).call((r) => r.favorite.remove.$post({ json: { carId, userId } }));
const list = (token: string | undefined, body: object = {}) =>
  ctx.client(token).call((r) => r.favorite.get.$post({ json: body }));
const ids = (page: Page) => page.cars.map((c) => c.id);
const detail = (id: number, token?: string) =>
  ctx.client(token).call((r) => r.car[':id'].$get({ param: { id: String(id) } }));
const numeric = (a: number, b: number) => a - b;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A new user with every live listing of the set saved. */
async function userWithAll() {
  const user = await signUp(ctx);
  for (const id of cars) expect((await add(id, user.accessToken)).code).toBe(0);
  return user;
}

/** Ids of CARS sorted by `compare` (ties: newest approval first). */
function expected(compare: (a: (typeof CARS)[number], b: (typeof CARS)[number]) => number) {
  return CARS.map((car, index) => ({ ...car, id: cars[index]!, index }))
    .sort((a, b) => compare(a, b) || b.index - a.index)
    .map((c) => c.id);
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx);
  seller = await signUp(ctx, 'company');
  cars = [];
  for (const [i, car] of CARS.entries()) {
    cars.push(
      await liveListing(ctx, seller.accessToken, admin.accessToken, {
        ...car,
        title: `Favourite candidate ${i}`,
      }),
    );
    await sleep(2);
  }
  pending = await submitListing(ctx, seller.accessToken, { title: 'Waiting for review' });
});
afterAll(() => ctx.close());

describe('favorite/add and favorite/remove', () => {
  it('answers 401 without a token', async () => {
    expect(await add(cars[0]!)).toMatchObject({ status: 401, code: 401 });
    expect(await remove(cars[0]!)).toMatchObject({ status: 401, code: 401 });
    expect(await list(undefined)).toMatchObject({ status: 401, code: 401 });
  });

  it("adds once however often it is called: 'Added to favorites'", async () => {
    const user = await signUp(ctx);
    for (let i = 0; i < 2; i++) {
      expect(await add(cars[0]!, user.accessToken)).toMatchObject({
        status: 200,
        code: 0,
        message: 'Added to favorites',
        data: null,
      });
    }
    const res = await list(user.accessToken);
    expect(res).toMatchObject({ status: 200, code: 0 });
    expect(res.data).toMatchObject({ totalCount: 1 });
    expect(ids(res.data)).toEqual([cars[0]]);
  });

  it("removes, and removing again is fine: 'Removed from favorites'", async () => {
    const user = await signUp(ctx);
    await add(cars[1]!, user.accessToken);
    await add(cars[2]!, user.accessToken);
    for (let i = 0; i < 2; i++) {
      expect(await remove(cars[1]!, user.accessToken)).toMatchObject({
        status: 200,
        code: 0,
        message: 'Removed from favorites',
      });
    }
    const res = await list(user.accessToken);
    expect(ids(res.data)).toEqual([cars[2]]);
    expect(res.data.totalCount).toBe(1);
  });

  it('accepts the own userId and refuses another user with 403', async () => {
    const user = await signUp(ctx);
    const other = await signUp(ctx);
    expect((await add(cars[3]!, user.accessToken, user.userId)).code).toBe(0);
    expect(await add(cars[3]!, user.accessToken, other.userId)).toMatchObject({
      status: 403,
      code: 403,
    });
    expect(await list(user.accessToken, { userId: other.userId })).toMatchObject({ status: 403 });
    expect((await remove(cars[3]!, user.accessToken, other.userId)).status).toBe(403);
    expect((await list(other.accessToken)).data.totalCount).toBe(0);
    expect(ids((await list(user.accessToken, { userId: user.userId })).data)).toEqual([cars[3]]);
    expect((await remove(cars[3]!, user.accessToken, user.userId)).code).toBe(0);
    expect((await list(user.accessToken)).data.totalCount).toBe(0);
  });

  it('answers 404 for a listing that is not live or does not exist', async () => {
    const user = await signUp(ctx);
    expect(await add(pending, user.accessToken)).toMatchObject({
      status: 404,
      code: 404,
      message: 'Listing not found',
    });
    expect((await add(999_999, user.accessToken)).status).toBe(404);
    expect((await list(user.accessToken)).data.totalCount).toBe(0);
  });

  it('answers 400 without a carId', async () => {
    const user = await signUp(ctx);
    // Without a carId, which the typed client cannot send.
    const res = await ctx.request('POST', '/api/favorite/add', {
      body: {},
      token: user.accessToken,
    });
    expect(res).toMatchObject({ status: 400, code: 400, message: 'carId is required' });
  });
});

describe('favorite/get', () => {
  it('shows only listings that are still live: a suspended one leaves and comes back', async () => {
    const user = await signUp(ctx);
    const victim = await liveListing(ctx, seller.accessToken, admin.accessToken, {
      title: 'Soon suspended',
    });
    await add(victim, user.accessToken);
    await add(cars[0]!, user.accessToken);
    expect((await list(user.accessToken)).data.totalCount).toBe(2);

    const suspended = await ctx
      .client(admin.accessToken)
      .call((r) => r.cars.suspend[':id'].$post({ param: { id: String(victim) }, json: {} }));
    expect(suspended).toMatchObject({ code: 0, message: 'Car suspended' });
    const without = await list(user.accessToken);
    expect(ids(without.data)).toEqual([cars[0]]);
    expect(without.data.totalCount).toBe(1);

    const activated = await ctx
      .client(admin.accessToken)
      .call((r) => r.cars.activate[':id'].$post({ param: { id: String(victim) } }));
    expect(activated).toMatchObject({ code: 0, message: 'Car activated' });
    const back = await list(user.accessToken);
    expect(ids(back.data).sort(numeric)).toEqual([cars[0]!, victim].sort(numeric));
    expect(back.data.totalCount).toBe(2);
  });

  it('sorts by default: featured first, then the newest approval', async () => {
    const user = await userWithAll();
    const res = await list(user.accessToken);
    const featured = cars[1]!;
    const standard = [...cars].reverse().filter((id) => id !== featured);
    expect(ids(res.data)).toEqual([featured, ...standard]);
    expect(res.data.cars[0]).toMatchObject({ typeId: 2 });
  });

  it('reads a blank sort (sortBy and sortDirection empty) as the default sort', async () => {
    const user = await userWithAll();
    const byDefault = await list(user.accessToken);
    const blank = await list(user.accessToken, { sortBy: '', sortDirection: '' });
    expect(blank).toMatchObject({ status: 200, code: 0 });
    expect(ids(blank.data)).toEqual(ids(byDefault.data));
  });

  it.each([
    ['price', 'ASC'],
    ['price', 'DESC'],
    ['year', 'ASC'],
    ['year', 'DESC'],
  ] as const)('sorts by %s %s', async (sortBy, sortDirection) => {
    const user = await userWithAll();
    const res = await list(user.accessToken, { sortBy, sortDirection });
    expect(res).toMatchObject({ status: 200, code: 0 });
    const sign = sortDirection === 'ASC' ? 1 : -1;
    expect(ids(res.data)).toEqual(expected((a, b) => sign * (a[sortBy] - b[sortBy])));
  });

  it('answers 400 for an unknown sort', async () => {
    const user = await signUp(ctx);
    const res = await list(user.accessToken, { sortBy: 'color' });
    expect(res).toMatchObject({ status: 400, code: 400 });
    expect(res.message).toContain('sortBy');
  });

  it('pages with pageSize and pageNumber and a constant totalCount', async () => {
    const user = await userWithAll();
    const all = ids((await list(user.accessToken, { sortBy: 'price', sortDirection: 'ASC' })).data);
    const seen: number[] = [];
    for (const [pageNumber, length] of [
      [1, 2],
      [2, 2],
      [3, 1],
      [4, 0],
    ] as const) {
      const res = await list(user.accessToken, {
        sortBy: 'price',
        sortDirection: 'ASC',
        pageSize: 2,
        pageNumber,
      });
      expect(res.data.totalCount).toBe(CARS.length);
      expect(res.data.cars).toHaveLength(length);
      seen.push(...ids(res.data));
    }
    expect(seen).toEqual(all);
  });
});

describe('isFavorite on GET /api/car/{id}', () => {
  it('is true for the user who saved it and false for others and anonymous visitors', async () => {
    const fan = await signUp(ctx);
    const stranger = await signUp(ctx);
    await add(cars[4]!, fan.accessToken);
    expect((await detail(cars[4]!, fan.accessToken)).data).toMatchObject({
      id: cars[4],
      isFavorite: true,
    });
    expect((await detail(cars[4]!, stranger.accessToken)).data.isFavorite).toBe(false);
    expect((await detail(cars[4]!)).data.isFavorite).toBe(false);
    expect((await detail(cars[3]!, fan.accessToken)).data.isFavorite).toBe(false);

    await remove(cars[4]!, fan.accessToken);
    expect((await detail(cars[4]!, fan.accessToken)).data.isFavorite).toBe(false);
  });
});
