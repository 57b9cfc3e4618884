import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { rowsOf } from '#shared/api/rows.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  type RouteCall,
  type TestContext,
} from '../../tests/support/context.ts';
import type { Session } from '#shared/schemas/auth.ts';
import { newAddress, signUp, signUpAdmin } from '../../tests/support/factories.ts';
import { listingPayload, liveListing, submitListing } from '../../tests/support/listings.ts';
import { listingImages, listings, notifications, users } from '../db/schema/index.ts';
import { carPhoto } from '../db/seed/car-photo.ts';
import { flagListing, nearPhotos } from './flags.ts';
import { SAME_PHOTO_DISTANCE } from './phash.ts';

let ctx: TestContext;
let admin: Session;
let other: Session;
let owner: Session;
let user: Session;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx);
  other = await signUpAdmin(ctx);
  owner = await signUp(ctx);
  user = await signUp(ctx);
});
afterAll(() => ctx.close());

const asAdmin = () => ctx.client(admin.accessToken);
const review = (id: number) =>
  asAdmin().call((r) => r.cars.review[':id'].$get({ param: { id: String(id) } }));
const auditLog = (query: Record<string, string>) =>
  asAdmin().call((r) => r.moderation.log.$get({ query }));
const deny = (id: number, message: string, who: Session) =>
  ctx.client(who.accessToken).call((r) => r.cars.request.deny.$post({ json: { id, message } }));
const lastNotice = async (userId: number) => {
  const [row] = await ctx.db
    .select({ title: notifications.title, message: notifications.message })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.id))
    .limit(1);
  return row;
};

/** Five photos of one car (smooth, like real photos; the test factory's noise is not). */
const carPhotos = (seed: number) =>
  Promise.all(
    (['side', 'front', 'rear', 'side', 'front'] as const).map(async (view, k) => ({
      image: await carPhoto({ colour: 'Red', view, label: `Car ${seed}`, seed: seed * 16 + k }),
      isCover: k === 0,
      name: `car-${seed}-${k}.jpg`,
    })),
  );

/** Each photo as a scammer copies it: re-encoded smaller. */
const copied = (images: { image: string; isCover: boolean; name: string }[]) =>
  Promise.all(
    images.map(async (photo) => ({
      ...photo,
      image: (
        await sharp(Buffer.from(photo.image, 'base64'))
          .resize({ width: 640 })
          .jpeg({ quality: 60 })
          .toBuffer()
      ).toString('base64'),
    })),
  );

describe('duplicate detection', () => {
  it("flags another user's copy by its chassis number and photos, side by side", async () => {
    const images = await carPhotos(101);
    const original = await liveListing(ctx, owner.accessToken, admin.accessToken, {
      images,
      chassisNumber: 'WVW ZZZ 1K-Z8W000123',
    });
    const copy = await submitListing(ctx, user.accessToken, {
      images: await copied(images),
      chassisNumber: 'wvwzzz1kz8wOOO123',
    });
    const res = await review(copy);
    expect(res.status).toBe(200);
    const [duplicate] = res.data.flags?.duplicates ?? [];
    expect(duplicate).toMatchObject({ listingId: original, chassis: true, state: 'ACTIVE' });
    expect(duplicate?.photos.length).toBeGreaterThanOrEqual(3);
    for (const match of duplicate?.photos ?? []) {
      expect(match.photo).toMatch(/^\/images\/listings\//);
      expect(match.other).toMatch(/^\/images\/listings\//);
      expect(match.distance).toBeLessThanOrEqual(SAME_PHOTO_DISTANCE);
    }
  });

  it("does not flag distinct cars, nor the seller's own listings", async () => {
    const images = await carPhotos(202);
    await submitListing(ctx, owner.accessToken, { images, chassisNumber: 'JMZ-0000001' });
    const own = await submitListing(ctx, owner.accessToken, {
      images: await copied(images),
      chassisNumber: 'JMZ0000001',
    });
    const distinct = await submitListing(ctx, user.accessToken, { chassisNumber: 'SB1-777777' });
    expect((await review(own)).data.flags).toBeNull();
    expect((await review(distinct)).data.flags).toBeNull();
  });

  it('checks an edit of a live listing too', async () => {
    const original = await submitListing(ctx, owner.accessToken, { chassisNumber: 'TMA-1234567' });
    const live = await liveListing(ctx, user.accessToken, admin.accessToken);
    const json = {
      ...(await listingPayload(ctx, { chassisNumber: 'tma 1234567' })),
      originalId: live,
    };
    const res = await ctx.client(user.accessToken).call((r) => r.cars.edit.$post({ json }));
    expect(res.code).toBe(0);
    const edit = (res.data as { id: number }).id;
    const found = await review(edit);
    expect(found.data.flags?.duplicates).toEqual([
      expect.objectContaining({ listingId: original, chassis: true, photos: [] }),
    ]);
  });
});

describe('the photo look-up', () => {
  /** Gives a listing's photos these hashes, in order. */
  const hashPhotos = async (listingId: number, hashes: bigint[]) => {
    const rows = await ctx.db
      .select({ id: listingImages.id })
      .from(listingImages)
      .where(eq(listingImages.listingId, listingId))
      .orderBy(listingImages.position);
    expect(rows.length).toBe(hashes.length);
    for (const [k, row] of rows.entries()) {
      await ctx.db
        .update(listingImages)
        .set({ phash: hashes[k] })
        .where(eq(listingImages.id, row.id));
    }
  };
  const hashes = [
    0x0123_4567_89ab_cdefn,
    0x7edc_ba98_7654_3210n,
    0x0f0f_f0f0_3c3c_c3c3n,
    0x1357_9bdf_2468_ace0n,
    0x55aa_33cc_0ff0_9669n,
  ];
  // Seven bits off, spread so that no band is exact (2 + 2 + 2 + 1), and eight (2 in each band).
  const seven = 0x0180_0300_0600_0001n;
  const eight = 0x0180_0300_0600_0003n;

  it('finds photos within 7 bits through the band indexes, and not 8 bits apart', async () => {
    const original = await submitListing(ctx, owner.accessToken, { chassisNumber: 'LOOK-000001' });
    await hashPhotos(original, hashes);
    const near = await submitListing(ctx, user.accessToken, { chassisNumber: 'LOOK-000002' });
    await hashPhotos(
      near,
      hashes.map((h) => h ^ seven),
    );
    const far = await submitListing(ctx, user.accessToken, { chassisNumber: 'LOOK-000003' });
    await hashPhotos(
      far,
      hashes.map((h) => h ^ eight),
    );

    const found = await flagListing(ctx.db, near);
    expect(found?.duplicates).toEqual([
      expect.objectContaining({ listingId: original, chassis: false }),
    ]);
    expect(found?.duplicates[0]?.photos.map((p) => p.distance)).toEqual([7, 7, 7, 7, 7]);
    expect(await flagListing(ctx.db, far)).toBeNull();

    // At scale the candidates come from the four band indexes, not from reading every hash.
    const bulk = await submitListing(ctx, other.accessToken, { chassisNumber: 'LOOK-000004' });
    await ctx.db.execute(sql`
      insert into listing_images (listing_id, key, position, width, height, phash)
      select ${bulk}, 'bulk/' || g, g, 10, 10, (random() * 9e18)::bigint
      from generate_series(1, 20000) g`);
    await ctx.db.execute(sql`analyze listing_images`);
    const query = nearPhotos(
      ctx.db,
      hashes.map((h) => h ^ seven),
    );
    const plan = (await ctx.db.execute(sql`explain ${query}`)) as unknown as {
      rows: { 'QUERY PLAN': string }[];
    };
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    for (const band of [0, 1, 2, 3]) expect(text).toContain(`listing_images_phash_band${band}_idx`);
    expect(text).not.toMatch(/Seq Scan on listing_images\b/);
    // Whoever's: the listing's own photos and the one-bit-further copies too, none of the bulk.
    const listed = (await query).map((r) => r.listingId);
    expect(listed.length).toBe(15);
    expect(new Set(listed)).toEqual(new Set([original, near, far]));
    await ctx.db.execute(sql`delete from listing_images where key like 'bulk/%'`);
  });
});

describe('scam patterns', () => {
  it('flag the request without blocking the seller, with the matched text', async () => {
    const description = 'Pay a deposit by Western Union and I ship it. WhatsApp +44 7700 900123.';
    const id = await submitListing(ctx, owner.accessToken, { description });
    const { data } = await review(id);
    const matched = (data.flags?.scam ?? []).map((m) => [m.kind, m.text]);
    expect(matched).toEqual([
      ['payment', 'deposit'],
      ['payment', 'Western Union'],
      ['handle', 'WhatsApp'],
      ['foreign-phone', '+44 7700 900123'],
    ]);
    for (const m of data.flags?.scam ?? []) expect(description.slice(m.start, m.end)).toBe(m.text);
    const queue = await asAdmin().call((r) => r.car.requests.$get({ query: {} }));
    expect(rowsOf(queue.data).map((c) => c.id)).toContain(id);
  });
});

describe('moderation log and history', () => {
  it('lists decisions with who, what, which listing and the reason; filters and pages', async () => {
    const id = await submitListing(ctx, owner.accessToken);
    const reason = 'The photos show a different car.';
    const denied = await deny(id, reason, other);
    expect(denied.code).toBe(0);
    const log = await auditLog({ action: 'deny', adminId: String(other.userId) });
    expect(log.status).toBe(200);
    expect(log.data.items[0]).toMatchObject({
      adminId: other.userId,
      adminEmail: expect.stringMatching(/^admin\./),
      action: 'deny',
      entity: 'listing',
      entityId: id,
      reason,
    });
    const today = new Date().toISOString().slice(0, 10);
    const paged = await auditLog({ perPage: '1', page: '1', from: today });
    expect(paged.data.items).toHaveLength(1);
    expect(paged.data.totalCount).toBeGreaterThan(1);
    const future = await auditLog({ from: '2099-01-01' });
    expect(future.data).toEqual({ items: [], totalCount: 0 });
    const facets = await asAdmin().call((r) => r.moderation.log.facets.$get());
    expect(facets.data.actions).toContain('deny');
    expect(facets.data.admins.map((a) => a.id)).toContain(other.userId);
    const history = await review(id);
    expect(history.data.history[0]).toMatchObject({ action: 'deny', reason });
  });

  it('answers 400 for a bad filter and 401/403 for anyone but an admin', async () => {
    expect((await auditLog({ from: 'yesterday' })).status).toBe(400);
    const log: RouteCall = (r) => r.moderation.log.$get({ query: {} });
    expect((await ctx.client(user.accessToken).call(log)).status).toBe(403);
    expect((await ctx.client().call(log)).status).toBe(401);
    const forUser: RouteCall[] = [
      (r) => r.cars.review[':id'].$get({ param: { id: '1' } }),
      (r) => r.moderation.turnaround.$get(),
      (r) => r.moderation.reasons.$get({ query: {} }),
    ];
    for (const call of forUser)
      expect((await ctx.client(user.accessToken).call(call)).status).toBe(403);
    expect((await review(999999)).status).toBe(404);
  });
});

describe('reason templates', () => {
  it('come with the common denials and suspensions on a new install', async () => {
    const reasons = ctx.client(admin.accessToken);
    const kinds = async (kind: 'deny' | 'suspend') =>
      (await reasons.call((r) => r.moderation.reasons.$get({ query: { kind } }))).data;
    const denials = await kinds('deny');
    const suspensions = await kinds('suspend');
    expect(denials.length).toBeGreaterThanOrEqual(5);
    expect(suspensions.length).toBeGreaterThanOrEqual(3);
    expect(denials.every((t) => t.kind === 'deny')).toBe(true);
    expect(suspensions.map((t) => t.text)).toContain(
      'The car was reported as sold. Please remove the listing, or contact us if it is still for sale.',
    );
  });

  it('are kept, changed and removed by admins; the owner gets the text as sent', async () => {
    const text = 'The price is not for the car shown. Please correct it and submit again.';
    const reasons = ctx.client(admin.accessToken);
    const before = await reasons.call((r) =>
      r.moderation.reasons.$get({ query: { kind: 'deny' } }),
    );
    const added = await reasons.call((r) =>
      r.moderation.reasons.$post({ json: { kind: 'deny', text } }),
    );
    expect(added).toMatchObject({
      status: 200,
      message: 'Reason saved',
      data: { kind: 'deny', text },
    });
    const suspension = await reasons.call((r) =>
      r.moderation.reasons.$post({ json: { kind: 'suspend', text: 'Reported as sold.' } }),
    );
    const denials = await reasons.call((r) =>
      r.moderation.reasons.$get({ query: { kind: 'deny' } }),
    );
    expect(denials.data.map((t) => t.text)).toEqual([...before.data.map((t) => t.text), text]);
    const changed = await reasons.call((r) =>
      r.moderation.reasons[':id'].$put({
        param: { id: String(suspension.data.id) },
        json: { kind: 'suspend', text: 'Reported as sold by its owner.' },
      }),
    );
    expect(changed.data.text).toBe('Reported as sold by its owner.');
    const remove = () =>
      reasons.call((r) =>
        r.moderation.reasons[':id'].$delete({ param: { id: String(suspension.data.id) } }),
      );
    expect((await remove()).message).toBe('Reason removed');
    expect((await remove()).status).toBe(404);

    const id = await submitListing(ctx, owner.accessToken);
    const sent = `${text} Also the mileage.`;
    await deny(id, sent, admin);
    expect((await lastNotice(owner.userId))?.message).toContain(`Reason: ${sent}`);
  });

  /**
   * The notice as stored (HTML; the spec's words, the reason after them as sent), then the
   * statement of reasons (server/trust/statements.test.ts reads it).
   */
  const suspended = (reason: string) =>
    expect.stringMatching(
      new RegExp(
        `^${RegExp.escape(`<p>Your listing &quot;Toyota Yaris 1.3 automatic, one owner&quot; is suspended because someone has reported it.${reason} You can edit your listing and initiate process of adding it again.</p>`)}<p>Ground: `,
      ),
    );
  it('go with a suspension too: the owner gets the reason as sent, or the notice alone', async () => {
    const suspend = (id: number, body?: unknown) =>
      ctx.request('POST', `/api/cars/suspend/${id}`, { body, token: admin.accessToken });
    const kept = await ctx.client(admin.accessToken).call((r) =>
      r.moderation.reasons.$post({
        json: { kind: 'suspend', text: 'The photos are of another car.' },
      }),
    );
    const sent = `${kept.data.text} Ask the seller for the real ones.`;
    const withReason = await liveListing(ctx, owner.accessToken, admin.accessToken);
    expect(await suspend(withReason, { message: `  ${sent} ` })).toMatchObject({
      code: 0,
      message: 'Car suspended',
    });
    expect((await lastNotice(owner.userId))?.message).toEqual(suspended(` Reason: ${sent}`));
    const [entry] = (await auditLog({ action: 'suspend', perPage: '1' })).data.items;
    expect(entry).toMatchObject({ entityId: withReason, reason: sent });

    // No body (the spec's call), or an empty message: the fixed notice alone.
    for (const body of [undefined, {}, { message: '   ' }]) {
      const id = await liveListing(ctx, owner.accessToken, admin.accessToken);
      expect((await suspend(id, body)).status).toBe(200);
      expect((await lastNotice(owner.userId))?.message).toEqual(suspended(''));
    }
    const id = await liveListing(ctx, owner.accessToken, admin.accessToken);
    const long = await suspend(id, { message: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect(long.message).toEqual(expect.any(String));
    // Refused, so still live: it can be suspended now.
    expect((await suspend(id, { message: 'Fake' })).status).toBe(200);
  });

  it('refuses a blank reason or a wrong kind with 400, and a user with 403', async () => {
    const post = (body: unknown, token = admin.accessToken) =>
      ctx.request('POST', '/api/moderation/reasons', { body, token });
    expect((await post({ kind: 'deny', text: '  ' })).status).toBe(400);
    expect((await post({ kind: 'ban', text: 'Something' })).status).toBe(400);
    expect((await post({ kind: 'deny', text: 'Something' }, user.accessToken)).status).toBe(403);
  });
});

describe('turnaround clock', () => {
  it('shows each queue, its oldest item, those past 5 business days, and the median', async () => {
    const old = await submitListing(ctx, owner.accessToken);
    await ctx.db
      .update(listings)
      .set({ updatedAt: sql`now() - interval '20 days'` })
      .where(eq(listings.id, old));
    const turnaround = () => asAdmin().call((r) => r.moderation.turnaround.$get());
    const res = await turnaround();
    expect(res.status).toBe(200);
    const requests = res.data.queues.find((q) => q.queue === 'requests');
    expect(requests?.waiting).toBeGreaterThanOrEqual(1);
    expect(requests?.overdue).toBeGreaterThanOrEqual(1);
    expect(Date.parse(requests?.oldestAt ?? '')).toBeLessThan(Date.now() - 19 * 86_400_000);
    expect(res.data.queues.map((q) => q.queue)).toEqual(['requests', 'edits', 'reports']);
    await asAdmin().call((r) =>
      r.cars.requests.approve[':id'].$post({ param: { id: String(old) } }),
    );
    const after = await turnaround();
    expect(after.data.decisions).toBeGreaterThanOrEqual(1);
    expect(after.data.medianHours).toEqual(expect.any(Number));
  });
});

describe('reports that act', () => {
  const MESSAGE = 'Scam - the same car is listed elsewhere for half the price';
  const search = async () =>
    (
      await ctx
        .client()
        .call((r) => r.cars.search.$post({ json: { pageNumber: 1, pageSize: 100, sortBy: null } }))
    ).data;
  const report = (id: number, token?: string, from = newAddress()) =>
    ctx
      .client(token, from)
      .call((r) =>
        r.cars.report[':id'].$post({ param: { id: String(id) }, json: { message: MESSAGE } }),
      );

  /** Accounts registered two days ago: old enough for their reports to act. */
  const settledAccounts = async (count: number) => {
    const made = await Promise.all(Array.from({ length: count }, () => signUp(ctx)));
    await ctx.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(
        inArray(
          users.id,
          made.map((m) => m.userId),
        ),
      );
    return made;
  };

  it('hide a listing from search after three accounts a day old, until an admin reviews it', async () => {
    const id = await liveListing(ctx, owner.accessToken, admin.accessToken);
    const before = await search();
    expect(before.cars.map((c) => c.id)).toContain(id);
    // Reports from three addresses without an account, and from a new account, wait for an admin.
    for (let i = 0; i < 3; i++) expect((await report(id)).code).toBe(0);
    expect((await report(id, user.accessToken)).code).toBe(0);
    expect((await search()).cars.map((c) => c.id)).toContain(id);
    const [first, second, third] = await settledAccounts(3);
    await report(id, first!.accessToken);
    await report(id, second!.accessToken);
    expect((await search()).cars.map((c) => c.id)).toContain(id);
    await report(id, third!.accessToken);
    const hidden = await search();
    expect(hidden.cars.map((c) => c.id)).not.toContain(id);
    expect(hidden.totalCount).toBe(before.totalCount - 1);
    expect(
      (await ctx.client().call((r) => r.car[':id'].$get({ param: { id: String(id) } }))).status,
    ).toBe(200);
    expect((await lastNotice(owner.userId))?.title).toBe('Your listing is under review');
    expect((await review(id)).data.hiddenAt).toEqual(expect.any(String));

    await asAdmin().call((r) => r.car[':id'].report.delete.$post({ param: { id: String(id) } }));
    expect((await search()).cars.map((c) => c.id)).toContain(id);
    expect((await review(id)).data.hiddenAt).toBeNull();
  });

  it('count one person once', async () => {
    const id = await liveListing(ctx, owner.accessToken, admin.accessToken);
    const from = newAddress();
    for (let i = 0; i < 3; i++) await report(id, undefined, from);
    const [row] = await ctx.db
      .select({ hiddenAt: listings.hiddenAt })
      .from(listings)
      .where(and(eq(listings.id, id)));
    expect(row?.hiddenAt).toBeNull();
  });
});
