import { spawn } from 'node:child_process';
import { HUNG_EXIT_CODE } from './support/watchdog-reporter.ts';

/**
 * `npm run test:unit`: vitest with the console and JSON reports and the watchdog
 * (tests/support/watchdog-reporter.ts). When the watchdog stops a run because a test file hung,
 * every process of that run is killed and the whole run starts once more: the log keeps the name
 * of the file that hung, and the second run's result is the command's. Extra arguments go to vitest.
 */
const args = [
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=test-results/vitest.json',
  '--reporter=./tests/support/watchdog-reporter.ts',
  ...process.argv.slice(2),
];

function run(): Promise<number> {
  return new Promise((resolve) => {
    // A process group of its own, so that a hung worker dies with the run.
    const child = spawn('vitest', args, { stdio: 'inherit', detached: true });
    const stop = (signal: NodeJS.Signals) => () => killGroup(child.pid, signal);
    const onInt = stop('SIGINT');
    const onTerm = stop('SIGTERM');
    process.once('SIGINT', onInt).once('SIGTERM', onTerm);
    child.once('exit', (code, signal) => {
      process.off('SIGINT', onInt).off('SIGTERM', onTerm);
      killGroup(child.pid, 'SIGKILL');
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

function killGroup(pid: number | undefined, signal: NodeJS.Signals) {
  try {
    if (pid) process.kill(-pid, signal);
  } catch {
    // The group has already ended.
  }
}

let code = await run();
if (code === HUNG_EXIT_CODE) {
  console.error('[watchdog] a test file hung (named above): the unit tests run once more.');
  code = await run();
}
process.exit(code);
