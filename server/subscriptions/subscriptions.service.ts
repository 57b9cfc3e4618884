import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  listings,
  listingTypes,
  makes,
  models,
  subscriptionPeriods,
  subscriptions,
} from '../db/schema/index.ts';
import type { Caller } from '../http/env.ts';
import type { Deps } from '../deps.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { coverKey } from '../listings/listings.queries.ts';
import { cardUrl } from '../listings/photos.ts';
import { roles } from '#shared/limits.ts';
import {
  subscriptionStateNames,
  subscriptionStates,
  type SubscriptionState,
} from '#shared/promotion.ts';

function query(db: Db) {
  return db
    .select({
      s: subscriptions,
      listing: listings,
      brand: makes.name,
      model: models.name,
      typeName: listingTypes.name,
      coverKey,
    })
    .from(subscriptions)
    .innerJoin(listings, eq(listings.id, subscriptions.listingId))
    .innerJoin(makes, eq(makes.id, listings.makeId))
    .innerJoin(models, eq(models.id, listings.modelId))
    .innerJoin(listingTypes, eq(listingTypes.id, subscriptions.listingTypeId));
}

type Row = Awaited<ReturnType<ReturnType<typeof query>['execute']>>[number];

const toSubscription = (r: Row) => ({
  id: r.s.id,
  carId: r.s.listingId,
  image: r.coverKey ? cardUrl(r.coverKey) : null,
  brand: r.brand,
  model: r.model,
  title: r.listing.title,
  price: r.listing.price,
  currency: r.listing.currency,
  type: r.s.typeId,
  typeName: subscriptionStateNames[r.s.typeId] ?? '',
  listingTypeId: r.s.listingTypeId,
  listingTypeName: r.typeName,
  createdDate: r.s.createdAt.toISOString(),
  expiryDate: r.s.expiresAt.toISOString(),
  credits: r.s.credits,
});

/** A user's subscriptions in one state (null: all), newest first. */
export async function userSubscriptions(
  db: Db,
  userId: number,
  filterType: number | null | undefined,
) {
  const rows = await query(db)
    .where(
      and(
        eq(subscriptions.userId, userId),
        filterType ? eq(subscriptions.typeId, filterType) : undefined,
      ),
    )
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id));
  return rows.map(toSubscription);
}

export async function getSubscription(db: Db, caller: Caller, id: number) {
  const [row] = await query(db).where(eq(subscriptions.id, id));
  if (!row || (row.s.userId !== caller.id && caller.roleId !== roles.admin))
    throw notFound('Subscription not found');
  return toSubscription(row);
}

async function listingOf(db: Db, caller: Caller, listingId: number) {
  const [listing] = await db.select().from(listings).where(eq(listings.id, listingId));
  if (!listing) throw notFound('Listing not found');
  if (listing.userId !== caller.id && caller.roleId !== roles.admin)
    throw forbidden('This is not your listing');
  return listing;
}

/** Every paid period of a listing's promotions, newest first, with the listing's card data. */
export async function history(db: Db, caller: Caller, listingId: number) {
  const listing = await listingOf(db, caller, listingId);
  const [[names], periods, [cover]] = await Promise.all([
    db
      .select({ brand: makes.name, model: models.name })
      .from(makes)
      .innerJoin(models, eq(models.makeId, makes.id))
      .where(eq(models.id, listing.modelId)),
    db
      .select({ p: subscriptionPeriods, name: listingTypes.name })
      .from(subscriptionPeriods)
      .innerJoin(listingTypes, eq(listingTypes.id, subscriptionPeriods.listingTypeId))
      .where(eq(subscriptionPeriods.listingId, listingId))
      .orderBy(desc(subscriptionPeriods.createdAt), desc(subscriptionPeriods.id)),
    db.select({ key: coverKey }).from(listings).where(eq(listings.id, listingId)),
  ]);
  return {
    image: cover?.key ? cardUrl(cover.key) : null,
    brand: names?.brand ?? '',
    model: names?.model ?? '',
    title: listing.title,
    price: listing.price,
    currency: listing.currency,
    history: periods.map(({ p, name }) => ({
      listingTypeId: p.listingTypeId,
      listingTypeName: name,
      credits: p.credits,
      createdDate: p.createdAt.toISOString(),
    })),
  };
}

async function setType(
  deps: Deps,
  caller: Caller,
  listingId: number,
  from: SubscriptionState,
  to: SubscriptionState,
  failure: string,
) {
  await listingOf(deps.db, caller, listingId);
  const [row] = await deps.db
    .update(subscriptions)
    .set({ typeId: to, canceledAt: to === subscriptionStates.canceled ? new Date() : null })
    .where(and(eq(subscriptions.listingId, listingId), eq(subscriptions.typeId, from)))
    .returning({ id: subscriptions.id });
  if (!row) throw badRequest(failure);
}

/** Stays active until it expires, then does not renew. */
export const cancel = (deps: Deps, caller: Caller, listingId: number) =>
  setType(
    deps,
    caller,
    listingId,
    subscriptionStates.active,
    subscriptionStates.canceled,
    'This listing has no active subscription',
  );

/** Renews again at expiry (only before it expired; an expired one is renewed by promoting). */
export const reactivate = (deps: Deps, caller: Caller, listingId: number) =>
  setType(
    deps,
    caller,
    listingId,
    subscriptionStates.canceled,
    subscriptionStates.active,
    'This listing has no canceled subscription',
  );
