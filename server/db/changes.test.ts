import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { signUp, signUpAdmin } from '../../tests/support/factories.ts';
import { wholeList } from '../../tests/support/lists.ts';
import { liveListing } from '../../tests/support/listings.ts';
import { listings, listingViewCounts, makes, users } from './schema/index.ts';

let ctx: TestContext;
const seen: string[] = [];
beforeAll(async () => {
  ctx = await createTestContext();
  ctx.deps.changes.subscribe((tag) => seen.push(tag));
});
afterAll(() => ctx.close());

/** Waits for the database's notice (PostgreSQL delivers it over its own connection). */
const expectNotice = (tag: string) => vi.waitFor(() => expect(seen).toContain(tag));

describe('change notices', () => {
  it('announces a live listing that changes, but not a view counted', async () => {
    const seller = await signUp(ctx);
    const admin = await signUpAdmin(ctx);
    const id = await liveListing(ctx, seller.accessToken, admin.accessToken);
    seen.length = 0;
    await ctx.db.insert(listingViewCounts).values({ listingId: id, views: 1 });
    await ctx.db.update(listings).set({ price: 12_345 }).where(eq(listings.id, id));
    await expectNotice(`listing:${id}`);
    expect(seen.filter((t) => t === `listing:${id}`)).toHaveLength(1);
  });

  it("announces a seller's public details, not a balance change", async () => {
    const seller = await signUp(ctx);
    seen.length = 0;
    await ctx.db.update(users).set({ balance: 999 }).where(eq(users.id, seller.userId));
    await ctx.db.update(users).set({ phone: '79000111' }).where(eq(users.id, seller.userId));
    await expectNotice(`seller:${seller.userId}`);
    expect(seen.filter((t) => t === `seller:${seller.userId}`)).toHaveLength(1);
  });

  it('keeps reference data in memory until another instance changes it', async () => {
    const before = await ctx.client().call((r) => r.cars.brands.$get({ query: {} }));
    const first = wholeList(before.data)[0];
    if (!first) throw new Error('no makes');
    // Another instance's admin renames the make: only the database's notice tells this one.
    await ctx.db
      .update(makes)
      .set({ name: `${first.name} Renamed` })
      .where(eq(makes.id, first.id));
    await expectNotice('reference');
    const after = await ctx.client().call((r) => r.cars.brands.$get({ query: {} }));
    expect(wholeList(after.data).find((m) => m.id === first.id)?.name).toBe(
      `${first.name} Renamed`,
    );
  });

  it("shows this instance's own admin change at once", async () => {
    const admin = await signUpAdmin(ctx);
    const res = await ctx
      .client(admin.accessToken)
      .call((r) => r.cars.brands.add.$post({ json: { name: 'Zz Motors' } }));
    expect(res.code).toBe(0);
    const makesNow = await ctx.client().call((r) => r.cars.brands.$get({ query: {} }));
    expect(wholeList(makesNow.data).map((m) => m.name)).toContain('Zz Motors');
  });
});
