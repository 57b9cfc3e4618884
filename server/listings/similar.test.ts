import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { signUp, signUpAdmin } from '../../tests/support/factories.ts';
import { liveListing, modelId } from '../../tests/support/listings.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("a listing page's similar vehicles", () => {
  it('are the same model nearest in price, then the same make, then the same body', async () => {
    const admin = await signUpAdmin(ctx);
    const [seller, other] = [await signUp(ctx), await signUp(ctx)];
    const yaris = await modelId(ctx, 'Toyota', 'Yaris');
    const corolla = await modelId(ctx, 'Toyota', 'Corolla');
    const golf = await modelId(ctx, 'Volkswagen', 'Golf');
    const car = (ids: { makeId: number; modelId: number }, price: number, body = 1) => ({
      brand: ids.makeId,
      model: ids.modelId,
      price,
      body,
    });
    const live = (token: string, fields: ReturnType<typeof car>) =>
      liveListing(ctx, token, admin.accessToken, fields);

    const subject = await live(seller.accessToken, car(yaris, 10_000));
    const ownYaris = await live(seller.accessToken, car(yaris, 10_100));
    const yarisFar = await live(other.accessToken, car(yaris, 30_000));
    const yarisNear = await live(other.accessToken, car(yaris, 9_000));
    const corollaSame = await live(other.accessToken, car(corolla, 10_000));
    const golfSameBody = await live(other.accessToken, car(golf, 10_000));
    const golfOtherBody = await live(other.accessToken, car(golf, 10_000, 2));

    const page = await ctx
      .client()
      .call((r) => r.car[':id'].$get({ param: { id: String(subject) } }));
    expect(page.data.similarCars.map((c) => c.id)).toEqual([
      yarisNear,
      yarisFar,
      corollaSame,
      golfSameBody,
    ]);
    expect(page.data.similarCars.map((c) => c.id)).not.toContain(golfOtherBody);
    expect(page.data.userCars.map((c) => c.id)).toEqual([ownYaris]);
  });
});
