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
    // An idle connection the server closed is replaced on the next query; 57P01 is a deliberate
    // shutdown (a restart, or a test database being dropped) and not worth a stack trace.
    pool.on('error', (err: Error & { code?: string }) => {
      if (err.code !== '57P01') console.error('[db] idle connection lost:', err.message);
    });
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
