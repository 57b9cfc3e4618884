import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { signUp, signUpAdmin } from '../../tests/support/factories.ts';
import { liveListing } from '../../tests/support/listings.ts';
import { listings, users } from '../db/schema/index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const read = async (id: number) =>
  (await ctx.client().call((r) => r.car[':id'].$get({ param: { id: String(id) } }))).data;

describe('a live listing read from the detail cache', () => {
  it('follows every change of what it shows: the listing, its seller, the cards on it', async () => {
    const admin = await signUpAdmin(ctx);
    const [seller, other] = [await signUp(ctx), await signUp(ctx)];
    const id = await liveListing(ctx, seller.accessToken, admin.accessToken, { price: 10_000 });
    const similar = await liveListing(ctx, other.accessToken, admin.accessToken, { price: 10_500 });
    const first = await read(id);
    expect(first.similarCars.map((c) => c.id)).toContain(similar);
    // A listing read once is not kept; read again, it is.
    expect(ctx.deps.listingDetailCache.get(String(id))).toBeUndefined();
    expect(await read(id)).toEqual(first);
    expect(ctx.deps.listingDetailCache.get(String(id))).toBeDefined();

    // Changes as another instance would make them: only the database's notices reach this one.
    await ctx.db.update(users).set({ phone: '79000999' }).where(eq(users.id, seller.userId));
    await vi.waitFor(() => expect(ctx.deps.listingDetailCache.get(String(id))).toBeUndefined());
    expect((await read(id)).user.phone).toBe('79000999');

    await ctx.db.update(listings).set({ price: 10_900 }).where(eq(listings.id, similar));
    await vi.waitFor(() => expect(ctx.deps.listingDetailCache.get(String(id))).toBeUndefined());
    expect((await read(id)).similarCars.find((c) => c.id === similar)?.price).toBe(10_900);

    await ctx
      .client(admin.accessToken)
      .call((r) => r.cars.suspend[':id'].$post({ param: { id: String(id) }, json: {} }));
    expect(
      (await ctx.client().call((r) => r.car[':id'].$get({ param: { id: String(id) } }))).status,
    ).toBe(404);
  });

  it("adds the caller's own favourite and the current views to the shared detail", async () => {
    const admin = await signUpAdmin(ctx);
    const [seller, buyer] = [await signUp(ctx), await signUp(ctx)];
    const id = await liveListing(ctx, seller.accessToken, admin.accessToken);
    await read(id);
    await ctx
      .client(buyer.accessToken)
      .call((r) => r.favorite.add.$post({ json: { carId: id, userId: buyer.userId } }));
    const mine = await ctx
      .client(buyer.accessToken)
      .call((r) => r.car[':id'].$get({ param: { id: String(id) } }));
    expect(mine.data.isFavorite).toBe(true);
    expect((await read(id)).isFavorite).toBe(false);
    await ctx.deps.views.flush();
    expect((await read(id)).views).toBe(2);
  });
});
