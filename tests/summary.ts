import { readFileSync } from 'node:fs';

/**
 * Prints one closing line over both runners ("tests: N passed, N failed, N skipped") from their
 * JSON reports, so a CI log says in one place how many tests ran.
 */
function read(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const vitest = read('test-results/vitest.json') as {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
} | null;
const playwright = read('test-results/playwright.json') as {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
} | null;

const passed =
  (vitest?.numPassedTests ?? 0) +
  (playwright?.stats.expected ?? 0) +
  (playwright?.stats.flaky ?? 0);
const failed = (vitest?.numFailedTests ?? 0) + (playwright?.stats.unexpected ?? 0);
const skipped =
  (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (playwright?.stats.skipped ?? 0);
console.info(
  `vitest: ${vitest ? 'ran' : 'no report'}; playwright: ${playwright ? 'ran' : 'no report'}`,
);
console.info(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
