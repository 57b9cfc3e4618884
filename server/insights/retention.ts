import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { shiftDay, utcDay } from './days.ts';

/** How often the insights job runs (a snapshot of live listings, then pruning). */
export const INSIGHTS_JOB_SECONDS = 600;

/**
 * The insights job: today's count of live listings for the back-office, then what is past keeping.
 * The per-visitor rows only serve today's once-a-day rule, so they go after a day; the daily
 * counters go after `retentionDays`. Every statement is idempotent, so instances may all run it.
 */
export async function snapshotAndPrune(db: Db, retentionDays: number, now = new Date()) {
  const today = utcDay(now);
  const oldest = shiftDay(today, -retentionDays + 1);
  await db.execute(sql`
    insert into site_stats (day, live_listings)
    select ${today}::date, count(*)::int from listings
    where state = 'ACTIVE' and original_id is null
    on conflict (day) do update set live_listings = excluded.live_listings`);
  await db.execute(sql`delete from listing_views where day < ${shiftDay(today, -1)}::date`);
  await db.execute(sql`delete from listing_stats where day < ${oldest}::date`);
  await db.execute(sql`delete from site_stats where day < ${oldest}::date`);
}

/** Adds one to a counter of the site's day: a listing published, or removed by its seller. */
export const countSiteDay = (db: Db, counter: 'newListings' | 'removedListings') => {
  const column = counter === 'newListings' ? sql`new_listings` : sql`removed_listings`;
  return db.execute(sql`
    insert into site_stats (day, ${column}) values (${utcDay()}::date, 1)
    on conflict (day) do update set ${column} = site_stats.${column} + 1`);
};
