import type { MileageUnit } from '#shared/mileage.ts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { SavedSearch, SavedSearchFilters } from '#shared/schemas/saved-search.ts';
import {
  savedSearchesMax,
  savedSearchMessages as m,
  type SavedSearchAlert,
} from '#shared/saved-searches.ts';
import type { Db } from '../db/client.ts';
import { savedSearches, users } from '../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { isLive } from '../listings/listings.queries.ts';
import { verifyUnsubscribeToken } from './unsubscribe-token.ts';

/**
 * Live cars that matched since the search was last opened: the matches the alert job recorded
 * (an index range of the search's own rows), not a search run per list view.
 */
// Spelled out: drizzle renders the columns of a select over one table unqualified.
const newCount = sql<number>`(select count(*)::int from saved_search_matches m
  join listings on listings.id = m.listing_id
  where m.saved_search_id = "saved_searches"."id"
    and m.matched_at > "saved_searches"."last_opened_at" and ${isLive})`;

const columns = {
  id: savedSearches.id,
  name: savedSearches.name,
  filters: savedSearches.filters,
  alert: savedSearches.alert,
  mileageUnit: savedSearches.mileageUnit,
  lastOpenedAt: savedSearches.lastOpenedAt,
  createdAt: savedSearches.createdAt,
  newCount,
};

type Row = {
  id: number;
  name: string;
  filters: SavedSearchFilters;
  alert: SavedSearchAlert;
  mileageUnit: MileageUnit;
  lastOpenedAt: Date;
  createdAt: Date;
  newCount: number;
};

const toSavedSearch = (row: Row): SavedSearch => ({
  id: row.id,
  name: row.name,
  filters: row.filters,
  alert: row.alert,
  mileageUnit: row.mileageUnit,
  newCount: Number(row.newCount),
  lastOpenedAt: row.lastOpenedAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

const own = (userId: number, id: number) =>
  and(eq(savedSearches.id, id), eq(savedSearches.userId, userId));

/** The user's saved searches, newest first. */
export async function listSavedSearches(db: Db, userId: number): Promise<SavedSearch[]> {
  const rows = await db
    .select(columns)
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
  return rows.map(toSavedSearch);
}

/** One of the user's saved searches; another user's reads as unknown (404). */
export async function getSavedSearch(db: Db, userId: number, id: number): Promise<SavedSearch> {
  const [row] = await db.select(columns).from(savedSearches).where(own(userId, id));
  if (!row) throw notFound(m.notFound);
  return toSavedSearch(row);
}

/**
 * Saves a search. Its alert watermark starts now (the column's default), so only cars that go
 * live from now on count as new; the cap is checked under a lock of the user's row.
 */
export async function createSavedSearch(
  db: Db,
  userId: number,
  input: {
    name: string;
    filters: SavedSearchFilters;
    alert: SavedSearchAlert;
    mileageUnit: MileageUnit;
  },
): Promise<SavedSearch> {
  const id = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(savedSearches)
      .where(eq(savedSearches.userId, userId));
    if (n >= savedSearchesMax) throw conflict(m.tooMany);
    const [row] = await tx
      .insert(savedSearches)
      .values({
        userId,
        name: input.name,
        filters: input.filters,
        alert: input.alert,
        mileageUnit: input.mileageUnit,
      })
      .returning({ id: savedSearches.id });
    if (!row) throw new Error('saved search insert returned nothing');
    return row.id;
  });
  return getSavedSearch(db, userId, id);
}

/** Renames a saved search or changes its alert. */
export async function updateSavedSearch(
  db: Db,
  userId: number,
  id: number,
  input: { name?: string; alert?: SavedSearchAlert },
): Promise<SavedSearch> {
  const set = {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.alert !== undefined && { alert: input.alert }),
  };
  if (Object.keys(set).length) {
    const done = await db
      .update(savedSearches)
      .set(set)
      .where(own(userId, id))
      .returning({ id: savedSearches.id });
    if (!done.length) throw notFound(m.notFound);
  }
  return getSavedSearch(db, userId, id);
}

/** Deletes a saved search with its matches. */
export async function removeSavedSearch(db: Db, userId: number, id: number): Promise<void> {
  const done = await db
    .delete(savedSearches)
    .where(own(userId, id))
    .returning({ id: savedSearches.id });
  if (!done.length) throw notFound(m.notFound);
}

/** Opens a saved search: its new cars are seen from now on (the count starts again). */
export async function openSavedSearch(db: Db, userId: number, id: number): Promise<SavedSearch> {
  const before = await getSavedSearch(db, userId, id);
  await db.update(savedSearches).set({ lastOpenedAt: new Date() }).where(own(userId, id));
  return { ...before, newCount: 0 };
}

/** Turns a search's alerts off (the unsubscribe link); returns its name, or null when it is gone. */
export async function turnAlertsOff(db: Db, id: number, userId: number) {
  const [row] = await db
    .update(savedSearches)
    .set({ alert: 'off' })
    .where(own(userId, id))
    .returning({ name: savedSearches.name });
  return row ?? null;
}

/**
 * The unsubscribe link's action: the search the signed token names stops its alerts; its name.
 * No login: the token is the proof.
 */
export async function unsubscribe(db: Db, key: Uint8Array, token: string) {
  const claims = await verifyUnsubscribeToken(key, token);
  if (claims === 'expired') throw badRequest(m.expiredToken);
  if (!claims) throw badRequest(m.badToken);
  const search = await turnAlertsOff(db, claims.savedSearchId, claims.userId);
  if (!search) throw notFound(m.notFound);
  return search;
}
