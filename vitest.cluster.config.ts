import { defineConfig } from 'vitest/config';

/** `npm run test:cluster`: two real instances behind nginx (tests/cluster), on PostgreSQL and S3. */
export default defineConfig({
  test: {
    include: ['tests/cluster/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // A stuck instance or balancer fails the run with the file named (docs/testing.md).
    reporters: ['default', './tests/support/watchdog-reporter.ts'],
  },
});
