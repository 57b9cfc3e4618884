import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LandingPage } from '#shared/landing.ts';
import { createTestContext, type Session, type TestContext } from '../../tests/support/context.ts';
import { signUp, signUpAdmin } from '../../tests/support/factories.ts';
import { liveListing, modelId } from '../../tests/support/listings.ts';
import { listings, users } from '../db/schema/index.ts';
import { cities } from '../db/schema/reference.ts';
import { PageCache } from '../http/page-cache.ts';
import { landingPage, landingPaths, popularMakes } from './landing.service.ts';

let ctx: TestContext;
let admin: Session;
let birkirkara: Session;
let sliema: Session;
const ids: Record<string, number> = {};
let yaris: { makeId: number; modelId: number };
let vitz: { makeId: number; modelId: number };
let civic: { makeId: number; modelId: number };

const sell = (seller: Session, car: { makeId: number; modelId: number }, price: number) =>
  liveListing(ctx, seller.accessToken, admin.accessToken, {
    brand: car.makeId,
    model: car.modelId,
    price,
  });

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx);
  birkirkara = await signUp(ctx, 'private', { city: 'Birkirkara' });
  sliema = await signUp(ctx, 'private', { city: 'Sliema' });
  yaris = await modelId(ctx, 'Toyota', 'Yaris');
  vitz = await modelId(ctx, 'Toyota', 'Vitz');
  civic = await modelId(ctx, 'Honda', 'Civic');
  ids.yarisB = await sell(birkirkara, yaris, 5_000);
  ids.vitzB = await sell(birkirkara, vitz, 7_000);
  ids.yarisS = await sell(sliema, yaris, 9_000);
  ids.civicS = await sell(sliema, civic, 6_000);
});
afterAll(() => ctx.close());

/** The page of an address's names, failing when there is none. */
async function pageOf(names: { make?: string; model?: string; town?: string }) {
  const answer = await landingPage(ctx.deps, names);
  if (!answer.page) throw new Error(`no page for ${JSON.stringify(names)}`);
  return answer.page;
}
const figures = (page: LandingPage) => [page.count, page.minPrice, page.maxPrice];
const names = (links: { name: string }[]) => links.map((l) => l.name);

describe('landing pages', () => {
  it('count each set of listed cars with its price range, first cars and neighbours', async () => {
    const toyota = await pageOf({ make: 'toyota' });
    expect(toyota.path).toBe('/cars/toyota');
    expect(figures(toyota)).toEqual([3, 5_000, 9_000]);
    expect(toyota.cars.map((c) => c.id).sort()).toEqual([ids.yarisB, ids.vitzB, ids.yarisS].sort());
    expect(names(toyota.models)).toEqual(['Vitz', 'Yaris']);
    expect(toyota.towns).toEqual([
      { name: 'Birkirkara', path: '/cars/toyota/in/birkirkara' },
      { name: 'Sliema', path: '/cars/toyota/in/sliema' },
    ]);

    const model = await pageOf({ make: 'toyota', model: 'yaris' });
    expect(model.path).toBe('/cars/toyota/yaris');
    expect(figures(model)).toEqual([2, 5_000, 9_000]);
    expect(model.models).toEqual([{ name: 'Vitz', path: '/cars/toyota/vitz' }]);
    expect(model.parents).toEqual([{ name: 'Toyota', path: '/cars/toyota' }]);

    const town = await pageOf({ town: 'sliema' });
    expect(town.path).toBe('/cars/in/sliema');
    expect(figures(town)).toEqual([2, 6_000, 9_000]);
    expect(town.cars.map((c) => c.id).sort()).toEqual([ids.yarisS, ids.civicS].sort());
    expect(names(town.makes)).toEqual(['Honda', 'Toyota']);
    expect(town.towns).toEqual([{ name: 'Birkirkara', path: '/cars/in/birkirkara' }]);

    const makeInTown = await pageOf({ make: 'toyota', town: 'birkirkara' });
    expect(makeInTown.path).toBe('/cars/toyota/in/birkirkara');
    expect(figures(makeInTown)).toEqual([2, 5_000, 7_000]);
    expect(names(makeInTown.parents)).toEqual(['Toyota', 'Birkirkara']);
    expect(names(makeInTown.towns)).toEqual(['Sliema']);
  });

  it('has no page for an unknown name and sends an empty set to the nearest page with cars', async () => {
    expect(await landingPage(ctx.deps, { make: 'no-such-make' })).toEqual({
      page: null,
      redirect: null,
    });
    expect(await landingPage(ctx.deps, { make: 'toyota', model: 'no-such-model' })).toEqual({
      page: null,
      redirect: null,
    });
    expect(await landingPage(ctx.deps, { make: 'toyota', model: 'corolla' })).toEqual({
      page: null,
      redirect: '/cars/toyota',
    });
    expect(await landingPage(ctx.deps, { make: 'honda', town: 'birkirkara' })).toEqual({
      page: null,
      redirect: '/cars/honda',
    });
    expect(await landingPage(ctx.deps, { make: 'fiat' })).toEqual({
      page: null,
      redirect: '/search',
    });
    expect(await landingPage(ctx.deps, { town: 'qormi' })).toEqual({
      page: null,
      redirect: '/search',
    });
  });

  it('links the makes with cars from the home page', async () => {
    expect(await popularMakes(ctx.deps)).toEqual([
      { name: 'Honda', path: '/cars/honda' },
      { name: 'Toyota', path: '/cars/toyota' },
    ]);
  });

  it('lists only the pages with cars for the sitemap', async () => {
    expect(await landingPaths(ctx.deps)).toEqual([
      '/cars/honda',
      '/cars/honda/civic',
      '/cars/honda/in/sliema',
      '/cars/in/birkirkara',
      '/cars/in/sliema',
      '/cars/toyota',
      '/cars/toyota/in/birkirkara',
      '/cars/toyota/in/sliema',
      '/cars/toyota/vitz',
      '/cars/toyota/yaris',
    ]);
  });
});

describe('a landing page in the page cache', () => {
  /** The pages of `addresses` kept in a page cache that hears the database's change notices. */
  async function keptPages(
    addresses: Record<string, { make?: string; model?: string; town?: string }>,
  ) {
    const pages = new PageCache({ maxBytes: 1_000_000, ttlMs: 600_000 }, ctx.deps.changes);
    for (const [key, names] of Object.entries(addresses)) {
      const keep = pages.keeper();
      await keep(key, new Response(key), (await pageOf(names)).tags);
    }
    return {
      kept: () =>
        Object.keys(addresses)
          .filter((key) => pages.answer(key) !== undefined)
          .sort(),
    };
  }
  const addresses = {
    toyota: { make: 'toyota' },
    yaris: { make: 'toyota', model: 'yaris' },
    vitz: { make: 'toyota', model: 'vitz' },
    birkirkara: { town: 'birkirkara' },
    sliema: { town: 'sliema' },
    toyotaInSliema: { make: 'toyota', town: 'sliema' },
    honda: { make: 'honda' },
  };
  const all = Object.keys(addresses).sort();
  /** Waits until every change committed so far has reached this instance. */
  const settled = () => ctx.deps.changes.settle();

  it('is dropped when a car of its set changes price, and kept for other sets', async () => {
    const pages = await keptPages(addresses);
    expect(pages.kept()).toEqual(all);
    await ctx.db.update(listings).set({ price: 4_500 }).where(eq(listings.id, ids.yarisS!));
    await settled();
    expect(pages.kept()).toEqual(['birkirkara', 'honda', 'vitz']);
    expect(figures(await pageOf({ make: 'toyota', model: 'yaris' }))).toEqual([2, 4_500, 5_000]);
  });

  it('is kept when a car changes what only its listing page shows, dropped for its card', async () => {
    const pages = await keptPages(addresses);
    await ctx.db
      .update(listings)
      .set({ description: 'Serviced last month.', priceBand: 2, priceEstimate: 6_500 })
      .where(eq(listings.id, ids.civicS!));
    await settled();
    expect(pages.kept()).toEqual(all);

    await ctx.db
      .update(listings)
      .set({ title: 'Honda Civic 1.5 Sport' })
      .where(eq(listings.id, ids.civicS!));
    await settled();
    // The Civic's card is on the Honda and Sliema pages.
    expect(pages.kept()).toEqual(all.filter((key) => key !== 'honda' && key !== 'sliema'));
  });

  it('is dropped when a car of its set goes live or goes away', async () => {
    let pages = await keptPages(addresses);
    const second = await sell(birkirkara, civic, 8_000);
    await settled();
    expect(pages.kept()).toEqual(['sliema', 'toyota', 'toyotaInSliema', 'vitz', 'yaris']);
    expect(figures(await pageOf({ make: 'honda' }))).toEqual([2, 6_000, 8_000]);

    pages = await keptPages(addresses);
    await ctx.db.update(listings).set({ state: 'SUSPENDED' }).where(eq(listings.id, second));
    await settled();
    expect(pages.kept()).toEqual(['sliema', 'toyota', 'toyotaInSliema', 'vitz', 'yaris']);
    expect(await landingPage(ctx.deps, { make: 'honda', town: 'birkirkara' })).toEqual({
      page: null,
      redirect: '/cars/honda',
    });
  });

  it('is dropped for the old and new towns when a seller moves, and where it shows the seller', async () => {
    const pages = await keptPages(addresses);
    const [qormi] = await ctx.db.select().from(cities).where(eq(cities.name, 'Qormi'));
    await ctx.db.update(users).set({ cityId: qormi!.id }).where(eq(users.id, birkirkara.userId));
    await settled();
    // The make's and models' pages show the seller's town on its cards.
    expect(pages.kept()).toEqual(['honda', 'sliema', 'toyotaInSliema']);
    expect(figures(await pageOf({ town: 'qormi' }))).toEqual([2, 5_000, 7_000]);
    expect(await landingPage(ctx.deps, { town: 'birkirkara' })).toEqual({
      page: null,
      redirect: '/search',
    });
  });
});
