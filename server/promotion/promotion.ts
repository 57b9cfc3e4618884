import { milliseconds } from 'date-fns/milliseconds';
/**
 * Promotion: what a listing's paid type costs and how long it lasts. The reservation at submission,
 * the first period at approval, upgrades, renewals and expiry all happen here; money moves only
 * through the ledger.
 */
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import {
  belowTopTier,
  currentStates,
  listingTypeIds,
  subscriptionStates,
} from '#shared/promotion.ts';
import type { Db } from '../db/client.ts';
import {
  configuration,
  listings,
  listingTypes,
  subscriptionPeriods,
  subscriptions,
  transactions,
  transactionTypes,
} from '../db/schema/index.ts';
import type { Caller } from '../http/env.ts';
import type { Deps } from '../deps.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { credit, INSUFFICIENT_CREDITS, record } from '../ledger/ledger.ts';
import { escapeHtml, notificationTypes, notify } from '../notifications/notify.ts';

type Listing = typeof listings.$inferSelect;
type Subscription = typeof subscriptions.$inferSelect;

interface Period {
  listingId: number;
  listingTypeId: number;
  /** What this period cost the owner. */
  credits: number;
  transactionId: number;
  start: Date;
  end: Date;
}

/** The configured length of a paid period; `fallback` only when the configuration row is missing. */
async function periodMs(tx: Db, fallback = milliseconds({ days: 30 })) {
  const [row] = await tx.select({ days: configuration.subscriptionDuration }).from(configuration);
  return row ? milliseconds({ days: row.days }) : fallback;
}

/** Takes a promotion's price from the owner's balance; fails with INSUFFICIENT_CREDITS when short. */
const charge = (
  tx: Db,
  typeId: number,
  userId: number,
  { listingId, listingTypeId, credits }: Pick<Period, 'listingId' | 'listingTypeId' | 'credits'>,
) =>
  record(
    tx,
    { userId, typeId, state: 'Done', credits, listingId, listingTypeId },
    'charge',
    -credits,
  );

/** A new active subscription of a listing; its price is what each renewal will charge. */
async function subscribe(tx: Db, userId: number, period: Period, price: number) {
  const [row] = await tx
    .insert(subscriptions)
    .values({
      listingId: period.listingId,
      userId,
      listingTypeId: period.listingTypeId,
      typeId: subscriptionStates.active,
      credits: price,
      createdAt: period.start,
      expiresAt: period.end,
    })
    .returning({ id: subscriptions.id });
  if (!row) throw new Error('subscription insert returned nothing');
  return row.id;
}

/** The history row of one paid period; its unique (subscription, start) makes a renewal happen once. */
async function addPeriod(tx: Db, subscriptionId: number, period: Period) {
  await tx.insert(subscriptionPeriods).values({
    subscriptionId,
    listingId: period.listingId,
    listingTypeId: period.listingTypeId,
    credits: period.credits,
    transactionId: period.transactionId,
    periodStart: period.start,
    periodEnd: period.end,
  });
}

/**
 * A paid listing type's price is reserved when the listing is submitted ('Reserved Funds'), spent
 * when an admin approves it, and released when it is denied or withdrawn.
 */
export async function reserve(tx: Db, userId: number, listingId: number, listingTypeId: number) {
  const [type] = await tx.select().from(listingTypes).where(eq(listingTypes.id, listingTypeId));
  if (!type || type.price === 0) return;
  await record(
    tx,
    {
      userId,
      typeId: transactionTypes.reservedFunds,
      state: 'Reserved',
      credits: type.price,
      listingId,
      listingTypeId,
    },
    'charge',
    -type.price,
  );
}

async function openReservation(tx: Db, listingId: number) {
  const [row] = await tx
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.listingId, listingId),
        eq(transactions.typeId, transactionTypes.reservedFunds),
        eq(transactions.state, 'Reserved'),
      ),
    )
    .for('update');
  return row;
}

export const hasOpenReservation = async (tx: Db, listingId: number) =>
  Boolean(await openReservation(tx, listingId));

/** Gives the reserved credits back (denial, withdrawal); nothing when there is no reservation. */
export async function release(tx: Db, listingId: number) {
  const row = await openReservation(tx, listingId);
  if (!row) return;
  await credit(tx, row, 'release', 'Released');
}

/** Turns the reservation into the purchase ('Bought Listing'); returns it, or null for free types. */
async function spend(tx: Db, listingId: number) {
  const row = await openReservation(tx, listingId);
  if (!row) return null;
  await tx
    .update(transactions)
    .set({ typeId: transactionTypes.boughtListing, state: 'Spent', updatedAt: new Date() })
    .where(eq(transactions.id, row.id));
  return row;
}

/**
 * Approval of a new listing: its reserved price becomes the purchase ('Bought Listing') and, for a
 * paid type, the first period of its subscription starts. Runs in the approval's transaction.
 */
export async function startPromotion(tx: Db, listing: Listing, start: Date) {
  const purchase = await spend(tx, listing.id);
  if (!purchase) return;
  const end = new Date(start.getTime() + (await periodMs(tx)));
  const period = {
    listingId: listing.id,
    listingTypeId: listing.listingTypeId,
    credits: purchase.credits,
    transactionId: purchase.id,
    start,
    end,
  };
  await addPeriod(tx, await subscribe(tx, listing.userId, period, purchase.credits), period);
}

/**
 * POST car/promote: moves an ACTIVE listing to a higher tier (a lower type id). The owner pays the
 * chosen type's price minus the current type's, and the subscription starts or is upgraded for the
 * configured number of days from now. A listing whose promotion expired is Standard again, so
 * 'Renew' is a promotion from Standard.
 */
export async function promote(
  deps: Deps,
  caller: Caller,
  listingId: number,
  listingTypeId: number,
) {
  return deps.db.transaction(async (tx) => {
    const [listing] = await tx
      .select()
      .from(listings)
      .where(eq(listings.id, listingId))
      .for('update');
    if (!listing || listing.originalId !== null) throw notFound('Listing not found');
    if (listing.userId !== caller.id) throw forbidden('This is not your listing');
    if (listing.state !== 'ACTIVE') throw badRequest('Only active listings can be promoted');
    if (!belowTopTier(listing.listingTypeId))
      throw badRequest('This listing already has the highest listing type');
    if (listingTypeId >= listing.listingTypeId)
      throw badRequest('You can only promote to a higher listing type');
    const types = await tx
      .select()
      .from(listingTypes)
      .where(inArray(listingTypes.id, [listingTypeId, listing.listingTypeId]));
    const chosen = types.find((t) => t.id === listingTypeId);
    const current = types.find((t) => t.id === listing.listingTypeId);
    if (!chosen || !current) throw badRequest('Unknown listing type');
    const credits = Math.max(0, chosen.price - current.price);
    const duration = await periodMs(tx);
    const start = new Date();
    const end = new Date(start.getTime() + duration);

    const { transactionId } = await charge(tx, transactionTypes.promotion, caller.id, {
      listingId,
      listingTypeId,
      credits,
    });
    const period = { listingId, listingTypeId, credits, transactionId, start, end };
    await tx
      .update(listings)
      .set({ listingTypeId, updatedAt: start })
      .where(eq(listings.id, listingId));
    const [open] = await tx
      .select()
      .from(subscriptions)
      .where(
        and(eq(subscriptions.listingId, listingId), inArray(subscriptions.typeId, currentStates)),
      )
      .for('update');
    let subscriptionId: number;
    if (open) {
      await tx
        .update(subscriptions)
        .set({
          listingTypeId,
          typeId: subscriptionStates.active,
          credits: chosen.price,
          expiresAt: end,
          canceledAt: null,
        })
        .where(eq(subscriptions.id, open.id));
      subscriptionId = open.id;
    } else subscriptionId = await subscribe(tx, caller.id, period, chosen.price);
    await addPeriod(tx, subscriptionId, period);
    return { listingTypeId, charged: credits, expiresAt: end.toISOString() };
  });
}

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
        .where(and(inArray(subscriptions.typeId, currentStates), lte(subscriptions.expiresAt, now)))
        .orderBy(asc(subscriptions.expiresAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due) return null;
      const [listing] = await tx.select().from(listings).where(eq(listings.id, due.listingId));
      if (
        due.typeId === subscriptionStates.active &&
        listing?.state === 'ACTIVE' &&
        (await renew(tx, due, listing))
      )
        return 'renewed' as const;
      await expire(tx, due, listing);
      return 'expired' as const;
    });
    if (outcome === null) break;
    if (outcome === 'renewed') renewed++;
    else expired++;
    if (renewed + expired >= batch) break;
  }
  return { renewed, expired };
}

/**
 * Charges the next period of a due subscription at its type's current price, in a savepoint:
 * false, with nothing charged or written, when the balance does not cover it.
 */
async function renew(tx: Db, due: Subscription, listing: Listing) {
  const [type] = await tx.select().from(listingTypes).where(eq(listingTypes.id, due.listingTypeId));
  const price = type?.price ?? 0;
  const lastPeriodMs =
    due.expiresAt.getTime() - due.createdAt.getTime() || milliseconds({ days: 30 });
  const start = due.expiresAt;
  const end = new Date(start.getTime() + (await periodMs(tx, lastPeriodMs)));
  const paid = await tx
    .transaction(async (inner) => {
      const charged = {
        listingId: due.listingId,
        listingTypeId: due.listingTypeId,
        credits: price,
      };
      const { transactionId } = await charge(inner, transactionTypes.renewal, due.userId, charged);
      await addPeriod(inner, due.id, { ...charged, transactionId, start, end });
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
  if (!paid) return false;
  await notify(tx, due.userId, {
    typeId: notificationTypes.payment,
    title: 'Promotion renewed',
    message: `<p>The ${escapeHtml(type?.name ?? '')} promotion of "${escapeHtml(listing.title)}" was renewed for ${price} credits.</p>`,
    mail: `The ${type?.name ?? ''} promotion of "${listing.title}" was renewed for ${price} credits until ${end.toUTCString()}.`,
  });
  return true;
}

/** Ends a due subscription: the listing (if it still exists) is Standard again, and the owner is told why. */
async function expire(tx: Db, due: Subscription, listing: Listing | undefined) {
  await tx
    .update(subscriptions)
    .set({ typeId: subscriptionStates.expired })
    .where(eq(subscriptions.id, due.id));
  if (listing)
    await tx
      .update(listings)
      .set({ listingTypeId: listingTypeIds.standard })
      .where(eq(listings.id, listing.id));
  const reason =
    due.typeId === subscriptionStates.canceled
      ? 'was canceled'
      : listing?.state !== 'ACTIVE'
        ? 'is not live'
        : 'could not be renewed: your balance is too low';
  await notify(tx, due.userId, {
    typeId: notificationTypes.payment,
    title: 'Promotion ended',
    message: `<p>The promotion of "${escapeHtml(listing?.title ?? '')}" ${reason}. The listing is Standard again.</p>`,
    mail: `The promotion of "${listing?.title ?? ''}" ${reason}. The listing is Standard again; you can promote it again from My subscriptions.`,
  });
}
