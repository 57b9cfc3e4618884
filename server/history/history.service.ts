import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { roles } from '#shared/limits.ts';
import {
  historyMessages as m,
  maskChassis,
  type ListingHistory,
  type ListingOutcome,
  type MileageEntry,
  type MileageTimeline,
  type SellerFacts,
} from '#shared/schemas/history.ts';
import { listingFields } from '#shared/schemas/listing-fields.ts';
import { audit } from '../audit/audit.ts';
import type { Db } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { listingRecords, listings, mileageReadings, users } from '../db/schema/index.ts';
import type { Caller } from '../http/env.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { LISTING_NOT_FOUND } from '../listings/details.ts';
import { isLive } from '../listings/listings.queries.ts';
import { ratingSql, toRating, type RatingRow } from '../reviews/reviews.service.ts';

/** A reading as the timeline statements read it (JSON: its time is text). */
interface ReadingRow {
  id: number;
  listingId: number;
  userId: number;
  source: MileageEntry['source'];
  readAt: string;
  mileage: number;
  price: number;
  currency: string;
  note: string | null;
  outcome: ListingOutcome | null;
}

/**
 * Every mileage recorded for the chassis number `chassis` (a value or a column of the statement it
 * sits in), oldest first, with the outcome of the listing it was read from, as one JSON value.
 */
const readingsSql = (chassis: string | SQL) => sql<ReadingRow[]>`coalesce((
  select json_agg(json_build_object(
    'id', r.id, 'listingId', r.listing_id, 'userId', r.user_id, 'source', r.source,
    'readAt', r.read_at, 'mileage', r.mileage, 'price', r.price, 'currency', r.currency,
    'note', r.note, 'outcome', o.outcome) order by r.read_at, r.id)
  from ${mileageReadings} r left join ${listingRecords} o on o.listing_id = r.listing_id
  where r.chassis = ${chassis}), '[]'::json)`;

/**
 * The timeline of `chassis` as the listing `listing` shows it: a reading lower than one before it
 * carries the highest earlier one.
 */
function toTimeline(
  rows: ReadingRow[],
  chassis: string,
  listing: { id: number; userId: number },
): MileageTimeline {
  let highest = -1;
  const entries = rows.map(({ userId, outcome, readAt, ...row }) => {
    const rollbackFrom = row.mileage < highest ? highest : null;
    highest = Math.max(highest, row.mileage);
    return {
      ...row,
      readAt: new Date(readAt).toISOString(),
      current: row.listingId === listing.id,
      bySeller: userId === listing.userId,
      outcome: outcome ?? 'LIVE',
      rollbackFrom,
    };
  });
  return {
    chassis: maskChassis(chassis),
    unit: listingFields.millage.unit ?? '',
    entries,
    rollback: entries.some((e) => e.rollbackFrom !== null),
  };
}

/** Every mileage recorded for a chassis number, as the listing `listing` shows it. */
export async function timelineOf(
  db: Db,
  chassis: string,
  listing: { id: number; userId: number },
): Promise<MileageTimeline> {
  const result = (await db.execute(sql`select ${readingsSql(chassis)} as readings`)) as unknown as {
    rows: { readings: ReadingRow[] }[];
  };
  return toTimeline(result.rows[0]?.readings ?? [], chassis, listing);
}

/**
 * The seller's id and a listing record's chassis number as subqueries name them: Drizzle leaves
 * out the table of a column in a statement over one table, and a bare name in a subquery means
 * the subquery's own column.
 */
const sellerId = sql`${users}.${sql.identifier('id')}`;
const recordChassis = sql`${listingRecords}.${sql.identifier('chassis')}`;

/** What a seller's facts are read from, beside the seller's row, in the statement that reads it. */
const factColumns = {
  roleId: users.roleId,
  createdAt: users.createdAt,
  answerMinutes: users.answerMinutes,
  registrationVerifiedAt: users.registrationVerifiedAt,
  soldCount: sql<number>`(
    select count(*)::integer from ${listingRecords} sold
    where sold.user_id = ${sellerId} and sold.outcome = 'SOLD')`,
  rating: sql<RatingRow | null>`case when ${users.roleId} = ${roles.company}
    then ${ratingSql(sellerId)} end`,
};

type FactsRow = Awaited<ReturnType<ReturnType<typeof factsOfSeller>['execute']>>[number];

/** A seller's facts; null for an administrator, who sells nothing. */
const toFacts = (row: FactsRow): SellerFacts | null =>
  row.roleId === roles.admin
    ? null
    : {
        memberSince: row.createdAt.toISOString(),
        soldCount: row.soldCount,
        answerMinutes: row.answerMinutes,
        verified: row.roleId === roles.company && row.registrationVerifiedAt !== null,
        rating: row.rating && toRating(row.rating),
      };

const id = sql.placeholder('id');

const factsOfSeller = prepared(
  (db) =>
    db
      .select(factColumns)
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt))),
  'seller_facts',
);

/**
 * A live listing's history in one statement: its seller's facts and its car's readings (by the
 * chassis number its record keeps).
 */
const historyOfListing = prepared(
  (db) =>
    db
      .select({
        ...factColumns,
        userId: listings.userId,
        chassis: listingRecords.chassis,
        readings: readingsSql(recordChassis),
      })
      .from(listings)
      .innerJoin(users, eq(users.id, listings.userId))
      .leftJoin(listingRecords, eq(listingRecords.listingId, listings.id))
      .where(and(eq(listings.id, id), isLive)),
  'listing_history',
);

/**
 * What a live listing's page tells of its car and its seller: the mileage timeline (null without a
 * chassis number to know the car by) and the seller's facts (null for an administrator's listing).
 */
export async function listingHistory(db: Db, listingId: number): Promise<ListingHistory> {
  const [row] = await historyOfListing(db).execute({ id: listingId });
  if (!row) throw notFound(LISTING_NOT_FOUND);
  const listing = { id: listingId, userId: row.userId };
  return {
    timeline: row.chassis ? toTimeline(row.readings, row.chassis, listing) : null,
    facts: toFacts(row),
  };
}

/**
 * GET car/history/{id}: the mileage timeline of a live listing's car; null when the listing has
 * no chassis number to know the car by.
 */
export async function listingTimeline(db: Db, id: number): Promise<MileageTimeline | null> {
  return (await listingHistory(db, id)).timeline;
}

/** PUT car/mileage/note/{id}: the seller who entered a reading explains it (or clears it). */
export async function saveMileageNote(db: Db, caller: Caller, id: number, note: string | null) {
  const [row] = await db
    .select({ userId: mileageReadings.userId })
    .from(mileageReadings)
    .where(eq(mileageReadings.id, id));
  if (!row) throw notFound(m.readingNotFound);
  if (row.userId !== caller.id) throw forbidden(m.notYourReading);
  await db.update(mileageReadings).set({ note }).where(eq(mileageReadings.id, id));
}

/** GET user/facts/{id}: what listing and seller pages tell of a seller. */
export async function sellerFacts(db: Db, userId: number): Promise<SellerFacts> {
  const [row] = await factsOfSeller(db).execute({ id: userId });
  const facts = row && toFacts(row);
  if (!facts) throw notFound('Seller not found');
  return facts;
}

/** PUT user/verify/{id}: an admin marks a company's registration as checked, or not. */
export async function verifyRegistration(db: Db, admin: Caller, userId: number, verified: boolean) {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ roleId: users.roleId, cNumber: users.cNumber, vatNumber: users.vatNumber })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for('update');
    if (!user) throw notFound('User not found');
    if (user.roleId !== roles.company) throw badRequest(m.notCompany);
    if (verified && !user.cNumber?.trim() && !user.vatNumber?.trim()) throw badRequest(m.noNumbers);
    await tx
      .update(users)
      .set({ registrationVerifiedAt: verified ? new Date() : null })
      .where(eq(users.id, userId));
    await audit(
      tx,
      admin.id,
      verified ? 'verify-registration' : 'unverify-registration',
      'user',
      userId,
      {
        cNumber: user.cNumber,
        vatNumber: user.vatNumber,
      },
    );
  });
}

/** A buyer's first message and the seller's first answer after it are counted this far back. */
const ANSWER_WINDOW_DAYS = 90;

/**
 * The answer-time job: each seller's median minutes from a buyer's first message to the seller's
 * first answer, over the conversations of the last ANSWER_WINDOW_DAYS that got an answer. Only
 * changed values are written, so a seller's pages leave the cache only when theirs changes.
 */
export async function refreshAnswerTimes(db: Db) {
  await db.execute(sql`
    with asked as (
      select c.id, c.seller_id,
        (select min(m.created_at) from conversation_messages m
          where m.conversation_id = c.id and m.sender_id = c.buyer_id) as at
      from conversations c
      where c.created_at > now() - make_interval(days => ${ANSWER_WINDOW_DAYS})
    ), answered as (
      select a.seller_id,
        extract(epoch from (select min(m.created_at) from conversation_messages m
          where m.conversation_id = a.id and m.sender_id = a.seller_id and m.created_at >= a.at)
          - a.at) as seconds
      from asked a where a.at is not null
    ), medians as (
      select seller_id, round(percentile_cont(0.5) within group (order by seconds) / 60)::integer as minutes
      from answered where seconds is not null group by seller_id
    )
    update users u set answer_minutes = medians.minutes
    from (
      select u2.id, m2.minutes from users u2 left join medians m2 on m2.seller_id = u2.id
      where m2.seller_id is not null or u2.answer_minutes is not null
    ) medians
    where u.id = medians.id and u.answer_minutes is distinct from medians.minutes`);
}
