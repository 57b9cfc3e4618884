import { and, asc, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  configuration,
  listingImages,
  listings,
  listingTypes,
  makes,
  models,
  subscriptionPeriods,
  subscriptions,
  transactionTypes,
} from '../db/schema/index.ts';
import type { Caller, Deps } from '../http/env.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { INSUFFICIENT_CREDITS, record } from '../ledger/ledger.ts';
import { cardUrl } from '../listings/photos.ts';
import { notificationTypes, notify } from '../notifications/notify.ts';
import { roles } from '#shared/limits.ts';

export const subscriptionTypeNames: Record<number, string> = {
  1: 'Active',
  2: 'Expired',
  3: 'Canceled',
};

const coverKey = sql<
  string | null
>`(select ${listingImages.key} from ${listingImages} where ${listingImages.listingId} = ${listings.id} order by ${listingImages.isCover} desc, ${listingImages.position} limit 1)`;

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
  typeName: subscriptionTypeNames[r.s.typeId] ?? '',
  listingTypeId: r.s.listingTypeId,
  listingTypeName: r.typeName,
  createdDate: r.s.createdAt.toISOString(),
  expiryDate: r.s.expiresAt.toISOString(),
  credits: r.s.credits,
});

/** A user's subscriptions, by type (1 active, 2 expired, 3 canceled; null: all), newest first. */
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
    db
      .select({ key: listingImages.key })
      .from(listingImages)
      .where(eq(listingImages.listingId, listingId))
      .orderBy(desc(listingImages.isCover), asc(listingImages.position))
      .limit(1),
  ]);
  return {
    image: cover ? cardUrl(cover.key) : null,
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
  from: number,
  to: number,
  failure: string,
) {
  await listingOf(deps.db, caller, listingId);
  const [row] = await deps.db
    .update(subscriptions)
    .set({ typeId: to, canceledAt: to === 3 ? new Date() : null })
    .where(and(eq(subscriptions.listingId, listingId), eq(subscriptions.typeId, from)))
    .returning({ id: subscriptions.id });
  if (!row) throw badRequest(failure);
}

/** Stays active until it expires, then does not renew. */
export const cancel = (deps: Deps, caller: Caller, listingId: number) =>
  setType(deps, caller, listingId, 1, 3, 'This listing has no active subscription');

/** Renews again at expiry (only before it expired; an expired one is renewed by promoting). */
export const reactivate = (deps: Deps, caller: Caller, listingId: number) =>
  setType(deps, caller, listingId, 3, 1, 'This listing has no canceled subscription');

export const subscriptionsWhere = (userId: number): SQL | undefined =>
  eq(subscriptions.userId, userId);

/**
 * The renewal job: every due subscription is renewed from its owner's balance for another period,
 * or expires (the listing returns to Standard) when it was canceled or the balance is short. Each
 * subscription is handled in its own transaction with its row locked (SKIP LOCKED), and the period
 * row's unique key makes a renewal happen once per period, however many instances run the job.
 */
export async function renewDue(
  db: Db,
  now = new Date(),
  batch = 100,
): Promise<{ renewed: number; expired: number }> {
  let renewed = 0;
  let expired = 0;
  for (;;) {
    const outcome = await db.transaction(async (tx) => {
      const [due] = await tx
        .select()
        .from(subscriptions)
        .where(and(inArray(subscriptions.typeId, [1, 3]), lte(subscriptions.expiresAt, now)))
        .orderBy(asc(subscriptions.expiresAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due) return null;
      const [type] = await tx
        .select()
        .from(listingTypes)
        .where(eq(listingTypes.id, due.listingTypeId));
      const [listing] = await tx.select().from(listings).where(eq(listings.id, due.listingId));
      const price = type?.price ?? 0;
      const periodMs = due.expiresAt.getTime() - due.createdAt.getTime() || 30 * 86_400_000;
      if (due.typeId === 1 && listing?.state === 'ACTIVE') {
        const start = due.expiresAt;
        const end = new Date(start.getTime() + (await durationMs(tx, periodMs)));
        const paid = await tx
          .transaction(async (inner) => {
            const { transactionId } = await record(
              inner,
              {
                userId: due.userId,
                typeId: transactionTypes.renewal,
                state: 'Done',
                credits: price,
                listingId: due.listingId,
                listingTypeId: due.listingTypeId,
              },
              'charge',
              -price,
            );
            await inner.insert(subscriptionPeriods).values({
              subscriptionId: due.id,
              listingId: due.listingId,
              listingTypeId: due.listingTypeId,
              credits: price,
              transactionId,
              periodStart: start,
              periodEnd: end,
            });
            await inner
              .update(subscriptions)
              .set({ expiresAt: end, credits: price })
              .where(eq(subscriptions.id, due.id));
            return true;
          })
          .catch((err: unknown) => {
            if (err instanceof Error && err.message === INSUFFICIENT_CREDITS) return false;
            throw err;
          });
        if (paid) {
          await notify(tx, due.userId, {
            typeId: notificationTypes.payment,
            title: 'Promotion renewed',
            message: `<p>The ${type?.name ?? ''} promotion of "${listing.title}" was renewed for ${price} credits.</p>`,
            mail: `The ${type?.name ?? ''} promotion of "${listing.title}" was renewed for ${price} credits until ${end.toUTCString()}.`,
          });
          return 'renewed' as const;
        }
      }
      await tx.update(subscriptions).set({ typeId: 2 }).where(eq(subscriptions.id, due.id));
      if (listing)
        await tx.update(listings).set({ listingTypeId: 3 }).where(eq(listings.id, listing.id));
      const reason =
        due.typeId === 3
          ? 'was canceled'
          : listing?.state !== 'ACTIVE'
            ? 'is not live'
            : 'could not be renewed: your balance is too low';
      await notify(tx, due.userId, {
        typeId: notificationTypes.payment,
        title: 'Promotion ended',
        message: `<p>The promotion of "${listing?.title ?? ''}" ${reason}. The listing is Standard again.</p>`,
        mail: `The promotion of "${listing?.title ?? ''}" ${reason}. The listing is Standard again; you can promote it again from My subscriptions.`,
      });
      return 'expired' as const;
    });
    if (outcome === null) break;
    if (outcome === 'renewed') renewed++;
    else expired++;
    if (renewed + expired >= batch) break;
  }
  return { renewed, expired };
}

async function durationMs(db: Db, fallback: number) {
  const [row] = await db.select({ days: configuration.subscriptionDuration }).from(configuration);
  return row ? row.days * 86_400_000 : fallback;
}
