import { mkdirSync } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { log } from '../ops/log.ts';
import * as schema from './schema/index.ts';

/** The Drizzle database, the same type on PGlite and PostgreSQL (and inside a transaction). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's connection pool (its state is a metric); none on PGlite. */
  pool?: pg.Pool;
  close(): Promise<void>;
  /**
   * Calls `onPayload` with every NOTIFY on `channel` once its transaction commits, from any
   * instance. After a lost connection it calls `onPayload('*')`: anything may have changed.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
}

const drizzleOptions = { schema, casing: 'snake_case' } as const;

/** PostgreSQL at `url` when given, otherwise PGlite (embedded) in `dataDir`, or in memory. */
export function openDatabase(options: {
  url?: string;
  dataDir?: string;
  poolSize?: number;
}): Database {
  if (options.url) {
    // Connections stay open through quiet minutes (pg closes them after 10 s idle by default):
    // a new one costs the next visitor a connection, a server process with cold caches, and the
    // preparation of each prepared statement again (10 to 30 ms at 100,000 listings).
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      idleTimeoutMillis: 5 * 60_000,
    });
    // An idle connection the server closed is replaced on the next query; 57P01 is a deliberate
    // shutdown (a restart, or a test database being dropped) and not worth a stack trace.
    pool.on('error', (err: Error & { code?: string }) => {
      if (err.code !== '57P01') log.warn({ err }, 'database: idle connection lost');
    });
    return {
      db: drizzleNodePg({ client: pool, ...drizzleOptions }) as unknown as Db,
      kind: 'postgres',
      pool,
      close: () => pool.end(),
      listen: (channel, onPayload) => listenPostgres(options.url ?? '', channel, onPayload),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  return fromPglite(newPglite({ dataDir: options.dataDir }));
}

/** A PGlite with the extensions the migrations use (pg_trgm: the back-office's searches). */
export const newPglite = (options: Omit<PGliteOptions, 'extensions'> = {}) =>
  new PGlite({ ...options, extensions: { pg_trgm } });

export function fromPglite(client: PGlite): Database {
  return {
    db: drizzlePglite({ client, ...drizzleOptions }) as unknown as Db,
    kind: 'pglite',
    close: () => client.close(),
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, onPayload);
      return () => (client.closed ? Promise.resolve() : stop());
    },
  };
}

/** How long a lost LISTEN connection waits before it connects again. */
const RELISTEN_MS = 1000;

/** A connection of its own that LISTENs, and comes back (announcing a gap) when it is lost. */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => onPayload(message.payload ?? '*'));
    next.on('error', () => undefined);
    next.on('end', () => {
      if (stopped) return;
      onPayload('*');
      retry = setTimeout(() => void connect().catch(() => next.emit('end')), RELISTEN_MS);
    });
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}
