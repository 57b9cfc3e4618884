/**
 * Prepares a benchmark data set: a database migrated and seeded by the app's own code, then the
 * generated sellers and live listings (bench/generate.ts) inserted in large batches, and the shared
 * photo files under the app's storage layout. A data set is kept (PostgreSQL: a database
 * `spotted_bench_<size>`; PGlite: a data folder under bench/.data) and reused while its seed, size,
 * generator, photos and migrations are unchanged.
 */
import { createHash } from 'node:crypto';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import sharp from 'sharp';
import { hashPassword } from '../server/auth/passwords.ts';
import { openDatabase, type Db } from '../server/db/client.ts';
import { migrate, migrationsFolder } from '../server/db/migrate.ts';
import { carPhoto, type CarPhotoView, type CarShape } from '../server/db/seed/car-photo.ts';
import { defaultConfiguration, seedReference } from '../server/db/seed/reference.ts';
import {
  cities,
  configuration,
  enumerables,
  equipmentItems,
  ledgerEntries,
  listingEquipment,
  listingImages,
  listingViewCounts,
  listings,
  listingSafety,
  listingTypes,
  listingViews,
  makes,
  models,
  rateLimits,
  safetyItems,
  sessions,
  subscriptionPeriods,
  subscriptions,
  transactions,
  users,
} from '../server/db/schema/index.ts';
import { savePhotos } from '../server/listings/photos.ts';
import { localStorage } from '../server/storage/storage.ts';
import { saveLogo } from '../server/users/logo.ts';
import {
  GENERATOR_VERSION,
  SELLER_PASSWORD,
  generateListings,
  generateSellers,
  planDataset,
  type BenchPhotos,
  type BenchReference,
  type PhotoRow,
} from './generate.ts';

const repo = fileURLToPath(new URL('..', import.meta.url));

export type BenchDb = 'postgres' | 'pglite';

export interface DatasetOptions {
  db: BenchDb;
  size: number;
  seed: number;
  /** bench/.data: photos, PGlite folders and the app's data folders live here. */
  root: string;
  /** Any database of the PostgreSQL server (the bench databases are created beside it). */
  serverUrl: string;
  /** Rebuild even when a matching data set exists. */
  fresh?: boolean;
  log?: (line: string) => void;
}

export interface Dataset {
  db: BenchDb;
  size: number;
  label: string;
  /** The app's DATA_DIR: the uploads (and, for PGlite, the database). */
  dataDir: string;
  databaseUrl?: string;
  /** Ids of the live listings, ascending. */
  ids: number[];
  /** The make with the most live listings (the search page scenario). */
  searchMake: { id: number; name: string };
  counts: { listings: number; sellers: number; images: number; photoFiles: number };
  /** True when an existing data set was reused. */
  cached: boolean;
  seconds: number;
}

/** 10000 → 10k, 100000 → 100k, 250 → 250. */
export const sizeLabel = (size: number) =>
  size >= 1000 && size % 1000 === 0 ? `${size / 1000}k` : String(size);

/** JSON text of a value whose 64-bit integers (photo hashes) are written as decimal text. */
const jsonOf = (value: unknown, indent?: number) =>
  JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), indent);

export const pgDatabaseName = (size: number) => `spotted_bench_${sizeLabel(size)}`;

const LISTING_CHUNK = 5_000;
/** Bind parameters per INSERT (PostgreSQL allows 65,535). */
const PARAMS_PER_STATEMENT = 30_000;

export async function prepareDataset(options: DatasetOptions): Promise<Dataset> {
  const log = options.log ?? (() => undefined);
  const started = Date.now();
  const label = sizeLabel(options.size);
  const photosDir = path.join(options.root, 'photos');
  const photos = await ensurePhotos(photosDir, log);
  const fingerprint = JSON.stringify({
    generator: GENERATOR_VERSION,
    seed: options.seed,
    size: options.size,
    migrations: await migrationTags(),
    photos: createHash('sha256').update(jsonOf(photos)).digest('hex').slice(0, 16),
  });

  const dataDir = path.join(options.root, `${options.db}-${label}`);
  await mkdir(dataDir, { recursive: true });
  await cp(photosDir, path.join(dataDir, 'uploads'), {
    recursive: true,
    filter: (source) => path.basename(source) !== 'manifest.json',
  });

  const marker = path.join(dataDir, 'fingerprint.json');
  const databaseUrl =
    options.db === 'postgres'
      ? withDatabase(options.serverUrl, pgDatabaseName(options.size))
      : undefined;
  const cached =
    !options.fresh &&
    (options.db === 'postgres'
      ? (await pgComment(options.serverUrl, pgDatabaseName(options.size))) === fingerprint
      : existsSync(path.join(dataDir, 'pglite')) &&
        (await readFile(marker, 'utf8').catch(() => '')) === fingerprint);
  if (!cached && options.db === 'postgres') {
    await recreatePgDatabase(options.serverUrl, pgDatabaseName(options.size));
  } else if (!cached) {
    await rm(path.join(dataDir, 'pglite'), { recursive: true, force: true });
    await rm(marker, { force: true });
  }

  const database = openDatabase({ url: databaseUrl, dataDir: path.join(dataDir, 'pglite') });
  try {
    const { db } = database;
    if (cached) {
      log(`${options.db} ${label}: reusing the data set (same seed, size, photos and migrations)`);
      // What earlier runs wrote: views of the day, sessions, login counters.
      await db.delete(listingViews);
      await db.delete(sessions);
      await db.delete(rateLimits);
    } else {
      log(`${options.db} ${label}: migrating and loading the reference data`);
      await migrate(database, databaseUrl);
      await seedReference(db);
      await loadRows(db, options, photos, log);
      log(`${options.db} ${label}: VACUUM ANALYZE`);
      await db.execute(sql`vacuum analyze`);
      if (options.db === 'postgres') {
        await setPgComment(options.serverUrl, pgDatabaseName(options.size), fingerprint);
      } else {
        await writeFile(marker, fingerprint);
      }
    }

    const live = sql`${listings.state} = 'ACTIVE' and ${listings.originalId} is null`;
    const ids = (
      await db.select({ id: listings.id }).from(listings).where(live).orderBy(listings.id)
    ).map((row) => row.id);
    const [top] = await db
      .select({ id: makes.id, name: makes.name, n: count() })
      .from(listings)
      .innerJoin(makes, eq(makes.id, listings.makeId))
      .where(live)
      .groupBy(makes.id, makes.name)
      .orderBy(desc(count()))
      .limit(1);
    const [sellers] = await db
      .select({ n: count() })
      .from(users)
      .where(sql`${users.roleId} in (2, 3)`);
    const [images] = await db.select({ n: count() }).from(listingImages);
    if (!top || ids.length === 0) throw new Error(`bench: the ${label} data set has no listings`);
    return {
      db: options.db,
      size: options.size,
      label,
      dataDir,
      databaseUrl,
      ids,
      searchMake: { id: top.id, name: top.name },
      counts: {
        listings: ids.length,
        sellers: sellers?.n ?? 0,
        images: images?.n ?? 0,
        photoFiles: photos.photos.length,
      },
      cached,
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    await database.close();
  }
}

/** Inserts the generated sellers and listings into a freshly migrated and seeded database. */
async function loadRows(
  db: Db,
  options: DatasetOptions,
  photos: BenchPhotos,
  log: (line: string) => void,
) {
  const ref = await readReference(db);
  const next = async (table: typeof users | typeof listings | typeof transactions) => {
    const [row] = await db.select({ max: sql<number | null>`max(${table.id})` }).from(table);
    return Number(row?.max ?? 0) + 1;
  };
  const [lastSubscription] = await db
    .select({ max: sql<number | null>`max(${subscriptions.id})` })
    .from(subscriptions);
  const today = new Date();
  const plan = planDataset({
    seed: options.seed,
    listings: options.size,
    anchor: new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())),
    firstUserId: await next(users),
    firstListingId: await next(listings),
    firstTransactionId: await next(transactions),
    firstSubscriptionId: Number(lastSubscription?.max ?? 0) + 1,
  });

  const sellers = generateSellers(plan, ref, photos, await hashPassword(SELLER_PASSWORD));
  await insertAll(db, users, sellers.users);
  await insertAll(db, transactions, sellers.transactions);
  await insertAll(db, ledgerEntries, sellers.ledger);
  log(`${options.db} ${sizeLabel(options.size)}: ${plan.sellers} sellers`);

  for (let from = 0; from < plan.listings; from += LISTING_CHUNK) {
    const chunk = generateListings(plan, ref, photos, from, from + LISTING_CHUNK);
    await insertAll(db, listings, chunk.listings);
    await insertAll(db, listingViewCounts, chunk.viewCounts);
    await insertAll(db, listingImages, chunk.images);
    await insertAll(db, listingSafety, chunk.safety);
    await insertAll(db, listingEquipment, chunk.equipment);
    await insertAll(db, subscriptions, chunk.subscriptions);
    await insertAll(db, subscriptionPeriods, chunk.periods);
    const done = Math.min(plan.listings, from + LISTING_CHUNK);
    if (done % 25_000 === 0 || done === plan.listings)
      log(`${options.db} ${sizeLabel(options.size)}: ${done} listings`);
  }

  // Explicit ids were given: move the identity sequences past them.
  for (const table of ['users', 'transactions', 'listings', 'subscriptions']) {
    await db.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 0) + 1, false)`,
      ),
    );
  }
}

async function insertAll(db: Db, table: PgTable, rows: readonly object[]) {
  const first = rows[0];
  if (!first) return;
  const per = Math.max(1, Math.floor(PARAMS_PER_STATEMENT / Object.keys(first).length));
  for (let k = 0; k < rows.length; k += per) {
    await db.insert(table).values(rows.slice(k, k + per) as never);
  }
}

/** The reference rows the generator draws from. */
export async function readReference(db: Db): Promise<BenchReference> {
  const makeRows = await db.select().from(makes).orderBy(makes.id);
  const modelRows = await db.select().from(models).orderBy(models.id);
  const enumRows = await db.select().from(enumerables).orderBy(enumerables.kind, enumerables.id);
  const kinds: Record<string, number[]> = {};
  for (const row of enumRows) (kinds[row.kind] ??= []).push(row.id);
  const [config] = await db.select().from(configuration);
  return {
    makes: makeRows
      .map((m) => {
        const own = modelRows.filter((model) => model.makeId === m.id);
        return {
          id: m.id,
          name: m.name,
          modelIds: own.map((model) => model.id),
          modelNames: own.map((model) => model.name),
        };
      })
      .filter((m) => m.modelIds.length > 0),
    cityIds: (await db.select({ id: cities.id }).from(cities).orderBy(cities.id)).map((c) => c.id),
    safetyIds: (
      await db.select({ id: safetyItems.id }).from(safetyItems).orderBy(safetyItems.id)
    ).map((s) => s.id),
    equipmentIds: (
      await db.select({ id: equipmentItems.id }).from(equipmentItems).orderBy(equipmentItems.id)
    ).map((e) => e.id),
    enumerables: kinds,
    listingTypePrices: Object.fromEntries(
      (await db.select().from(listingTypes)).map((t) => [t.id, t.price]),
    ),
    welcomeCredits: {
      individual: config?.welcomeCreditsIndividual ?? defaultConfiguration.welcomeCreditsIndividual,
      company: config?.welcomeCreditsCompany ?? defaultConfiguration.welcomeCreditsCompany,
    },
  };
}

/** Bump to redraw the photos; they are also redrawn when the app's photo code changes. */
const PHOTO_VERSION = 1;
const photoCode = [
  'server/listings/photos.ts',
  'server/images/process.ts',
  'server/trust/phash.ts',
];
const photoCars: { colour: string; shape: CarShape }[] = [
  { colour: 'Red', shape: 'hatchback' },
  { colour: 'Silver', shape: 'sedan' },
  { colour: 'Blue', shape: 'suv' },
  { colour: 'White', shape: 'hatchback' },
];
const photoViews: CarPhotoView[] = ['front', 'side', 'rear', 'interior', 'detail'];
const logoColours = ['#0b5fff', '#0a8f5a', '#c2410c', '#7c3aed', '#0f766e', '#be123c'];

/**
 * The shared photo files (4 cars x 5 views, drawn by the demo seed's car-photo and stored by the
 * app's own photo code, so keys and card versions follow the app) and 6 company logos. Made once;
 * the manifest lists them.
 */
export async function ensurePhotos(
  dir: string,
  log: (line: string) => void = () => undefined,
): Promise<BenchPhotos> {
  const manifestFile = path.join(dir, 'manifest.json');
  const hash = createHash('sha256').update(String(PHOTO_VERSION));
  for (const file of photoCode) hash.update(await readFile(path.join(repo, file)).catch(() => ''));
  const version = hash.digest('hex').slice(0, 16);
  try {
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Omit<
      BenchPhotos,
      'photos'
    > & { version: string; photos: (Omit<PhotoRow, 'phash'> & { phash: string | null })[] };
    const files = [...manifest.photos.map((p) => p.key), ...manifest.logos];
    if (manifest.version === version && files.every((key) => existsSync(path.join(dir, key)))) {
      // JSON has no 64-bit integers: the photo hashes are kept as decimal text.
      const photos = manifest.photos.map((p) => ({
        ...p,
        phash: p.phash === null ? null : BigInt(p.phash),
      }));
      return { photos, perCar: manifest.perCar, logos: manifest.logos };
    }
  } catch {
    // No manifest yet: make the photos.
  }
  log(`drawing ${photoCars.length * photoViews.length} photos and ${logoColours.length} logos`);
  await rm(dir, { recursive: true, force: true });
  const storage = localStorage(dir);
  const inputs = await Promise.all(
    photoCars.flatMap((car, c) =>
      photoViews.map(async (view, v) => ({
        image: await carPhoto({
          colour: car.colour,
          shape: car.shape,
          view,
          label: `Benchmark car ${c + 1}`,
          seed: c * 16 + v,
        }),
        isCover: false,
      })),
    ),
  );
  const stored = await savePhotos(storage, inputs);
  const logos: string[] = [];
  for (const [index, colour] of logoColours.entries()) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
      <rect width="256" height="256" rx="48" fill="${colour}"/>
      <text x="128" y="152" font-family="sans-serif" font-size="84" font-weight="700" fill="#fff" text-anchor="middle">B${index + 1}</text>
    </svg>`;
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    logos.push(await saveLogo(storage, png.toString('base64')));
  }
  const photos: BenchPhotos = {
    // Everything the app stored about each photo except its place in a listing.
    photos: stored.map(({ isCover: _cover, position: _position, ...row }): PhotoRow => row),
    perCar: photoViews.length,
    logos,
  };
  await writeFile(manifestFile, jsonOf({ version, ...photos }, 2) + '\n');
  return photos;
}

async function migrationTags(): Promise<string[]> {
  const journal = JSON.parse(
    await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] };
  return journal.entries.map((e) => e.tag);
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function withServer<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const ident = (name: string) => {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`bench: unsafe database name ${name}`);
  return `"${name}"`;
};

async function pgComment(serverUrl: string, name: string): Promise<string | null> {
  return withServer(serverUrl, async (client) => {
    const { rows } = await client.query<{ comment: string | null }>(
      `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
      [name],
    );
    return rows[0]?.comment ?? null;
  });
}

async function setPgComment(serverUrl: string, name: string, comment: string) {
  await withServer(serverUrl, (client) =>
    client.query(`comment on database ${ident(name)} is '${comment.replaceAll("'", "''")}'`),
  );
}

async function recreatePgDatabase(serverUrl: string, name: string) {
  await withServer(serverUrl, async (client) => {
    await client.query(`drop database if exists ${ident(name)} with (force)`);
    await client.query(`create database ${ident(name)}`);
  });
}
