import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { fromPglite, newPglite, openDatabase, type Database } from '../../server/db/client.ts';
import { testDatabaseUrl, withDatabase } from './postgres-url.ts';

/** A fresh, migrated and seeded database for one test file, on the project's engine. */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  if (inject('dbKind') === 'pglite') {
    const snapshot = new Blob([await readFile(inject('pgliteSnapshot'))]);
    return fromPglite(newPglite({ loadDataDir: snapshot }));
  }
  const name = `spotted_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  const url = withDatabase(testDatabaseUrl, name);
  const database = openDatabase({ url, poolSize: 20 });
  return {
    ...database,
    kind: 'postgres',
    url,
    async close() {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
