import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageData } from '#shared/page-data.ts';
import { createTestContext, type Session, type TestContext } from '../../tests/support/context.ts';
import { signUp, signUpAdmin } from '../../tests/support/factories.ts';
import { liveListing, modelId } from '../../tests/support/listings.ts';
import { signUnsubscribeToken } from '../saved-searches/unsubscribe-token.ts';
import { pageData } from './page-data.ts';

let ctx: TestContext;
let data: PageData;
let admin: Session;
let seller: Session;
let toyota: number;
const live: number[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  data = pageData(ctx.deps);
  admin = await signUpAdmin(ctx);
  seller = await signUp(ctx);
  toyota = (await modelId(ctx, 'Toyota', 'Yaris')).makeId;
  for (const price of [4_100, 4_200])
    live.push(await liveListing(ctx, seller.accessToken, admin.accessToken, { price }));
});
afterAll(() => ctx.close());

/** What the API answers a visitor for `call`, as a page would have shown it. */
const visitorSees = async <T>(call: Parameters<ReturnType<TestContext['client']>['call']>[0]) => {
  const res = await ctx.client().call(call);
  expect(res.code, res.message).toBe(0);
  return res.data as T;
};

describe("a page's data, read from the services", () => {
  it('gives the home list, a search and the reference data as the API answers them', async () => {
    expect(await data.home(1)).toEqual(
      await visitorSees((r) => r.cars.$post({ json: { pageNumber: 1 } })),
    );
    const search = { brand: toyota, minPrice: 4_000, maxPrice: 4_500, sortBy: 'price' as const };
    const found = await data.search({ ...search, pageNumber: 1 });
    expect(found).toEqual(
      await visitorSees((r) => r.cars.search.$post({ json: { ...search, pageNumber: 1 } })),
    );
    expect(found.cars.map((c) => c.id)).toEqual(live);

    expect(await data.configuration()).toEqual(await visitorSees((r) => r.configuration.$get()));
    const reference = await data.reference();
    expect(reference.makes).toEqual(await visitorSees((r) => r.cars.brands.$get({ query: {} })));
    expect(reference.enumerables).toEqual(
      await visitorSees((r) => r.car.details.enumerables.$get()),
    );
    expect(reference.safety).toEqual(await visitorSees((r) => r.cars.safety.$get()));
    expect(await data.models(toyota)).toEqual(
      await visitorSees((r) =>
        r.cars.brands[':brandId'].models.$get({ param: { brandId: String(toyota) }, query: {} }),
      ),
    );
    expect(await data.models(999_999)).toEqual([]);
    expect(await data.cities()).toEqual(await visitorSees((r) => r.configuration.cities.$get()));
  });

  it('refuses a search or a home page the API would refuse', async () => {
    await expect(data.search({ pageNumber: 0 })).rejects.toThrow();
    await expect(data.search({ minPrice: -5 })).rejects.toThrow();
    await expect(data.home(10 ** 9)).rejects.toThrow();
  });

  it('gives a live listing and its seller, and nothing for what a visitor may not see', async () => {
    const listing = await data.listing(live[0]!);
    expect(listing).toMatchObject({ id: live[0], price: 4_100, userId: seller.userId });
    expect(await data.listing(999_999)).toBeNull();

    const offer = await data.seller(seller.userId);
    expect(offer?.seller).toEqual(
      await visitorSees((r) => r.user.info[':id'].$get({ param: { id: String(seller.userId) } })),
    );
    expect(offer?.cars.cars.map((c) => c.id).sort()).toEqual([...live].sort());
    // An account without a live listing, or an administrator, has no public page.
    expect(await data.seller((await signUp(ctx)).userId)).toBeNull();
    expect(await data.seller(admin.userId)).toBeNull();
    expect(await data.seller(999_999)).toBeNull();
  });

  it('lists every live listing for the sitemap, newest first', async () => {
    const ids = (await data.sitemap()).map((entry) => entry.id);
    expect(ids.slice(0, 2)).toEqual([...live].reverse());
  });

  it("turns a saved search's alerts off by its signed token, and says why not", async () => {
    const saved = await ctx
      .client(seller.accessToken)
      .call((r) =>
        r['saved-searches'].$post({ json: { name: 'Cheap Toyotas', filters: { brand: toyota } } }),
      );
    expect(saved.code, saved.message).toBe(0);
    const claims = { userId: seller.userId, savedSearchId: saved.data.id };
    const token = await signUnsubscribeToken(ctx.deps.jwtKey, claims);
    expect(await data.unsubscribe(token)).toEqual({
      done: true,
      message: 'You will no longer get alerts for this search',
      search: { name: 'Cheap Toyotas' },
    });
    expect(await data.unsubscribe(`${token}x`)).toEqual({
      done: false,
      status: 400,
      message: 'This unsubscribe link is not valid',
    });
    const gone = await signUnsubscribeToken(ctx.deps.jwtKey, { ...claims, savedSearchId: 999_999 });
    expect(await data.unsubscribe(gone)).toMatchObject({ done: false, status: 404 });
  });
});
