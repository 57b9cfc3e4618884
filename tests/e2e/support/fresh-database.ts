import pg from 'pg';
import { testDatabaseUrl, withDatabase } from '../../support/postgres-url.ts';

/**
 * Prints the URL of a fresh, empty PostgreSQL database for the journeys' server (one per port,
 * made again at every run), or nothing when the PostgreSQL of TEST_DATABASE_URL does not answer:
 * the server then runs on PGlite in its data folder. The journeys test what users see, not the
 * engine; the embedded engine's start and demo data have their own tests (server/boot.test.ts).
 */
const name = `spotted_e2e_${Number(process.env.E2E_PORT ?? 4399)}`;
const admin = new pg.Client({ connectionString: testDatabaseUrl, connectionTimeoutMillis: 2000 });
try {
  await admin.connect();
} catch {
  console.error(`PostgreSQL does not answer at ${testDatabaseUrl}: the journeys run on PGlite.`);
  process.exit(0);
}
await admin.query(`drop database if exists ${name} with (force)`);
await admin.query(`create database ${name}`);
await admin.end();
process.stdout.write(`${withDatabase(testDatabaseUrl, name)}\n`);
