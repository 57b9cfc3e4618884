import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { signUp, signUpAdmin } from '../../tests/support/factories.ts';
import { liveListing } from '../../tests/support/listings.ts';
import { listings } from '../db/schema/index.ts';
import { countCache } from './counts.ts';
import { cardPage, isListed } from './listings.queries.ts';

let ctx: TestContext;
let seller: number;
const ids: number[] = [];
beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await signUpAdmin(ctx);
  const owner = await signUp(ctx);
  for (const price of [5_000, 6_000, 7_000])
    ids.push(await liveListing(ctx, owner.accessToken, admin.accessToken, { price }));
  const [row] = await ctx.db
    .select({ userId: listings.userId })
    .from(listings)
    .where(eq(listings.id, ids[0]!));
  seller = row!.userId;
});
afterAll(() => ctx.close());

const theSellers = () => ({ where: eq(listings.userId, seller), pageSize: 2 });

describe('a page of cards and its total', () => {
  it('reads the total with the page, and on its own for a page past the end', async () => {
    const first = await cardPage(ctx.db, { ...theSellers(), pageNumber: 1 });
    expect(first.cars).toHaveLength(2);
    expect(first.totalCount).toBe(3);
    const last = await cardPage(ctx.db, { ...theSellers(), pageNumber: 2 });
    expect(last).toMatchObject({ totalCount: 3 });
    expect(last.cars.map((c) => c.id)).toHaveLength(1);
    expect(await cardPage(ctx.db, { ...theSellers(), pageNumber: 3 })).toEqual({
      cars: [],
      totalCount: 3,
    });
    expect(await cardPage(ctx.db, { where: eq(listings.userId, -1), pageNumber: 1 })).toEqual({
      cars: [],
      totalCount: 0,
    });
  });

  it('keeps the total it read with a page, and the next page reads only its cards', async () => {
    const kept = countCache();
    const counted: string[] = [];
    const counts = {
      ...kept,
      keeper: (key: string) => (counted.push(key), kept.keeper(key)),
    };
    const all = (await ctx.db.select({ id: listings.id }).from(listings).where(isListed)).length;
    const first = await cardPage(ctx.db, { where: isListed, pageSize: 1, counts });
    expect(first.totalCount).toBe(all);
    expect(counted).toHaveLength(1);
    const second = await cardPage(ctx.db, { where: isListed, pageSize: 1, pageNumber: 2, counts });
    expect(second.totalCount).toBe(all);
    expect(second.cars[0]?.id).not.toBe(first.cars[0]?.id);
    expect(counted).toHaveLength(1);
  });

  it('keeps no total that a change of listings may have made stale while it was read', () => {
    let notify: (tag: string) => void = () => undefined;
    const kept = countCache({ subscribe: (listener) => ((notify = listener), () => undefined) });
    const before = kept.keeper('a');
    notify('listing:1');
    before(3);
    expect(kept.peek('a')).toBeUndefined();
    kept.keeper('a')(4);
    return expect(kept.peek('a')).resolves.toBe(4);
  });
});
