import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import type { Session } from '../../tests/support/context.ts';
import type { ListingEventKind } from '#shared/schemas/insights.ts';
import { signUp, signUpAdmin } from '../../tests/support/factories.ts';
import { liveListing } from '../../tests/support/listings.ts';
import { grant } from '../../tests/support/money.ts';
import { listings, listingStats, listingViews, siteStats } from '../db/schema/index.ts';
import { shiftDay, utcDay } from './days.ts';
import { flushCounters } from './flush.ts';
import { snapshotAndPrune } from './retention.ts';

let ctx: TestContext;
let admin: Session;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx);
});
afterAll(() => ctx.close());

const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36';
const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
/** A browser at `address` (the connection's, as a visitor's would be). */
const browser = (address: string, agent = chrome) => ({
  headers: { 'user-agent': agent },
  from: address,
});
type From = ReturnType<typeof browser> & { token?: string };
const signedIn = (token: string): From => ({
  headers: { 'user-agent': chrome },
  from: '203.0.113.250',
  token,
});
/** The typed client as `who` calls: from its address, with its browser's headers. */
const as = (who: From) => ctx.client(who.token, who.from, who.headers);
/** What a page sends when it shows cars (ids twice: the page counts each once). */
const shownIn = (place: 'home' | 'search', ids: number[], who: From) =>
  as(who).call((r) => r.cars.impressions.$post({ json: { ids, place } }));
const viewed = (id: number, who: From) =>
  as(who).call((r) => r.car[':id'].view.$post({ param: { id: String(id) } }));

const insights = (id: number, token?: string) =>
  ctx.client(token).call((r) => r.insights.car[':id'].$get({ param: { id: String(id) } }));
const today = () => utcDay();

async function sellerWithListing(kind: 'private' | 'company' = 'private') {
  const seller = await signUp(ctx, kind);
  const id = await liveListing(ctx, seller.accessToken, admin.accessToken);
  return { seller, id };
}

describe('counting', () => {
  it('counts a view once per visitor and day, never the owner’s nor a robot’s', async () => {
    const { seller, id } = await sellerWithListing();
    const view = (who: From) => viewed(id, who);
    await view(browser('203.0.113.1'));
    await view(browser('203.0.113.1'));
    await view(browser('203.0.113.2'));
    await view(browser('203.0.113.3', googlebot));
    await view(signedIn(seller.accessToken));
    await ctx
      .client(seller.accessToken)
      .call((r) => r.car[':id'].$get({ param: { id: String(id) } }));
    await flushCounters(ctx.deps);
    await view(browser('203.0.113.2'));
    await flushCounters(ctx.deps);

    const res = await insights(id, seller.accessToken);
    expect(res.status).toBe(200);
    expect(res.data.totals.views).toBe(2);
    expect(res.data.days.at(-1)).toMatchObject({ day: today(), views: 2 });
  });

  it('counts an impression once per visitor and day, never the owner’s nor a robot’s, and searches', async () => {
    const { seller, id } = await sellerWithListing();
    const before = await ctx
      .client(admin.accessToken)
      .call((r) => r.insights.site.$get({ query: { days: '1' } }));
    const shown = (place: 'home' | 'search', who: From) => shownIn(place, [id, id], who);
    expect(await shown('search', browser('198.51.100.1'))).toMatchObject({ status: 200, code: 0 });
    await shown('home', browser('198.51.100.1'));
    await shown('search', browser('198.51.100.2', googlebot));
    await shown('search', signedIn(seller.accessToken));
    await flushCounters(ctx.deps);
    // The same beacon sent thirty times by another visitor, across a flush, is one impression.
    for (let i = 0; i < 30; i++) await shownIn('home', [id], browser('198.51.100.3'));
    await flushCounters(ctx.deps);
    await shownIn('home', [id], browser('198.51.100.3'));
    await shownIn('home', [id], browser('198.51.100.1'));
    await flushCounters(ctx.deps);

    const { data } = await insights(id, seller.accessToken);
    expect(data.totals.impressions).toBe(2);
    const after = await ctx
      .client(admin.accessToken)
      .call((r) => r.insights.site.$get({ query: { days: '1' } }));
    // The owner's search page is a search all the same; the robot's is not.
    expect((after.data.days[0]?.searches ?? 0) - (before.data.days[0]?.searches ?? 0)).toBe(2);
  });

  it('counts contact reveals and shares once per visitor and day, and favourites', async () => {
    const { seller, id } = await sellerWithListing();
    const buyer = await signUp(ctx);
    const event = (kind: ListingEventKind, who: From) =>
      as(who).call((r) => r.car[':id'].event.$post({ param: { id: String(id) }, json: { kind } }));
    await event('phone', browser('192.0.2.1'));
    await event('phone', browser('192.0.2.1'));
    await event('email', browser('192.0.2.1'));
    await event('share', browser('192.0.2.2'));
    await event('phone', signedIn(seller.accessToken));
    await event('phone', browser('192.0.2.3', googlebot));
    const json = { carId: id, userId: buyer.userId };
    await ctx.client(buyer.accessToken).call((r) => r.favorite.add.$post({ json }));
    await ctx.client(buyer.accessToken).call((r) => r.favorite.add.$post({ json }));
    await ctx.client(buyer.accessToken).call((r) => r.favorite.remove.$post({ json }));
    await flushCounters(ctx.deps);

    const { data } = await insights(id, seller.accessToken);
    expect(data.totals).toMatchObject({
      phoneReveals: 1,
      emailReveals: 1,
      contacts: 2,
      shares: 1,
      favoritesAdded: 1,
      favoritesRemoved: 1,
    });
    // No such kind: a body the typed client cannot send.
    const fax = { body: { kind: 'fax' }, ...browser('192.0.2.1') };
    expect(await ctx.request('POST', `/api/car/${id}/event`, fax)).toMatchObject({ status: 400 });
  });

  it('refuses an event on a listing that is not live, and too many impressions', async () => {
    expect(
      await ctx
        .client()
        .call((r) =>
          r.car[':id'].event.$post({ param: { id: '999999' }, json: { kind: 'share' } }),
        ),
    ).toMatchObject({ status: 404, message: 'Listing not found' });
    const ids = Array.from({ length: 61 }, (_, i) => i + 1);
    const res = await ctx
      .client()
      .call((r) => r.cars.impressions.$post({ json: { ids, place: 'search' } }));
    expect(res.status).toBe(400);
  });
});

describe('roll-ups', () => {
  it('shows every day of the listing’s life, the types and what a promotion changed', async () => {
    const { seller, id } = await sellerWithListing();
    const published = new Date(Date.now() - 4 * 86_400_000);
    await ctx.db.update(listings).set({ publishedAt: published }).where(eq(listings.id, id));
    await ctx.db.insert(listingStats).values([
      { listingId: id, day: shiftDay(today(), -4), impressions: 10, views: 2, phoneReveals: 1 },
      { listingId: id, day: shiftDay(today(), -2), impressions: 30, views: 4 },
    ]);
    await grant(ctx, seller.userId, 1000);
    const promoted = await ctx
      .client(seller.accessToken)
      .call((r) => r.car.promote.$post({ json: { carId: id, listingTypeId: 1 } }));
    expect(promoted.code).toBe(0);
    await shownIn('search', [id], browser('198.51.100.9'));
    await viewed(id, browser('198.51.100.9'));
    await flushCounters(ctx.deps);

    const { data } = await insights(id, seller.accessToken);
    expect(data.days.map((d) => d.day)).toEqual(
      [-4, -3, -2, -1, 0].map((n) => shiftDay(today(), n)),
    );
    expect(data.totals).toMatchObject({ impressions: 41, views: 7, contacts: 1 });
    expect(data.clickThroughRate).toBeCloseTo(7 / 41);
    expect(data.types).toEqual([
      { listingTypeId: 1, name: 'Premium', days: 1 },
      { listingTypeId: 3, name: 'Standard', days: 4 },
    ]);
    expect(data.promotion).toMatchObject({
      listingTypeId: 1,
      before: { days: 4, impressions: 10, views: 1.5, contacts: 0.25 },
      after: { days: 1, impressions: 1, views: 1, contacts: 0 },
    });
  });

  it('totals every listing of a seller, and a company’s stock per week', async () => {
    const { seller, id } = await sellerWithListing('company');
    const second = await liveListing(ctx, seller.accessToken, admin.accessToken);
    await ctx.db.insert(listingStats).values([
      { listingId: id, day: today(), impressions: 5, views: 1, emailReveals: 2 },
      { listingId: second, day: today(), impressions: 3, views: 3 },
      { listingId: second, day: shiftDay(today(), -7), impressions: 4 },
    ]);
    const res = await ctx
      .client(seller.accessToken)
      .call((r) => r.insights.user[':userId'].$get({ param: { userId: String(seller.userId) } }));
    expect(res.data.listings.map((l) => [l.id, l.impressions, l.views, l.contacts])).toEqual([
      [second, 7, 3, 0],
      [id, 5, 1, 2],
    ]);
    const weeks = res.data.weeks ?? [];
    expect(weeks).toHaveLength(26);
    expect(weeks.at(-1)).toMatchObject({ impressions: 8, views: 4, contacts: 2 });
    expect(weeks.at(-2)).toMatchObject({ impressions: 4 });

    const { seller: person } = await sellerWithListing();
    const own = await ctx
      .client(person.accessToken)
      .call((r) => r.insights.user[':userId'].$get({ param: { userId: String(person.userId) } }));
    expect(own.data.weeks).toBeNull();
  });

  it('keeps daily rows for the retention period and visitors’ rows for a day', async () => {
    const { id } = await sellerWithListing();
    const old = shiftDay(today(), -800);
    await ctx.db.insert(listingStats).values([
      { listingId: id, day: old, views: 1 },
      { listingId: id, day: shiftDay(today(), -3), views: 1 },
    ]);
    await ctx.db.insert(siteStats).values({ day: old, views: 1 }).onConflictDoNothing();
    await ctx.db
      .insert(listingViews)
      .values({ listingId: id, visitor: 'visitor:old', day: shiftDay(today(), -2) });
    await snapshotAndPrune(ctx.db, 730);

    const kept = await ctx.db.select().from(listingStats).where(eq(listingStats.listingId, id));
    expect(kept.map((r) => r.day)).toEqual([shiftDay(today(), -3)]);
    expect(await ctx.db.select().from(siteStats).where(eq(siteStats.day, old))).toEqual([]);
    expect(await ctx.db.select().from(listingViews).where(eq(listingViews.listingId, id))).toEqual(
      [],
    );
    const site = await ctx
      .client(admin.accessToken)
      .call((r) => r.insights.site.$get({ query: { days: '7' } }));
    expect(site.data.days).toHaveLength(7);
    expect(site.data.days.at(-1)?.liveListings).toBeGreaterThan(0);
    expect(site.data.days.at(-1)?.newListings).toBeGreaterThan(0);
  });
});

describe('authorization', () => {
  it('shows a listing’s and a seller’s statistics to the owner and admins only', async () => {
    const { seller, id } = await sellerWithListing();
    const other = await signUp(ctx);
    expect((await insights(id)).status).toBe(401);
    expect(await insights(id, other.accessToken)).toMatchObject({
      status: 403,
      message: 'This is not your listing',
    });
    expect((await insights(id, admin.accessToken)).status).toBe(200);
    expect((await insights(999999, seller.accessToken)).status).toBe(404);

    const overview = (token?: string) =>
      ctx
        .client(token)
        .call((r) => r.insights.user[':userId'].$get({ param: { userId: String(seller.userId) } }));
    expect((await overview(other.accessToken)).status).toBe(403);
    expect((await overview(admin.accessToken)).status).toBe(200);
    expect(
      (await ctx.client(seller.accessToken).call((r) => r.insights.site.$get({ query: {} })))
        .status,
    ).toBe(403);
  });

  it('is reachable through the typed client', async () => {
    const { seller, id } = await sellerWithListing();
    const res = await ctx
      .client(seller.accessToken)
      .call((r) => r.insights.car[':id'].$get({ param: { id: String(id) } }));
    expect(res.code).toBe(0);
    if (res.code === 0) expect(res.data.listing.id).toBe(id);
  });
});
