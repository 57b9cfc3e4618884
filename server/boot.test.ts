import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '#shared/api/client.ts';
import { roles } from '#shared/limits.ts';
import { createTestDatabase } from '../tests/support/database.ts';
import { createApp } from './app.ts';
import { boot } from './boot.ts';
import { loadConfig, type Config } from './config.ts';
import type { Db } from './db/client.ts';
import {
  adminMenuItems,
  cities,
  listingImages,
  listings,
  listingTypes,
  mailQueue,
  makes,
  models,
  paymentPackages,
  users,
} from './db/schema/index.ts';

let dataDir: string;
let url: string | undefined;
let closeTemplateCopy: () => Promise<void> = async () => {};
let config: Config;
/** The first start, kept open while its demo data is looked at. */
let first: Awaited<ReturnType<typeof boot>>;
const told: string[] = [];
/** The API over the first start's services, as a visitor calls it. */
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'spotted-boot-'));
  // On the PostgreSQL project the app boots on a fresh database of its own through DATABASE_URL.
  const database = await createTestDatabase();
  if (database.kind === 'postgres') {
    url = database.url;
    closeTemplateCopy = database.close;
  } else {
    await database.close();
  }
  config = loadConfig({ DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}) });
  first = await boot(config, (line) => told.push(line));
  app = createApp(first.deps);
}, 180_000);
afterAll(async () => {
  await closeTemplateCopy();
  await rm(dataDir, { recursive: true, force: true });
});

async function counts(db: Db) {
  const n = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0]?.n;
  return {
    cities: await n(cities),
    makes: await n(makes),
    models: await n(models),
    packages: await n(paymentPackages),
    menu: await n(adminMenuItems),
    users: await n(users),
    listings: await n(listings),
  };
}

describe('the first start', () => {
  it('migrates, loads the reference data and creates the admin', async () => {
    const before = await counts(first.deps.db);
    expect(before).toMatchObject({ cities: 68, packages: 6, menu: 20, users: 8 });
    expect(before.makes).toBeGreaterThanOrEqual(40);
    const stored = JSON.parse(await readFile(path.join(dataDir, 'admin-credentials.json'), 'utf8'));
    expect(stored).toEqual({ email: first.admin.email, password: first.admin.password });
    const [admin] = await first.deps.db
      .select()
      .from(users)
      .where(eq(users.email, first.admin.email));
    expect(admin?.roleId).toBe(1);
    // It says what it does, the demo data with its size.
    expect(told).toEqual([
      expect.stringMatching(/^Applying the migrations/),
      expect.stringMatching(/^Loading the reference data/),
      expect.stringMatching(/^Loading the demo data/),
      expect.stringMatching(/^Demo data loaded: 7 sellers and 40 listings\.$/),
    ]);
  });
});

/**
 * The demo data the first start loads: about forty listings of the demo sellers, their photos
 * through the real photo pipeline (every size and format), read as a visitor reads them.
 */
describe('the demo data', () => {
  const api = () =>
    createApiClient({ baseUrl: 'http://localhost', fetch: async (req) => app.request(req) });
  const home = async () => (await api().call((r) => r.cars.$post({ json: {} }))).data;

  it('adds forty listings, each with five to seven photos', async () => {
    const photos = await first.deps.db
      .select({ listingId: listingImages.listingId, n: count() })
      .from(listingImages)
      .innerJoin(listings, eq(listings.id, listingImages.listingId))
      .where(isNull(listings.originalId))
      .groupBy(listingImages.listingId);
    expect(photos).toHaveLength(40);
    for (const { n } of photos) {
      expect(n).toBeGreaterThanOrEqual(5);
      expect(n).toBeLessThanOrEqual(7);
    }
  });

  it('shows live listings with loading cover photos on the home page', async () => {
    const { cars, totalCount } = (await home()).cars;
    expect(totalCount).toBe(36);
    expect(cars).toHaveLength(36);
    for (const car of cars) {
      expect(car.state).toBe('ACTIVE');
      expect(car.image).toMatch(/^\/images\//);
    }
    for (const car of cars.slice(0, 8)) {
      const image = await app.request(car.image as string);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/jpeg');
      expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(5_000);
    }
  });

  it('has every account confirmed, and no welcome e-mail to the demo addresses', async () => {
    const unconfirmed = await first.deps.db
      .select({ email: users.email })
      .from(users)
      .where(isNull(users.emailConfirmedAt));
    expect(unconfirmed).toEqual([]);
    const welcomes = await first.deps.db
      .select({ to: mailQueue.to })
      .from(mailQueue)
      .where(sql`${mailQueue.text} like '%/confirm-email?token=%'`);
    expect(welcomes).toEqual([]);
  });

  it('has four Top Spotted cars', async () => {
    const { topSpottedCars } = await home();
    expect(topSpottedCars).toHaveLength(4);
    expect(topSpottedCars.every((c) => c.isTopSpotted && c.state === 'ACTIVE')).toBe(true);
  });

  it('puts premium and featured listings before standard ones', async () => {
    const { cars } = (await home()).cars;
    const types = cars.map((c) => c.typeId);
    expect(types).toContain(1);
    expect(types).toContain(2);
    expect(types).toContain(3);
    expect(types.lastIndexOf(1)).toBeLessThan(types.indexOf(2));
    expect(types.lastIndexOf(2)).toBeLessThan(types.indexOf(3));
    // Within a tier the newest comes first, and the dates are spread out.
    const standard = cars.filter((c) => c.typeId === 3).map((c) => Date.parse(c.createdAt));
    const spread = (Math.max(...standard) - Math.min(...standard)) / 86_400_000;
    expect(spread).toBeGreaterThan(14);
  });

  it('leaves two pending, one denied and one suspended listing', async () => {
    const { db } = first.deps;
    const states = await db
      .select({ state: listings.state, n: count() })
      .from(listings)
      .groupBy(listings.state);
    const byState = Object.fromEntries(states.map((s) => [s.state, s.n]));
    expect(byState).toEqual({ ACTIVE: 36, PENDING: 2, DENIED: 1, SUSPENDED: 1 });
    const [denied] = await db
      .select({ message: listings.deniedMessage })
      .from(listings)
      .where(eq(listings.state, 'DENIED'));
    expect(denied?.message).toMatch(/phone number/);
  });

  it("keeps each dealer's balance at 200 minus what it spent", async () => {
    const { db } = first.deps;
    const dealers = await db
      .select({ id: users.id, balance: users.balance })
      .from(users)
      .where(eq(users.roleId, roles.company));
    expect(dealers).toHaveLength(3);
    const spentRows = await db
      .select({
        userId: listings.userId,
        spent: sql<number>`sum(${listingTypes.price})::int`,
      })
      .from(listings)
      .innerJoin(listingTypes, eq(listingTypes.id, listings.listingTypeId))
      .where(inArray(listings.state, ['ACTIVE', 'SUSPENDED', 'PENDING']))
      .groupBy(listings.userId);
    const spent = new Map(spentRows.map((r) => [r.userId, r.spent]));
    for (const dealer of dealers) {
      expect(dealer.balance).toBeGreaterThanOrEqual(0);
      expect(dealer.balance).toBe(200 - (spent.get(dealer.id) ?? 0));
      expect(spent.get(dealer.id)).toBeGreaterThan(0);
    }
  });
});

describe('a later start', () => {
  it('loads nothing again: the same reference data, admin and demo listings', async () => {
    const before = await counts(first.deps.db);
    await first.deps.changes.close();
    await first.database.close();
    told.length = 0;
    const second = await boot(config, (line) => told.push(line));
    expect(told).toHaveLength(2);
    expect(await counts(second.deps.db)).toEqual(before);
    expect(second.admin.password).toBe(first.admin.password);
    await second.deps.changes.close();
    await second.database.close();
  }, 60_000);
});
