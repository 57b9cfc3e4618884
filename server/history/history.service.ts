import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { roles } from '#shared/limits.ts';
import {
  historyMessages as m,
  maskChassis,
  type MileageTimeline,
  type SellerFacts,
} from '#shared/schemas/history.ts';
import { listingFields } from '#shared/schemas/listing-fields.ts';
import { audit } from '../audit/audit.ts';
import type { Db } from '../db/client.ts';
import { listingRecords, listings, mileageReadings, users } from '../db/schema/index.ts';
import type { Caller } from '../http/env.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { LISTING_NOT_FOUND } from '../listings/details.ts';
import { ratingOf } from '../reviews/reviews.service.ts';
import { carChassis } from '../trust/flags.ts';

/**
 * Every mileage recorded for a chassis number, oldest first, as the listing `listingId` of
 * `sellerId` shows it; a reading lower than one before it carries the highest earlier one.
 */
export async function timelineOf(
  db: Db,
  chassis: string,
  listing: { id: number; userId: number },
): Promise<MileageTimeline> {
  const rows = await db
    .select({
      id: mileageReadings.id,
      listingId: mileageReadings.listingId,
      userId: mileageReadings.userId,
      source: mileageReadings.source,
      readAt: mileageReadings.readAt,
      mileage: mileageReadings.mileage,
      price: mileageReadings.price,
      currency: mileageReadings.currency,
      note: mileageReadings.note,
      outcome: listingRecords.outcome,
    })
    .from(mileageReadings)
    .leftJoin(listingRecords, eq(listingRecords.listingId, mileageReadings.listingId))
    .where(eq(mileageReadings.chassis, chassis))
    .orderBy(asc(mileageReadings.readAt), asc(mileageReadings.id));
  let highest = -1;
  const entries = rows.map(({ userId, outcome, readAt, ...row }) => {
    const rollbackFrom = row.mileage < highest ? highest : null;
    highest = Math.max(highest, row.mileage);
    return {
      ...row,
      readAt: readAt.toISOString(),
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

/**
 * GET car/history/{id}: the mileage timeline of a live listing's car; null when the listing has
 * no chassis number to know the car by.
 */
export async function listingTimeline(db: Db, id: number): Promise<MileageTimeline | null> {
  const [row] = await db
    .select({ id: listings.id, userId: listings.userId, chassisNumber: listings.chassisNumber })
    .from(listings)
    .where(and(eq(listings.id, id), isNull(listings.originalId), eq(listings.state, 'ACTIVE')));
  if (!row) throw notFound(LISTING_NOT_FOUND);
  const chassis = carChassis(row.chassisNumber);
  return chassis ? timelineOf(db, chassis, row) : null;
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
  const [user] = await db
    .select({
      roleId: users.roleId,
      createdAt: users.createdAt,
      answerMinutes: users.answerMinutes,
      registrationVerifiedAt: users.registrationVerifiedAt,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user || user.roleId === roles.admin) throw notFound('Seller not found');
  const [sold] = await db
    .select({ n: count() })
    .from(listingRecords)
    .where(and(eq(listingRecords.userId, userId), eq(listingRecords.outcome, 'SOLD')));
  return {
    memberSince: user.createdAt.toISOString(),
    soldCount: sold?.n ?? 0,
    answerMinutes: user.answerMinutes,
    verified: user.roleId === roles.company && user.registrationVerifiedAt !== null,
    rating: user.roleId === roles.company ? await ratingOf(db, userId) : null,
  };
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
