/**
 * The stock import benchmark: one dealer's feed of `--cars` cars with `--photos` photos each, by
 * address, imported by the import job as an upload is, on a fresh database. The photos are made
 * here with sharp and served by a local HTTP server: nothing comes from the internet. Each address
 * is fetched and encoded once; the pool of distinct images (`--pool`) only bounds the memory.
 *
 *   node bench/feed-import.ts [--cars 2000] [--photos 5] [--pool 400] [--label text]
 *                             [--database-url postgres://…/postgres]
 *
 * The database `spotted_bench_feeds` on that PostgreSQL server is made afresh for each run.
 *
 * Writes bench/results/<time>-feed-import[-label].md; the budget is docs/performance.md's.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import sharp from 'sharp';
import { roles } from '#shared/limits.ts';
import { feedColumns } from '#shared/schemas/feed.ts';
import { boot } from '../server/boot.ts';
import { loadConfig } from '../server/config.ts';
import { users } from '../server/db/schema/index.ts';
import { runDetail, uploadFeed } from '../server/feeds/feeds.service.ts';
import { importQueuedRuns } from '../server/feeds/import-job.ts';

/** The budget: a 2,000-car feed with 10,000 photos within 10 minutes. */
export const FEED_IMPORT_BUDGET_SECONDS = 600;

const { values } = parseArgs({
  options: {
    cars: { type: 'string', default: '2000' },
    photos: { type: 'string', default: '5' },
    pool: { type: 'string', default: '400' },
    label: { type: 'string' },
    'database-url': { type: 'string' },
  },
});
const cars = Number(values.cars);
const perCar = Number(values.photos);
const poolSize = Number(values.pool);

/** A camera-sized JPEG, each of the pool different (a colour field with a noise patch). */
async function makePhoto(n: number) {
  const width = 1280;
  const height = 960;
  const patch = await sharp({
    create: {
      width: 160,
      height: 120,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: (n * 37) % 256, g: (n * 91) % 256, b: (n * 53) % 256 },
    },
  })
    .composite([{ input: patch, left: (n * 13) % (width - 160), top: (n * 7) % (height - 120) }])
    .jpeg({ quality: 82 })
    .toBuffer();
}

const started = Date.now();
const pool = await Promise.all(Array.from({ length: poolSize }, (_, n) => makePhoto(n)));
const served = { count: 0 };
const server = createServer((req, res) => {
  const n = Number(/\/p\/(\d+)\.jpg$/.exec(req.url ?? '')?.[1] ?? -1);
  const photo = pool[n % poolSize];
  if (n < 0 || !photo) {
    res.writeHead(404);
    return res.end();
  }
  served.count++;
  res.writeHead(200, { 'content-type': 'image/jpeg', etag: `"p${n}"` });
  res.end(photo);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const line = (i: number): Record<string, string> => ({
  stockNumber: `B-${i}`,
  make: 'Toyota',
  model: 'Yaris',
  title: `Toyota Yaris stock ${i}`,
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
  price: String(8000 + (i % 500) * 10),
  engineSize: '1300',
  power: '99',
  mileage: String(20000 + i * 7),
  year: String(2012 + (i % 12)),
  registrationExpiration: '06.2027',
  description: 'Serviced every year.',
  photos: Array.from({ length: perCar }, (_, k) => `${base}/p/${i * perCar + k}.jpg`).join('|'),
});
const csv = [
  feedColumns.join(','),
  ...Array.from({ length: cars }, (_, i) => feedColumns.map((c) => line(i)[c] ?? '').join(',')),
].join('\n');
const prepared = (Date.now() - started) / 1000;

const serverUrl =
  values['database-url'] ??
  process.env.BENCH_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query('drop database if exists spotted_bench_feeds with (force)');
await admin.query('create database spotted_bench_feeds');
await admin.end();
const databaseUrl = new URL(serverUrl);
databaseUrl.pathname = '/spotted_bench_feeds';
const { deps, database } = await boot(
  loadConfig({
    DATABASE_URL: databaseUrl.toString(),
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'spotted-bench-feeds-')),
    DEMO_DATA: 'false',
    JOBS: 'false',
    FEED_PRIVATE_ADDRESSES: 'true',
  }),
);
const [user] = await deps.db
  .insert(users)
  .values({
    roleId: roles.company,
    email: 'bench.dealer@example.mt',
    passwordHash: 'unused',
    firstName: 'Bench Motors',
    lastName: '',
    emailConfirmedAt: new Date(),
  })
  .returning({ id: users.id, roleId: users.roleId, email: users.email });
if (!user) throw new Error('the dealer was not stored');
const caller = { ...user, sessionFamily: '' };
const importStart = Date.now();
const queued = await uploadFeed(deps, caller, { fileName: 'stock.csv', content: csv });
await importQueuedRuns(deps, 1);
const seconds = (Date.now() - importStart) / 1000;
const detail = await runDetail(deps, caller, queued.id);
await database.close();
server.close();

const within = seconds <= FEED_IMPORT_BUDGET_SECONDS;
const stamp = new Date()
  .toISOString()
  .replace(/:/g, '-')
  .replace(/\.\d+Z$/, 'Z');
const report = [
  `# Stock import: ${cars.toLocaleString('en-GB')} cars, ${(cars * perCar).toLocaleString('en-GB')} photos`,
  '',
  `- When: ${new Date().toISOString()}; host: ${os.availableParallelism()} cores, ${os.cpus()[0]?.model ?? 'unknown CPU'}; PostgreSQL`,
  `- Photos made and the file written in ${prepared.toFixed(1)} s (not counted)`,
  `- Import (upload to report): **${seconds.toFixed(1)} s** against a budget of ${FEED_IMPORT_BUDGET_SECONDS} s: ${within ? 'within' : 'over'}`,
  `- Status ${detail.status}; ${JSON.stringify(detail.counts)}; photo requests served: ${served.count}`,
  `- ${(cars / seconds).toFixed(2)} cars/s, ${((cars * perCar) / seconds).toFixed(1)} photos/s`,
  values.label ? `- Note: ${values.label}` : '',
  '',
].join('\n');
await mkdir('bench/results', { recursive: true });
const file = `bench/results/${stamp}-feed-import${values.label ? `-${values.label.replace(/\W+/g, '-')}` : ''}.md`;
await writeFile(file, report);
console.info(report);
console.info(`Written to ${file}`);
// The app's listeners (database notifications, caches) keep the loop alive: the run is over.
process.exit(0);
