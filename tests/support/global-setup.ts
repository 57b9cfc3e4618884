import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { fromPglite, newPglite, openDatabase } from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedReference } from '../../server/db/seed/reference.ts';
import { testDatabaseUrl, withDatabase } from './postgres-url.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dbKind: 'pglite' | 'postgres';
    /** Whether this run's engine is the one where engine-independent checks run (once). */
    primaryEngine: boolean;
    pgliteSnapshot: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates and seeds one database per run, then every test file starts from a copy of it: a
 * PGlite data-dir snapshot, or a PostgreSQL database created from a template.
 */
export default async function setup(project: TestProject) {
  const kind = project.config.provide.dbKind;
  if (kind === 'pglite') {
    const dir = await mkdtemp(path.join(tmpdir(), 'spotted-pglite-'));
    const client = newPglite();
    const database = fromPglite(client);
    await migrate(database);
    await seedReference(database.db);
    const file = path.join(dir, 'snapshot.tar');
    await writeFile(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    await database.close();
    project.provide('pgliteSnapshot', file);
    project.provide('postgresTemplate', '');
    return () => rm(dir, { recursive: true, force: true });
  }

  const template = `spotted_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  const url = withDatabase(testDatabaseUrl, template);
  const database = openDatabase({ url, poolSize: 2 });
  await migrate(database, url);
  await seedReference(database.db);
  await database.close();
  project.provide('postgresTemplate', template);
  project.provide('pgliteSnapshot', '');
  return async () => {
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.end();
  };
}
