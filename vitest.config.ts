import { connect } from 'node:net';
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { testDepth } from './tests/support/depth.ts';
import { testDatabaseUrl } from './tests/support/postgres-url.ts';

/** Whether the PostgreSQL server of TEST_DATABASE_URL answers; its database tests run only then. */
function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 5432) });
    socket.setTimeout(1000);
    socket.once('connect', () => (socket.end(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

/**
 * Every test file of the server, the attack suite and the money model: each opens its own fresh
 * database. The money model needs PostgreSQL (two instances racing) and says so on PGlite.
 */
const serverTests = [
  'server/**/*.test.ts',
  'tests/attack/**/*.test.ts',
  'tests/money/**/*.test.ts',
];

/**
 * What the gate runs on PGlite when PostgreSQL carries the rest: what depends on the engine (the
 * migrations and the database layer, the embedded start, the demo seed, a server stopped hard on
 * its data directory, the keyword search) and one pass over every resource's happy path.
 */
const pgliteInGate = [
  'server/db/**/*.test.ts',
  'server/boot.test.ts',
  'server/engine.test.ts',
  '**/attack/crash.test.ts',
  // Full-text search and trigrams (pg_trgm) are the engine's own.
  'server/listings/keyword-search.test.ts',
];

/**
 * Two app instances racing for the same money: PostgreSQL only, since PGlite runs one query at a
 * time (and one instance).
 */
const postgresOnly = ['tests/money/**'];

/**
 * The gate's PGlite only: the embedded start with its demo data (whose photos take a minute), and
 * the crash tests (a server killed on its own data files; the full run kills one on each engine).
 */
const embeddedOnlyInGate = ['server/boot.test.ts', '**/attack/crash.test.ts'];

export default defineConfig(async () => {
  const postgres = await reachable(testDatabaseUrl);
  if (!postgres) {
    console.warn(
      `PostgreSQL is not reachable at ${testDatabaseUrl}: database tests run on PGlite only, ` +
        `and ${postgresOnly.join(', ')} (two instances racing for money) does not run.`,
    );
  }
  // The engine on which engine-independent checks run once.
  const primary = postgres ? 'postgres' : 'pglite';
  const databaseProject = (kind: 'pglite' | 'postgres') => ({
    extends: true as const,
    test: {
      name: kind,
      include: kind === primary || testDepth === 'full' ? serverTests : pgliteInGate,
      exclude: [
        ...configDefaults.exclude,
        ...(testDepth === 'gate' && kind === 'postgres' ? embeddedOnlyInGate : []),
        ...(kind === 'pglite' ? postgresOnly : []),
      ],
      provide: { dbKind: kind, primaryEngine: kind === primary },
      globalSetup: ['tests/support/global-setup.ts'],
      setupFiles: ['tests/support/openapi-first.ts'],
    },
  });
  return {
    test: {
      testTimeout: 30_000,
      // A worker runs its files one after another in one module graph: each file still opens its
      // own database and services, but the server's modules are imported once per worker, not once
      // per file (about half of a run's time went to imports).
      isolate: false,
      // A worker per core, at least two (vitest's default leaves one core free, which on the 2-core
      // CI machine is one worker): a database test file waits on PostgreSQL or on the photo
      // pipeline's threads much of its time, so two files at once take the 2 cores' idle time.
      maxWorkers: Math.max(2, availableParallelism()),
      hookTimeout: 60_000,
      reporters: ['default'],
      // Registering hundreds of accounts at argon2's production cost would be most of a run.
      env: { PASSWORD_HASH_COST: 'test' },
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            include: ['shared/**/*.test.ts', 'backoffice/**/*.test.ts', 'site/**/*.test.ts'],
          },
        },
        // The bench's smoke builds the site and starts nginx and wrk: a deep run's part.
        ...(testDepth === 'full'
          ? [{ extends: true as const, test: { name: 'bench', include: ['bench/**/*.test.ts'] } }]
          : []),
        databaseProject('pglite'),
        ...(postgres ? [databaseProject('postgres')] : []),
      ],
    },
  };
});
