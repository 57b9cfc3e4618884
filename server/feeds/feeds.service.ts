import { and, desc, eq, sql } from 'drizzle-orm';
import { roles } from '#shared/limits.ts';
import {
  feedMessages,
  feedOutcomes,
  type FeedReportLine,
  type FeedRun,
  type FeedRunDetail,
  type FeedUpload,
} from '#shared/schemas/feed.ts';
import { feedRuns } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import type { Caller } from '../http/env.ts';
import { readFeedFile } from './feed-file.ts';
import { runImport } from './feed-import.ts';
import { readPhotosZip } from './feed-photos.ts';

const RUN_NOT_FOUND = 'Import not found';
const ALREADY_RUNNING = 'An import of your stock is already running';

type Row = typeof feedRuns.$inferSelect;

const countsOf = (lines: FeedReportLine[]) =>
  Object.fromEntries(
    feedOutcomes.map((o) => [o, lines.filter((l) => l.outcome === o).length]),
  ) as FeedRun['counts'];

const summary = (row: Row): FeedRun => ({
  id: row.id,
  status: row.status,
  fileName: row.fileName,
  message: row.message,
  counts: countsOf(row.report),
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

const detail = (row: Row): FeedRunDetail => ({ ...summary(row), report: row.report });

function requireDealer(caller: Caller) {
  if (caller.roleId !== roles.company) throw forbidden(feedMessages.companyOnly);
}

/** Whether the error is the one-running-import-per-dealer index refusing a second. */
const isSecondRun = (err: unknown) =>
  err instanceof Error &&
  /feed_runs_one_running/.test(`${err.message} ${String((err as { cause?: unknown }).cause)}`);

async function ownRun(deps: Deps, caller: Caller, id: number) {
  const [row] = await deps.db.select().from(feedRuns).where(eq(feedRuns.id, id));
  if (!row || (row.userId !== caller.id && caller.roleId !== roles.admin))
    throw notFound(RUN_NOT_FOUND);
  return row;
}

async function reload(deps: Deps, id: number) {
  const [row] = await deps.db.select().from(feedRuns).where(eq(feedRuns.id, id));
  if (!row) throw notFound(RUN_NOT_FOUND);
  return detail(row);
}

/**
 * POST feeds/runs: reads the file (a file that cannot be read is refused before anything is
 * kept), then imports it; answers the run with its report, or waiting for a confirmation.
 */
export async function uploadFeed(deps: Deps, caller: Caller, upload: FeedUpload) {
  requireDealer(caller);
  readFeedFile(upload.fileName, upload.content);
  const photosZip = upload.photosZip ? Buffer.from(upload.photosZip, 'base64') : null;
  if (photosZip) readPhotosZip(photosZip);
  const [row] = await deps.db
    .insert(feedRuns)
    .values({
      userId: caller.id,
      status: 'running',
      fileName: upload.fileName,
      content: upload.content,
      photosZip,
    })
    .returning({ id: feedRuns.id })
    .catch((err: unknown) => {
      throw isSecondRun(err) ? conflict(ALREADY_RUNNING) : err;
    });
  if (!row) throw new Error('feed run insert returned nothing');
  await runImport(deps, row.id, false);
  return reload(deps, row.id);
}

/**
 * POST feeds/runs/{id}/confirm: goes on with an import the safety lock stopped, or runs a failed
 * one again (lines already written read as unchanged, so nothing is written twice).
 */
export async function confirmRun(deps: Deps, caller: Caller, id: number) {
  const row = await ownRun(deps, caller, id);
  if (row.userId !== caller.id) throw forbidden('This is not your import');
  const [claimed] = await deps.db
    .update(feedRuns)
    .set({ status: 'running', message: null })
    .where(and(eq(feedRuns.id, id), sql`${feedRuns.status} in ('awaiting_confirmation', 'failed')`))
    .returning({ id: feedRuns.id })
    .catch((err: unknown) => {
      throw isSecondRun(err) ? conflict(ALREADY_RUNNING) : err;
    });
  if (!claimed) throw badRequest(feedMessages.notAwaiting);
  await runImport(deps, id, true);
  return reload(deps, id);
}

/** POST feeds/runs/{id}/cancel: drops an import that waits for a confirmation; nothing changes. */
export async function cancelRun(deps: Deps, caller: Caller, id: number) {
  const row = await ownRun(deps, caller, id);
  if (row.userId !== caller.id) throw forbidden('This is not your import');
  const [canceled] = await deps.db
    .update(feedRuns)
    .set({ status: 'canceled', content: null, photosZip: null, finishedAt: new Date() })
    .where(and(eq(feedRuns.id, id), sql`${feedRuns.status} in ('awaiting_confirmation', 'failed')`))
    .returning({ id: feedRuns.id });
  if (!canceled) throw badRequest(feedMessages.notAwaiting);
  return reload(deps, id);
}

/** GET feeds/runs: the caller's imports, newest first (an administrator names the dealer). */
export async function listRuns(deps: Deps, caller: Caller, userId: number) {
  if (userId !== caller.id && caller.roleId !== roles.admin) throw forbidden();
  const rows = await deps.db
    .select()
    .from(feedRuns)
    .where(eq(feedRuns.userId, userId))
    .orderBy(desc(feedRuns.createdAt), desc(feedRuns.id))
    .limit(50);
  return rows.map(summary);
}

/** GET feeds/runs/{id}: one import with its report. */
export const runDetail = async (deps: Deps, caller: Caller, id: number) =>
  detail(await ownRun(deps, caller, id));
