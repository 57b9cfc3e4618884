import { and, asc, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import { roles } from '#shared/limits.ts';
import { listingTypeIds } from '#shared/promotion.ts';
import type {
  Averages,
  DayStats,
  ListingInsights,
  SellerInsights,
  SiteInsights,
} from '#shared/schemas/insights.ts';
import {
  listings,
  listingStats,
  siteStats,
  subscriptionPeriods,
  subscriptions,
  users,
} from '../db/schema/index.ts';
import type { Db } from '../db/client.ts';
import type { Caller } from '../http/env.ts';
import type { Deps } from '../deps.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { LISTING_NOT_FOUND } from '../listings/details.ts';
import {
  clickThrough,
  daysBetween,
  fillDays,
  mondayOf,
  noStats,
  shiftDay,
  total,
  utcDay,
  weeksUpTo,
} from './days.ts';

/** Weeks of the whole stock a company sees. */
export const STOCK_WEEKS = 26;

const counters = {
  impressions: sql<number>`coalesce(sum(${listingStats.impressions}), 0)::int`,
  views: sql<number>`coalesce(sum(${listingStats.views}), 0)::int`,
  favoritesAdded: sql<number>`coalesce(sum(${listingStats.favoritesAdded}), 0)::int`,
  favoritesRemoved: sql<number>`coalesce(sum(${listingStats.favoritesRemoved}), 0)::int`,
  phoneReveals: sql<number>`coalesce(sum(${listingStats.phoneReveals}), 0)::int`,
  emailReveals: sql<number>`coalesce(sum(${listingStats.emailReveals}), 0)::int`,
  shares: sql<number>`coalesce(sum(${listingStats.shares}), 0)::int`,
};
const withContacts = <T extends { phoneReveals: number; emailReveals: number }>(row: T) => ({
  ...row,
  contacts: row.phoneReveals + row.emailReveals,
});

/** The owner's listing (or any, for an admin); 403 for another seller, 404 for none or an edit. */
async function readableListing(db: Db, caller: Caller, id: number) {
  const [row] = await db
    .select()
    .from(listings)
    .where(and(eq(listings.id, id), isNull(listings.originalId)));
  if (!row) throw notFound(LISTING_NOT_FOUND);
  if (row.userId !== caller.id && caller.roleId !== roles.admin)
    throw forbidden('This is not your listing');
  return row;
}

/** Average impressions, views and contacts per day over `days` (null when there are none). */
function averages(days: DayStats[]): Averages | null {
  if (!days.length) return null;
  const sum = total(days);
  const per = (n: number) => Math.round((n / days.length) * 100) / 100;
  return {
    days: days.length,
    impressions: per(sum.impressions),
    views: per(sum.views),
    contacts: per(sum.contacts),
  };
}

/**
 * A listing's statistics: every day of its life within the retention period, totals, the
 * click-through rate from search, days under each listing type (from its paid periods; Standard
 * outside them) and the averages per day before and after its latest promotion started.
 */
export async function listingInsights(
  deps: Pick<Deps, 'db' | 'referenceCache' | 'config'>,
  caller: Caller,
  id: number,
): Promise<ListingInsights> {
  const { db } = deps;
  const row = await readableListing(db, caller, id);
  const today = utcDay();
  const born = utcDay(row.publishedAt ?? row.createdAt);
  const first = [born, shiftDay(today, -deps.config.STATS_RETENTION_DAYS + 1)].sort()[1] ?? born;
  const [rows, periods, [promotion], reference] = await Promise.all([
    db
      .select({ day: listingStats.day, ...counters })
      .from(listingStats)
      .where(and(eq(listingStats.listingId, id), gte(listingStats.day, first)))
      .groupBy(listingStats.day)
      .orderBy(asc(listingStats.day)),
    db
      .select({
        listingTypeId: subscriptionPeriods.listingTypeId,
        start: subscriptionPeriods.periodStart,
        end: subscriptionPeriods.periodEnd,
      })
      .from(subscriptionPeriods)
      .where(eq(subscriptionPeriods.listingId, id)),
    db
      .select({ listingTypeId: subscriptions.listingTypeId, startedAt: subscriptions.createdAt })
      .from(subscriptions)
      .where(eq(subscriptions.listingId, id))
      .orderBy(desc(subscriptions.createdAt))
      .limit(1),
    deps.referenceCache.get(),
  ]);
  const days = fillDays(daysBetween(first, today), rows.map(withContacts));
  const totals = total(days);
  const typeName = (typeId: number) =>
    reference.listingTypes.find((t) => t.id === typeId)?.name ?? '';

  // A day belongs to the highest tier paid for it; without any period, to the listing's own type.
  const typeOf = (day: string) => {
    if (!periods.length) return row.listingTypeId;
    const paid = periods
      .filter((p) => utcDay(p.start) <= day && day < utcDay(p.end))
      .map((p) => p.listingTypeId);
    return paid.length ? Math.min(...paid) : listingTypeIds.standard;
  };
  const typeDays = new Map<number, number>();
  for (const { day } of days) typeDays.set(typeOf(day), (typeDays.get(typeOf(day)) ?? 0) + 1);

  const started = promotion ? utcDay(promotion.startedAt) : null;
  return {
    listing: {
      id: row.id,
      title: row.title,
      brand: reference.makeName(row.makeId),
      model: reference.modelName(row.modelId),
      state: row.state,
      listingTypeId: row.listingTypeId,
      publishedAt: row.publishedAt?.toISOString() ?? null,
    },
    days,
    totals,
    clickThroughRate: clickThrough(totals),
    types: [...typeDays]
      .sort(([a], [b]) => a - b)
      .map(([listingTypeId, n]) => ({ listingTypeId, name: typeName(listingTypeId), days: n })),
    promotion:
      promotion && started
        ? {
            startedAt: promotion.startedAt.toISOString(),
            listingTypeId: promotion.listingTypeId,
            name: typeName(promotion.listingTypeId),
            before: averages(days.filter((d) => d.day < started)),
            after: averages(days.filter((d) => d.day >= started)) ?? {
              days: 0,
              impressions: 0,
              views: 0,
              contacts: 0,
            },
          }
        : null,
  };
}

/**
 * All of a seller's listings (not edit requests) with their totals, newest first; for a company
 * also the whole stock per week over the last STOCK_WEEKS weeks.
 */
export async function sellerInsights(
  deps: Pick<Deps, 'db' | 'referenceCache'>,
  userId: number,
): Promise<SellerInsights> {
  const { db } = deps;
  const [owner] = await db.select({ roleId: users.roleId }).from(users).where(eq(users.id, userId));
  if (!owner) throw notFound('User not found');
  const reference = await deps.referenceCache.get();
  const rows = await db
    .select({
      id: listings.id,
      title: listings.title,
      makeId: listings.makeId,
      modelId: listings.modelId,
      state: listings.state,
      listingTypeId: listings.listingTypeId,
      ...counters,
    })
    .from(listings)
    .leftJoin(listingStats, eq(listingStats.listingId, listings.id))
    .where(and(eq(listings.userId, userId), isNull(listings.originalId)))
    .groupBy(listings.id)
    .orderBy(desc(listings.id));
  const result: SellerInsights = {
    listings: rows.map(({ makeId, modelId, listingTypeId, ...row }) => {
      const stats = withContacts(row);
      return {
        ...stats,
        brand: reference.makeName(makeId),
        model: reference.modelName(modelId),
        typeName: reference.listingTypes.find((t) => t.id === listingTypeId)?.name ?? '',
        clickThroughRate: clickThrough(stats),
      };
    }),
    weeks: null,
  };
  if (owner.roleId !== roles.company) return result;

  const weeks = weeksUpTo(utcDay(), STOCK_WEEKS);
  const byWeek = await db
    .select({
      week: sql<string>`to_char(date_trunc('week', ${listingStats.day}), 'YYYY-MM-DD')`,
      ...counters,
    })
    .from(listingStats)
    .innerJoin(listings, eq(listings.id, listingStats.listingId))
    .where(and(eq(listings.userId, userId), gte(listingStats.day, weeks[0] ?? utcDay())))
    .groupBy(sql`1`);
  const found = new Map(byWeek.map((w) => [mondayOf(w.week), withContacts(w)]));
  result.weeks = weeks.map((week) => {
    const w = found.get(week) ?? noStats();
    return { week, impressions: w.impressions, views: w.views, contacts: w.contacts };
  });
  return result;
}

/**
 * The site's days for the back-office home, oldest first. Today's live listings are counted now
 * (the job's snapshot may be minutes old); days before the first snapshot show 0.
 */
export async function siteInsights(db: Db, count: number): Promise<SiteInsights> {
  const today = utcDay();
  const first = shiftDay(today, -count + 1);
  const [rows, [live]] = await Promise.all([
    db.select().from(siteStats).where(gte(siteStats.day, first)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(listings)
      .where(and(eq(listings.state, 'ACTIVE'), isNull(listings.originalId))),
  ]);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return {
    days: daysBetween(first, today).map((day) => {
      const row = byDay.get(day) ?? {
        day,
        liveListings: 0,
        newListings: 0,
        removedListings: 0,
        searches: 0,
        views: 0,
        contacts: 0,
      };
      return day === today ? { ...row, liveListings: live?.n ?? 0 } : row;
    }),
  };
}
