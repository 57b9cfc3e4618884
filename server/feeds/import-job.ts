import { and, eq, inArray, sql } from 'drizzle-orm';
import { feedRuns } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { log } from '../ops/log.ts';
import { readFeedFile } from './feed-file.ts';
import { importRecords } from './feed-import.ts';
import { readPhotosZip } from './feed-photos.ts';

/** How often the import job looks for queued imports. */
export const FEED_IMPORTS_EVERY_SECONDS = 2;
/** How often an instance importing a run says it still is. */
const HEARTBEAT_MS = 15_000;
/** A running import whose instance has not said so for this long was cut off: another takes it up. */
const STALE_AFTER = '1 minute';
/** How often a run is taken up at most: a file that stops its instance every time ends failed. */
const MAX_ATTEMPTS = 3;
/** How often the progress is written at most while an import runs. */
const PROGRESS_MS = 1000;

export const STOPPED = 'The import stopped unexpectedly: run it again to go on';

/**
 * Takes one import: a queued one, or a running one whose instance stopped beating. The row lock
 * with SKIP LOCKED and the status written in the same statement let several instances share the
 * imports, each taken by one of them (as the scheduled feeds are).
 */
async function claimRun(deps: Deps) {
  const waiting = deps.db
    .select({ id: feedRuns.id })
    .from(feedRuns)
    .where(
      sql`${feedRuns.status} = 'queued' or (${feedRuns.status} = 'running' and coalesce(${feedRuns.heartbeatAt}, ${feedRuns.createdAt}) < now() - ${STALE_AFTER}::interval)`,
    )
    .orderBy(feedRuns.id)
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await deps.db
    .update(feedRuns)
    .set({ status: 'running', heartbeatAt: sql`now()`, attempts: sql`${feedRuns.attempts} + 1` })
    .where(inArray(feedRuns.id, waiting))
    .returning({ id: feedRuns.id, attempts: feedRuns.attempts });
  return row ?? null;
}

/** The job: imports the queued runs (and takes up the cut-off ones), one after the other. */
export async function importQueuedRuns(deps: Deps, batch = 5): Promise<number> {
  let taken = 0;
  for (; taken < batch; taken++) {
    const run = await claimRun(deps);
    if (!run) break;
    if (run.attempts > MAX_ATTEMPTS)
      await deps.db
        .update(feedRuns)
        .set({ status: 'failed', message: STOPPED, finishedAt: new Date() })
        .where(eq(feedRuns.id, run.id));
    else await runImport(deps, run.id);
  }
  return taken;
}

/**
 * Imports a run the job took (see importRecords), writing its progress as it goes; the run keeps
 * the report, or why it stopped. Lines an earlier attempt wrote read as unchanged, so a run taken
 * up again writes no car twice.
 */
export async function runImport(deps: Deps, runId: number): Promise<void> {
  const [run] = await deps.db.select().from(feedRuns).where(eq(feedRuns.id, runId));
  if (!run || run.status !== 'running') return;
  const thisRun = and(eq(feedRuns.id, runId), eq(feedRuns.status, 'running'));
  const write = (values: Partial<typeof feedRuns.$inferInsert>) =>
    deps.db.update(feedRuns).set(values).where(thisRun);
  const beat = setInterval(() => {
    write({ heartbeatAt: new Date() }).catch((err: unknown) =>
      log.error({ err, runId }, 'feed import heartbeat failed'),
    );
  }, HEARTBEAT_MS);
  let written = 0;
  try {
    const records = readFeedFile(run.fileName, run.content ?? '');
    const zip = run.photosZip ? readPhotosZip(run.photosZip) : new Map<string, Buffer>();
    const result = await importRecords(deps, run.userId, records, zip, {
      confirmed: run.confirmed,
      withdrawMissing: true,
      onPlanned: (total) => write({ confirmed: true, linesTotal: total, linesDone: 0 }),
      onProgress: async (done) => {
        if (Date.now() - written < PROGRESS_MS) return;
        written = Date.now();
        await write({ linesDone: done, heartbeatAt: new Date() });
      },
    });
    if (result.status === 'awaiting_confirmation') {
      await write({ status: result.status, message: result.message });
      return;
    }
    await write({
      status: 'done',
      message: null,
      report: result.report,
      linesDone: result.report.length,
      linesTotal: result.report.length,
      content: null,
      photosZip: null,
      finishedAt: new Date(),
    });
  } catch (err) {
    const message = err instanceof ApiError && err.status < 500 ? err.message : null;
    if (!message) log.error({ err, runId }, 'feed import failed');
    await write({ status: 'failed', message: message ?? STOPPED, finishedAt: new Date() });
  } finally {
    clearInterval(beat);
  }
}
