import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedColumns } from '#shared/schemas/feed.ts';
import { apiKeys, listingStats, rateLimits } from '../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { signUp, signUpAdmin } from '../../tests/support/factories.ts';
import { listingPayload, photos } from '../../tests/support/listings.ts';

let ctx: TestContext;
let adminToken: string;
let photoServer: Server;
let base: string;

beforeAll(async () => {
  const [photo] = await photos(1);
  photoServer = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'image/jpeg' });
    res.end(Buffer.from(photo?.image ?? '', 'base64'));
  });
  await new Promise<void>((resolve) => photoServer.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(photoServer.address() as AddressInfo).port}`;
  ctx = await createTestContext({ FEED_PRIVATE_ADDRESSES: 'true' });
  adminToken = (await signUpAdmin(ctx)).accessToken;
});
afterAll(async () => {
  await ctx.close();
  photoServer.close();
});

async function dealerWithKey() {
  const dealer = await signUp(ctx, 'company');
  const made = await ctx
    .client(dealer.accessToken)
    .call((r) => r.dealer.keys.$post({ json: { name: 'Stock system' } }));
  expect(made.code).toBe(0);
  return { dealer, key: made.data.key, keyId: made.data.id };
}

const as = (key: string) => ctx.client(undefined, undefined, { 'x-api-key': key });

/** A bulk upsert car: the feed's columns, photos by address. */
const car = (stockNumber: string, price = 9500): Record<(typeof feedColumns)[number], string> =>
  Object.fromEntries(
    feedColumns.map((c) => [
      c,
      {
        stockNumber,
        make: 'Toyota',
        model: 'Yaris',
        title: `Toyota Yaris ${stockNumber}`,
        body: 'Hatchback',
        fuel: 'Petrol',
        doors: '5',
        emissionClass: 'Euro 6',
        driveTrain: 'Front-wheel drive (FWD)',
        transmission: 'Automatic',
        steeringWheelSide: 'Right',
        acType: 'Manual A/C',
        origin: '1',
        color: '1',
        listingType: 'Standard',
        price: String(price),
        engineSize: '1300',
        power: '99',
        mileage: '42000',
        year: '2018',
        registrationExpiration: '06.2027',
        photos: [1, 2, 3, 4, 5].map((n) => `${base}/${stockNumber}-${n}.jpg`).join('|'),
      }[c as string] ?? '',
    ]),
  ) as Record<(typeof feedColumns)[number], string>;

describe('dealer API', () => {
  it('makes, lists and revokes keys; only a hash is kept, and a revoked key answers 401', async () => {
    const { dealer, key, keyId } = await dealerWithKey();
    expect(key).toMatch(/^spk_[\w-]{43}$/);
    const [stored] = await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, keyId));
    expect(JSON.stringify(stored)).not.toContain(key.slice(4));
    const listed = await ctx.client(dealer.accessToken).call((r) => r.dealer.keys.$get());
    expect(listed.data).toMatchObject([
      { id: keyId, name: 'Stock system', prefix: key.slice(0, 10), revokedAt: null },
    ]);
    expect(JSON.stringify(listed.data)).not.toContain(key);

    const before = await as(key).call((r) =>
      r.dealer.v1.listings.$get({ query: { pageNumber: '1', pageSize: '10' } }),
    );
    expect(before.code).toBe(0);
    const revoked = await ctx
      .client(dealer.accessToken)
      .call((r) => r.dealer.keys[':id'].$delete({ param: { id: String(keyId) } }));
    expect(revoked.data.revokedAt).not.toBeNull();
    const after = await as(key).call((r) =>
      r.dealer.v1.listings.$get({ query: { pageNumber: '1', pageSize: '10' } }),
    );
    expect([after.status, after.message]).toEqual([
      401,
      'This API key is not valid or was revoked',
    ]);
    const none = await ctx.client().call((r) => r.dealer.v1.leads.$get({ query: {} }));
    expect([none.status, none.message]).toEqual([
      401,
      'An API key is required: send it in the X-Api-Key header',
    ]);
  });

  it('refuses keys to private accounts and another dealer’s key', async () => {
    const person = await signUp(ctx, 'private');
    const made = await ctx
      .client(person.accessToken)
      .call((r) => r.dealer.keys.$post({ json: { name: 'Mine' } }));
    expect([made.status, made.message]).toEqual([403, 'Stock feeds are for business accounts']);
    const { keyId } = await dealerWithKey();
    const other = await signUp(ctx, 'company');
    const revoke = await ctx
      .client(other.accessToken)
      .call((r) => r.dealer.keys[':id'].$delete({ param: { id: String(keyId) } }));
    expect(revoke.status).toBe(404);
  });

  it('adds, reads, edits and removes listings of its own dealer only, as the form does', async () => {
    const { key } = await dealerWithKey();
    const json = await listingPayload(ctx);
    const added = await as(key).call((r) => r.dealer.v1.listings.$post({ json }));
    expect([added.code, added.message]).toEqual([
      0,
      'Your listing has been successfully submitted for approval',
    ]);
    const id = String(added.data.id);
    const read = await as(key).call((r) => r.dealer.v1.listings[':id'].$get({ param: { id } }));
    expect(read.data.title).toBe(json.title);

    const approved = await ctx
      .client(adminToken)
      .call((r) => r.cars.requests.approve[':id'].$post({ param: { id } }));
    expect(approved.code).toBe(0);
    const edited = await as(key).call((r) =>
      r.dealer.v1.listings[':id'].$put({ param: { id }, json: { ...json, price: 8800 } }),
    );
    expect(edited.code).toBe(0);
    const page = await as(key).call((r) =>
      r.dealer.v1.listings.$get({ query: { pageNumber: '1', pageSize: '10' } }),
    );
    expect(page.data.total).toBe(1);
    expect(page.data.listings[0]).toMatchObject({ id: Number(id), state: 'ACTIVE', price: 9500 });
    expect(page.data.listings[0]?.pendingEditId).toEqual(expect.any(Number));

    const { key: otherKey } = await dealerWithKey();
    const foreign = await as(otherKey).call((r) =>
      r.dealer.v1.listings[':id'].$delete({ param: { id } }),
    );
    expect(foreign.status).toBe(404);
    const removed = await as(key).call((r) =>
      r.dealer.v1.listings[':id'].$delete({ param: { id } }),
    );
    expect([removed.code, removed.message]).toEqual([0, 'Car removed']);
  });

  it('upserts by stock number: new cars are submitted, the same again is unchanged, a change is an edit', async () => {
    const { key } = await dealerWithKey();
    const cars = [car('U1'), car('U2')];
    const first = await as(key).call((r) => r.dealer.v1.listings.upsert.$post({ json: { cars } }));
    expect(first.data.report.map((l) => [l.stockNumber, l.outcome])).toEqual([
      ['U1', 'created'],
      ['U2', 'created'],
    ]);
    const same = await as(key).call((r) => r.dealer.v1.listings.upsert.$post({ json: { cars } }));
    expect(same.data.report.map((l) => l.outcome)).toEqual(['unchanged', 'unchanged']);
    const changed = await as(key).call((r) =>
      r.dealer.v1.listings.upsert.$post({ json: { cars: [car('U1', 9900)] } }),
    );
    // A car the upsert does not name stays: U2 is not withdrawn.
    expect(changed.data.report.map((l) => [l.stockNumber, l.outcome])).toEqual([['U1', 'updated']]);
    const page = await as(key).call((r) =>
      r.dealer.v1.listings.$get({ query: { pageNumber: '1', pageSize: '10' } }),
    );
    expect(page.data.listings.map((l) => l.stockNumber).sort()).toEqual(['U1', 'U2']);
  });

  it('answers the leads: buyers’ messages and contact reveals with the car and its stock number', async () => {
    const { dealer, key } = await dealerWithKey();
    const run = await as(key).call((r) =>
      r.dealer.v1.listings.upsert.$post({ json: { cars: [car('L1')] } }),
    );
    const id = run.data.report[0]?.listingId ?? 0;
    await ctx
      .client(adminToken)
      .call((r) => r.cars.requests.approve[':id'].$post({ param: { id: String(id) } }));
    const buyer = await signUp(ctx, 'private');
    const opened = await ctx
      .client(buyer.accessToken)
      .call((r) => r.conversations.$post({ json: { carId: id, text: 'Is it still for sale?' } }));
    expect(opened.code).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    await ctx.db
      .insert(listingStats)
      .values({ listingId: id, day: today, phoneReveals: 2, emailReveals: 1 });

    const leads = await as(key).call((r) => r.dealer.v1.leads.$get({ query: {} }));
    expect(leads.data.messages).toMatchObject([
      { listingId: id, stockNumber: 'L1', text: 'Is it still for sale?', buyerName: 'Maria Borg' },
    ]);
    expect(leads.data.reveals).toEqual([
      {
        listingId: id,
        stockNumber: 'L1',
        title: 'Toyota Yaris L1',
        day: today,
        phoneReveals: 2,
        emailReveals: 1,
      },
    ]);
    const own = await ctx.client(dealer.accessToken).call((r) => r.dealer.keys.$get());
    expect(own.data[0]?.lastUsedAt).not.toBeNull();
  });

  it('limits each key to 300 requests a minute', async () => {
    const { key, keyId } = await dealerWithKey();
    await ctx.db
      .insert(rateLimits)
      .values({ key: `dealerApiPerKey:${keyId}`, windowStart: new Date(), count: 300 });
    const refused = await as(key).call((r) => r.dealer.v1.leads.$get({ query: {} }));
    expect(refused.status).toBe(429);
    const { key: fresh } = await dealerWithKey();
    expect((await as(fresh).call((r) => r.dealer.v1.leads.$get({ query: {} }))).code).toBe(0);
  });
});
