import { addMonths } from 'date-fns/addMonths';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  appealTexts as t,
  type Appealable,
  type AppealDetail,
  type AppealedDecision,
  type AppealOutcome,
  type AppealRow,
  type ListingVersion,
} from '#shared/schemas/appeal.ts';
import type { ModerationGround } from '#shared/schemas/trust.ts';
import { audit } from '../audit/audit.ts';
import type { Db } from '../db/client.ts';
import { appeals, auditLog, listingImages, listings, reports, users } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import type { Caller } from '../http/env.ts';
import { conflict, forbidden, notFound } from '../http/errors.ts';
import { LISTING_NOT_FOUND } from '../listings/details.ts';
import { dropUnusedPhotos, photoKeys } from '../listings/listings.service.ts';
import { photoUrl } from '../listings/photos.ts';
import { escapeHtml, notificationTypes, notify, type Notice } from '../notifications/notify.ts';
import { APPEAL_MONTHS } from '../trust/statements.ts';
import { reviewOf } from '../trust/trust.service.ts';
import { reverseDecision } from './reverse.ts';

/** A decision standing on a listing, as the moderation log (or the listing) keeps it. */
interface Standing {
  decision: AppealedDecision;
  editId: number | null;
  decisionLogId: number | null;
  decidedBy: number | null;
  decidedAt: Date;
  ground: ModerationGround;
  reason: string | null;
}

const LOGGED: Record<Exclude<AppealedDecision, 'hidden'>, string> = {
  denied: 'deny',
  'edit-denied': 'deny-edit',
  suspended: 'suspend',
};

async function logged(db: Db, listingId: number, decision: keyof typeof LOGGED, editId?: number) {
  const [row] = await db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'listing'),
        eq(auditLog.entityId, listingId),
        eq(auditLog.action, LOGGED[decision]),
        editId === undefined ? undefined : sql`(${auditLog.details}->>'editId')::int = ${editId}`,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(1);
  if (!row) return null;
  const details = (row.details ?? {}) as { ground?: ModerationGround; reason?: string };
  return {
    decision,
    editId: editId ?? null,
    decisionLogId: row.id,
    decidedBy: row.adminId,
    decidedAt: row.createdAt,
    ground: details.ground ?? 'terms',
    reason: details.reason ?? null,
  } satisfies Standing;
}

/**
 * The latest decision still standing on a seller's listing that a statement of reasons told them
 * about: a denial of the listing or of its edit, a suspension, or reports hiding it.
 */
async function standingDecision(db: Db, listing: typeof listings.$inferSelect) {
  const found: (Standing | null)[] = [];
  if (listing.state === 'DENIED') found.push(await logged(db, listing.id, 'denied'));
  if (listing.state === 'SUSPENDED') found.push(await logged(db, listing.id, 'suspended'));
  const [edit] = await db
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.originalId, listing.id), eq(listings.state, 'DENIED')));
  if (edit) found.push(await logged(db, listing.id, 'edit-denied', edit.id));
  if (listing.state === 'ACTIVE' && listing.hiddenAt) {
    const [illegal] = await db
      .select({ n: count() })
      .from(reports)
      .where(
        and(
          eq(reports.listingId, listing.id),
          isNull(reports.dismissedAt),
          eq(reports.ground, 'illegal'),
        ),
      );
    found.push({
      decision: 'hidden',
      editId: null,
      decisionLogId: null,
      decidedBy: null,
      decidedAt: listing.hiddenAt,
      ground: illegal?.n ? 'illegal' : 'terms',
      reason: null,
    });
  }
  const standing = found.filter((s): s is Standing => s !== null);
  return standing.sort((a, b) => b.decidedAt.getTime() - a.decidedAt.getTime())[0] ?? null;
}

async function ownListing(db: Db, caller: Caller, listingId: number) {
  const [listing] = await db.select().from(listings).where(eq(listings.id, listingId));
  if (!listing || listing.userId !== caller.id || listing.originalId !== null)
    throw notFound(LISTING_NOT_FOUND);
  return listing;
}

const appealOf = async (db: Db, listingId: number, standing: Standing) => {
  const [row] = await db
    .select()
    .from(appeals)
    .where(
      and(
        eq(appeals.listingId, listingId),
        eq(appeals.decision, standing.decision),
        eq(appeals.decidedAt, standing.decidedAt),
      ),
    );
  return row;
};

async function latestAppealed(db: Db, listingId: number): Promise<Standing | null> {
  const [row] = await db
    .select()
    .from(appeals)
    .where(eq(appeals.listingId, listingId))
    .orderBy(desc(appeals.id))
    .limit(1);
  return row ?? null;
}

/** GET appeals/listing/{id}: the decision a seller may appeal on their listing, and their appeal. */
export async function appealable(db: Db, caller: Caller, listingId: number): Promise<Appealable> {
  const listing = await ownListing(db, caller, listingId);
  // Once a reversal undid it, the decision is the one of the latest appeal.
  const standing = (await standingDecision(db, listing)) ?? (await latestAppealed(db, listingId));
  if (!standing) throw notFound(t.nothingToAppeal);
  const appeal = await appealOf(db, listingId, standing);
  return {
    listingId,
    title: listing.title,
    decision: standing.decision,
    ground: standing.ground,
    reason: standing.reason,
    decidedAt: standing.decidedAt.toISOString(),
    appealUntil: addMonths(standing.decidedAt, APPEAL_MONTHS).toISOString(),
    appeal: appeal
      ? {
          id: appeal.id,
          createdAt: appeal.createdAt.toISOString(),
          outcome: appeal.outcome,
          outcomeReason: appeal.outcomeReason,
        }
      : null,
  };
}

const notice = (title: string, text: string): Notice => ({
  typeId: notificationTypes.listing,
  title,
  message: `<p>${escapeHtml(text)}</p>`,
  mail: `${text}\n\nSpotted`,
});

/** POST appeals: the seller appeals the decision standing on their listing, once, in time. */
export async function fileAppeal(
  db: Db,
  caller: Caller,
  input: { listingId: number; message: string },
  now = new Date(),
) {
  const listing = await ownListing(db, caller, input.listingId);
  const standing = await standingDecision(db, listing);
  if (!standing) throw notFound(t.nothingToAppeal);
  if (addMonths(standing.decidedAt, APPEAL_MONTHS) < now) throw conflict(t.tooLate);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(appeals)
      .values({
        userId: caller.id,
        listingId: listing.id,
        editId: standing.editId,
        decision: standing.decision,
        decisionLogId: standing.decisionLogId,
        decidedBy: standing.decidedBy,
        decidedAt: standing.decidedAt,
        ground: standing.ground,
        reason: standing.reason,
        message: input.message,
      })
      .onConflictDoNothing()
      .returning({ id: appeals.id });
    if (!row) throw conflict(t.alreadyAppealed);
    await notify(tx, caller.id, notice(t.receivedTitle, t.received(listing.title)));
    return { id: row.id };
  });
}

const decider = alias(users, 'decider');
const reviewer = alias(users, 'reviewer');
const appellant = alias(users, 'appellant');

const rowColumns = {
  id: appeals.id,
  listingId: appeals.listingId,
  title: listings.title,
  appellantEmail: appellant.email,
  decision: appeals.decision,
  ground: appeals.ground,
  decidedBy: appeals.decidedBy,
  decidedByEmail: decider.email,
  decidedAt: appeals.decidedAt,
  outcome: appeals.outcome,
  reviewerEmail: reviewer.email,
  createdAt: appeals.createdAt,
  reviewedAt: appeals.reviewedAt,
  reason: appeals.reason,
  message: appeals.message,
  outcomeReason: appeals.outcomeReason,
};

const selectRows = (db: Db) =>
  db
    .select(rowColumns)
    .from(appeals)
    .innerJoin(listings, eq(listings.id, appeals.listingId))
    .innerJoin(appellant, eq(appellant.id, appeals.userId))
    .leftJoin(decider, eq(decider.id, appeals.decidedBy))
    .leftJoin(reviewer, eq(reviewer.id, appeals.reviewerId));

type Row = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

const toRow = ({ reason: _r, message: _m, outcomeReason: _o, ...row }: Row): AppealRow => ({
  ...row,
  decidedAt: row.decidedAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
  reviewedAt: row.reviewedAt?.toISOString() ?? null,
});

/** GET moderation/appeals: the queue, oldest open first; decided ones newest first. */
export async function appealList(
  db: Db,
  query: { page: number; perPage: number; state?: 'open' | 'decided' | undefined },
) {
  const where =
    query.state === 'open'
      ? isNull(appeals.outcome)
      : query.state === 'decided'
        ? isNotNull(appeals.outcome)
        : undefined;
  const [rows, [total]] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(
        sql`${appeals.outcome} is not null`,
        sql`case when ${appeals.outcome} is null then ${appeals.createdAt} end asc`,
        desc(appeals.reviewedAt),
        asc(appeals.id),
      )
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ n: count() }).from(appeals).where(where),
  ]);
  return { items: rows.map(toRow), totalCount: total?.n ?? 0 };
}

/** The listing and any edit of it, as the moderator compares them. */
async function versionsOf(db: Db, listingId: number): Promise<ListingVersion[]> {
  const rows = await db
    .select()
    .from(listings)
    .where(or(eq(listings.id, listingId), eq(listings.originalId, listingId)))
    .orderBy(asc(listings.id));
  const photos = await db
    .select({ listingId: listingImages.listingId, key: listingImages.key })
    .from(listingImages)
    .where(
      inArray(
        listingImages.listingId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(listingImages.position));
  return rows.map((r) => ({
    id: r.id,
    kind: r.originalId === null ? 'listing' : 'edit',
    state: r.state,
    title: r.title,
    description: r.description,
    price: r.price,
    currency: r.currency,
    year: r.year,
    mileage: r.millage,
    photos: photos.filter((p) => p.listingId === r.id).map((p) => photoUrl(p.key)),
    deniedMessage: r.deniedMessage,
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** GET moderation/appeals/{id}: the appeal, its decision, the listing's log and versions. */
export async function appealDetail(db: Db, id: number): Promise<AppealDetail> {
  const [row] = await selectRows(db).where(eq(appeals.id, id));
  if (!row) throw notFound('Appeal not found');
  const [review, versions] = await Promise.all([
    reviewOf(db, row.listingId),
    versionsOf(db, row.listingId),
  ]);
  return {
    ...toRow(row),
    reason: row.reason,
    message: row.message,
    outcomeReason: row.outcomeReason,
    log: review.history,
    versions,
  };
}

/**
 * POST moderation/appeals/{id}/decision: another administrator than the one who took the
 * decision upholds it or reverses it (the listing goes back as if the decision had not been
 * taken), with a reason the seller reads in the app and by e-mail.
 */
export async function decideAppeal(
  deps: Deps,
  admin: Caller,
  id: number,
  input: { outcome: AppealOutcome; reason: string },
) {
  // A reversed edit denial replaces the live listing's photos: those no longer used then go.
  const [target] = await deps.db
    .select({ listingId: appeals.listingId, decision: appeals.decision })
    .from(appeals)
    .where(eq(appeals.id, id));
  const replaced =
    input.outcome === 'reversed' && target?.decision === 'edit-denied'
      ? await photoKeys(deps.db, [target.listingId])
      : [];
  await deps.db.transaction(async (tx) => {
    const [appeal] = await tx.select().from(appeals).where(eq(appeals.id, id)).for('update');
    if (!appeal) throw notFound('Appeal not found');
    if (appeal.decidedBy === admin.id) throw forbidden(t.ownDecision);
    if (appeal.outcome) throw conflict(t.alreadyDecided);
    const [listing] = await tx
      .select({ title: listings.title })
      .from(listings)
      .where(eq(listings.id, appeal.listingId));
    if (input.outcome === 'reversed') await reverseDecision(deps, tx, appeal);
    const now = new Date();
    await tx
      .update(appeals)
      .set({
        outcome: input.outcome,
        outcomeReason: input.reason,
        reviewerId: admin.id,
        reviewedAt: now,
      })
      .where(eq(appeals.id, id));
    await audit(
      tx,
      admin.id,
      input.outcome === 'reversed' ? 'reverse-appeal' : 'uphold-appeal',
      'listing',
      appeal.listingId,
      {
        appealId: id,
        decision: appeal.decision,
        reason: input.reason,
        submittedAt: appeal.createdAt.toISOString(),
      },
    );
    const title = listing?.title ?? '';
    await notify(tx, appeal.userId, notice(t.outcomeTitle, t[input.outcome](title, input.reason)));
  });
  await dropUnusedPhotos(
    deps,
    replaced.map((p) => p.key),
  );
  return t.decided[input.outcome];
}
