import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** How often an instance writes the views it has counted: the lag of the count shown. */
export const VIEW_FLUSH_SECONDS = 5;

/**
 * What a visitor can do once a day per listing: see its card in a list (an impression), see its
 * page, reveal a contact, share it.
 */
export type SeenKind = 'impression' | 'view' | 'phone' | 'email' | 'share';

export interface ViewCounter {
  /** Counts `kind` of `listingId` by `visitor` today (once per visitor, kind and day, at the flush). */
  record(listingId: number, visitor: string, kind?: SeenKind): void;
  /** Writes the events counted so far: one statement, whatever their number. */
  flush(): Promise<void>;
}

/** Where an instance keeps listings' views in memory (server/listings/details.ts). */
export interface KeptViews {
  get(listingId: string): { views: number } | undefined;
}

/**
 * Views (and contact reveals and shares) are gathered in memory and written in batches, so reading
 * a listing writes nothing. The database keeps the once-per-visitor-and-day rule (listing_views'
 * key; other kinds than a view keep their rows there under `kind|visitor`), so instances that count
 * the same visitor agree; an instance that dies loses at most one interval's events. The same
 * statement adds what was new to the listing's views (listing_view_counts), its day in listing_stats and the site's day,
 * and the new totals are written into `kept`, so this instance shows them at once. Until then the
 * events wait as the set of listings each visitor saw each day: numbers, no text or object per
 * event.
 */
export function viewCounter(db: Db, kept?: KeptViews): ViewCounter {
  /** Day → visitor (`kind|visitor` for other kinds than a view) → the listings' ids. */
  let pending = new Map<string, Map<string, Set<number>>>();
  return {
    record(listingId, visitor, kind = 'view') {
      const day = new Date().toISOString().slice(0, 10);
      const key = kind === 'view' ? visitor : `${kind}|${visitor}`;
      let visitors = pending.get(day);
      if (!visitors) pending.set(day, (visitors = new Map()));
      let listings = visitors.get(key);
      if (!listings) visitors.set(key, (listings = new Set()));
      listings.add(listingId);
    },
    async flush() {
      if (!pending.size) return;
      const batch = pending;
      pending = new Map();
      const ids: number[] = [];
      const visitors: string[] = [];
      const days: string[] = [];
      for (const [day, byVisitor] of batch) {
        for (const [visitor, listings] of byVisitor) {
          for (const id of listings) {
            ids.push(id);
            visitors.push(visitor);
            days.push(day);
          }
        }
      }
      // Joined with listings: a listing removed since its event was counted is left out.
      const counted = (await db.execute(sql`
        with seen as (
          insert into listing_views (listing_id, visitor, day)
          select u.listing_id, u.visitor, u.day from unnest(
            ${sql.param(ids)}::int[], ${sql.param(visitors)}::text[], ${sql.param(days)}::date[])
            as u(listing_id, visitor, day)
          join listings on listings.id = u.listing_id
            and u.visitor <> 'impression|user:' || listings.user_id
          on conflict do nothing
          returning listing_id, visitor, day),
        counted as (
          select listing_id, day,
            count(*) filter (where visitor not like '%|%')::int as views,
            count(*) filter (where visitor like 'phone|%')::int as phone,
            count(*) filter (where visitor like 'email|%')::int as email,
            count(*) filter (where visitor like 'share|%')::int as shares,
            count(*) filter (where visitor like 'impression|%')::int as impressions
          from seen group by listing_id, day),
        bumped as (
          insert into listing_view_counts (listing_id, views)
          select listing_id, sum(views)::int from counted group by listing_id having sum(views) > 0
          on conflict (listing_id) do update
            set views = listing_view_counts.views + excluded.views
          returning listing_id as id, views),
        site as (
          insert into site_stats (day, views, contacts)
          select day, sum(views)::int, sum(phone + email)::int from counted group by day
          on conflict (day) do update set
            views = site_stats.views + excluded.views,
            contacts = site_stats.contacts + excluded.contacts),
        stats as (
          insert into listing_stats
            (listing_id, day, views, phone_reveals, email_reveals, shares, impressions)
          select listing_id, day, views, phone, email, shares, impressions from counted
          on conflict (listing_id, day) do update set
            impressions = listing_stats.impressions + excluded.impressions,
            views = listing_stats.views + excluded.views,
            phone_reveals = listing_stats.phone_reveals + excluded.phone_reveals,
            email_reveals = listing_stats.email_reveals + excluded.email_reveals,
            shares = listing_stats.shares + excluded.shares)
        select id, views from bumped`)) as unknown as { rows: { id: number; views: number }[] };
      for (const { id, views } of counted.rows) {
        const live = kept?.get(String(id));
        if (live) live.views = views;
      }
    },
  };
}
