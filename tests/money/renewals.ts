import { and, inArray } from 'drizzle-orm';
import { currentStates, listingTypeIds, subscriptionStates } from '#shared/promotion.ts';
import type { Db } from '../../server/db/client.ts';
import { subscriptions } from '../../server/db/schema/index.ts';
import { renewDue } from '../../server/promotion/promotion.ts';
import type { MoneyModel } from './model.ts';

/** Runs the renewal job on one instance until nothing more is due at `now`. */
async function drain(db: Db, now: Date) {
  for (;;) {
    const { renewed, expired } = await renewDue(db, now);
    if (renewed + expired === 0) return;
  }
}

/**
 * The renewal job at `now`, run by both instances at once, checked against the model. Which of
 * one user's due subscriptions gets the last credits depends on which instance takes which first,
 * so the model does not guess the order: it reads how far each subscription got and checks that
 * this is an outcome the job may have (every due period charged once at its type's price, a
 * subscription expired only when canceled, not live or unaffordable at the end), then takes it.
 * Answers what is wrong (nothing: the model now holds the outcome) and how many periods were
 * charged and subscriptions ended.
 */
export async function renewalPass(
  m: MoneyModel,
  dbs: [Db, Db],
  userIds: number[],
  now: Date,
  periodMs: number,
): Promise<{ found: string[]; charged: number; ended: number }> {
  const [db] = dbs;
  const before = await db
    .select()
    .from(subscriptions)
    .where(
      and(inArray(subscriptions.userId, userIds), inArray(subscriptions.typeId, currentStates)),
    );
  await Promise.all(dbs.map((each) => drain(each, now)));
  const after = new Map(
    before.length
      ? (
          await db
            .select()
            .from(subscriptions)
            .where(
              inArray(
                subscriptions.id,
                before.map((s) => s.id),
              ),
            )
        ).map((s) => [s.id, s])
      : [],
  );

  const found: string[] = [];
  let periodsCharged = 0;
  const charged = m.users.map(() => 0);
  const unaffordable: { user: number; price: number; what: string }[] = [];
  const ended: number[] = [];
  for (const sub of before) {
    const index = m.listings.findIndex((l) => l.id === sub.listingId);
    const listing = m.listings[index];
    const later = after.get(sub.id);
    const what = `subscription ${sub.id} of listing ${index} (${sub.listingId})`;
    if (!listing || !later) {
      found.push(`${what} is not in the model`);
      continue;
    }
    if (sub.listingTypeId !== listing.type)
      found.push(`${what} is of type ${sub.listingTypeId}, its listing of type ${listing.type}`);
    const due = sub.expiresAt.getTime() <= now.getTime();
    const periods = (later.expiresAt.getTime() - sub.expiresAt.getTime()) / periodMs;
    const price = m.prices[sub.listingTypeId] ?? 0;
    const expired = later.typeId === subscriptionStates.expired;
    if (!Number.isInteger(periods) || periods < 0) {
      found.push(`${what} moved its expiry by ${periods} periods`);
      continue;
    }
    if (!due) {
      if (periods !== 0 || later.typeId !== sub.typeId)
        found.push(`${what} was not due but changed: ${periods} periods, state ${later.typeId}`);
      continue;
    }
    const renews = sub.typeId === subscriptionStates.active && listing.state === 'ACTIVE';
    const needed = Math.floor((now.getTime() - sub.expiresAt.getTime()) / periodMs) + 1;
    if (!renews) {
      if (periods !== 0 || !expired)
        found.push(`${what} should have ended unpaid: ${periods} periods, state ${later.typeId}`);
    } else if (expired) {
      if (periods >= needed) found.push(`${what} paid ${periods} of ${needed} periods, then ended`);
      unaffordable.push({ user: listing.owner, price, what });
    } else if (periods !== needed || later.typeId !== subscriptionStates.active) {
      found.push(`${what} paid ${periods} periods, ${needed} were due (state ${later.typeId})`);
    }
    charged[listing.owner] = (charged[listing.owner] ?? 0) + periods * price;
    periodsCharged += periods;
    if (expired) ended.push(index);
  }

  m.users.forEach((user, i) => (user.balance -= charged[i] ?? 0));
  for (const { user, price, what } of unaffordable) {
    const balance = m.users[user]?.balance ?? 0;
    if (balance >= price)
      found.push(`${what} ended for want of credits, yet ${balance} credits cover ${price}`);
  }
  for (const index of ended) {
    const listing = m.listings[index];
    if (!listing) continue;
    listing.subscription = null;
    listing.type = listingTypeIds.standard;
  }
  return { found, charged: periodsCharged, ended: ended.length };
}
