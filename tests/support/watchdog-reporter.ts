import type { Reporter, TestCase, TestModule } from 'vitest/node';

/** The exit code that tells tests/unit.ts a test file hung (EX_TEMPFAIL). */
export const HUNG_EXIT_CODE = 75;

const minutes = (ms: number) => (ms / 60_000).toFixed(1);

/**
 * Watches the test files while they run. A file whose test blocks its worker's event loop (a
 * synchronous loop, say) is out of reach of vitest's own timeouts and would stall the run until
 * CI gives up, with nothing in the log. This reporter names every file running longer than
 * UNIT_FILE_WARN_MINUTES (default 3) and the test it is in, and after UNIT_FILE_LIMIT_MINUTES
 * (default 10; the slowest file takes under a minute) it ends the run with HUNG_EXIT_CODE.
 */
export default class WatchdogReporter implements Reporter {
  private running = new Map<TestModule, { since: number; test?: string; warned: boolean }>();
  private timer: NodeJS.Timeout | undefined;
  private readonly warnAfter = Number(process.env.UNIT_FILE_WARN_MINUTES ?? 3) * 60_000;
  private readonly limit = Number(process.env.UNIT_FILE_LIMIT_MINUTES ?? 10) * 60_000;

  onTestRunStart() {
    this.timer = setInterval(() => this.check(), 15_000);
    this.timer.unref();
  }

  onTestModuleStart(module: TestModule) {
    this.running.set(module, { since: Date.now(), warned: false });
  }

  onTestCaseReady(test: TestCase) {
    const entry = this.running.get(test.module);
    if (entry) entry.test = test.fullName;
  }

  onTestModuleEnd(module: TestModule) {
    this.running.delete(module);
  }

  onTestRunEnd() {
    clearInterval(this.timer);
  }

  private check() {
    const now = Date.now();
    for (const [module, entry] of this.running) {
      const age = now - entry.since;
      const where = `[${module.project.name}] ${module.relativeModuleId}, in "${entry.test ?? 'its set-up'}"`;
      if (age > this.limit) {
        console.error(`\n[watchdog] ${where} has run for ${minutes(age)} min: the run stops.`);
        process.exit(HUNG_EXIT_CODE);
      }
      if (age > this.warnAfter && !entry.warned) {
        entry.warned = true;
        console.error(`\n[watchdog] ${where} still running after ${minutes(age)} min`);
      }
    }
  }
}
