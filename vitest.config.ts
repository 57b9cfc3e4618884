import { connect } from 'node:net';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
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

export default defineConfig(async () => {
  const postgres = await reachable(testDatabaseUrl);
  if (!postgres) {
    console.warn(
      `PostgreSQL is not reachable at ${testDatabaseUrl}: database tests run on PGlite only.`,
    );
  }
  const databaseProject = (kind: 'pglite' | 'postgres') => ({
    extends: true as const,
    test: {
      name: kind,
      include: ['server/**/*.test.ts'],
      provide: { dbKind: kind },
      globalSetup: ['tests/support/global-setup.ts'],
    },
  });
  return {
    test: {
      testTimeout: 30_000,
      // A worker per core, at least two (vitest's default leaves one core free, which on the 2-core
      // CI machine is one worker): a database test file waits on PostgreSQL or on the photo
      // pipeline's threads much of its time, so two files at once take the 2 cores' idle time.
      maxWorkers: Math.max(2, availableParallelism()),
      hookTimeout: 60_000,
      reporters: ['default'],
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            include: [
              'shared/**/*.test.ts',
              'backoffice/**/*.test.ts',
              'site/**/*.test.ts',
              'bench/**/*.test.ts',
            ],
          },
        },
        databaseProject('pglite'),
        ...(postgres ? [databaseProject('postgres')] : []),
      ],
    },
  };
});
