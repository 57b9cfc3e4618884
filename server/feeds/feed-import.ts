import { and, asc, count, eq, isNull } from 'drizzle-orm';
import pLimit from 'p-limit';
import { feedMessages, type FeedPhotoSource, type FeedReportLine } from '#shared/schemas/feed.ts';
import type { Db } from '../db/client.ts';
import { feedItems, listingImages, listings, users } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import type { Caller } from '../http/env.ts';
import { INSUFFICIENT_CREDITS } from '../ledger/ledger.ts';
import {
  createListing,
  editLiveListing,
  editRequest,
  removeListing,
  removeRequest,
  type ListingLink,
} from '../listings/listings.service.ts';
import { photoAsBase64, type PhotoInput } from '../listings/photos.ts';
import type { FeedRecord } from './feed-file.ts';
import { resolveLine, type FeedCar, type LineProblem } from './feed-lines.ts';
import { fetchPhoto, PhotoFailure, sha256 } from './feed-photos.ts';

/** Lines written at once: photos are fetched and encoded while other lines wait on the database. */
const LINES_AT_ONCE = 4;

type Item = Awaited<ReturnType<typeof itemsOf>>[number];

const itemsOf = (db: Db, userId: number) =>
  db
    .select({
      stockNumber: feedItems.stockNumber,
      listingId: feedItems.listingId,
      lineHash: feedItems.lineHash,
      photos: feedItems.photos,
      state: listings.state,
    })
    .from(feedItems)
    .innerJoin(listings, eq(listings.id, feedItems.listingId))
    .where(eq(feedItems.userId, userId));

/** A line the import cannot write, with the column it is about. */
class LineRefusal extends Error {
  readonly problem: LineProblem;
  constructor(problem: LineProblem) {
    super(problem.message);
    this.problem = problem;
  }
}

type Planned =
  | { kind: 'refused'; line: number; stockNumber: string | null; problem: LineProblem }
  | { kind: 'unchanged'; line: number; stockNumber: string; item: Item }
  | { kind: 'create'; line: number; stockNumber: string; car: FeedCar; hash: string }
  | { kind: 'update'; line: number; stockNumber: string; car: FeedCar; hash: string; item: Item };

const report = (
  outcome: FeedReportLine['outcome'],
  line: number | null,
  stockNumber: string | null,
  listingId: number | null,
  problem?: LineProblem,
): FeedReportLine => ({
  line,
  stockNumber,
  outcome,
  listingId,
  field: problem?.field ?? null,
  message: problem?.message ?? null,
});

/** What a refused write says about itself: the form's message, and its column when it has one. */
function problemOf(err: unknown): LineProblem | null {
  if (err instanceof LineRefusal) return err.problem;
  if (err instanceof PhotoFailure) return { field: 'photos', message: err.message };
  if (err instanceof ApiError && err.status < 500) {
    const field =
      err.message === INSUFFICIENT_CREDITS
        ? 'listingType'
        : err.status === 413 || err.status === 422
          ? 'photos'
          : null;
    return { field, message: err.message };
  }
  return null;
}

/** A photo the car keeps, as `storedPhotos` finds it. */
interface StoredPhoto {
  id: number;
  key: string;
  source: FeedPhotoSource;
}

/**
 * The photos of a line as the form sends them. A photo the car already has from the same ZIP
 * file with the same bytes is sent back as stored, so it is not encoded again; one from the same
 * address is asked for again only if it changed (its ETag or Last-Modified date), and kept when
 * the server answers 304 (or when it gave neither, so there is nothing to ask with).
 */
async function photosOf(
  deps: Deps,
  car: FeedCar,
  zip: ReadonlyMap<string, Buffer>,
  stored: ReadonlyMap<string, StoredPhoto>,
): Promise<{ images: PhotoInput[]; sources: FeedPhotoSource[] }> {
  const made = await Promise.all(
    car.photos.map(async (source, index) => {
      const isCover = index === 0;
      const inZip = zip.get(source);
      const hash = inZip ? sha256(inZip) : null;
      const known = stored.get(hash ? `${source}#${hash}` : source);
      const keep = async (photo: StoredPhoto) => ({
        image: {
          id: photo.id,
          image: await photoAsBase64(deps.storage, photo.key),
          isCover,
          name: source,
        },
        source: photo.source,
      });
      if (known && (inZip || !(known.source.etag || known.source.lastModified))) return keep(known);
      if (inZip)
        return {
          image: { image: inZip.toString('base64'), isCover, name: source },
          source: { source, sha256: hash },
        };
      if (!/^https?:\/\//i.test(source))
        throw new LineRefusal({ field: 'photos', message: feedMessages.photoMissing(source) });
      const fetched = await fetchPhoto(
        source,
        deps.config.FEED_PRIVATE_ADDRESSES,
        known?.source,
      ).catch((err: unknown) => {
        const reason = err instanceof Error ? err.message : 'failed';
        throw new LineRefusal({
          field: 'photos',
          message: feedMessages.photoFailed(source, reason),
        });
      });
      if (fetched.notModified) {
        if (!known) throw new Error('a 304 answered an unconditional photo request');
        return keep(known);
      }
      return {
        image: { image: fetched.bytes.toString('base64'), isCover, name: source },
        source: { source, etag: fetched.etag, lastModified: fetched.lastModified },
      };
    }),
  );
  return { images: made.map((m) => m.image), sources: made.map((m) => m.source) };
}

/** The photos a car has now (its pending edit's, when it has one), keyed as `photosOf` looks them up. */
async function storedPhotos(db: Db, item: Item) {
  const [pending] = await db
    .select({ id: listings.id })
    .from(listings)
    .where(eq(listings.originalId, item.listingId));
  const rows = await db
    .select({ id: listingImages.id, key: listingImages.key })
    .from(listingImages)
    .where(eq(listingImages.listingId, pending?.id ?? item.listingId))
    .orderBy(asc(listingImages.position));
  const found = new Map<string, StoredPhoto>();
  if (rows.length !== item.photos.length) return found;
  item.photos.forEach((photo, index) => {
    const row = rows[index];
    if (row)
      found.set(photo.sha256 ? `${photo.source}#${photo.sha256}` : photo.source, {
        ...row,
        source: photo,
      });
  });
  return found;
}

const linkItem =
  (userId: number, stockNumber: string, lineHash: string, photos: FeedPhotoSource[]): ListingLink =>
  async (tx, listingId) => {
    const values = { listingId, lineHash, photos, updatedAt: new Date() };
    await tx
      .insert(feedItems)
      .values({ userId, stockNumber, ...values })
      .onConflictDoUpdate({ target: [feedItems.userId, feedItems.stockNumber], set: values });
  };

const LIVE = ['ACTIVE', 'SUSPENDED'];

/** Writes one planned line through the listing form's own services; answers its report line. */
async function writeLine(
  deps: Deps,
  caller: Caller,
  planned: Exclude<Planned, { kind: 'refused' | 'unchanged' }>,
  zip: ReadonlyMap<string, Buffer>,
): Promise<FeedReportLine> {
  const { line, stockNumber, car, hash } = planned;
  try {
    const stored =
      planned.kind === 'update' ? await storedPhotos(deps.db, planned.item) : new Map();
    const { images, sources } = await photosOf(deps, car, zip, stored);
    const input = { ...car.payload, images };
    const link = linkItem(caller.id, stockNumber, hash, sources);
    if (planned.kind === 'create') {
      const { id } = await createListing(deps, caller, input, link);
      return report('created', line, stockNumber, id);
    }
    const { listingId, state } = planned.item;
    if (LIVE.includes(state))
      await editLiveListing(deps, caller, { ...input, originalId: listingId }, link);
    else await editRequest(deps, caller, { ...input, id: listingId }, link);
    return report('updated', line, stockNumber, listingId);
  } catch (err) {
    const problem = problemOf(err);
    if (!problem) throw err;
    return report(
      'refused',
      line,
      stockNumber,
      planned.kind === 'update' ? planned.item.listingId : null,
      problem,
    );
  }
}

/** Takes a car no longer in the feed down, as its owner would (reserved credits come back). */
async function withdraw(deps: Deps, caller: Caller, item: Item): Promise<FeedReportLine> {
  try {
    if (LIVE.includes(item.state)) await removeListing(deps, caller, item.listingId);
    else await removeRequest(deps, caller, item.listingId);
    return report('withdrawn', null, item.stockNumber, item.listingId);
  } catch (err) {
    const problem = problemOf(err);
    if (!problem) throw err;
    return report('refused', null, item.stockNumber, item.listingId, problem);
  }
}

/** The dealer's live cars (the safety lock's base). */
async function liveCount(db: Db, userId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(listings)
    .where(
      and(eq(listings.userId, userId), eq(listings.state, 'ACTIVE'), isNull(listings.originalId)),
    );
  return row?.n ?? 0;
}

async function callerOf(db: Db, userId: number): Promise<Caller> {
  const [user] = await db
    .select({ id: users.id, roleId: users.roleId, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new Error(`feed run of a missing user ${userId}`);
  return { ...user, sessionFamily: '' };
}

/** What an import of some records came to: its report, or the safety lock's stop. */
export type ImportResult =
  | { status: 'done'; report: FeedReportLine[] }
  | { status: 'awaiting_confirmation'; message: string };

export interface ImportOptions {
  /** The dealer confirmed an import the safety lock stopped. */
  confirmed: boolean;
  /** Cars the records do not name are withdrawn (a whole feed), or left alone (an upsert). */
  withdrawMissing: boolean;
  /** Called once the import passed the safety lock, before it writes anything, with its lines. */
  onPlanned?: (total: number) => Promise<unknown>;
  /** Called as each report line is done, with how many are. */
  onProgress?: (done: number) => Promise<unknown>;
}

/**
 * Imports a dealer's records: every line is checked by the listing form's rules and written
 * through the form's services (moderation and charges as the form's), a line that says what the
 * car already says changes nothing, and with `withdrawMissing` the cars no longer named are
 * withdrawn. When the import would withdraw or change more than the configured share of the
 * dealer's live cars and the dealer has not confirmed it, it stops before writing anything.
 */
export async function importRecords(
  deps: Deps,
  userId: number,
  records: FeedRecord[],
  zip: ReadonlyMap<string, Buffer>,
  { confirmed, withdrawMissing, onPlanned, onProgress }: ImportOptions,
): Promise<ImportResult> {
  const caller = await callerOf(deps.db, userId);
  const zipHashes = new Map([...zip].map(([name, bytes]) => [name, sha256(bytes)]));
  const reference = await deps.referenceCache.get();
  const items = await itemsOf(deps.db, userId);
  const byStock = new Map(items.map((i) => [i.stockNumber, i]));
  const seen = new Set<string>();
  const plan: Planned[] = records.map((record) => {
    const stock = record.values.stockNumber?.trim() ?? '';
    const item = byStock.get(stock);
    const resolved = resolveLine(reference, record, item ? 'edit' : 'add', zipHashes);
    if ('problem' in resolved) return { kind: 'refused', ...resolved };
    const { line, stockNumber, car, hash } = resolved;
    if (seen.has(stockNumber))
      return {
        kind: 'refused',
        line,
        stockNumber,
        problem: { field: 'stockNumber', message: feedMessages.stockNumberTwice },
      };
    seen.add(stockNumber);
    if (!item) return { kind: 'create', line, stockNumber, car, hash };
    if (item.lineHash === hash) return { kind: 'unchanged', line, stockNumber, item };
    return { kind: 'update', line, stockNumber, car, hash, item };
  });
  // A refused line's car stays as it is: only cars the file no longer names are withdrawn.
  for (const p of plan) if (p.stockNumber) seen.add(p.stockNumber);
  const gone = withdrawMissing ? items.filter((i) => !seen.has(i.stockNumber)) : [];

  const live = await liveCount(deps.db, userId);
  const touched =
    plan.filter((p) => p.kind === 'update' && p.item.state === 'ACTIVE').length +
    gone.filter((i) => i.state === 'ACTIVE').length;
  const share = deps.config.FEED_CHANGE_SHARE;
  if (!confirmed && live > 0 && touched > live * share)
    return {
      status: 'awaiting_confirmation',
      message: feedMessages.lockStopped(touched, live, share),
    };

  await onPlanned?.(plan.length + gone.length);
  let done = 0;
  const counted = async (line: FeedReportLine) => {
    done++;
    await onProgress?.(done);
    return line;
  };
  const limit = pLimit(LINES_AT_ONCE);
  const lines = await Promise.all(
    plan.map((p) =>
      p.kind === 'refused'
        ? counted(report('refused', p.line, p.stockNumber, null, p.problem))
        : p.kind === 'unchanged'
          ? counted(report('unchanged', p.line, p.stockNumber, p.item.listingId))
          : limit(async () => counted(await writeLine(deps, caller, p, zip))),
    ),
  );
  const withdrawn = await Promise.all(
    gone.map((item) => limit(async () => counted(await withdraw(deps, caller, item)))),
  );
  return { status: 'done', report: [...lines, ...withdrawn] };
}
