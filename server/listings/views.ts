import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** How often an instance writes the views it has counted: the lag of the count shown. */
export const VIEW_FLUSH_SECONDS = 5;

export interface ViewCounter {
  /** Counts a view of `listingId` by `visitor` today (once per visitor and day, at the flush). */
  record(listingId: number, visitor: string): void;
  /** Writes the views counted so far: one statement, whatever their number. */
  flush(): Promise<void>;
}

/**
 * Views are gathered in memory and written in batches, so reading a listing writes nothing.
 * The database keeps the once-per-visitor-and-day rule (listing_views' key), so instances that
 * count the same visitor agree; an instance that dies loses at most one interval's views.
 */
export function viewCounter(db: Db): ViewCounter {
  let pending = new Map<string, { listingId: number; visitor: string; day: string }>();
  return {
    record(listingId, visitor) {
      const day = new Date().toISOString().slice(0, 10);
      pending.set(`${listingId}|${day}|${visitor}`, { listingId, visitor, day });
    },
    async flush() {
      if (!pending.size) return;
      const batch = [...pending.values()];
      pending = new Map();
      const ids = batch.map((v) => v.listingId);
      const visitors = batch.map((v) => v.visitor);
      const days = batch.map((v) => v.day);
      await db.execute(sql`
        with seen as (
          insert into listing_views (listing_id, visitor, day)
          select * from unnest(
            ${sql.param(ids)}::int[], ${sql.param(visitors)}::text[], ${sql.param(days)}::date[])
          on conflict do nothing
          returning listing_id),
        counted as (select listing_id, count(*)::int as n from seen group by listing_id)
        update listings set views = views + counted.n
        from counted where listings.id = counted.listing_id`);
    },
  };
}
