import path from 'node:path';
import { loadJwtKey } from './auth/secret.ts';
import { referenceCache } from './catalog/reference.ts';
import { ConfigError, type Config } from './config.ts';
import { watchChanges } from './db/changes.ts';
import { listingCaches } from './listings/caches.ts';
import { countCache } from './listings/counts.ts';
import { viewCounter } from './listings/views.ts';
import { tallyCounter } from './insights/tallies.ts';
import { openDatabase, type Database } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { ensureAdmin } from './db/seed/admin.ts';
import { seedDemo } from './db/seed/demo.ts';
import { seedReference } from './db/seed/reference.ts';
import type { Deps } from './deps.ts';
import { createMailer } from './mail/mailer.ts';
import { loadVapidKeys } from './push/vapid.ts';
import { paymentProvider } from './payments/providers/index.ts';
import { storageFor } from './storage/index.ts';
import { phash } from './trust/phash.ts';
import { backfillPhotoHashes } from './trust/flags.ts';

/**
 * Everything the app needs before it can answer: database, migrations, data, mail, storage.
 * `say` hears each step in a sentence (server/ops/start-up.ts prints them at a terminal).
 */
export async function boot(
  config: Config,
  say: (line: string) => void = () => {},
): Promise<{
  deps: Deps;
  database: Database;
  admin: { email: string; password: string; source: string };
}> {
  const database = openDatabase({
    url: config.DATABASE_URL,
    dataDir: path.join(config.DATA_DIR, 'pglite'),
    poolSize: config.DATABASE_POOL_SIZE,
  });
  say(
    database.kind === 'postgres'
      ? 'Applying the migrations to PostgreSQL (DATABASE_URL)…'
      : `Applying the migrations to the embedded database in ${config.DATA_DIR}/pglite…`,
  );
  await migrate(database, config.DATABASE_URL);
  const { db } = database;
  say('Loading the reference data (localities, makes and models, listing types, configuration)…');
  await seedReference(db);
  const changes = await watchChanges(database);
  const storage = await storageFor(config);
  await storage.check().catch((err: unknown) => {
    throw new ConfigError(`STORAGE_URL: the storage cannot be reached (${String(err)})`);
  });
  const caches = listingCaches(changes);
  const deps: Deps = {
    db,
    config,
    jwtKey: await loadJwtKey(db, config.JWT_SECRET),
    vapid: await loadVapidKeys(db, config),
    mailer: createMailer({
      from: config.MAIL_FROM,
      smtpUrl: config.SMTP_URL,
      outboxDir: path.join(config.DATA_DIR, 'outbox'),
    }),
    storage,
    payments: await paymentProvider(config, db),
    changes,
    referenceCache: referenceCache(db, changes),
    views: viewCounter(db, caches.liveListingCache),
    tallies: tallyCounter(db),
    countCache: countCache(changes),
    ...caches,
  };
  const admin = await ensureAdmin(db, config);
  if (config.DEMO_DATA) {
    const demo = await seedDemo(deps, () =>
      say('Loading the demo data: sellers, their cars and photos (about a minute)…'),
    );
    if (demo) say(`Demo data loaded: ${demo.sellers} sellers and ${demo.listings} listings.`);
  }
  // A stored photo without its perceptual hash gets it in the background (a few ms each).
  if (config.JOBS) {
    void backfillPhotoHashes(db, (key) => deps.storage.get(key), phash).catch((error: unknown) =>
      console.error('Hashing stored photos failed', error),
    );
  }
  return { deps, database, admin };
}
