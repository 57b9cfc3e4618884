import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { signUp, signUpAdmin } from '../../tests/support/factories.ts';
import { liveListing } from '../../tests/support/listings.ts';
import { listings, makes, users } from '../db/schema/index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A search by a piece of the chassis number, which the listings of one test share. */
const search = async (chassis: string, more: { minPrice?: number } = {}) =>
  (
    await ctx
      .client()
      .call((r) =>
        r.cars.search.$post({ json: { chassisNumber: chassis, ...more, pageNumber: 1 } }),
      )
  ).data;

describe('the public lists, kept between changes', () => {
  it('answer a repeated search from memory and follow every change of a live listing', async () => {
    const admin = await signUpAdmin(ctx);
    const seller = await signUp(ctx);
    const chassis = `KEPT${Date.now()}`;
    const first = await liveListing(ctx, seller.accessToken, admin.accessToken, {
      price: 10_000,
      chassisNumber: `${chassis}A`,
    });
    const before = await search(chassis);
    expect(before.cars.map((c) => [c.id, c.price])).toEqual([[first, 10_000]]);
    // Kept from its second time (a search made once is not: see the tagged cache's tests).
    expect(await search(chassis)).toEqual(before);
    expect(ctx.deps.listAnswerCache.size).toBeGreaterThan(0);

    // Changes as another instance would make them: only the database's notices reach this one.
    await ctx.db.update(listings).set({ price: 9_500 }).where(eq(listings.id, first));
    await vi.waitFor(async () =>
      expect((await search(chassis)).cars.map((c) => c.price)).toEqual([9_500]),
    );

    const second = await liveListing(ctx, seller.accessToken, admin.accessToken, {
      price: 12_000,
      chassisNumber: `${chassis}B`,
    });
    const after = await search(chassis);
    expect(after.totalCount).toBe(2);
    expect(after.cars.map((c) => c.id).sort()).toEqual([first, second].sort());

    await ctx.db.update(listings).set({ state: 'SUSPENDED' }).where(eq(listings.id, second));
    await vi.waitFor(async () =>
      expect((await search(chassis)).cars.map((c) => c.id)).toEqual([first]),
    );
  });

  it('make a new search of the cards kept, each following its listing and its seller', async () => {
    const admin = await signUpAdmin(ctx);
    const seller = await signUp(ctx);
    const chassis = `CARD${Date.now()}`;
    const id = await liveListing(ctx, seller.accessToken, admin.accessToken, {
      price: 10_000,
      chassisNumber: `${chassis}A`,
    });
    // Each search below is a new one (a lowest price of its own, no kept answer): its card comes
    // from the cards kept.
    let minPrice = 0;
    const fresh = async () => (await search(chassis, { minPrice: minPrice++ })).cars;
    expect((await fresh()).map((c) => [c.id, c.price])).toEqual([[id, 10_000]]);
    expect(ctx.deps.cardCache.get(String(id))).toBeDefined();

    await ctx.db.update(listings).set({ price: 9_000 }).where(eq(listings.id, id));
    await vi.waitFor(async () => expect((await fresh()).map((c) => c.price)).toEqual([9_000]));

    await ctx.db
      .update(users)
      .set({ address: 'Triq il-Kbira 5' })
      .where(eq(users.id, seller.userId));
    await vi.waitFor(async () =>
      expect((await fresh()).map((c) => c.location)).toEqual(['Triq il-Kbira 5']),
    );

    // The cards do not name the reference data; its notice ends them all.
    const [car] = await ctx.db
      .select({ makeId: listings.makeId })
      .from(listings)
      .where(eq(listings.id, id));
    const [make] = await ctx.db.select().from(makes).where(eq(makes.id, car!.makeId));
    await ctx.db.update(makes).set({ name: 'Renamed' }).where(eq(makes.id, make!.id));
    try {
      await vi.waitFor(async () =>
        expect((await fresh()).map((c) => c.brand)).toEqual(['Renamed']),
      );
    } finally {
      await ctx.db.update(makes).set({ name: make!.name }).where(eq(makes.id, make!.id));
    }
  });
});
