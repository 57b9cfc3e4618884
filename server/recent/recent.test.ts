import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/schemas/auth.ts';
import { RECENT_MAX } from '#shared/schemas/recent.ts';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { signUp, signUpAdmin } from '../../tests/support/factories.ts';
import { liveListing, submitListing } from '../../tests/support/listings.ts';

let ctx: TestContext;
let admin: Session;
let seller: Session;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx);
  seller = await signUp(ctx);
});
afterAll(() => ctx.close());

const remember = (who: Session, id: number) =>
  ctx
    .client(who.accessToken)
    .call((r) => r.user['recently-viewed'][':id'].$put({ param: { id: String(id) } }));
const recent = async (who: Session) =>
  (await ctx.client(who.accessToken).call((r) => r.user['recently-viewed'].$get())).data.map(
    (car) => car.id,
  );

describe('recently viewed cars with an account', () => {
  it('keeps the last cars a user opened, newest first, on any device', async () => {
    const buyer = await signUp(ctx);
    const cars = [];
    for (let i = 0; i <= RECENT_MAX; i++) {
      cars.push(await liveListing(ctx, seller.accessToken, admin.accessToken));
    }
    for (const id of cars) expect((await remember(buyer, id)).code).toBe(0);
    // Opening the first of the kept ones again puts it first.
    await remember(buyer, cars[1] as number);

    const expected = [cars[1], ...cars.slice(2).reverse()];
    expect(await recent(buyer)).toEqual(expected);
    expect(await recent(buyer)).toHaveLength(RECENT_MAX);
    // Another user's list is their own.
    expect(await recent(seller)).toEqual([]);
  });

  it('remembers only live listings, and leaves out one taken down since', async () => {
    const buyer = await signUp(ctx);
    const pending = await submitListing(ctx, seller.accessToken);
    expect(await remember(buyer, pending)).toMatchObject({
      status: 404,
      message: 'Listing not found',
    });
    const id = await liveListing(ctx, seller.accessToken, admin.accessToken);
    await remember(buyer, id);
    await ctx
      .client(seller.accessToken)
      .call((r) => r.car.remove[':id'].$delete({ param: { id: String(id) } }));
    expect(await recent(buyer)).toEqual([]);
    const visitor = await ctx.request('GET', '/api/user/recently-viewed');
    expect(visitor.status).toBe(401);
  });
});
