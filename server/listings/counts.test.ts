import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchRequest } from '#shared/schemas/listing-search.ts';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { signUp, signUpAdmin } from '../../tests/support/factories.ts';
import { liveListing } from '../../tests/support/listings.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const total = async (body: Record<string, unknown>) =>
  (await ctx.client().call((r) => r.cars.search.$post({ json: body as SearchRequest }))).data
    .totalCount;

describe('the totals of the public lists', () => {
  it('are kept between changes and follow every change of a live listing', async () => {
    const admin = await signUpAdmin(ctx);
    const seller = await signUp(ctx);
    const cheap = { maxPrice: 5000, fuelFilter: [1] };
    const before = await total(cheap);
    expect(await total(cheap)).toBe(before);

    const id = await liveListing(ctx, seller.accessToken, admin.accessToken, { price: 4000 });
    expect(await total(cheap)).toBe(before + 1);
    expect(
      (await ctx.client().call((r) => r.cars.$post({ json: {} }))).data.cars.totalCount,
    ).toBeGreaterThan(0);

    await ctx
      .client(admin.accessToken)
      .call((r) => r.cars.suspend[':id'].$post({ param: { id: String(id) }, json: {} }));
    expect(await total(cheap)).toBe(before);
  });
});
