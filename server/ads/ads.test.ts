import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminAd } from '#shared/schemas/ad.ts';
import {
  createTestContext,
  type RouteCall,
  type TestContext,
} from '../../tests/support/context.ts';
import { signUp, signUpAdmin, tinyPng } from '../../tests/support/factories.ts';
import { wholeList } from '../../tests/support/lists.ts';
import { ads, auditLog } from '../db/schema/index.ts';

const DAY = 24 * 60 * 60 * 1000;

let ctx: TestContext;
let adminToken: string;
let adminId: number;
let userToken: string;
let redPng: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await signUpAdmin(ctx);
  adminToken = admin.accessToken;
  adminId = admin.userId;
  userToken = (await signUp(ctx)).accessToken;
  const png = await sharp({
    create: { width: 1200, height: 600, channels: 3, background: { r: 200, g: 10, b: 10 } },
  })
    .png()
    .toBuffer();
  redPng = png.toString('base64');
});
afterAll(() => ctx.close());
afterEach(() => {
  vi.useRealTimers();
});

/** Freezes the clock (Date only) at `at`; afterEach lets it run again. */
function freezeAt(at: Date | number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
}

let sequence = 0;
/** An ad's fields, with `overrides` (an update's id, or values the API must refuse). */
const adBody = <O extends Record<string, unknown>>(overrides: O = {} as O) => ({
  title: `Island Motors sale ${++sequence}`,
  description: 'Every used car checked and guaranteed for a year.',
  url: 'https://islandmotors.example.mt/sale',
  location: 'Sliema',
  client: 'Island Motors Ltd',
  image: tinyPng,
  daysActive: 30,
  ...overrides,
});

async function createAd(overrides: Record<string, unknown> = {}) {
  const res = await ctx.client(adminToken).call((r) => r.ad.add.$post({ json: adBody(overrides) }));
  if (res.code !== 0) throw new Error(`ad/add failed: ${res.message}`);
  return res.data;
}

const adById = (id: number) =>
  ctx.client(adminToken).call((r) => r.ad[':id'].$get({ param: { id: String(id) } }));

async function homeAdIds(): Promise<number[]> {
  const res = await ctx.client().call((r) => r.cars.$post({ json: {} }));
  expect(res.code).toBe(0);
  return res.data.cars.ads.map((a) => a.id);
}

const auditActions = async (id: number) =>
  (
    await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'ad'), eq(auditLog.entityId, id)))
      .orderBy(auditLog.id)
  ).map((row) => ({ action: row.action, adminId: row.adminId }));

describe('security of the admin ad routes', () => {
  let existing: AdminAd;
  beforeAll(async () => {
    existing = await createAd();
  });

  const calls = (): [string, RouteCall][] => [
    ['GET /ad/all', (r) => r.ad.all.$get({ query: {} })],
    ['GET /ad/{id}', (r) => r.ad[':id'].$get({ param: { id: String(existing.id) } })],
    ['POST /ad/add', (r) => r.ad.add.$post({ json: adBody({ title: 'Intruder ad' }) })],
    [
      'POST /ad/update',
      (r) => r.ad.update.$post({ json: adBody({ id: existing.id, title: 'Hacked' }) }),
    ],
    [
      'PUT /ad/deactivate/{id}',
      (r) => r.ad.deactivate[':id'].$put({ param: { id: String(existing.id) } }),
    ],
    ['POST /ad/activate', (r) => r.ad.activate.$post({ json: { id: existing.id } })],
  ];

  for (const [name, call] of calls()) {
    it(`${name} answers 401 to anonymous callers and 403 to users`, async () => {
      const anonymous = await ctx.client().call(call);
      expect(anonymous.status).toBe(401);
      expect(anonymous.code).toBe(401);
      expect(anonymous.data).toBeNull();
      const user = await ctx.client(userToken).call(call);
      expect(user.status).toBe(403);
      expect(user.code).toBe(403);
      expect(user.data).toBeNull();
    });
  }

  it('left everything as it was', async () => {
    const after = await adById(existing.id);
    expect(after.data).toEqual(existing);
    const all = await ctx.client(adminToken).call((r) => r.ad.all.$get({ query: {} }));
    expect(wholeList(all.data).map((a) => a.title)).not.toContain('Intruder ad');
  });
});

describe('POST /api/ad/add', () => {
  it('creates an active ad that runs daysActive days from now', async () => {
    const real = Date.now();
    freezeAt(real);
    const res = await ctx
      .client(adminToken)
      .call((r) => r.ad.add.$post({ json: adBody({ daysActive: 7 }) }));
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    expect(res.message).toBe('Ad created');
    expect(res.data).toEqual({
      id: expect.any(Number),
      title: expect.stringMatching(/^Island Motors sale/),
      description: 'Every used car checked and guaranteed for a year.',
      url: 'https://islandmotors.example.mt/sale',
      views: 0,
      location: 'Sliema',
      cityId: expect.any(Number),
      client: 'Island Motors Ltd',
      image: expect.stringMatching(/^\/images\/ads\/[0-9a-f]+\.jpg$/),
      daysActive: 7,
      clicks: 0,
      isActive: true,
      dateCreated: new Date(real).toISOString(),
      dateExpiration: new Date(real + 7 * DAY).toISOString(),
    });
  });

  it('stores the image re-encoded as a JPEG of at most 840 px and serves it', async () => {
    const ad = await createAd({ image: `data:image/png;base64,${redPng}` });
    const response = await ctx.app.request(ad.image!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBe(840);
    expect(meta.exif).toBeUndefined();
  });

  it('takes the city by id as cityId, by name as location, or none', async () => {
    const byName = await createAd({ location: 'valletta' });
    expect(byName.location).toBe('Valletta');
    const byId = await createAd({ location: undefined, cityId: byName.cityId });
    expect(byId).toMatchObject({ cityId: byName.cityId, location: 'Valletta' });
    const none = await createAd({ location: '' });
    expect(none).toMatchObject({ cityId: null, location: null });
    const absent = await createAd({ location: undefined });
    expect(absent).toMatchObject({ cityId: null, location: null });
  });

  it('writes an audit row for the administrator', async () => {
    const ad = await createAd();
    expect(await auditActions(ad.id)).toEqual([{ action: 'create', adminId }]);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['no title', { title: '' }, 'Title is required'],
    ['a missing title', { title: undefined }, 'Title is required'],
    ['a title over 100', { title: 't'.repeat(101) }, 'Title can have at most 100 characters'],
    [
      'a description over 500',
      { description: 'd'.repeat(501) },
      'Description can have at most 500 characters',
    ],
    ['no url', { url: '' }, 'Url is required'],
    [
      'an ftp url',
      { url: 'ftp://files.example.mt/ad' },
      'Url must be a web address starting with http:// or https://',
    ],
    [
      'a url without scheme',
      { url: 'islandmotors.mt' },
      'Url must be a web address starting with http:// or https://',
    ],
    [
      'a javascript url',
      { url: 'javascript:alert(1)' },
      'Url must be a web address starting with http:// or https://',
    ],
    ['no client', { client: ' ' }, 'Client is required'],
    ['0 days', { daysActive: 0 }, 'Days active must be between 1 and 365'],
    ['366 days', { daysActive: 366 }, 'Days active must be between 1 and 365'],
    ['no days', { daysActive: undefined }, 'Days active must be between 1 and 365'],
    ['half a day', { daysActive: 1.5 }, 'Days active must be a whole number'],
    ['no image', { image: '' }, 'Image is required'],
    ['a missing image', { image: undefined }, 'Image is required'],
    ['an image that is not base64', { image: 'not base64!' }, 'Image must be base64 encoded'],
    [
      'an unknown city',
      { location: 'Atlantis' },
      'City is not one of the localities of Malta and Gozo',
    ],
    [
      'an unknown city id',
      { cityId: 999_999 },
      'City is not one of the localities of Malta and Gozo',
    ],
  ];
  for (const [name, overrides, message] of invalid) {
    it(`refuses ${name} with '${message}'`, async () => {
      const title = `Refused ${name}`;
      const res = await ctx
        .client(adminToken)
        .call((r) => r.ad.add.$post({ json: adBody({ title, ...overrides }) }));
      expect(res.status).toBe(400);
      expect(res.code).toBe(400);
      expect(res.message).toBe(message);
      expect(res.data).toBeNull();
      const stored = await ctx.db.select().from(ads).where(eq(ads.title, title));
      expect(stored).toHaveLength(0);
    });
  }

  it('refuses bytes that are not an image with 422', async () => {
    const res = await ctx.client(adminToken).call((r) =>
      r.ad.add.$post({
        json: adBody({
          image: Buffer.from('this is plain text, not a picture').toString('base64'),
        }),
      }),
    );
    expect(res.status).toBe(422);
    expect(res.message).toBe(
      'The following files were not uploaded because they are not valid image formats: Image',
    );
  });

  it('accepts a description of exactly 500 characters, 1 day and 365 days', async () => {
    expect((await createAd({ description: 'd'.repeat(500) })).description).toHaveLength(500);
    expect((await createAd({ daysActive: 1 })).daysActive).toBe(1);
    expect((await createAd({ daysActive: '365' })).daysActive).toBe(365);
    expect((await createAd({ url: 'http://plain.example.mt' })).url).toBe(
      'http://plain.example.mt',
    );
  });
});

describe('GET /api/ad/all and /api/ad/{id}', () => {
  it('lists every ad newest first, deactivated ones included', async () => {
    const older = await createAd();
    const newer = await createAd();
    await ctx
      .client(adminToken)
      .call((r) => r.ad.deactivate[':id'].$put({ param: { id: String(older.id) } }));
    const res = await ctx.client(adminToken).call((r) => r.ad.all.$get({ query: {} }));
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    const list = wholeList(res.data);
    const ids = list.map((a) => a.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(list.find((a) => a.id === older.id)?.isActive).toBe(false);
    const times = list.map((a) => Date.parse(a.dateCreated));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('answers one ad, 404 for an unknown one and 400 for a bad id', async () => {
    const ad = await createAd();
    const res = await adById(ad.id);
    expect(res).toMatchObject({ status: 200, code: 0, data: ad });
    const missing = await adById(999_999);
    expect(missing).toMatchObject({ status: 404, code: 404, message: 'Ad not found', data: null });
    const bad = await ctx
      .client(adminToken)
      .call((r) => r.ad[':id'].$get({ param: { id: 'abc' } }));
    expect(bad.status).toBe(400);
  });
});

describe('POST /api/ad/update', () => {
  it('saves the fields and extends the ad: daysActive counts again from now', async () => {
    const now = Date.now();
    freezeAt(now - 5 * DAY);
    const ad = await createAd({ daysActive: 10 });
    expect(ad.dateExpiration).toBe(new Date(now + 5 * DAY).toISOString());
    vi.setSystemTime(now);
    const res = await ctx.client(adminToken).call((r) =>
      r.ad.update.$post({
        json: adBody({
          id: ad.id,
          title: 'Spring sale',
          description: 'New stock every week.',
          url: 'https://islandmotors.example.mt/spring',
          location: 'Mosta',
          client: 'Island Motors',
          image: ad.image,
          daysActive: 10,
        }),
      }),
    );
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    expect(res.message).toBe('Ad updated');
    expect(res.data).toMatchObject({
      id: ad.id,
      title: 'Spring sale',
      description: 'New stock every week.',
      url: 'https://islandmotors.example.mt/spring',
      location: 'Mosta',
      client: 'Island Motors',
      image: ad.image,
      daysActive: 10,
      isActive: true,
      dateCreated: ad.dateCreated,
      dateExpiration: new Date(now + 10 * DAY).toISOString(),
    });
    expect((await adById(ad.id)).data).toEqual(res.data);
    expect(await auditActions(ad.id)).toEqual([
      { action: 'create', adminId },
      { action: 'update', adminId },
    ]);
  });

  it('keeps the image when none is sent and replaces it when a new one is', async () => {
    const ad = await createAd();
    const kept = await ctx
      .client(adminToken)
      .call((r) => r.ad.update.$post({ json: adBody({ id: ad.id, image: null }) }));
    expect(kept.data.image).toBe(ad.image);
    const omitted = await ctx
      .client(adminToken)
      .call((r) => r.ad.update.$post({ json: adBody({ id: ad.id, image: undefined }) }));
    expect(omitted.data.image).toBe(ad.image);
    const replaced = await ctx
      .client(adminToken)
      .call((r) => r.ad.update.$post({ json: adBody({ id: ad.id, image: redPng }) }));
    expect(replaced.code).toBe(0);
    expect(replaced.data.image).toMatch(/^\/images\/ads\/[0-9a-f]+\.jpg$/);
    expect(replaced.data.image).not.toBe(ad.image);
  });

  it('keeps the city when no location is sent and clears it on an empty one', async () => {
    const ad = await createAd({ location: 'Birkirkara' });
    const kept = await ctx
      .client(adminToken)
      .call((r) => r.ad.update.$post({ json: adBody({ id: ad.id, location: undefined }) }));
    expect(kept.data.location).toBe('Birkirkara');
    const cleared = await ctx
      .client(adminToken)
      .call((r) => r.ad.update.$post({ json: adBody({ id: ad.id, location: '' }) }));
    expect(cleared.data).toMatchObject({ location: null, cityId: null });
  });

  it('does not activate a deactivated ad', async () => {
    const ad = await createAd();
    await ctx
      .client(adminToken)
      .call((r) => r.ad.deactivate[':id'].$put({ param: { id: String(ad.id) } }));
    const res = await ctx
      .client(adminToken)
      .call((r) => r.ad.update.$post({ json: adBody({ id: ad.id }) }));
    expect(res.code).toBe(0);
    expect(res.data.isActive).toBe(false);
  });

  it('answers 404 for an unknown ad and checks the same rules as add', async () => {
    const missing = await ctx
      .client(adminToken)
      .call((r) => r.ad.update.$post({ json: adBody({ id: 999_999 }) }));
    expect(missing).toMatchObject({ status: 404, message: 'Ad not found' });
    const ad = await createAd();
    const long = await ctx
      .client(adminToken)
      .call((r) =>
        r.ad.update.$post({ json: adBody({ id: ad.id, description: 'x'.repeat(501) }) }),
      );
    expect(long).toMatchObject({
      status: 400,
      message: 'Description can have at most 500 characters',
    });
    const days = await ctx
      .client(adminToken)
      .call((r) => r.ad.update.$post({ json: adBody({ id: ad.id, daysActive: 400 }) }));
    expect(days).toMatchObject({ status: 400, message: 'Days active must be between 1 and 365' });
    // Without an id, which the typed client cannot send.
    const noId = await ctx.request('POST', '/api/ad/update', { body: adBody(), token: adminToken });
    expect(noId.status).toBe(400);
    expect((await adById(ad.id)).data).toEqual(ad);
  });
});

describe('deactivate and activate', () => {
  it('deactivates an ad: it leaves the home page and is audited', async () => {
    const ad = await createAd();
    expect(await homeAdIds()).toContain(ad.id);
    const res = await ctx
      .client(adminToken)
      .call((r) => r.ad.deactivate[':id'].$put({ param: { id: String(ad.id) } }));
    expect(res).toMatchObject({ status: 200, code: 0, message: 'Ad deactivated' });
    expect(res.data.isActive).toBe(false);
    expect(res.data.dateExpiration).toBe(ad.dateExpiration);
    expect(await homeAdIds()).not.toContain(ad.id);
    expect(await auditActions(ad.id)).toEqual([
      { action: 'create', adminId },
      { action: 'deactivate', adminId },
    ]);
  });

  it('activates a deactivated ad that has time left, keeping its expiry', async () => {
    const ad = await createAd();
    await ctx
      .client(adminToken)
      .call((r) => r.ad.deactivate[':id'].$put({ param: { id: String(ad.id) } }));
    const res = await ctx
      .client(adminToken)
      .call((r) => r.ad.activate.$post({ json: { id: ad.id } }));
    expect(res).toMatchObject({ status: 200, code: 0, message: 'Ad activated' });
    expect(res.data).toMatchObject({ isActive: true, dateExpiration: ad.dateExpiration });
    expect(await homeAdIds()).toContain(ad.id);
    expect((await auditActions(ad.id)).map((a) => a.action)).toEqual([
      'create',
      'deactivate',
      'activate',
    ]);
  });

  it('extends an expired ad by its daysActive from now when it is activated', async () => {
    const now = Date.now();
    freezeAt(now - 40 * DAY);
    const ad = await createAd({ daysActive: 30 });
    vi.setSystemTime(now);
    const expired = await adById(ad.id);
    expect(expired.data.isActive).toBe(false);
    expect(await homeAdIds()).not.toContain(ad.id);
    const res = await ctx
      .client(adminToken)
      .call((r) => r.ad.activate.$post({ json: { id: String(ad.id) } }));
    expect(res.message).toBe('Ad activated');
    expect(res.data).toMatchObject({
      isActive: true,
      dateExpiration: new Date(now + 30 * DAY).toISOString(),
    });
    expect(await homeAdIds()).toContain(ad.id);
  });

  it('answers 404 for unknown ads and 400 without an id', async () => {
    expect(
      await ctx
        .client(adminToken)
        .call((r) => r.ad.deactivate[':id'].$put({ param: { id: '999999' } })),
    ).toMatchObject({
      status: 404,
      message: 'Ad not found',
    });
    expect(
      await ctx.client(adminToken).call((r) => r.ad.activate.$post({ json: { id: 999_999 } })),
    ).toMatchObject({
      status: 404,
      message: 'Ad not found',
    });
    // Without an id, which the typed client cannot send.
    expect(
      (await ctx.request('POST', '/api/ad/activate', { body: {}, token: adminToken })).status,
    ).toBe(400);
  });
});

describe('PUT /api/ad/seen/{id} and /api/ad/clicked/{id}', () => {
  it('counts views and clicks of a live ad without a login', async () => {
    const ad = await createAd();
    for (let i = 0; i < 3; i++) {
      const seen = await ctx
        .client()
        .call((r) => r.ad.seen[':id'].$put({ param: { id: String(ad.id) } }));
      expect(seen).toMatchObject({ status: 200, code: 0, data: null });
    }
    const clicked = await ctx
      .client(userToken)
      .call((r) => r.ad.clicked[':id'].$put({ param: { id: String(ad.id) } }));
    expect(clicked).toMatchObject({ status: 200, code: 0 });
    const after = await adById(ad.id);
    expect(after.data).toMatchObject({ views: 3, clicks: 1 });
  });

  it('answers 404 for unknown, deactivated and expired ads and counts nothing', async () => {
    const now = Date.now();
    freezeAt(now - 10 * DAY);
    const expired = await createAd({ daysActive: 5 });
    vi.useRealTimers();
    const deactivated = await createAd();
    await ctx
      .client(adminToken)
      .call((r) => r.ad.deactivate[':id'].$put({ param: { id: String(deactivated.id) } }));
    for (const id of [999_999, expired.id, deactivated.id]) {
      for (const what of ['seen', 'clicked'] as const) {
        const res = await ctx
          .client()
          .call((r) => r.ad[what][':id'].$put({ param: { id: String(id) } }));
        expect(res).toMatchObject({ status: 404, code: 404, message: 'Ad not found' });
      }
    }
    for (const ad of [expired, deactivated]) {
      expect((await adById(ad.id)).data).toMatchObject({ views: 0, clicks: 0 });
    }
    expect(
      (await ctx.client().call((r) => r.ad.seen[':id'].$put({ param: { id: 'abc' } }))).status,
    ).toBe(400);
  });
});

describe('the home call (POST /api/cars)', () => {
  it('includes a new ad and leaves out deactivated and expired ones', async () => {
    const now = Date.now();
    freezeAt(now - 3 * DAY);
    const expired = await createAd({ daysActive: 2 });
    const stillRunning = await createAd({ daysActive: 4 });
    vi.useRealTimers();
    const fresh = await createAd({ title: 'Fresh ad on the home page' });
    const deactivated = await createAd();
    await ctx
      .client(adminToken)
      .call((r) => r.ad.deactivate[':id'].$put({ param: { id: String(deactivated.id) } }));

    const res = await ctx.client().call((r) => r.cars.$post({ json: {} }));
    const ids = res.data.cars.ads.map((a) => a.id);
    expect(ids).toContain(fresh.id);
    expect(ids).toContain(stillRunning.id);
    expect(ids).not.toContain(expired.id);
    expect(ids).not.toContain(deactivated.id);
    expect(res.data.cars.ads.find((a) => a.id === fresh.id)).toEqual({
      id: fresh.id,
      url: fresh.url,
      image: fresh.image,
      title: 'Fresh ad on the home page',
      description: fresh.description,
    });
  });
});
