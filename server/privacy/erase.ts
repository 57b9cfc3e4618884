import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { subscriptionStates } from '#shared/promotion.ts';
import type { Db } from '../db/client.ts';
import {
  appeals,
  contactMessages,
  conversations,
  dataExports,
  favorites,
  listingImages,
  listings,
  mailQueue,
  notifications,
  passwordResets,
  priceDropAlerts,
  rateLimits,
  savedSearches,
  subscriptions,
  userBlocks,
  users,
  webPushSubscriptions,
} from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { removeTwoFactor } from '../auth/two-factor.ts';
import { revokeAllSessions } from '../auth/sessions.ts';
import { audit } from '../audit/audit.ts';
import { deletePhotos } from '../listings/photos.ts';
import { release } from '../promotion/promotion.ts';
import { countSiteDay } from '../insights/retention.ts';

/** What an erased account's row shows wherever it is still named (the ledger, conversations). */
export const erasedUser = (id: number) => ({
  email: `deleted-${id}@deleted.invalid`,
  passwordHash: '!',
  firstName: 'Deleted user',
  lastName: '',
  address: '',
  phone: '',
  phone2: '',
  phone3: '',
  dateOfBirth: null,
  cNumber: null,
  vatNumber: null,
  imageKey: null,
  cityId: null,
  firebaseToken: null,
  emailConfirmedAt: null,
});

/** Who asked for the erasure: the owner, or an administrator acting on a written request. */
export type ErasedBy = { kind: 'owner' } | { kind: 'admin'; adminId: number; reason: string };

/**
 * Erases an account. The users row stays, anonymised, so that the ledger keeps its owner and
 * every balance check still adds up (credits left are not moved: they stay with the anonymous
 * row, spent by no one). Reserved credits of listing requests come back first, as a withdrawal
 * would give them. Listings are withdrawn: one that has conversations stays as a hidden,
 * suspended shell without photos or description, so the other party keeps the messages (shown
 * from a former user); every other one is removed. Photos, the logo and prepared data exports
 * leave storage after the commit.
 */
export async function eraseAccount(deps: Deps, userId: number, by: ErasedBy) {
  const [user] = await deps.db
    .select({ email: users.email, imageKey: users.imageKey })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) return false;
  const owned = await deps.db
    .select({ id: listings.id, originalId: listings.originalId })
    .from(listings)
    .where(eq(listings.userId, userId));
  const ids = owned.map((row) => row.id);
  const photoRows = ids.length
    ? await deps.db
        .select({ key: listingImages.key })
        .from(listingImages)
        .where(inArray(listingImages.listingId, ids))
    : [];
  const exportRows = await deps.db
    .select({ key: dataExports.storageKey })
    .from(dataExports)
    .where(eq(dataExports.userId, userId));

  await deps.db.transaction(async (tx) => {
    for (const id of ids) await release(tx, id);
    await withdrawListings(tx, owned);
    await tx.delete(favorites).where(eq(favorites.userId, userId));
    await tx.delete(savedSearches).where(eq(savedSearches.userId, userId));
    await tx
      .delete(userBlocks)
      .where(or(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, userId)));
    await tx.delete(notifications).where(eq(notifications.userId, userId));
    await tx.delete(webPushSubscriptions).where(eq(webPushSubscriptions.userId, userId));
    await tx.delete(priceDropAlerts).where(eq(priceDropAlerts.userId, userId));
    await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
    await tx.delete(dataExports).where(eq(dataExports.userId, userId));
    await tx.delete(appeals).where(eq(appeals.userId, userId));
    await tx
      .delete(contactMessages)
      .where(
        or(
          eq(contactMessages.userId, userId),
          eq(sql`lower(${contactMessages.email})`, user.email.toLowerCase()),
        ),
      );
    // Mail to or about the address (support's copy of a contact message), sent or waiting.
    const address = user.email.toLowerCase();
    await tx
      .delete(mailQueue)
      .where(
        or(
          eq(sql`lower(${mailQueue.to})`, address),
          sql`strpos(lower(${mailQueue.subject} || ' ' || ${mailQueue.text}), ${address}) > 0`,
        ),
      );
    // Login counters are kept per address typed, the e-mail address among them.
    await tx
      .delete(rateLimits)
      .where(sql`strpos(lower(${rateLimits.key}), ${user.email.toLowerCase()}) > 0`);
    await removeTwoFactor(tx, userId);
    await tx
      .update(users)
      .set({ ...erasedUser(userId), deletedAt: sql`now()`, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await revokeAllSessions(tx, userId);
    if (by.kind === 'admin') {
      await audit(tx, by.adminId, 'erase', 'user', userId, { reason: by.reason });
    }
  });

  await deletePhotos(
    deps.storage,
    photoRows.map((row) => row.key),
  );
  const files = [user.imageKey, ...exportRows.map((row) => row.key)].filter((key) => key !== null);
  await Promise.all(files.map((key) => deps.storage.delete(key)));
  return true;
}

/** Removes the user's listings, keeping a bare hidden shell of each one a conversation is about. */
async function withdrawListings(tx: Db, owned: { id: number; originalId: number | null }[]) {
  if (!owned.length) return;
  const ids = owned.map((row) => row.id);
  const talkedAbout = new Set(
    (
      await tx
        .select({ id: conversations.listingId })
        .from(conversations)
        .where(inArray(conversations.listingId, ids))
    ).map((row) => row.id),
  );
  const kept = ids.filter((id) => talkedAbout.has(id));
  // Edits point at their listing: they go first.
  const edits = owned.filter((row) => row.originalId !== null && !talkedAbout.has(row.id));
  if (edits.length) {
    await tx.delete(listings).where(
      inArray(
        listings.id,
        edits.map((row) => row.id),
      ),
    );
  }
  const removed = ids.filter((id) => !talkedAbout.has(id) && !edits.some((e) => e.id === id));
  if (removed.length) {
    await tx.delete(listings).where(inArray(listings.id, removed));
    for (const _ of removed) await countSiteDay(tx, 'removedListings');
  }
  if (kept.length) {
    await tx.delete(listingImages).where(inArray(listingImages.listingId, kept));
    await tx
      .update(subscriptions)
      .set({ typeId: subscriptionStates.canceled, canceledAt: new Date() })
      .where(
        and(
          inArray(subscriptions.listingId, kept),
          eq(subscriptions.typeId, subscriptionStates.active),
        ),
      );
    await tx
      .update(listings)
      .set({
        state: 'SUSPENDED',
        hiddenAt: sql`coalesce(${listings.hiddenAt}, now())`,
        topSpottedAt: null,
        description: '',
        chassisNumber: null,
        deniedMessage: null,
        reviewFlags: null,
        updatedAt: new Date(),
      })
      .where(inArray(listings.id, kept));
  }
}
