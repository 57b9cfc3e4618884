import { addHours } from 'date-fns/addHours';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { privacyMessages as m, type DataExport } from '#shared/schemas/privacy.ts';
import { linkToken } from '../auth/link-token.ts';
import type { Db } from '../db/client.ts';
import {
  appeals,
  cities,
  contactMessages,
  conversationMessages,
  conversationReports,
  conversations,
  dataExports,
  favorites,
  ledgerEntries,
  listingEquipment,
  listingImages,
  listingPrices,
  listings,
  listingSafety,
  listingStats,
  listingViewCounts,
  mailQueue,
  notifications,
  reports,
  savedSearches,
  sessions,
  subscriptions,
  transactions,
  twoFactor,
  users,
  voucherRedemptions,
  webPushSubscriptions,
} from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import type { Caller } from '../http/env.ts';
import { bucket, throttle } from '../http/rate-limit.ts';
import { escapeHtml } from '../notifications/notify.ts';
import { newKey } from '../storage/storage.ts';

/** How long the mailed link works. */
export const EXPORT_LINK_HOURS = 24;
const exportLink = linkToken('data-export', `${EXPORT_LINK_HOURS}h`);

/** Where the mailed link opens: a page with a button, since mail scanners fetch links. */
export const exportPageLink = (publicUrl: string, token: string) =>
  `${publicUrl}/download-my-data?token=${encodeURIComponent(token)}`;

const toAnswer = (row: typeof dataExports.$inferSelect): DataExport => ({
  id: row.id,
  state: row.state,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt?.toISOString() ?? null,
});

/** Queues a copy of the caller's data; the export job prepares it and mails the link. */
export async function requestExport(deps: Deps, caller: Caller): Promise<DataExport> {
  await throttle(deps.db, [bucket('dataExportsPerAccount', caller.id)], m.exportTooMany);
  const [row] = await deps.db.insert(dataExports).values({ userId: caller.id }).returning();
  if (!row) throw new Error('The export request was not stored');
  return toAnswer(row);
}

/** The caller's latest export request, or null. */
export async function latestExport(deps: Deps, caller: Caller): Promise<DataExport | null> {
  const [row] = await deps.db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, caller.id))
    .orderBy(sql`${dataExports.id} desc`)
    .limit(1);
  return row ? toAnswer(row) : null;
}

/**
 * Prepares waiting exports: each is claimed with FOR UPDATE SKIP LOCKED (instances share the
 * job), its ZIP is written to storage and the link is mailed in the same transaction as the row
 * turns ready. Returns how many were prepared.
 */
export async function prepareExports(deps: Deps, batch = 5): Promise<number> {
  let prepared = 0;
  for (let i = 0; i < batch; i++) {
    const done = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(dataExports)
        .where(eq(dataExports.state, 'pending'))
        .orderBy(asc(dataExports.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return false;
      const [owner] = await tx
        .select({ email: users.email, firstName: users.firstName })
        .from(users)
        .where(and(eq(users.id, row.userId), isNull(users.deletedAt)));
      if (!owner) {
        await tx.update(dataExports).set({ state: 'expired' }).where(eq(dataExports.id, row.id));
        return true;
      }
      const zip = await buildArchive(deps, tx, row.userId);
      const key = newKey('exports', 'zip');
      await deps.storage.put(key, Buffer.from(zip), 'application/zip');
      const expiresAt = addHours(new Date(), EXPORT_LINK_HOURS);
      await tx
        .update(dataExports)
        .set({ state: 'ready', storageKey: key, readyAt: new Date(), expiresAt })
        .where(eq(dataExports.id, row.id));
      const token = await exportLink.sign(deps.jwtKey, row.userId, { exportId: row.id }, expiresAt);
      const link = exportPageLink(deps.config.PUBLIC_URL, token);
      await tx.insert(mailQueue).values({ to: owner.email, ...exportMail(owner.firstName, link) });
      return true;
    });
    if (!done) break;
    prepared++;
  }
  return prepared;
}

/** Removes the files of exports whose link expired unused. Returns how many. */
export async function expireExports(deps: Deps, now = new Date()): Promise<number> {
  const due = await deps.db
    .select({ id: dataExports.id, key: dataExports.storageKey })
    .from(dataExports)
    .where(and(eq(dataExports.state, 'ready'), lte(dataExports.expiresAt, now)));
  let expired = 0;
  for (const row of due) {
    const [hit] = await deps.db
      .update(dataExports)
      .set({ state: 'expired', storageKey: null })
      .where(and(eq(dataExports.id, row.id), eq(dataExports.state, 'ready')))
      .returning({ id: dataExports.id });
    if (!hit) continue;
    if (row.key) await deps.storage.delete(row.key);
    expired++;
  }
  return expired;
}

/**
 * The ZIP of a mailed link, once: the row turns downloaded in the statement that finds it, so two
 * clicks at once cannot both have it, and the file leaves storage.
 */
export async function downloadExport(deps: Deps, token: string) {
  const claims = await exportLink.verify(deps.jwtKey, token);
  if (claims === 'expired') throw badRequest(m.exportLinkExpired);
  const exportId = claims ? Number(claims.exportId) : NaN;
  const userId = claims ? Number(claims.sub) : NaN;
  if (!Number.isInteger(exportId) || !Number.isInteger(userId)) {
    throw badRequest(m.exportLinkInvalid);
  }
  const [row] = await deps.db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, exportId), eq(dataExports.userId, userId)));
  if (!row) throw notFound(m.exportLinkInvalid);
  const [taken] = await deps.db
    .update(dataExports)
    .set({ state: 'downloaded', downloadedAt: new Date(), storageKey: null })
    .where(
      and(
        eq(dataExports.id, row.id),
        eq(dataExports.state, 'ready'),
        sql`${dataExports.expiresAt} > now()`,
      ),
    )
    .returning({ id: dataExports.id });
  if (!taken || !row.storageKey) {
    if (row.state === 'downloaded') throw conflict(m.exportLinkUsed);
    throw badRequest(m.exportLinkExpired);
  }
  const body = await deps.storage.get(row.storageKey);
  await deps.storage.delete(row.storageKey);
  if (!body) throw badRequest(m.exportLinkExpired);
  return { body, fileName: `spotted-data-${row.createdAt.toISOString().slice(0, 10)}.zip` };
}

function exportMail(firstName: string, link: string) {
  const intro =
    'The copy of your Spotted data you asked for is ready: your profile, listings, favourites, ' +
    'saved searches, messages, notifications, transactions and photos, in one ZIP file.';
  const ending = `The link works once, for ${EXPORT_LINK_HOURS} hours. If you did not ask for it, change your password.`;
  return {
    subject: m.exportMailSubject,
    text: `Hello ${firstName},\n\n${intro}\n\nDownload it: ${link}\n\n${ending}\n\nSpotted\n`,
    html:
      `<p>Hello ${escapeHtml(firstName)},</p><p>${escapeHtml(intro)}</p>` +
      `<p><a href="${escapeHtml(link)}">Download my data</a></p>` +
      `<p>${escapeHtml(ending)}</p><p>Spotted</p>`,
  };
}

const json = (value: unknown) => strToU8(JSON.stringify(value, null, 2));

/** Every stored fact about the user, as JSON files, with their photos and logo. */
export async function buildArchive(deps: Deps, db: Db, userId: number): Promise<Uint8Array> {
  const data = await collectUserData(db, userId);
  const files: Zippable = {};
  for (const [name, value] of Object.entries(data)) files[`${name}.json`] = json(value);
  const logoKey = data.profile.imageKey;
  if (logoKey) {
    const logo = await deps.storage.get(logoKey);
    if (logo) files['logo.jpg'] = [logo, { level: 0 }];
  }
  for (const listing of data.listings) {
    for (const [index, photo] of listing.photos.entries()) {
      const bytes = await deps.storage.get(photo.key);
      // JPEGs do not shrink further: stored, not deflated.
      if (bytes) files[`photos/${listing.id}/${index + 1}.jpg`] = [bytes, { level: 0 }];
    }
  }
  return zipSync(files);
}

/** The user's data as the archive's JSON files hold it (file name to contents). */
export async function collectUserData(db: Db, userId: number) {
  const [user] = await db
    .select({ user: users, city: cities.name })
    .from(users)
    .leftJoin(cities, eq(cities.id, users.cityId))
    .where(eq(users.id, userId));
  if (!user) throw notFound('User not found');
  const { passwordHash: _p, firebaseToken, ...profile } = user.user;

  const ownListings = await db
    .select()
    .from(listings)
    .where(eq(listings.userId, userId))
    .orderBy(asc(listings.id));
  const listingIds = ownListings.map((l) => l.id);
  const byListing = <T extends { listingId: number }>(rows: T[], id: number) =>
    rows.filter((row) => row.listingId === id).map(({ listingId: _l, ...rest }) => rest);
  const some = listingIds.length > 0;
  const [photos, safety, equipment, prices, stats, viewCounts, subs] = await Promise.all([
    some
      ? db
          .select({
            listingId: listingImages.listingId,
            key: listingImages.key,
            position: listingImages.position,
            isCover: listingImages.isCover,
          })
          .from(listingImages)
          .where(inArray(listingImages.listingId, listingIds))
          .orderBy(asc(listingImages.position))
      : [],
    some ? db.select().from(listingSafety).where(inArray(listingSafety.listingId, listingIds)) : [],
    some
      ? db.select().from(listingEquipment).where(inArray(listingEquipment.listingId, listingIds))
      : [],
    some
      ? db
          .select()
          .from(listingPrices)
          .where(inArray(listingPrices.listingId, listingIds))
          .orderBy(asc(listingPrices.id))
      : [],
    some
      ? db
          .select()
          .from(listingStats)
          .where(inArray(listingStats.listingId, listingIds))
          .orderBy(asc(listingStats.day))
      : [],
    some
      ? db.select().from(listingViewCounts).where(inArray(listingViewCounts.listingId, listingIds))
      : [],
    db.select().from(subscriptions).where(eq(subscriptions.userId, userId)),
  ]);

  const threads = await db
    .select({
      id: conversations.id,
      listingId: conversations.listingId,
      listingTitle: listings.title,
      role: sql<
        'buyer' | 'seller'
      >`case when ${conversations.buyerId} = ${userId} then 'buyer' else 'seller' end`,
      createdAt: conversations.createdAt,
    })
    .from(conversations)
    .innerJoin(listings, eq(listings.id, conversations.listingId))
    .where(or(eq(conversations.buyerId, userId), eq(conversations.sellerId, userId)))
    .orderBy(asc(conversations.id));
  const threadMessages = threads.length
    ? await db
        .select({
          conversationId: conversationMessages.conversationId,
          sentByMe: sql<boolean>`${conversationMessages.senderId} = ${userId}`,
          text: conversationMessages.text,
          createdAt: conversationMessages.createdAt,
        })
        .from(conversationMessages)
        .where(
          inArray(
            conversationMessages.conversationId,
            threads.map((t) => t.id),
          ),
        )
        .orderBy(asc(conversationMessages.id))
    : [];

  const [
    favs,
    searches,
    notes,
    money,
    ledger,
    redemptions,
    sessionRows,
    pushRows,
    secondFactor,
    listingReports,
    chatReports,
    support,
    appealRows,
  ] = await Promise.all([
    db
      .select({
        listingId: favorites.listingId,
        title: listings.title,
        addedAt: favorites.createdAt,
      })
      .from(favorites)
      .innerJoin(listings, eq(listings.id, favorites.listingId))
      .where(eq(favorites.userId, userId)),
    db
      .select({
        id: savedSearches.id,
        name: savedSearches.name,
        filters: savedSearches.filters,
        alert: savedSearches.alert,
        createdAt: savedSearches.createdAt,
        lastOpenedAt: savedSearches.lastOpenedAt,
      })
      .from(savedSearches)
      .where(eq(savedSearches.userId, userId)),
    db
      .select({
        title: notifications.title,
        message: notifications.message,
        isRead: notifications.isRead,
        sentAt: notifications.sentAt,
        removedAt: notifications.removedAt,
      })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(asc(notifications.id)),
    db
      .select()
      .from(transactions)
      .where(eq(transactions.userId, userId))
      .orderBy(asc(transactions.id)),
    db
      .select({
        transactionId: ledgerEntries.transactionId,
        reason: ledgerEntries.reason,
        credits: ledgerEntries.credits,
        balanceAfter: ledgerEntries.balanceAfter,
        createdAt: ledgerEntries.createdAt,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId))
      .orderBy(asc(ledgerEntries.id)),
    db
      .select({ voucherId: voucherRedemptions.voucherId, at: voucherRedemptions.createdAt })
      .from(voucherRedemptions)
      .where(eq(voucherRedemptions.userId, userId)),
    db
      .select({
        startedAt: sessions.createdAt,
        expiresAt: sessions.expiresAt,
        lastRefreshedAt: sessions.rotatedAt,
        endedAt: sessions.revokedAt,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(asc(sessions.id)),
    db
      .select({ endpoint: webPushSubscriptions.endpoint, since: webPushSubscriptions.createdAt })
      .from(webPushSubscriptions)
      .where(eq(webPushSubscriptions.userId, userId)),
    db
      .select({ enabledAt: twoFactor.enabledAt })
      .from(twoFactor)
      .where(eq(twoFactor.userId, userId)),
    db
      .select({ listingId: reports.listingId, message: reports.message, at: reports.createdAt })
      .from(reports)
      .where(eq(reports.userId, userId)),
    db
      .select({
        conversationId: conversationReports.conversationId,
        reason: conversationReports.reason,
        at: conversationReports.createdAt,
      })
      .from(conversationReports)
      .where(eq(conversationReports.reporterId, userId)),
    db
      .select({
        text: contactMessages.text,
        reply: contactMessages.replyMessage,
        sentAt: contactMessages.createdAt,
        repliedAt: contactMessages.repliedAt,
      })
      .from(contactMessages)
      .where(eq(contactMessages.userId, userId)),
    db
      .select({
        listingId: appeals.listingId,
        decision: appeals.decision,
        decidedAt: appeals.decidedAt,
        message: appeals.message,
        sentAt: appeals.createdAt,
        outcome: appeals.outcome,
        outcomeReason: appeals.outcomeReason,
        decidedOnAppealAt: appeals.reviewedAt,
      })
      .from(appeals)
      .where(eq(appeals.userId, userId)),
  ]);

  return {
    profile: { ...profile, city: user.city },
    listings: ownListings.map(({ keywords: _k, pricePoints: _pp, ...listing }) => ({
      ...listing,
      photos: byListing(photos, listing.id),
      safety: byListing(safety, listing.id).map((row) => row.itemId),
      equipment: byListing(equipment, listing.id).map((row) => row.itemId),
      priceHistory: byListing(prices, listing.id),
      views: viewCounts.find((row) => row.listingId === listing.id)?.views ?? 0,
      subscriptions: subs.filter((s) => s.listingId === listing.id),
    })),
    statistics: ownListings.map((listing) => ({
      listingId: listing.id,
      days: byListing(stats, listing.id),
    })),
    favourites: favs,
    'saved-searches': searches,
    messages: threads.map((thread) => ({
      ...thread,
      messages: threadMessages
        .filter((message) => message.conversationId === thread.id)
        .map(({ conversationId: _c, ...message }) => message),
    })),
    notifications: notes,
    transactions: money,
    ledger: { balance: profile.balance, entries: ledger, voucherRedemptions: redemptions },
    consents: {
      emailConfirmedAt: profile.emailConfirmedAt,
      savedSearchAlerts: searches.map((s) => ({ savedSearch: s.name, alert: s.alert })),
      webPush: pushRows.map((row) => ({ service: new URL(row.endpoint).origin, since: row.since })),
      phonePush: firebaseToken !== null,
      twoFactorLoginSince: secondFactor[0]?.enabledAt ?? null,
    },
    sessions: sessionRows,
    reports: { listings: listingReports, conversations: chatReports },
    'support-messages': support,
    appeals: appealRows,
  };
}
