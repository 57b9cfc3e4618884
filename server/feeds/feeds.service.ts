import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { roles } from '#shared/limits.ts';
import {
  feedMessages,
  feedLimits,
  feedOutcomes,
  type DealerFeed,
  type FeedReportLine,
  type FeedRun,
  type FeedRunDetail,
  type FeedProgress,
  type FeedUpload,
} from '#shared/schemas/feed.ts';
import { dealerFeeds, feedRuns, users } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../http/errors.ts';
import { publicHostProblem } from '../push/push-address.ts';
import type { Caller } from '../http/env.ts';
import { readFeedFile } from './feed-file.ts';
import { fetchPublic, readPhotosZip, type Fetched } from './feed-photos.ts';

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
  linesDone: row.linesDone,
  linesTotal: row.linesTotal,
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
 * kept), then queues it for the import job; answers the queued run at once.
 */
export async function uploadFeed(deps: Deps, caller: Caller, upload: FeedUpload) {
  requireDealer(caller);
  const records = readFeedFile(upload.fileName, upload.content);
  const photosZip = upload.photosZip ? Buffer.from(upload.photosZip, 'base64') : null;
  if (photosZip) readPhotosZip(photosZip);
  const [row] = await deps.db
    .insert(feedRuns)
    .values({
      userId: caller.id,
      status: 'queued',
      fileName: upload.fileName,
      content: upload.content,
      photosZip,
      linesTotal: records.length,
    })
    .returning({ id: feedRuns.id })
    .catch((err: unknown) => {
      throw isSecondRun(err) ? conflict(ALREADY_RUNNING) : err;
    });
  if (!row) throw new Error('feed run insert returned nothing');
  return reload(deps, row.id);
}

/**
 * POST feeds/runs/{id}/confirm: queues again an import the safety lock stopped, which then goes
 * on past the lock, or a failed one (lines already written read as unchanged, so nothing is
 * written twice).
 */
export async function confirmRun(deps: Deps, caller: Caller, id: number) {
  const row = await ownRun(deps, caller, id);
  if (row.userId !== caller.id) throw forbidden('This is not your import');
  const [claimed] = await deps.db
    .update(feedRuns)
    .set({
      status: 'queued',
      confirmed: true,
      message: null,
      attempts: 0,
      heartbeatAt: null,
      finishedAt: null,
    })
    .where(and(eq(feedRuns.id, id), sql`${feedRuns.status} in ('awaiting_confirmation', 'failed')`))
    .returning({ id: feedRuns.id })
    .catch((err: unknown) => {
      throw isSecondRun(err) ? conflict(ALREADY_RUNNING) : err;
    });
  if (!claimed) throw badRequest(feedMessages.notAwaiting);
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

/** GET feeds/runs/{id}/progress: how far an import is, without its file or its report. */
export async function runProgress(deps: Deps, caller: Caller, id: number): Promise<FeedProgress> {
  const [row] = await deps.db
    .select({
      id: feedRuns.id,
      userId: feedRuns.userId,
      status: feedRuns.status,
      message: feedRuns.message,
      linesDone: feedRuns.linesDone,
      linesTotal: feedRuns.linesTotal,
    })
    .from(feedRuns)
    .where(eq(feedRuns.id, id));
  if (!row || (row.userId !== caller.id && caller.roleId !== roles.admin))
    throw notFound(RUN_NOT_FOUND);
  const { userId: _owner, ...progress } = row;
  return progress;
}

const asFeed = (row: typeof dealerFeeds.$inferSelect): DealerFeed => ({
  id: row.id,
  url: row.url,
  paused: row.paused,
  lastFetchedAt: row.lastFetchedAt?.toISOString() ?? null,
});

/** GET feeds/url: the dealer's scheduled feed, or null. */
export async function feedOf(deps: Deps, caller: Caller) {
  requireDealer(caller);
  const [row] = await deps.db.select().from(dealerFeeds).where(eq(dealerFeeds.userId, caller.id));
  return row ? asFeed(row) : null;
}

/**
 * PUT feeds/url: an https address whose host is on the public internet (checked as push
 * endpoints are, and again at every connection); it is fetched within the next minutes, then
 * hourly.
 */
export async function setFeedUrl(deps: Deps, caller: Caller, url: string) {
  requireDealer(caller);
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:') throw badRequest(feedMessages.feedNotHttps);
  if (!deps.config.FEED_PRIVATE_ADDRESSES) {
    const problem = await publicHostProblem(parsed.hostname);
    if (problem === 'unreachable') throw unprocessable(feedMessages.feedUnreachable);
    if (problem) throw unprocessable(feedMessages.feedNotPublic);
  }
  const values = { url: parsed.toString(), lastFetchedAt: null, etag: null, lastModified: null };
  const [row] = await deps.db
    .insert(dealerFeeds)
    .values({ userId: caller.id, ...values })
    .onConflictDoUpdate({ target: dealerFeeds.userId, set: values })
    .returning();
  if (!row) throw new Error('dealer feed upsert returned nothing');
  return asFeed(row);
}

/** DELETE feeds/url: no more scheduled fetches (the cars stay). */
export async function removeFeed(deps: Deps, caller: Caller) {
  requireDealer(caller);
  await deps.db.delete(dealerFeeds).where(eq(dealerFeeds.userId, caller.id));
}

/** How often a feed is fetched at most. */
const FEED_EVERY = '1 hour';
/** Feeds one job run fetches (the rest wait for the next run, or another instance's). */
const FEEDS_PER_RUN = 5;

/**
 * Takes one due feed: not paused, not fetched within the hour. The row lock with SKIP LOCKED and
 * the time written in the same statement let several instances share the feeds, each feed taken
 * by one of them.
 */
async function claimDueFeed(deps: Deps) {
  const due = deps.db
    .select({ id: dealerFeeds.id })
    .from(dealerFeeds)
    .where(
      and(
        eq(dealerFeeds.paused, false),
        sql`(${dealerFeeds.lastFetchedAt} is null or ${dealerFeeds.lastFetchedAt} < now() - ${FEED_EVERY}::interval)`,
      ),
    )
    .orderBy(sql`${dealerFeeds.lastFetchedAt} nulls first`, dealerFeeds.id)
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await deps.db
    .update(dealerFeeds)
    .set({ lastFetchedAt: sql`now()` })
    .where(inArray(dealerFeeds.id, due))
    .returning({
      id: dealerFeeds.id,
      userId: dealerFeeds.userId,
      url: dealerFeeds.url,
      etag: dealerFeeds.etag,
      lastModified: dealerFeeds.lastModified,
    });
  return row ?? null;
}

/** The job: fetches the due feeds and queues each for the import job, as an upload is. */
export async function fetchDueFeeds(deps: Deps): Promise<number> {
  let fetched = 0;
  for (; fetched < FEEDS_PER_RUN; fetched++) {
    const feed = await claimDueFeed(deps);
    if (!feed) break;
    await importFeed(deps, feed);
  }
  return fetched;
}

/**
 * Fetches a feed and queues its file. The fetch asks whether the file changed since the last one
 * queued (its ETag or Last-Modified date): when not (304), the cars stay as they are and no
 * import runs.
 */
async function importFeed(deps: Deps, feed: NonNullable<Awaited<ReturnType<typeof claimDueFeed>>>) {
  const base = { userId: feed.userId, feedId: feed.id };
  let answer: Fetched;
  try {
    answer = await fetchPublic(
      feed.url,
      deps.config.FEED_PRIVATE_ADDRESSES,
      feedLimits.fileBytes,
      feed,
    );
  } catch (err) {
    const reason = err instanceof Error ? err.message : 'failed';
    await deps.db.insert(feedRuns).values({
      ...base,
      status: 'failed',
      fileName: feed.url,
      message: feedMessages.feedFetchFailed(reason),
      finishedAt: new Date(),
    });
    return;
  }
  if (answer.notModified) return;
  const content = answer.bytes.toString('utf8');
  // The file's kind by its first character: an XML feed starts with '<'.
  const fileName = content.trimStart().startsWith('<') ? 'feed.xml' : 'feed.csv';
  // Queued for the import job; while the dealer has an import in flight, this fetch is dropped
  // (and its validators too, so the next fetch takes the file again).
  const queued = await deps.db
    .insert(feedRuns)
    .values({ ...base, status: 'queued', fileName, content })
    .then(
      () => true,
      (err: unknown) => {
        if (isSecondRun(err)) return false;
        throw err;
      },
    );
  if (queued)
    await deps.db
      .update(dealerFeeds)
      .set({ etag: answer.etag, lastModified: answer.lastModified })
      .where(eq(dealerFeeds.id, feed.id));
}

/** GET feeds/dealers: every dealer's scheduled feed with its newest run (administrators). */
export async function adminFeeds(deps: Deps) {
  const rows = await deps.db
    .select({
      feed: dealerFeeds,
      dealer: users.firstName,
      email: users.email,
    })
    .from(dealerFeeds)
    .innerJoin(users, eq(users.id, dealerFeeds.userId))
    .orderBy(desc(dealerFeeds.createdAt));
  const runs = rows.length
    ? await deps.db
        .selectDistinctOn([feedRuns.userId])
        .from(feedRuns)
        .where(
          inArray(
            feedRuns.userId,
            rows.map((r) => r.feed.userId),
          ),
        )
        .orderBy(feedRuns.userId, desc(feedRuns.createdAt), desc(feedRuns.id))
    : [];
  const lastRun = new Map(runs.map((r) => [r.userId, summary(r)]));
  return rows.map(({ feed, dealer, email }) => ({
    ...asFeed(feed),
    userId: feed.userId,
    dealer,
    email,
    lastRun: lastRun.get(feed.userId) ?? null,
  }));
}

/** PUT feeds/dealers/{id}/pause: an administrator stops or resumes a dealer's scheduled fetches. */
export async function pauseFeed(deps: Deps, id: number, paused: boolean) {
  const [row] = await deps.db
    .update(dealerFeeds)
    .set({ paused })
    .where(eq(dealerFeeds.id, id))
    .returning();
  if (!row) throw notFound(feedMessages.feedNotFound);
  return asFeed(row);
}
