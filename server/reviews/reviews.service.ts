import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { ListPage, ListQuery, SortOrder } from '#shared/schemas/list.ts';
import { roles } from '#shared/limits.ts';
import {
  REVIEW_REPORTS_TO_HIDE,
  reviewMessages as m,
  type DealerReview,
  type RatingSummary,
  type ReportedReview,
  type reportedReviewSorts,
} from '#shared/schemas/review.ts';
import { audit } from '../audit/audit.ts';
import { sha256 } from '../auth/tokens.ts';
import type { Db } from '../db/client.ts';
import {
  dealerContacts,
  dealerReviews,
  loginAddresses,
  reviewReports,
  users,
} from '../db/schema/index.ts';
import type { Caller } from '../http/env.ts';
import { listPage, orderOf, pageWindow, picked } from '../db/lists.ts';
import { conflict, forbidden, notFound } from '../http/errors.ts';

const DAY_MS = 86_400_000;
/** How far back a dealer's rating counts. */
const RATING_MONTHS = 12;

/** A network address as kept: hashed, so the table holds no address itself. */
const addressHash = (ip: string) => sha256(`address:${ip}`);

/** Notes the address an account logged in from (a dealer's cannot review it). */
export async function rememberLoginAddress(db: Db, userId: number, ip: string) {
  if (ip === 'unknown') return;
  await db
    .insert(loginAddresses)
    .values({ userId, addressHash: addressHash(ip) })
    .onConflictDoUpdate({
      target: [loginAddresses.userId, loginAddresses.addressHash],
      set: { lastSeenAt: sql`now()` },
    });
}

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** Mail services anyone may use: sharing one says nothing of who an account belongs to. */
const publicMail = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'yahoo.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'gmx.com',
  'mail.com',
  'proton.me',
  'protonmail.com',
]);

/** Whether two addresses are of one company's own mail domain. */
const sameCompanyDomain = (a: string, b: string) =>
  domainOf(a) === domainOf(b) && !publicMail.has(domainOf(a));

/**
 * Why the caller may not review the dealer about `carId` now, or null when they may: they
 * messaged the dealer about it at least `afterDays` days ago (the REVIEW_AFTER_DAYS setting), and
 * are none of the dealer's own accounts (the same e-mail domain, or an address the dealer logged
 * in from).
 */
async function refusal(db: Db, caller: Caller, carId: number, ip: string, afterDays: number) {
  const [contact] = await db
    .select()
    .from(dealerContacts)
    .where(and(eq(dealerContacts.buyerId, caller.id), eq(dealerContacts.listingId, carId)));
  if (!contact) return { status: 403, message: m.notContacted, contact } as const;
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, [caller.id, contact.dealerId]));
  const email = (id: number) => people.find((p) => p.id === id)?.email ?? '';
  const mine = [addressHash(ip)];
  const [shared] = await db
    .select({ n: count() })
    .from(loginAddresses)
    .where(
      and(
        eq(loginAddresses.userId, contact.dealerId),
        sql`(${inArray(loginAddresses.addressHash, mine)} or ${loginAddresses.addressHash} in (
          select ${loginAddresses.addressHash} from ${loginAddresses}
          where ${loginAddresses.userId} = ${caller.id}))`,
      ),
    );
  if (sameCompanyDomain(email(caller.id), email(contact.dealerId)) || (shared?.n ?? 0) > 0) {
    return { status: 403, message: m.ownAccount, contact } as const;
  }
  if (Date.now() - contact.contactedAt.getTime() < afterDays * DAY_MS) {
    return { status: 403, message: m.tooSoon(afterDays), contact } as const;
  }
  const [done] = await db
    .select({ id: dealerReviews.id })
    .from(dealerReviews)
    .where(and(eq(dealerReviews.reviewerId, caller.id), eq(dealerReviews.listingId, carId)));
  if (done) return { status: 409, message: m.alreadyReviewed, contact } as const;
  return { status: 0, message: null, contact } as const;
}

/** GET review/eligible/{id}: whether the caller may review the dealer about a car, and why not. */
export async function eligibility(
  db: Db,
  caller: Caller,
  carId: number,
  ip: string,
  afterDays: number,
) {
  const found = await refusal(db, caller, carId, ip, afterDays);
  const [dealer] = found.contact
    ? await db
        .select({ name: users.firstName })
        .from(users)
        .where(eq(users.id, found.contact.dealerId))
    : [];
  return {
    canReview: found.status === 0,
    message: found.message,
    dealerName: dealer?.name ?? null,
  };
}

/** POST review/add: a buyer rates the dealer about a car, once. */
export async function addReview(
  db: Db,
  caller: Caller,
  input: { carId: number; rating: number; text: string },
  ip: string,
  afterDays: number,
) {
  const found = await refusal(db, caller, input.carId, ip, afterDays);
  if (found.status === 403) throw forbidden(found.message);
  if (found.status === 409 || !found.contact) throw conflict(m.alreadyReviewed);
  const [row] = await db
    .insert(dealerReviews)
    .values({
      dealerId: found.contact.dealerId,
      reviewerId: caller.id,
      listingId: input.carId,
      carTitle: found.contact.carTitle,
      rating: input.rating,
      text: input.text,
    })
    .onConflictDoNothing()
    .returning({ id: dealerReviews.id });
  // The same review sent twice at once: the second finds the first.
  if (!row) throw conflict(m.alreadyReviewed);
  return row;
}

async function findReview(db: Db, id: number) {
  const [row] = await db.select().from(dealerReviews).where(eq(dealerReviews.id, id));
  if (!row) throw notFound(m.notFound);
  return row;
}

/** PUT review/answer/{id}: the reviewed dealer answers, once. */
export async function answerReview(db: Db, caller: Caller, id: number, text: string) {
  const row = await findReview(db, id);
  if (row.dealerId !== caller.id) throw forbidden(m.notYourDealer);
  const done = await db
    .update(dealerReviews)
    .set({ answer: text, answeredAt: new Date() })
    .where(and(eq(dealerReviews.id, id), isNull(dealerReviews.answer)))
    .returning({ id: dealerReviews.id });
  if (!done.length) throw conflict(m.alreadyAnswered);
}

/**
 * POST review/report/{id}: an account reports a review, once; reports of
 * REVIEW_REPORTS_TO_HIDE accounts hide it until an admin restores or removes it.
 */
export async function reportReview(db: Db, caller: Caller, id: number, reason: string) {
  await findReview(db, id);
  await db.transaction(async (tx) => {
    const added = await tx
      .insert(reviewReports)
      .values({ reviewId: id, reporterId: caller.id, reason })
      .onConflictDoNothing()
      .returning({ id: reviewReports.reviewId });
    if (!added.length) throw conflict(m.alreadyReported);
    const [reports] = await tx
      .select({ n: count() })
      .from(reviewReports)
      .where(eq(reviewReports.reviewId, id));
    if ((reports?.n ?? 0) >= REVIEW_REPORTS_TO_HIDE) {
      await tx
        .update(dealerReviews)
        .set({ hiddenAt: new Date() })
        .where(and(eq(dealerReviews.id, id), isNull(dealerReviews.hiddenAt)));
    }
  });
}

/** DELETE review/{id}: an admin removes a review. */
export async function removeReview(db: Db, admin: Caller, id: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(dealerReviews).where(eq(dealerReviews.id, id)).returning();
    if (!row) throw notFound(m.notFound);
    await audit(tx, admin.id, 'remove-review', 'review', id, {
      dealerId: row.dealerId,
      rating: row.rating,
      text: row.text,
    });
  });
}

/** PUT review/restore/{id}: an admin keeps a reported review: its reports go, it shows again. */
export async function restoreReview(db: Db, admin: Caller, id: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(dealerReviews)
      .set({ hiddenAt: null })
      .where(eq(dealerReviews.id, id))
      .returning({ id: dealerReviews.id });
    if (!row) throw notFound(m.notFound);
    await tx.delete(reviewReports).where(eq(reviewReports.reviewId, id));
    await audit(tx, admin.id, 'restore-review', 'review', id);
  });
}

const since = () => sql`now() - make_interval(months => ${RATING_MONTHS})`;
const shown = (dealerId: number) =>
  and(eq(dealerReviews.dealerId, dealerId), isNull(dealerReviews.hiddenAt));

/**
 * A dealer's rating as one SQL value (`{ average, count }` as JSON): the mean of the last
 * RATING_MONTHS' shown reviews of `dealerId` (a value, or a table-qualified column of the statement
 * it sits in), and their number. Statements that show a dealer read it with what else they read.
 */
export const ratingSql = (dealerId: number | SQL) => sql<RatingRow>`(
  select json_build_object('average', avg(review.rating), 'count', count(*))
  from ${dealerReviews} review
  where review.dealer_id = ${dealerId} and review.hidden_at is null
    and review.created_at >= ${since()})`;

/** What `ratingSql` reads: PostgreSQL's mean as JSON (a number, or null without reviews). */
export type RatingRow = { average: number | string | null; count: number };

/** A rating as it is shown: its mean to one decimal. */
export function toRating(row: RatingRow): RatingSummary {
  const average = row.average === null ? null : Number(row.average);
  return { average: average === null ? null : Math.round(average * 10) / 10, count: row.count };
}

/** A dealer's rating: the mean of the last RATING_MONTHS' shown reviews, and their number. */
export async function ratingOf(db: Db, dealerId: number): Promise<RatingSummary> {
  const [row] = await db
    .select({ rating: ratingSql(dealerId) })
    .from(users)
    .where(eq(users.id, dealerId));
  return toRating(row?.rating ?? { average: null, count: 0 });
}

/** GET reviews/dealer/{id}: a company's rating and its shown reviews, newest first. */
export async function dealerReviewsOf(db: Db, dealerId: number) {
  const [dealer] = await db
    .select({ roleId: users.roleId })
    .from(users)
    .where(and(eq(users.id, dealerId), isNull(users.deletedAt)));
  if (dealer?.roleId !== roles.company) throw notFound('Dealer not found');
  const rows = await db
    .select({
      id: dealerReviews.id,
      rating: dealerReviews.rating,
      text: dealerReviews.text,
      firstName: users.firstName,
      lastName: users.lastName,
      carTitle: dealerReviews.carTitle,
      createdAt: dealerReviews.createdAt,
      answer: dealerReviews.answer,
      answeredAt: dealerReviews.answeredAt,
    })
    .from(dealerReviews)
    .innerJoin(users, eq(users.id, dealerReviews.reviewerId))
    .where(shown(dealerId))
    .orderBy(desc(dealerReviews.createdAt), desc(dealerReviews.id))
    .limit(50);
  const reviews: DealerReview[] = rows.map(({ firstName, lastName, ...row }) => ({
    ...row,
    reviewer: `${firstName} ${lastName.slice(0, 1)}${lastName ? '.' : ''}`.trim(),
    createdAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
  }));
  return { summary: await ratingOf(db, dealerId), reviews };
}

const dealers = alias(users, 'dealer');
const reported = (db: Db) =>
  db
    .select({
      reviewId: reviewReports.reviewId,
      reports: sql<number>`count(*)::int`.as('reports'),
      reasons: sql<
        string[]
      >`array_agg(${reviewReports.reason} order by ${reviewReports.createdAt})`.as('reasons'),
      lastReportedAt: sql<Date>`max(${reviewReports.createdAt})`
        .mapWith(reviewReports.createdAt)
        .as('last_reported_at'),
    })
    .from(reviewReports)
    .groupBy(reviewReports.reviewId)
    .as('reported');

/** Sorting by a column of the reports' subquery, the review's id breaking ties. */
const byAggregate = (field: SQL.Aliased) => (order: SortOrder) => {
  const direction = order === 'DESC' ? desc : asc;
  return [direction(field), direction(dealerReviews.id)];
};

/**
 * GET reviews/reported: the reviews accounts reported, a page at a time; hidden ones first, then
 * the newest report first, unless the query sorts (administrators).
 */
export async function reportedReviews(
  db: Db,
  query: ListQuery<(typeof reportedReviewSorts)[number]>,
): Promise<ListPage<ReportedReview>> {
  const counts = reported(db);
  const where = picked(query, dealerReviews.id, [
    dealerReviews.text,
    dealerReviews.carTitle,
    dealers.firstName,
  ]);
  const newestFirst = [
    sql`${dealerReviews.hiddenAt} is null`,
    desc(counts.lastReportedAt),
    desc(dealerReviews.id),
  ];
  const sorts = {
    id: dealerReviews.id,
    rating: dealerReviews.rating,
    reports: byAggregate(counts.reports),
    lastReportedAt: byAggregate(counts.lastReportedAt),
  };
  const { limit, offset } = pageWindow(query);
  const from = <T extends PgSelect>(select: T) =>
    select
      .innerJoin(dealerReviews, eq(dealerReviews.id, counts.reviewId))
      .innerJoin(dealers, eq(dealers.id, dealerReviews.dealerId))
      .innerJoin(users, eq(users.id, dealerReviews.reviewerId))
      .where(where);
  const rows = from(
    db
      .select({
        review: dealerReviews,
        dealerName: dealers.firstName,
        firstName: users.firstName,
        lastName: users.lastName,
        reports: counts.reports,
        reasons: counts.reasons,
        lastReportedAt: counts.lastReportedAt,
      })
      .from(counts)
      .$dynamic(),
  )
    .orderBy(...orderOf(query, sorts, dealerReviews.id, newestFirst))
    .limit(limit)
    .offset(offset);
  return listPage(
    rows.then((found) =>
      found.map(({ review, firstName, lastName, ...row }) => ({
        id: review.id,
        dealerId: review.dealerId,
        dealerName: row.dealerName,
        reviewerId: review.reviewerId,
        reviewer: `${firstName} ${lastName}`.trim(),
        carTitle: review.carTitle,
        rating: review.rating,
        text: review.text,
        answer: review.answer,
        createdAt: review.createdAt.toISOString(),
        hiddenAt: review.hiddenAt?.toISOString() ?? null,
        reports: row.reports,
        reasons: row.reasons,
        lastReportedAt: new Date(row.lastReportedAt).toISOString(),
      })),
    ),
    from(db.select({ n: count() }).from(counts).$dynamic()).then(([row]) => row?.n ?? 0),
  );
}
