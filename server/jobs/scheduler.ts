/** A job runs every `everySeconds`; the scheduler never overlaps two runs of one job in a process. */
export interface Job {
  name: string;
  everySeconds: number;
  run(): Promise<unknown>;
}

/**
 * Runs the jobs in this process. Every job is written to be safe when several instances run it
 * at once (row locks with SKIP LOCKED, or conditional updates), so nothing here coordinates them.
 */
export function startJobs(jobs: Job[]): () => void {
  const timers = jobs.map((job) => {
    let running = false;
    const tick = async () => {
      if (running) return;
      running = true;
      try {
        await job.run();
      } catch (err) {
        console.error(`[jobs] ${job.name} failed:`, err);
      } finally {
        running = false;
      }
    };
    return setInterval(() => void tick(), job.everySeconds * 1000);
  });
  return () => timers.forEach(clearInterval);
}
