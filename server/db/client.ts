import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index.ts';

/** The Drizzle database, the same type on PGlite and PostgreSQL (and inside a transaction). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const drizzleOptions = { schema, casing: 'snake_case' } as const;

/** PostgreSQL at `url` when given, otherwise PGlite (embedded) in `dataDir`, or in memory. */
export function openDatabase(options: {
  url?: string;
  dataDir?: string;
  poolSize?: number;
}): Database {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    pool.on('error', (err) => console.error('[db] idle client error', err));
    return {
      db: drizzleNodePg({ client: pool, ...drizzleOptions }) as unknown as Db,
      kind: 'postgres',
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  return fromPglite(new PGlite(options.dataDir));
}

export function fromPglite(client: PGlite): Database {
  return {
    db: drizzlePglite({ client, ...drizzleOptions }) as unknown as Db,
    kind: 'pglite',
    close: () => client.close(),
  };
}
