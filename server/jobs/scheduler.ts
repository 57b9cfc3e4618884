import { log } from '../ops/log.ts';
import { jobDurations, jobRuns } from '../ops/metrics.ts';

/** When the first runs start after the process starts (the app is listening by then). */
const FIRST_RUN_MS = 1000;

/** A job runs every `everySeconds`; the scheduler never overlaps two runs of one job in a process. */
export interface Job {
  name: string;
  everySeconds: number;
  run(): Promise<unknown>;
}

/**
 * Runs the jobs in this process. Every job is written to be safe when several instances run it
 * at once (row locks with SKIP LOCKED, or conditional updates), so nothing here coordinates them.
 * Each job runs once soon after start, then every `everySeconds`.
 * Returns the way to stop: no run starts after it, and it resolves once the runs under way (one
 * batch each) have finished, so a stopping instance leaves no batch half done.
 */
export function startJobs(jobs: Job[]): () => Promise<void> {
  const running = new Set<Promise<void>>();
  const timers = jobs.map((job) => {
    let current: Promise<void> | null = null;
    const tick = () => {
      if (current) return;
      const stopTimer = jobDurations.startTimer({ job: job.name });
      current = job
        .run()
        .then(
          () => void jobRuns.inc({ job: job.name, outcome: 'ok' }),
          (err: unknown) => {
            jobRuns.inc({ job: job.name, outcome: 'failed' });
            log.error({ err, job: job.name }, 'job failed');
          },
        )
        .finally(() => {
          stopTimer();
          if (current) running.delete(current);
          current = null;
        });
      running.add(current);
    };
    // A first run soon after start, so that a restart never delays due work by a whole period.
    const first = setTimeout(tick, FIRST_RUN_MS + Math.random() * FIRST_RUN_MS);
    return [first, setInterval(tick, job.everySeconds * 1000)];
  });
  return async () => {
    timers.flat().forEach(clearTimeout);
    await Promise.all(running);
  };
}
