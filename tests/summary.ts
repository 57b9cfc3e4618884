import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The end of a CI log: where the time went (the ten slowest test files and the ten slowest
 * journeys, from the runners' JSON reports) and one closing line over both runners
 * ("tests: N passed, N failed, N skipped").
 */
function read<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { name: string; startTime: number; endTime: number }[];
}

interface PlaywrightSuite {
  title: string;
  file: string;
  specs: {
    title: string;
    tests: { projectName: string; results: { duration: number }[] }[];
  }[];
  suites?: PlaywrightSuite[];
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites: PlaywrightSuite[];
}

const vitest = read<VitestReport>('test-results/vitest.json');
const playwright = read<PlaywrightReport>('test-results/playwright.json');

const seconds = (ms: number) => `${(ms / 1000).toFixed(1).padStart(6)} s`;
function printSlowest(title: string, rows: { name: string; ms: number }[]) {
  if (rows.length === 0) return;
  console.info(title);
  for (const row of rows.sort((a, b) => b.ms - a.ms).slice(0, 10))
    console.info(`${seconds(row.ms)}  ${row.name}`);
}

// A file runs once per database project: its name is listed with each run's time.
printSlowest(
  'The ten slowest test files:',
  (vitest?.testResults ?? []).map((file) => ({
    name: path.relative(process.cwd(), file.name),
    ms: file.endTime - file.startTime,
  })),
);

function journeys(suite: PlaywrightSuite, titles: string[]): { name: string; ms: number }[] {
  const here = suite.file === suite.title ? titles : [...titles, suite.title];
  return [
    ...suite.specs.flatMap((spec) =>
      spec.tests.map((test) => ({
        name: `[${test.projectName}] ${suite.file} › ${[...here, spec.title].join(' › ')}`,
        ms: test.results.reduce((sum, result) => sum + result.duration, 0),
      })),
    ),
    ...(suite.suites ?? []).flatMap((inner) => journeys(inner, here)),
  ];
}
printSlowest(
  'The ten slowest journeys (retries included):',
  (playwright?.suites ?? []).flatMap((suite) => journeys(suite, [])),
);

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
