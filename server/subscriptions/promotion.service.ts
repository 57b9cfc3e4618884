import { and, eq, inArray } from 'drizzle-orm';
import {
  configuration,
  listings,
  listingTypes,
  subscriptionPeriods,
  subscriptions,
  transactionTypes,
} from '../db/schema/index.ts';
import type { Caller, Deps } from '../http/env.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { record } from '../ledger/ledger.ts';

export const PROMOTED = 'Successfully promoted listing';

/**
 * POST car/promote: moves an ACTIVE listing to a higher tier (a lower type id). The owner pays the
 * chosen type's price minus the current type's, and the subscription starts or is upgraded for the
 * configured number of days from now. A listing whose promotion expired is Standard again (3), so
 * 'Renew' is a promotion from 3.
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
    if (listing.listingTypeId <= 1)
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
    const charge = Math.max(0, chosen.price - current.price);
    const [config] = await tx
      .select({ days: configuration.subscriptionDuration })
      .from(configuration);
    const start = new Date();
    const end = new Date(start.getTime() + (config?.days ?? 30) * 86_400_000);

    const { transactionId } = await record(
      tx,
      {
        userId: caller.id,
        typeId: transactionTypes.promotion,
        state: 'Done',
        credits: charge,
        listingId,
        listingTypeId,
      },
      'charge',
      -charge,
    );
    await tx
      .update(listings)
      .set({ listingTypeId, updatedAt: start })
      .where(eq(listings.id, listingId));
    const [open] = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.listingId, listingId), inArray(subscriptions.typeId, [1, 3])))
      .for('update');
    let subscriptionId = open?.id;
    if (open) {
      await tx
        .update(subscriptions)
        .set({ listingTypeId, typeId: 1, credits: chosen.price, expiresAt: end, canceledAt: null })
        .where(eq(subscriptions.id, open.id));
    } else {
      const [created] = await tx
        .insert(subscriptions)
        .values({
          listingId,
          userId: caller.id,
          listingTypeId,
          typeId: 1,
          credits: chosen.price,
          createdAt: start,
          expiresAt: end,
        })
        .returning({ id: subscriptions.id });
      subscriptionId = created?.id;
    }
    if (!subscriptionId) throw new Error('subscription was not written');
    await tx.insert(subscriptionPeriods).values({
      subscriptionId,
      listingId,
      listingTypeId,
      credits: charge,
      transactionId,
      periodStart: start,
      periodEnd: end,
    });
    return { listingTypeId, charged: charge, expiresAt: end.toISOString() };
  });
}
