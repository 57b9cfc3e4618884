import { countSiteDay } from '../insights/retention.ts';
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { messages } from '#shared/messages.ts';
import type { ListingState } from '#shared/schemas/listing-display.ts';
import type { ModerationGround } from '#shared/schemas/trust.ts';
import { audit } from '../audit/audit.ts';
import type { Db } from '../db/client.ts';
import {
  listingEquipment,
  listingImages,
  listings,
  listingSafety,
  reports,
} from '../db/schema/index.ts';
import type { Caller } from '../http/env.ts';
import type { Deps } from '../deps.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { escapeHtml, notificationTypes, notify } from '../notifications/notify.ts';
import { alertPriceDrop } from '../prices/price-drops.ts';
import { release, startPromotion } from '../promotion/promotion.ts';
import { recordListingChange } from '../saved-searches/listing-changes.ts';
import { tellListingReporters } from '../trust/reporter-notices.ts';
import {
  automatedMeansOf,
  groundOf,
  loggedStatement,
  withStatement,
  type Statement,
} from '../trust/statements.ts';
import { LISTING_NOT_FOUND } from './details.ts';
import { dropUnusedPhotos, photoKeys } from './listings.service.ts';

export async function lockListing(tx: Db, id: number) {
  const [row] = await tx.select().from(listings).where(eq(listings.id, id)).for('update');
  if (!row) throw notFound(LISTING_NOT_FOUND);
  return row;
}

const expectState = (row: { state: ListingState }, allowed: ListingState[], what: string) => {
  if (!allowed.includes(row.state))
    throw conflict(`This listing is ${row.state.toLowerCase()}: it cannot be ${what}`);
};

const expectRequest = (row: { originalId: number | null }, edit: boolean) => {
  if ((row.originalId !== null) !== edit) {
    throw badRequest(
      edit ? 'This is not an edit of a live listing' : 'This is an edit of a live listing',
    );
  }
};

const listingNotice = (title: string, text: string) => ({
  typeId: notificationTypes.listing,
  title,
  message: `<p>${escapeHtml(text)}</p>`,
  mail: `${text}\n\nSpotted`,
});

/** Approves a new listing: it goes live, a reservation becomes the purchase and its promotion starts. */
export async function approveRequest(deps: Deps, admin: Caller, id: number) {
  await deps.db.transaction(async (tx) => {
    const row = await lockListing(tx, id);
    expectRequest(row, false);
    expectState(row, ['PENDING'], 'approved');
    await publishRequest(tx, row);
    await audit(tx, admin.id, 'approve', 'listing', id, submitted(row));
    await notify(
      tx,
      row.userId,
      listingNotice(
        'Your listing is live',
        `Your listing "${row.title}" was approved and is now live on Spotted.`,
      ),
    );
  });
}

/** Puts a new listing live: its reservation becomes the purchase and its promotion starts. */
export async function publishRequest(tx: Db, row: typeof listings.$inferSelect) {
  const now = new Date();
  await tx
    .update(listings)
    .set({
      state: 'ACTIVE',
      deniedMessage: null,
      publishedAt: row.publishedAt ?? now,
      updatedAt: now,
    })
    .where(eq(listings.id, row.id));
  await startPromotion(tx, row, now);
  if (!row.publishedAt) await countSiteDay(tx, 'newListings');
  await recordListingChange(tx, row.id);
}

/** Denies a new listing with the reason the owner will see; reserved credits go back. */
export async function denyRequest(
  deps: Deps,
  admin: Caller,
  id: number,
  reason: string,
  ground?: ModerationGround,
) {
  await deps.db.transaction(async (tx) => {
    const row = await lockListing(tx, id);
    expectRequest(row, false);
    expectState(row, ['PENDING'], 'denied');
    const statement: Statement = {
      decision: 'denied',
      ground: ground ?? (await groundOf(tx, reason)),
      reason,
      automated: await automatedMeansOf(tx, row),
    };
    await tx
      .update(listings)
      .set({ state: 'DENIED', deniedMessage: reason, updatedAt: new Date() })
      .where(eq(listings.id, id));
    await release(tx, id);
    await audit(tx, admin.id, 'deny', 'listing', id, {
      reason,
      ...submitted(row),
      ...loggedStatement(statement),
    });
    await notify(
      tx,
      row.userId,
      withStatement(
        listingNotice(
          'Your listing was denied',
          `Your listing "${row.title}" was denied. Reason: ${reason}`,
        ),
        statement,
        id,
        deps.config.PUBLIC_URL,
      ),
    );
  });
}

/**
 * Approves an edit: its fields, photos and features replace the live listing's, which keeps its
 * id, views, type, promotion and place in the default order. A suspended listing goes live again.
 */
export async function approveEdit(deps: Deps, admin: Caller, id: number) {
  const [edit] = await deps.db
    .select({ originalId: listings.originalId })
    .from(listings)
    .where(eq(listings.id, id));
  const replaced = edit?.originalId ? await photoKeys(deps.db, [edit.originalId]) : [];
  await deps.db.transaction(async (tx) => {
    const edit = await lockListing(tx, id);
    expectRequest(edit, true);
    expectState(edit, ['PENDING'], 'approved');
    const original = await applyEdit(deps, tx, edit);
    await audit(tx, admin.id, 'approve-edit', 'listing', original.id, {
      editId: id,
      ...submitted(edit),
    });
    await notify(
      tx,
      edit.userId,
      listingNotice(
        'Your listing update is live',
        `Your changes to "${original.title}" were approved.`,
      ),
    );
  });
  await dropUnusedPhotos(
    deps,
    replaced.map((p) => p.key),
  );
}

/**
 * An edit's fields, photos and features replace its live listing's, which keeps its id, views,
 * type, promotion and place in the default order; the edit row goes and a suspended listing goes
 * live again. Answers the live listing as it was.
 */
export async function applyEdit(deps: Deps, tx: Db, edit: typeof listings.$inferSelect) {
  const originalId = edit.originalId as number;
  const original = await lockListing(tx, originalId);
  const {
    id: _id,
    originalId: _o,
    userId: _u,
    state: _s,
    listingTypeId: _t,
    deniedMessage: _d,
    topSpottedAt: _ts,
    publishedAt: _p,
    createdAt: _c,
    // The price insight is the price job's, computed for the live listing.
    priceBand: _pb,
    priceEstimate: _pe,
    priceComparables: _pc,
    priceDeal: _pd,
    pricePoints: _pp,
    reviewFlags: _f,
    hiddenAt: _h,
    ...fields
  } = edit;
  await tx
    .update(listings)
    .set({ ...fields, state: 'ACTIVE', hiddenAt: null, updatedAt: new Date() })
    .where(eq(listings.id, originalId));
  await tx.delete(listingImages).where(eq(listingImages.listingId, originalId));
  await tx
    .update(listingImages)
    .set({ listingId: originalId })
    .where(eq(listingImages.listingId, edit.id));
  await tx.delete(listingSafety).where(eq(listingSafety.listingId, originalId));
  await tx
    .update(listingSafety)
    .set({ listingId: originalId })
    .where(eq(listingSafety.listingId, edit.id));
  await tx.delete(listingEquipment).where(eq(listingEquipment.listingId, originalId));
  await tx
    .update(listingEquipment)
    .set({ listingId: originalId })
    .where(eq(listingEquipment.listingId, edit.id));
  await tx.delete(listings).where(eq(listings.id, edit.id));
  if (original.state === 'SUSPENDED') await dismissOpenReports(tx, original);
  await recordListingChange(tx, originalId);
  await alertPriceDrop(
    tx,
    {
      listingId: originalId,
      ownerId: original.userId,
      title: edit.title,
      currency: edit.currency,
      oldPrice: original.price,
      newPrice: edit.price,
    },
    deps.config.PUBLIC_URL,
  );
  return original;
}

/** Denies an edit with the reason actually entered; the live listing stays as it was. */
export async function denyEdit(
  deps: Deps,
  admin: Caller,
  id: number,
  reason: string,
  ground?: ModerationGround,
) {
  await deps.db.transaction(async (tx) => {
    const edit = await lockListing(tx, id);
    expectRequest(edit, true);
    expectState(edit, ['PENDING'], 'denied');
    const statement: Statement = {
      decision: 'edit-denied',
      ground: ground ?? (await groundOf(tx, reason)),
      reason,
      automated: await automatedMeansOf(tx, edit),
    };
    await tx
      .update(listings)
      .set({ state: 'DENIED', deniedMessage: reason, updatedAt: new Date() })
      .where(eq(listings.id, id));
    await audit(tx, admin.id, 'deny-edit', 'listing', edit.originalId, {
      editId: id,
      reason,
      ...submitted(edit),
      ...loggedStatement(statement),
    });
    await notify(
      tx,
      edit.userId,
      withStatement(
        listingNotice(
          'Your listing update was denied',
          `Your changes to "${edit.title}" were denied. Reason: ${reason}`,
        ),
        statement,
        edit.originalId ?? id,
        deps.config.PUBLIC_URL,
      ),
    );
  });
}

/**
 * Closes a listing's open reports and brings it back to search if reports had hidden it; answers
 * when the first of them arrived (the moderation log's turnaround clock).
 */
export async function dismissOpenReports(tx: Db, listing: { id: number; title: string }) {
  const listingId = listing.id;
  await tellListingReporters(tx, listing, false);
  const closed = await tx
    .update(reports)
    .set({ dismissedAt: new Date() })
    .where(and(eq(reports.listingId, listingId), isNull(reports.dismissedAt)))
    .returning({ at: reports.createdAt });
  await tx
    .update(listings)
    .set({ hiddenAt: null })
    .where(and(eq(listings.id, listingId), isNotNull(listings.hiddenAt)));
  const first = closed.reduce<Date | null>((min, r) => (min && min < r.at ? min : r.at), null);
  return first ? { submittedAt: first.toISOString() } : {};
}

/** When what an admin decides on was submitted: the clock of the turnaround median. */
const submitted = (row: { updatedAt: Date }) => ({ submittedAt: row.updatedAt.toISOString() });

/** Suspends a live listing; `reason`, when the admin gave one, is sent to the owner. */
export async function suspend(
  deps: Deps,
  admin: Caller,
  id: number,
  reason?: string,
  ground?: ModerationGround,
) {
  await deps.db.transaction(async (tx) => {
    const row = await lockListing(tx, id);
    expectRequest(row, false);
    expectState(row, ['ACTIVE'], 'suspended');
    const statement: Statement = {
      decision: 'suspended',
      ground: ground ?? (await groundOf(tx, reason)),
      reason: reason ?? null,
      automated: await automatedMeansOf(tx, row),
    };
    await tx
      .update(listings)
      .set({ state: 'SUSPENDED', topSpottedAt: null, hiddenAt: null, updatedAt: new Date() })
      .where(eq(listings.id, id));
    await audit(tx, admin.id, 'suspend', 'listing', id, {
      ...(reason ? { reason } : {}),
      ...(await openReportsSince(tx, id)),
      ...loggedStatement(statement),
    });
    await tellListingReporters(tx, row, true);
    await notify(
      tx,
      row.userId,
      withStatement(
        listingNotice(
          'Your listing is suspended',
          `Your listing "${row.title}" is suspended because someone has reported it.${reason ? ` Reason: ${reason}` : ''} You can edit your listing and initiate process of adding it again.`,
        ),
        statement,
        id,
        deps.config.PUBLIC_URL,
      ),
    );
  });
}

/** A suspended listing live again, its reports closed; answers when the first report came. */
export async function relist(tx: Db, row: { id: number; title: string }) {
  await tx
    .update(listings)
    .set({ state: 'ACTIVE', updatedAt: new Date() })
    .where(eq(listings.id, row.id));
  const since = await dismissOpenReports(tx, row);
  await recordListingChange(tx, row.id);
  return since;
}

/** Puts a suspended listing back live; the reports that led to it are closed. */
export async function activate(deps: Deps, admin: Caller, id: number) {
  await deps.db.transaction(async (tx) => {
    const row = await lockListing(tx, id);
    expectRequest(row, false);
    expectState(row, ['SUSPENDED'], 'activated');
    const since = await relist(tx, row);
    await audit(tx, admin.id, 'activate', 'listing', id, since);
    await notify(
      tx,
      row.userId,
      listingNotice('Your listing is live again', `Your listing "${row.title}" is live again.`),
    );
  });
}

/** Closes every open report of a listing ('Dismissed report'). */
export async function dismissReports(deps: Deps, admin: Caller, id: number) {
  await deps.db.transaction(async (tx) => {
    const row = await lockListing(tx, id);
    const since = await dismissOpenReports(tx, row);
    await audit(tx, admin.id, 'dismiss-reports', 'listing', id, since);
  });
}

export async function setTopSpotted(deps: Deps, admin: Caller, id: number, on: boolean) {
  await deps.db.transaction(async (tx) => {
    const row = await lockListing(tx, id);
    expectRequest(row, false);
    if (on) expectState(row, ['ACTIVE'], 'featured');
    await tx
      .update(listings)
      .set({ topSpottedAt: on ? (row.topSpottedAt ?? new Date()) : null })
      .where(eq(listings.id, id));
    await audit(tx, admin.id, on ? 'add-top-spotted' : 'remove-top-spotted', 'listing', id);
  });
  return on ? messages.moderation.addedToFeatured : messages.moderation.removedFromFeatured;
}

async function openReportsSince(tx: Db, listingId: number) {
  const [first] = await tx
    .select({ at: reports.createdAt })
    .from(reports)
    .where(and(eq(reports.listingId, listingId), isNull(reports.dismissedAt)))
    .orderBy(reports.createdAt)
    .limit(1);
  return first ? { submittedAt: first.at.toISOString() } : {};
}

export async function reportsOf(db: Db, listingId: number) {
  const rows = await db
    .select({ id: reports.id, date: reports.createdAt, text: reports.message })
    .from(reports)
    .where(and(eq(reports.listingId, listingId), isNull(reports.dismissedAt)))
    .orderBy(desc(reports.createdAt));
  return rows.map((r) => ({ ...r, date: r.date.toISOString() }));
}
