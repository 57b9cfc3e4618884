import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** What is counted every time it happens (no per-visitor rule): see ViewCounter for the others. */
export type TallyKind = 'favoriteAdded' | 'favoriteRemoved';

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
 * Favourites and searches are summed in memory per listing, day and viewer and written every few
 * seconds (with the views) as `+=` upserts, so public pages write nothing and instances add up.
 * Who the viewer was is used only at the flush, to leave out owners. Each day and viewer holds
 * one map per kind from a listing's id to its count: numbers only, no key text or row object.
 */
export function tallyCounter(db: Db): TallyCounter {
  let pending = new Map<string, Group>();
  let searches = new Map<string, number>();
  return {
    add(kind, listingIds, viewerId) {
      const day = today();
      const viewer = viewerId ?? 0;
      const key = `${day}|${viewer}`;
      let group = pending.get(key);
      if (!group) pending.set(key, (group = { day, viewer, counts: emptyCounts() }));
      const counts = group.counts[kind];
      for (const listingId of listingIds) counts.set(listingId, (counts.get(listingId) ?? 0) + 1);
    },
    search() {
      const day = today();
      searches.set(day, (searches.get(day) ?? 0) + 1);
    },
    async flush() {
      const batch = rowsOf(pending.values());
      const searched = [...searches];
      pending = new Map();
      searches = new Map();
      if (batch.listingId.length) await writeTallies(db, batch);
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

const KINDS = ['favoriteAdded', 'favoriteRemoved'] as const satisfies TallyKind[];

/** One day's and viewer's counts: for each kind, a listing's id to its count. */
interface Group {
  day: string;
  viewer: number;
  counts: Record<TallyKind, Map<number, number>>;
}

const emptyCounts = (): Group['counts'] => ({
  favoriteAdded: new Map(),
  favoriteRemoved: new Map(),
});

/** The rows to write, as the statement's columns: one a listing, day and viewer. */
interface Rows {
  listingId: number[];
  day: string[];
  viewer: number[];
  favoriteAdded: number[];
  favoriteRemoved: number[];
}

function rowsOf(groups: Iterable<Group>): Rows {
  const rows: Rows = {
    listingId: [],
    day: [],
    viewer: [],
    favoriteAdded: [],
    favoriteRemoved: [],
  };
  for (const { day, viewer, counts } of groups) {
    const listings = new Set(KINDS.flatMap((kind) => [...counts[kind].keys()]));
    for (const listingId of listings) {
      rows.listingId.push(listingId);
      rows.day.push(day);
      rows.viewer.push(viewer);
      for (const kind of KINDS) rows[kind].push(counts[kind].get(listingId) ?? 0);
    }
  }
  return rows;
}

function writeTallies(db: Db, rows: Rows) {
  // Joined with listings: owners are left out, and so is a listing removed since.
  return db.execute(sql`
    insert into listing_stats (listing_id, day, favorites_added, favorites_removed)
    select u.listing_id, u.day, sum(u.added)::int, sum(u.removed)::int
    from unnest(
      ${sql.param(rows.listingId)}::int[], ${sql.param(rows.day)}::date[],
      ${sql.param(rows.viewer)}::int[],
      ${sql.param(rows.favoriteAdded)}::int[], ${sql.param(rows.favoriteRemoved)}::int[])
      as u(listing_id, day, viewer, added, removed)
    join listings on listings.id = u.listing_id and listings.user_id <> u.viewer
    group by u.listing_id, u.day
    on conflict (listing_id, day) do update set
      favorites_added = listing_stats.favorites_added + excluded.favorites_added,
      favorites_removed = listing_stats.favorites_removed + excluded.favorites_removed`);
}
