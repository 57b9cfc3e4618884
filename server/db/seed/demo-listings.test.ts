import { count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '#shared/limits.ts';
import { createTestContext, type TestContext } from '../../../tests/support/context.ts';
import { signUpAdmin } from '../../../tests/support/factories.ts';
import { listingImages, listings, listingTypes, users } from '../schema/index.ts';
import { seedDemo } from './demo.ts';

let ctx: TestContext;

const listingCount = async () =>
  (await ctx.db.select({ n: count() }).from(listings).where(isNull(listings.originalId)))[0]?.n;

beforeAll(async () => {
  ctx = await createTestContext();
  await signUpAdmin(ctx); // boot makes the administrator before the demo data
  await seedDemo(ctx.deps);
}, 120_000);

afterAll(() => ctx?.close());

describe('demo listings', () => {
  it('adds about forty listings, each with five to seven photos', async () => {
    expect(await listingCount()).toBe(40);
    const photos = await ctx.db
      .select({ listingId: listingImages.listingId, n: count() })
      .from(listingImages)
      .groupBy(listingImages.listingId);
    expect(photos).toHaveLength(40);
    for (const { n } of photos) {
      expect(n).toBeGreaterThanOrEqual(5);
      expect(n).toBeLessThanOrEqual(7);
    }
  });

  it('shows live listings with loading cover photos on the home page', async () => {
    const res = await ctx.client().call((r) => r.cars.$post({ json: {} }));
    expect(res.code).toBe(0);
    const { cars, totalCount } = res.data.cars;
    expect(totalCount).toBe(36);
    expect(cars).toHaveLength(36);
    for (const car of cars) {
      expect(car.state).toBe('ACTIVE');
      expect(car.image).toMatch(/^\/images\//);
    }
    for (const car of cars.slice(0, 8)) {
      const image = await ctx.app.request(car.image as string);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/jpeg');
      expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(5_000);
    }
  });

  it('has four Top Spotted cars', async () => {
    const res = await ctx.client().call((r) => r.cars.$post({ json: {} }));
    expect(res.data.topSpottedCars).toHaveLength(4);
    expect(res.data.topSpottedCars.every((c) => c.isTopSpotted && c.state === 'ACTIVE')).toBe(true);
  });

  it('puts premium and featured listings before standard ones', async () => {
    const { cars } = (await ctx.client().call((r) => r.cars.$post({ json: {} }))).data.cars;
    const types = cars.map((c) => c.typeId);
    expect(types).toContain(1);
    expect(types).toContain(2);
    expect(types).toContain(3);
    expect(types.lastIndexOf(1)).toBeLessThan(types.indexOf(2));
    expect(types.lastIndexOf(2)).toBeLessThan(types.indexOf(3));
    // Within a tier the newest comes first, and the dates are spread out.
    const standard = cars.filter((c) => c.typeId === 3).map((c) => Date.parse(c.createdAt));
    const spread = (Math.max(...standard) - Math.min(...standard)) / 86_400_000;
    expect(spread).toBeGreaterThan(14);
  });

  it('leaves two pending, one denied and one suspended listing', async () => {
    const states = await ctx.db
      .select({ state: listings.state, n: count() })
      .from(listings)
      .groupBy(listings.state);
    const byState = Object.fromEntries(states.map((s) => [s.state, s.n]));
    expect(byState).toEqual({ ACTIVE: 36, PENDING: 2, DENIED: 1, SUSPENDED: 1 });
    const [denied] = await ctx.db
      .select({ message: listings.deniedMessage })
      .from(listings)
      .where(eq(listings.state, 'DENIED'));
    expect(denied?.message).toMatch(/phone number/);
  });

  it("keeps each dealer's balance at 200 minus what it spent", async () => {
    const dealers = await ctx.db
      .select({ id: users.id, balance: users.balance })
      .from(users)
      .where(eq(users.roleId, roles.company));
    expect(dealers).toHaveLength(3);
    const spentRows = await ctx.db
      .select({
        userId: listings.userId,
        spent: sql<number>`sum(${listingTypes.price})::int`,
      })
      .from(listings)
      .innerJoin(listingTypes, eq(listingTypes.id, listings.listingTypeId))
      .where(inArray(listings.state, ['ACTIVE', 'SUSPENDED', 'PENDING']))
      .groupBy(listings.userId);
    const spent = new Map(spentRows.map((r) => [r.userId, r.spent]));
    for (const dealer of dealers) {
      expect(dealer.balance).toBeGreaterThanOrEqual(0);
      expect(dealer.balance).toBe(200 - (spent.get(dealer.id) ?? 0));
      expect(spent.get(dealer.id)).toBeGreaterThan(0);
    }
  });

  it('adds nothing when it runs again', async () => {
    await seedDemo(ctx.deps);
    expect(await listingCount()).toBe(40);
  });
});
