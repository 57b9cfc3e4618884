import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** What is counted every time it happens (no per-visitor rule): see ViewCounter for the others. */
export type TallyKind = 'impression' | 'favoriteAdded' | 'favoriteRemoved';

export interface TallyCounter {
  /** Counts `kind` of each listing, by `viewerId` (null: anonymous; the owner's are dropped). */
  add(kind: TallyKind, listingIds: readonly number[], viewerId: number | null): void;
  /** Counts a page of search results shown. */
  search(): void;
  /** Writes the counts gathered so far: one upsert per table, whatever their number. */
  flush(): Promise<void>;
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Impressions, favourites and searches are summed in memory per listing, day and viewer and
 * written every few seconds (with the views) as `+=` upserts, so public pages write nothing and
 * instances add up. Who the viewer was is used only at the flush, to leave out owners.
 */
export function tallyCounter(db: Db): TallyCounter {
  let pending = new Map<string, { listingId: number; day: string; viewer: number } & Counts>();
  let searches = new Map<string, number>();
  return {
    add(kind, listingIds, viewerId) {
      const day = today();
      const viewer = viewerId ?? 0;
      for (const listingId of listingIds) {
        const key = `${listingId}|${day}|${viewer}`;
        let row = pending.get(key);
        if (!row) pending.set(key, (row = { listingId, day, viewer, ...zero() }));
        row[kind] += 1;
      }
    },
    search() {
      const day = today();
      searches.set(day, (searches.get(day) ?? 0) + 1);
    },
    async flush() {
      const batch = [...pending.values()];
      const searched = [...searches];
      pending = new Map();
      searches = new Map();
      if (batch.length) await writeTallies(db, batch);
      if (searched.length) {
        await db.execute(sql`
          insert into site_stats (day, searches)
          select * from unnest(
            ${sql.param(searched.map(([day]) => day))}::date[],
            ${sql.param(searched.map(([, n]) => n))}::int[])
          on conflict (day) do update set searches = site_stats.searches + excluded.searches`);
      }
    },
  };
}

interface Counts {
  impression: number;
  favoriteAdded: number;
  favoriteRemoved: number;
}
const zero = (): Counts => ({ impression: 0, favoriteAdded: 0, favoriteRemoved: 0 });

type Row = { listingId: number; day: string; viewer: number } & Counts;

function writeTallies(db: Db, rows: Row[]) {
  const column = <T>(pick: (r: Row) => T) => sql.param(rows.map(pick));
  // Joined with listings: owners are left out, and so is a listing removed since.
  return db.execute(sql`
    insert into listing_stats (listing_id, day, impressions, favorites_added, favorites_removed)
    select u.listing_id, u.day, sum(u.impressions)::int, sum(u.added)::int, sum(u.removed)::int
    from unnest(
      ${column((r) => r.listingId)}::int[], ${column((r) => r.day)}::date[],
      ${column((r) => r.viewer)}::int[], ${column((r) => r.impression)}::int[],
      ${column((r) => r.favoriteAdded)}::int[], ${column((r) => r.favoriteRemoved)}::int[])
      as u(listing_id, day, viewer, impressions, added, removed)
    join listings on listings.id = u.listing_id and listings.user_id <> u.viewer
    group by u.listing_id, u.day
    on conflict (listing_id, day) do update set
      impressions = listing_stats.impressions + excluded.impressions,
      favorites_added = listing_stats.favorites_added + excluded.favorites_added,
      favorites_removed = listing_stats.favorites_removed + excluded.favorites_removed`);
}
