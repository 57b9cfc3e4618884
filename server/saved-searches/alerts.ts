import type { MileageUnit } from '#shared/mileage.ts';
import { milliseconds } from 'date-fns/milliseconds';
import { subMilliseconds } from 'date-fns/subMilliseconds';
import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { SavedSearchAlert, SavedSearchFilters } from '#shared/schemas/saved-search.ts';
import type { Db } from '../db/client.ts';
import {
  listingChanges,
  listings,
  mailQueue,
  makes,
  models,
  notifications,
  savedSearches,
  savedSearchMatches,
  users,
} from '../db/schema/index.ts';
import { isLive } from '../listings/listings.queries.ts';
import { searchWhere } from '../listings/search.ts';
import { notificationTypes } from '../notifications/notify.ts';
import { alertMail, type AlertCar } from './alert-mail.ts';
import { signUnsubscribeToken } from './unsubscribe-token.ts';

export interface AlertDeps {
  db: Db;
  jwtKey: Uint8Array;
  config: { PUBLIC_URL: string; ALERT_DIGEST_HOUR: number };
}

interface Search {
  id: number;
  userId: number;
  name: string;
  filters: SavedSearchFilters;
  alert: SavedSearchAlert;
  mileageUnit: MileageUnit;
  checkedXid: number;
}

/** How many saved searches one transaction of the job takes. */
const BATCH = 100;
/** Listing changes are kept this long (a job stopped for longer misses older ones). */
const KEEP_CHANGES_DAYS = 7;
/** A match listed within this long is a new car; an older one is a changed car. */
const NEW_FOR_DAYS = 1;

const snapshotXmin = sql<string>`pg_snapshot_xmin(pg_current_snapshot())::text`;

/**
 * Matches the listings that went live or changed since each saved search was last checked, and
 * tells the buyers of instant searches. Only committed transactions' changes are read: the
 * watermark is the snapshot's xmin (every transaction below it has ended), so a change committed
 * late by a slow transaction is still seen. Searches are taken FOR UPDATE SKIP LOCKED, so runners
 * share the work, and the (search, listing) key lets each listing reach each search once.
 * Returns how many searches were checked.
 */
export async function matchNewListings(deps: AlertDeps): Promise<number> {
  let checked = 0;
  for (;;) {
    const done = await deps.db.transaction(async (tx) => {
      const [snap] = await tx.select({ xmin: snapshotXmin }).from(sql`(select 1) as one`);
      const xmin = Number(snap?.xmin);
      const [last] = await tx
        .select({ head: sql<string | null>`max(${listingChanges.xid})::text` })
        .from(listingChanges)
        .where(lt(listingChanges.xid, xmin));
      if (!last?.head) return 0;
      const due: Search[] = await tx
        .select({
          id: savedSearches.id,
          userId: savedSearches.userId,
          name: savedSearches.name,
          filters: savedSearches.filters,
          alert: savedSearches.alert,
          mileageUnit: savedSearches.mileageUnit,
          checkedXid: savedSearches.checkedXid,
        })
        .from(savedSearches)
        .where(lte(savedSearches.checkedXid, Number(last.head)))
        .orderBy(savedSearches.checkedXid)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const search of due) await checkSearch(tx, deps, search, xmin);
      return due.length;
    });
    checked += done;
    if (done < BATCH) return checked;
  }
}

async function checkSearch(tx: Db, deps: AlertDeps, search: Search, xmin: number) {
  const changed = tx
    .selectDistinct({ id: listingChanges.listingId })
    .from(listingChanges)
    .where(and(sql`${listingChanges.xid} >= ${search.checkedXid}`, lt(listingChanges.xid, xmin)));
  // The search's own WHERE (live, every filter), on the few listings that changed.
  const found = await tx
    .select({ id: listings.id })
    .from(listings)
    .where(and(inArray(listings.id, changed), searchWhere(search.filters)));
  if (found.length) {
    const now = new Date();
    const inserted = await tx
      .insert(savedSearchMatches)
      .values(
        found.map((l) => ({
          savedSearchId: search.id,
          listingId: l.id,
          // A daily search's matches wait for the digest; an off one's are only counted.
          deliveredAt: search.alert === 'daily' ? null : now,
        })),
      )
      .onConflictDoNothing()
      .returning({ listingId: savedSearchMatches.listingId });
    if (search.alert === 'instant' && inserted.length)
      await deliver(
        tx,
        deps,
        search,
        inserted.map((m) => m.listingId),
        false,
      );
  }
  await tx.update(savedSearches).set({ checkedXid: xmin }).where(eq(savedSearches.id, search.id));
}

/** The most recent digest time at or before `now`: today's (or else yesterday's) digest hour, UTC. */
export function digestDueAt(now: Date, hour: number): Date {
  const due = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour, 0, 0),
  );
  if (due > now) due.setUTCDate(due.getUTCDate() - 1);
  return due;
}

/**
 * Sends the daily digests that are due: one e-mail (and notification) per daily search a day,
 * with every match not yet delivered that is still live. The search row is locked (SKIP LOCKED)
 * and its matches are marked delivered in the same transaction, so a digest goes once.
 */
export async function sendDigests(deps: AlertDeps, now = new Date()): Promise<number> {
  const dueAt = digestDueAt(now, deps.config.ALERT_DIGEST_HOUR);
  let sent = 0;
  for (;;) {
    const taken = await deps.db.transaction(async (tx) => {
      const due = await tx
        .select({
          id: savedSearches.id,
          userId: savedSearches.userId,
          name: savedSearches.name,
          filters: savedSearches.filters,
          alert: savedSearches.alert,
          mileageUnit: savedSearches.mileageUnit,
          checkedXid: savedSearches.checkedXid,
        })
        .from(savedSearches)
        .where(
          and(
            eq(savedSearches.alert, 'daily'),
            or(isNull(savedSearches.digestSentAt), lt(savedSearches.digestSentAt, dueAt)),
          ),
        )
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const search of due) {
        const pending = await tx
          .update(savedSearchMatches)
          .set({ deliveredAt: now })
          .where(
            and(
              eq(savedSearchMatches.savedSearchId, search.id),
              isNull(savedSearchMatches.deliveredAt),
            ),
          )
          .returning({ listingId: savedSearchMatches.listingId });
        if (pending.length) {
          const told = await deliver(
            tx,
            deps,
            search,
            pending.map((m) => m.listingId),
            true,
          );
          if (told) sent++;
        }
        await tx
          .update(savedSearches)
          .set({ digestSentAt: now })
          .where(eq(savedSearches.id, search.id));
      }
      return due.length;
    });
    if (taken < BATCH) return sent;
  }
}

/**
 * Tells the owner of a search about its new cars that are still live: an in-app notification
 * (pushed to the phone by the push job when Firebase is configured) and an e-mail, both stored in
 * the caller's transaction. The e-mail goes only to a confirmed address: an unconfirmed one may
 * not be the owner's. Returns whether anything was sent.
 */
async function deliver(
  tx: Db,
  deps: AlertDeps,
  search: Search,
  listingIds: number[],
  digest: boolean,
): Promise<boolean> {
  const [owner] = await tx
    .select({ email: users.email, mailable: sql<boolean>`${users.emailConfirmedAt} is not null` })
    .from(users)
    .where(and(eq(users.id, search.userId), isNull(users.deletedAt)));
  if (!owner) return false;
  const rows = await tx
    .select({
      id: listings.id,
      make: makes.name,
      model: models.name,
      title: listings.title,
      year: listings.year,
      price: listings.price,
      millage: listings.millage,
      publishedAt: listings.publishedAt,
    })
    .from(listings)
    .innerJoin(makes, eq(makes.id, listings.makeId))
    .innerJoin(models, eq(models.id, listings.modelId))
    .where(and(inArray(listings.id, listingIds), isLive))
    .orderBy(listings.id);
  // A car listed within the last day is new; an older one matches because an edit changed it.
  const newSince = subMilliseconds(new Date(), milliseconds({ days: NEW_FOR_DAYS }));
  const cars: AlertCar[] = rows.map(({ publishedAt, ...car }) => ({
    ...car,
    isNew: publishedAt !== null && publishedAt >= newSince,
  }));
  if (!cars.length) return false;
  const mail = alertMail({
    searchName: search.name,
    cars,
    unit: search.mileageUnit,
    digest,
    publicUrl: deps.config.PUBLIC_URL,
    unsubscribeToken: await signUnsubscribeToken(deps.jwtKey, {
      savedSearchId: search.id,
      userId: search.userId,
    }),
  });
  await tx.insert(notifications).values({
    userId: search.userId,
    typeId: notificationTypes.info,
    title: mail.subject,
    message: mail.notice,
  });
  if (!owner.mailable) return true;
  await tx.insert(mailQueue).values({
    to: owner.email,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
  });
  return true;
}

/** Forgets listing changes older than a week (every search has long been checked past them). */
export async function pruneListingChanges(db: Db, now = new Date()): Promise<void> {
  const before = subMilliseconds(now, milliseconds({ days: KEEP_CHANGES_DAYS }));
  await db.delete(listingChanges).where(lt(listingChanges.createdAt, before));
}

/** The alert job: match, then send the digests that are due, then prune. */
export async function runAlerts(deps: AlertDeps, now = new Date()) {
  const checked = await matchNewListings(deps);
  const digests = await sendDigests(deps, now);
  await pruneListingChanges(deps.db, now);
  return { checked, digests };
}
