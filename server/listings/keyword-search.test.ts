import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/schemas/auth.ts';
import type { ListingPayloadInput } from '#shared/schemas/listing-payload.ts';
import type { SearchRequest } from '#shared/schemas/listing-search.ts';
import type { SavedSearchFiltersInput } from '#shared/schemas/saved-search.ts';
import { alertsCaughtUp } from '../../tests/support/alerts.ts';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { signUp, signUpAdmin } from '../../tests/support/factories.ts';
import { liveListing, listingPayload, modelId } from '../../tests/support/listings.ts';

// The keyword search of POST cars/search: words looked up in the make, model, title and
// description of live listings, a misspelt make or model found by trigrams.

let ctx: TestContext;
let admin: Session;
let seller: Session;
const cars: Record<'hybrid' | 'family' | 'golf', number> = { hybrid: 0, family: 0, golf: 0 };

const live = (overrides: Partial<ListingPayloadInput>) =>
  liveListing(ctx, seller.accessToken, admin.accessToken, overrides);

const search = (body: SearchRequest) =>
  ctx.client().call((r) => r.cars.search.$post({ json: { pageSize: 100, ...body } }));

/** The ids a search finds, in id order, and checks its total says as many. */
async function found(body: SearchRequest) {
  const res = await search(body);
  expect(res).toMatchObject({ status: 200, code: 0 });
  expect(res.data.totalCount).toBe(res.data.cars.length);
  return res.data.cars.map((c) => c.id).sort((a, b) => a - b);
}
/** The latest notices of `user` (the bell's list). */
const noticesOf = (user: Session) =>
  ctx.client(user.accessToken).call((r) =>
    r.notifications.user[':userId'].$post({
      param: { userId: String(user.userId) },
      json: { pageNumber: 1, pageSize: 10 },
    }),
  );
const idsOf = (...names: (keyof typeof cars)[]) => names.map((n) => cars[n]).sort((a, b) => a - b);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx);
  seller = await signUp(ctx, 'company');
  const golf = await modelId(ctx, 'Volkswagen', 'Golf');
  cars.hybrid = await live({
    title: 'Toyota Yaris 1.5 Hybrid',
    description: 'Full service history, one owner.',
  });
  // Its title names neither the make nor the model: the listing's make and model find it.
  cars.family = await live({
    title: 'Small and thrifty for the family',
    description: 'Panoramic roof and heated seats.',
  });
  cars.golf = await live({
    brand: golf.makeId,
    model: golf.modelId,
    title: 'VW 1.6 TDI Highline',
    description: 'Heated seats, service history with stamps.',
  });
});
afterAll(() => ctx.close());

describe('POST /api/cars/search keyword', () => {
  it('finds every word at the start of a word of the make, model, title or description', async () => {
    expect(await found({ keyword: 'toyota' })).toEqual(idsOf('hybrid', 'family'));
    expect(await found({ keyword: 'Golf' })).toEqual(idsOf('golf'));
    expect(await found({ keyword: 'volks' })).toEqual(idsOf('golf'));
    expect(await found({ keyword: 'hybr' })).toEqual(idsOf('hybrid'));
    expect(await found({ keyword: 'heated seats' })).toEqual(idsOf('family', 'golf'));
    expect(await found({ keyword: 'SERVICE history' })).toEqual(idsOf('hybrid', 'golf'));
    expect(await found({ keyword: 'yaris panoramic' })).toEqual(idsOf('family'));
    expect(await found({ keyword: 'yaris tdi' })).toEqual([]);
  });

  it('finds a make or model nearly spelt', async () => {
    expect(await found({ keyword: 'toyta' })).toEqual(idsOf('hybrid', 'family'));
    expect(await found({ keyword: 'volkswagon golf' })).toEqual(idsOf('golf'));
    expect(await found({ keyword: 'yariss' })).toEqual(idsOf('hybrid', 'family'));
  });

  it('goes with the other filters and orders', async () => {
    const { makeId: toyota } = await modelId(ctx, 'Toyota', 'Yaris');
    expect(await found({ keyword: 'heated', brand: toyota })).toEqual(idsOf('family'));
    const res = await search({ keyword: 'seats', sortBy: 'price', sortDirection: 'ASC' });
    expect(res.data.cars.map((c) => c.id).sort((a, b) => a - b)).toEqual(idsOf('family', 'golf'));
  });

  it('asks for nothing with no letter or digit, and refuses more than 100 characters', async () => {
    const all = await found({});
    expect(await found({ keyword: '  !!! ' })).toEqual(all);
    expect(await found({ keyword: '' })).toEqual(all);
    expect(await search({ keyword: 'x'.repeat(101) })).toMatchObject({
      status: 400,
      message: '"keyword" must be at most 100 characters',
    });
  });

  it('follows an approved edit', async () => {
    const param = { id: String(cars.golf) };
    const raw = await ctx
      .client(seller.accessToken)
      .call((r) => r.car.edit.details.raw[':id'].$get({ param }));
    const golf = await modelId(ctx, 'Volkswagen', 'Golf');
    const json = {
      ...(await listingPayload(ctx, {
        brand: golf.makeId,
        model: golf.modelId,
        title: 'VW 1.6 TDI Highline',
        description: 'Cruise control, service history with stamps.',
      })),
      images: raw.data.images,
      originalId: cars.golf,
    };
    const edit = await ctx.client(seller.accessToken).call((r) => r.cars.edit.$post({ json }));
    expect(edit.code).toBe(0);
    // Until it is approved, the live listing is found by what it shows.
    expect(await found({ keyword: 'cruise' })).toEqual([]);
    const approved = await ctx
      .client(admin.accessToken)
      .call((r) => r.cars.edit.approve[':id'].$post({ param: { id: String(edit.data.id) } }));
    expect(approved.code).toBe(0);
    expect(await found({ keyword: 'cruise' })).toEqual(idsOf('golf'));
    expect(await found({ keyword: 'heated' })).toEqual(idsOf('family'));
  });

  it('is kept in a saved search, whose alert tells only the new cars with the words', async () => {
    const buyer = await signUp(ctx);
    const filters: SavedSearchFiltersInput = { keyword: 'hybrid' };
    const saved = await ctx
      .client(buyer.accessToken)
      .call((r) =>
        r['saved-searches'].$post({ json: { name: 'Hybrids', alert: 'instant', filters } }),
      );
    expect(saved.code).toBe(0);
    const [listed] = (await ctx.client(buyer.accessToken).call((r) => r['saved-searches'].$get()))
      .data;
    expect(listed!.filters).toMatchObject({ keyword: 'hybrid' });
    await alertsCaughtUp(ctx);

    const hybrid = await live({ title: 'Toyota Yaris Hybrid Dynamic' });
    const petrol = await live({ title: 'Toyota Yaris 1.0 petrol' });
    await alertsCaughtUp(ctx);
    const notices = await noticesOf(buyer);
    const messages = notices.data.map((n) => n.message).join();
    expect(notices.data.map((n) => n.title)).toEqual(['1 new car for "Hybrids"']);
    expect(messages).toContain(`/car/${hybrid}`);
    expect(messages).not.toContain(`/car/${petrol}`);
  });
});

describe('POST /api/cars/search keyword with the list filters', () => {
  it('goes with filters of several ids (each a list given as one value)', async () => {
    // The listings of this file are all of body 1 and fuel 1 (tests/support/listing-payload.ts).
    const toyotas = await found({ keyword: 'toyota' });
    expect(toyotas).toEqual(expect.arrayContaining(idsOf('hybrid', 'family')));
    expect(await found({ keyword: 'toyota', fuelFilter: [1, 2] })).toEqual(toyotas);
    expect(await found({ keyword: 'toyota', fuelFilter: [2, 3] })).toEqual([]);
    expect(await found({ keyword: 'seats', bodyFilter: [2, 3] })).toEqual([]);
    expect(await found({ keyword: '0', priceRating: [1] })).toEqual([]);
  });

  it('tells a saved search with a list filter of its new cars', async () => {
    const buyer = await signUp(ctx);
    const filters: SavedSearchFiltersInput = { keyword: 'estate', fuelFilter: [1, 3] };
    const saved = await ctx
      .client(buyer.accessToken)
      .call((r) =>
        r['saved-searches'].$post({ json: { name: 'Estates', alert: 'instant', filters } }),
      );
    expect(saved.code).toBe(0);
    await alertsCaughtUp(ctx);
    const estate = await live({ title: 'Toyota Yaris estate' });
    await alertsCaughtUp(ctx);
    const notices = await noticesOf(buyer);
    expect(notices.data.map((n) => n.title)).toEqual(['1 new car for "Estates"']);
    expect(notices.data[0]!.message).toContain(`/car/${estate}`);
  });
});
