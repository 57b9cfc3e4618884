import { toStoredMileage } from '#shared/mileage.ts';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/schemas/auth.ts';
import type { ListingPayloadInput } from '#shared/schemas/listing-payload.ts';
import type { SavedSearchCreate, SavedSearchFiltersInput } from '#shared/schemas/saved-search.ts';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { alertsCaughtUp } from '../../tests/support/alerts.ts';
import { PASSWORD, signUp, signUpAdmin } from '../../tests/support/factories.ts';
import { listingPayload, liveListing, modelId } from '../../tests/support/listings.ts';
import { listings, notifications, savedSearches } from '../db/schema/index.ts';
import { deliverQueuedMail } from '../mail/queue.ts';
import { digestDueAt, runAlerts, sendDigests } from './alerts.ts';
import { signUnsubscribeToken } from './unsubscribe-token.ts';

let ctx: TestContext;
let admin: Session;
let seller: Session;
let toyota: number;

const api = (token?: string) => ctx.client(token);
/** Saves a search with some of the filters (the rest mean "any"). */
const save = (
  token: string,
  json: Omit<SavedSearchCreate, 'filters'> & { filters: Record<string, unknown> },
) =>
  api(token).call((r) =>
    r['saved-searches'].$post({
      json: { ...json, filters: json.filters as SavedSearchFiltersInput },
    }),
  );
const listOf = async (token: string) => {
  const res = await api(token).call((r) => r['saved-searches'].$get());
  if (res.code !== 0) throw new Error(res.message);
  return res.data;
};
const yaris = (overrides: Partial<ListingPayloadInput> = {}) =>
  liveListing(ctx, seller.accessToken, admin.accessToken, overrides);

/** Sends the mail queue to the test outbox; returns what left for `to`. */
async function sentMail(to?: string) {
  const before = ctx.outbox.length;
  await deliverQueuedMail(ctx.db, ctx.deps.mailer);
  return ctx.outbox.slice(before).filter((m) => !to || m.to === to);
}

const noticesOf = (userId: number) =>
  ctx.db.select().from(notifications).where(eq(notifications.userId, userId));

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx);
  seller = await signUp(ctx, 'company');
  toyota = (await modelId(ctx, 'Toyota', 'Yaris')).makeId;
});
afterAll(() => ctx.close());

describe('saved searches', () => {
  it('saves, lists, renames, changes the alert, opens and deletes, through the typed client', async () => {
    const buyer = await signUp(ctx);
    const created = await save(buyer.accessToken, {
      name: '  Cheap Toyotas ',
      filters: {
        brand: toyota,
        maxPrice: 10_000,
        fuelFilter: [1],
        sortBy: 'price',
        sortDirection: 'asc',
      },
    });
    expect(created).toMatchObject({
      code: 0,
      message: 'Search saved',
      data: {
        name: 'Cheap Toyotas',
        alert: 'instant',
        newCount: 0,
        filters: {
          brand: toyota,
          maxPrice: 10_000,
          fuelFilter: [1],
          sortBy: 'price',
          sortDirection: 'ASC',
        },
      },
    });
    const id = String(created.data!.id);
    expect((await listOf(buyer.accessToken)).map((s) => s.name)).toEqual(['Cheap Toyotas']);

    const renamed = await api(buyer.accessToken).call((r) =>
      r['saved-searches'][':id'].$put({ param: { id }, json: { name: 'Yaris', alert: 'daily' } }),
    );
    expect(renamed).toMatchObject({
      code: 0,
      message: 'Saved search updated',
      data: { name: 'Yaris', alert: 'daily' },
    });

    const opened = await api(buyer.accessToken).call((r) =>
      r['saved-searches'][':id'].open.$post({ param: { id } }),
    );
    expect(opened).toMatchObject({ code: 0, data: { name: 'Yaris', newCount: 0 } });

    const removed = await api(buyer.accessToken).call((r) =>
      r['saved-searches'][':id'].$delete({ param: { id } }),
    );
    expect(removed).toMatchObject({ code: 0, message: 'Saved search deleted' });
    expect(await listOf(buyer.accessToken)).toEqual([]);
  });

  it('refuses a visitor, a nameless search, and another user’s search', async () => {
    const owner = await signUp(ctx);
    const other = await signUp(ctx);
    expect(await api().call((r) => r['saved-searches'].$get())).toMatchObject({ status: 401 });
    expect(await save(owner.accessToken, { name: ' ', filters: {} })).toMatchObject({
      status: 400,
      message: 'Give the search a name',
    });
    const created = await save(owner.accessToken, { name: 'Mine', filters: { brand: toyota } });
    const id = String(created.data!.id);
    const asOther = api(other.accessToken);
    for (const res of [
      await asOther.call((r) =>
        r['saved-searches'][':id'].$put({ param: { id }, json: { name: 'Stolen' } }),
      ),
      await asOther.call((r) => r['saved-searches'][':id'].open.$post({ param: { id } })),
      await asOther.call((r) => r['saved-searches'][':id'].$delete({ param: { id } })),
    ])
      expect(res).toMatchObject({ status: 404, message: 'Saved search not found' });
    expect(await listOf(other.accessToken)).toEqual([]);
    expect((await listOf(owner.accessToken)).map((s) => s.name)).toEqual(['Mine']);

    // Closing the account erases its saved searches with the rest of its personal data.
    const closed = await api(owner.accessToken).call((r) =>
      r.user.remove.$post({ json: { password: PASSWORD } }),
    );
    expect(closed.code).toBe(0);
    expect(
      await ctx.db.select().from(savedSearches).where(eq(savedSearches.userId, owner.userId)),
    ).toEqual([]);
  });
});

describe('alerts', () => {
  it('tells an instant search once per listing, in the bell and by e-mail, edits that newly match included', async () => {
    const before = await yaris({ price: 9_000, title: 'Live before the search' });
    const buyer = await signUp(ctx);
    await save(buyer.accessToken, {
      name: 'Toyota under 10k',
      filters: { brand: toyota, maxPrice: 10_000 },
    });
    await alertsCaughtUp(ctx);
    await sentMail();
    expect(await noticesOf(buyer.userId)).toEqual([]);

    const match = await yaris({ price: 9_500, title: 'Toyota Yaris, a match' });
    const tooDear = await yaris({ price: 14_000, title: 'Too dear for now' });
    await alertsCaughtUp(ctx);
    const notices = await noticesOf(buyer.userId);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.title).toBe('1 new car for "Toyota under 10k"');
    expect(notices[0]!.message).toContain(`/car/${match}`);
    expect(notices[0]!.message).not.toContain(`/car/${tooDear}`);
    const [mail] = await sentMail(buyer.email);
    expect(mail).toMatchObject({ to: buyer.email, subject: '1 new car for "Toyota under 10k"' });
    expect(mail!.text).toContain(`/car/${match}`);
    expect(mail!.html).toContain(`/car/${match}`);
    // The title says the make and model, and so the car's name says them once.
    expect(mail!.text).toContain('\nToyota Yaris, a match\n');
    expect(notices[0]!.message).toContain('>Toyota Yaris, a match</a>');
    expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.headers?.['List-Unsubscribe']).toMatch(
      /^<http.*\/api\/saved-searches\/unsubscribe\?token=.+>$/,
    );

    // Again, and an edit that keeps the match: nothing new.
    await alertsCaughtUp(ctx);
    await approveEdit(match, { price: 9_400, title: 'A match, cheaper' });
    await alertsCaughtUp(ctx);
    expect(await noticesOf(buyer.userId)).toHaveLength(1);

    // An edit that makes a live car match tells the buyer, as a changed car when it was listed
    // days ago (a new car is one listed within the last day).
    await ctx.db
      .update(listings)
      .set({ publishedAt: new Date(Date.now() - 5 * 86_400_000) })
      .where(eq(listings.id, tooDear));
    await approveEdit(tooDear, { price: 9_900, title: 'Now a match' });
    await alertsCaughtUp(ctx);
    const after = await noticesOf(buyer.userId);
    expect(after).toHaveLength(2);
    expect(after.map((n) => n.message).join()).toContain(`/car/${tooDear}`);
    expect(after.map((n) => n.message).join()).not.toContain(`/car/${before}`);
    expect((await sentMail(buyer.email)).map((m) => m.subject)).toEqual([
      '1 changed car for "Toyota under 10k"',
    ]);

    // Both count as new until the search is opened.
    const [listed] = await listOf(buyer.accessToken);
    expect(listed!.newCount).toBe(2);
    await api(buyer.accessToken).call((r) =>
      r['saved-searches'][':id'].open.$post({ param: { id: String(listed!.id) } }),
    );
    expect((await listOf(buyer.accessToken))[0]!.newCount).toBe(0);
  });

  it('states mileages in the unit the search was saved in, miles unless told', async () => {
    const inKm = await signUp(ctx);
    const inMiles = await signUp(ctx);
    const filters = { brand: toyota, minPrice: 77_777, maxPrice: 77_777 };
    const saved = await save(inKm.accessToken, { name: 'In km', filters, mileageUnit: 'km' });
    expect(saved.data).toMatchObject({ mileageUnit: 'km' });
    await save(inMiles.accessToken, { name: 'In miles', filters });
    await alertsCaughtUp(ctx);
    await yaris({ price: 77_777, millage: toStoredMileage(50_000, 'km') });
    await alertsCaughtUp(ctx);
    const sent = await sentMail();
    const km = sent.find((mail) => mail.to === inKm.email);
    const miles = sent.find((mail) => mail.to === inMiles.email);
    expect(km!.text).toContain(' · 50,000 km\n');
    expect(km!.html).toContain(' · 50,000 km<');
    expect(miles!.text).toContain(' · 31,069 mi\n');
  });

  it('gathers a daily search’s matches into one digest a day, and an off search tells nobody', async () => {
    const daily = await signUp(ctx);
    const quiet = await signUp(ctx);
    await save(daily.accessToken, {
      name: 'Daily Yaris',
      filters: { brand: toyota, minYear: 2000 },
      alert: 'daily',
    });
    await save(quiet.accessToken, { name: 'Quiet', filters: { brand: toyota }, alert: 'off' });
    const hour = ctx.deps.config.ALERT_DIGEST_HOUR;
    const digestTime = new Date(Date.now() + 86_400_000);
    digestTime.setUTCHours(hour, 1, 0, 0);
    // The first run after saving settles today's digest (nothing matched yet).
    await sendDigests(ctx.deps, digestDueAt(new Date(), hour));

    const first = await yaris({ price: 5_000, title: 'Digest one' });
    const second = await yaris({ price: 6_000, title: 'Digest two' });
    await alertsCaughtUp(ctx);
    expect(await noticesOf(daily.userId)).toEqual([]);
    expect(await noticesOf(quiet.userId)).toEqual([]);

    expect(await sendDigests(ctx.deps, digestTime)).toBe(1);
    expect(await sendDigests(ctx.deps, new Date(digestTime.getTime() + 3_600_000))).toBe(0);
    const notices = await noticesOf(daily.userId);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.title).toBe('Your daily digest: 2 new cars for "Daily Yaris"');
    const mail = (await sentMail(daily.email))[0];
    expect(mail!.text).toContain(`/car/${first}`);
    expect(mail!.text).toContain(`/car/${second}`);
    expect(await noticesOf(quiet.userId)).toEqual([]);
    expect((await listOf(quiet.accessToken))[0]!.newCount).toBe(2);
  });

  it('tells each search once when two job runners run at the same time', async () => {
    const buyers = await Promise.all(Array.from({ length: 3 }, () => signUp(ctx)));
    for (const buyer of buyers)
      for (const name of ['Race A', 'Race B'])
        await save(buyer.accessToken, { name, filters: { brand: toyota, maxPrice: 3_000 } });
    const cars = [
      await yaris({ price: 2_500, title: 'Raced one' }),
      await yaris({ price: 2_600, title: 'Raced two' }),
    ];
    await Promise.all([alertsCaughtUp(ctx), alertsCaughtUp(ctx), runAlerts(ctx.deps)]);
    for (const buyer of buyers) {
      const notices = await noticesOf(buyer.userId);
      // Each car reaches each search exactly once: both in one notice, or in two when a runner's
      // watermark (the oldest transaction still running, another test's or the other runner's)
      // left the later car to the next check.
      const told = notices.flatMap((n) =>
        cars
          .filter((car) => n.message.includes(`/car/${car}"`))
          .map((car) => `${/"([^"]+)"$/.exec(n.title)?.[1]}:${car}`),
      );
      expect(told.sort()).toEqual(
        [`Race A:${cars[0]}`, `Race A:${cars[1]}`, `Race B:${cars[0]}`, `Race B:${cars[1]}`].sort(),
      );
      expect(notices.length).toBeGreaterThanOrEqual(2);
      expect(notices.length).toBeLessThanOrEqual(4);
    }
  });
});

describe('unsubscribe link', () => {
  it('turns the alert off without logging in, one click (RFC 8058 POST) or the page; a forged token is refused', async () => {
    const buyer = await signUp(ctx);
    await save(buyer.accessToken, {
      name: 'Unsubscribe me',
      filters: { brand: toyota, maxPrice: 1_500 },
    });
    await yaris({ price: 1_200, title: 'Cheap one' });
    await alertsCaughtUp(ctx);
    const mail = (await sentMail(buyer.email))[0]!;
    const oneClick = mail.headers!['List-Unsubscribe']!.slice(1, -1);
    const url = new URL(oneClick);
    expect(mail.text).toContain(`/unsubscribe?token=${url.searchParams.get('token')!}`);

    const res = await ctx.request('POST', `${url.pathname}${url.search}`, {
      raw: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res).toMatchObject({
      status: 200,
      code: 0,
      message: 'You will no longer get alerts for this search',
      data: { name: 'Unsubscribe me' },
    });
    expect((await listOf(buyer.accessToken))[0]!.alert).toBe('off');
    // Again (a mail client and the person both clicking) is fine.
    const again = await api().call((r) =>
      r['saved-searches'].unsubscribe.$post({ query: { token: url.searchParams.get('token')! } }),
    );
    expect(again).toMatchObject({ code: 0 });

    const forged = await api().call((r) =>
      r['saved-searches'].unsubscribe.$post({
        query: { token: `${url.searchParams.get('token')!}x` },
      }),
    );
    expect(forged).toMatchObject({ status: 400, message: 'This unsubscribe link is not valid' });
    // An access token is not an unsubscribe token.
    const access = await api().call((r) =>
      r['saved-searches'].unsubscribe.$post({ query: { token: buyer.accessToken } }),
    );
    expect(access).toMatchObject({ status: 400 });
  });

  it('works for a year, then says the link has expired', async () => {
    const buyer = await signUp(ctx);
    const search = await save(buyer.accessToken, { name: 'Old mail', filters: { brand: toyota } });
    const claims = { savedSearchId: search.data.id, userId: buyer.userId };
    const { exp, iat } = decodeJwt(await signUnsubscribeToken(ctx.deps.jwtKey, claims));
    expect(exp! - iat!).toBeGreaterThanOrEqual(365 * 24 * 3600);
    const old = await signUnsubscribeToken(ctx.deps.jwtKey, claims, new Date(Date.now() - 1000));
    const res = await api().call((r) =>
      r['saved-searches'].unsubscribe.$post({ query: { token: old } }),
    );
    expect(res).toMatchObject({
      status: 400,
      message:
        'This unsubscribe link has expired: you can turn the alerts off in your saved searches',
    });
    expect((await listOf(buyer.accessToken))[0]!.alert).toBe('instant');
  });
});

/** Submits an edit of a live listing and approves it. */
async function approveEdit(id: number, overrides: Partial<ListingPayloadInput>) {
  const param = { id: String(id) };
  const raw = await api(seller.accessToken).call((r) =>
    r.car.edit.details.raw[':id'].$get({ param }),
  );
  const json = {
    ...(await listingPayload(ctx, overrides)),
    images: raw.data.images,
    originalId: id,
  };
  const edit = await api(seller.accessToken).call((r) => r.cars.edit.$post({ json }));
  if (edit.code !== 0) throw new Error(edit.message);
  const approved = await api(admin.accessToken).call((r) =>
    r.cars.edit.approve[':id'].$post({ param: { id: String(edit.data.id) } }),
  );
  if (approved.code !== 0) throw new Error(approved.message);
}
