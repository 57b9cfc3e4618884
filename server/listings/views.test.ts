import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { signUp, signUpAdmin } from '../../tests/support/factories.ts';
import { liveListing, submitListing } from '../../tests/support/listings.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const browser = (agent: string) => ({ 'user-agent': agent, 'x-forwarded-for': '203.0.113.9' });

describe('view counting', () => {
  it("counts the page's beacon once per visitor and day, in batches, never the owner", async () => {
    const admin = await signUpAdmin(ctx);
    const seller = await signUp(ctx);
    const id = await liveListing(ctx, seller.accessToken, admin.accessToken);
    const beacon = (headers: Record<string, string>, token?: string) =>
      ctx
        .client(token, undefined, headers)
        .call((r) => r.car[':id'].view.$post({ param: { id: String(id) } }));

    expect(await beacon(browser('A'))).toMatchObject({ status: 200, data: { views: 0 } });
    await beacon(browser('A'));
    await beacon(browser('B'));
    await beacon({}, seller.accessToken);
    // Nothing is written until the batch is.
    expect((await beacon(browser('A'))).data.views).toBe(0);
    await ctx.deps.views.flush();
    expect((await beacon(browser('C'))).data.views).toBe(2);
    await ctx.deps.views.flush();
    const detail = await ctx
      .client(seller.accessToken)
      .call((r) => r.car[':id'].$get({ param: { id: String(id) } }));
    expect(detail.data.views).toBe(3);
    // The same visitors on another flush the same day count no more.
    await beacon(browser('A'));
    await ctx.deps.views.flush();
    expect(
      (
        await ctx
          .client(seller.accessToken)
          .call((r) => r.car[':id'].$get({ param: { id: String(id) } }))
      ).data.views,
    ).toBe(3);
  });

  it('refuses a listing that is not live', async () => {
    const seller = await signUp(ctx);
    const pending = await submitListing(ctx, seller.accessToken);
    const res = await ctx
      .client()
      .call((r) => r.car[':id'].view.$post({ param: { id: String(pending) } }));
    expect(res).toMatchObject({ status: 404, message: 'Listing not found' });
  });
});
