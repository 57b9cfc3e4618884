import { and, desc, eq, ne } from 'drizzle-orm';
import { price as formatPrice } from '#shared/format.ts';
import type { Db } from '../db/client.ts';
import { favorites, listingPrices, priceDropAlerts } from '../db/schema/index.ts';
import { escapeHtml, notificationTypes, notify } from '../notifications/notify.ts';

export interface PriceDrop {
  listingId: number;
  ownerId: number;
  title: string;
  currency: string;
  oldPrice: number;
  newPrice: number;
}

/** The notice of one drop: in the app, and as an e-mail with an HTML and a plain-text part. */
export function priceDropNotice(drop: PriceDrop, publicUrl: string) {
  const was = formatPrice(drop.oldPrice, drop.currency);
  const now = formatPrice(drop.newPrice, drop.currency);
  const path = `/car/${drop.listingId}`;
  const title = escapeHtml(drop.title);
  const line = `The price of "${drop.title}", a car you saved, went down from ${was} to ${now}.`;
  return {
    typeId: notificationTypes.listing,
    title: 'Price drop on a car you saved',
    message: `<p>The price of <a href="${path}">${title}</a>, a car you saved, went down from <s>${was}</s> to <strong>${now}</strong>.</p>`,
    mail: `${line}\n\nSee the car: ${publicUrl}${path}\n\nYou get this e-mail because the car is in your favourites on Spotted.\n`,
    mailHtml: `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.5">
<p>The price of <a href="${publicUrl}${path}">${title}</a>, a car you saved, went down.</p>
<table role="presentation" cellpadding="6" style="border-collapse:collapse">
<tr><td>Was</td><td><s>${was}</s></td></tr>
<tr><td>Now</td><td><strong>${now}</strong></td></tr>
</table>
<p><a href="${publicUrl}${path}" style="display:inline-block;background:#0a6cff;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">See the car</a></p>
<p style="color:#666;font-size:12px">You get this e-mail because the car is in your favourites on Spotted.</p>
</body></html>`,
  };
}

/**
 * Tells everyone who saved a listing that its price went down, inside the approval's transaction.
 * The drop is the listing's newest price-history row (written by the database when the price
 * changed); a (drop, user) key makes each drop reach each favouriter once, whatever retries.
 * Returns how many were told.
 */
export async function alertPriceDrop(tx: Db, drop: PriceDrop, publicUrl: string) {
  if (drop.newPrice >= drop.oldPrice) return 0;
  const [latest] = await tx
    .select({ id: listingPrices.id, price: listingPrices.price })
    .from(listingPrices)
    .where(eq(listingPrices.listingId, drop.listingId))
    .orderBy(desc(listingPrices.id))
    .limit(1);
  if (!latest || latest.price !== drop.newPrice) return 0;
  const savers = await tx
    .select({ userId: favorites.userId })
    .from(favorites)
    .where(and(eq(favorites.listingId, drop.listingId), ne(favorites.userId, drop.ownerId)));
  if (!savers.length) return 0;
  const fresh = await tx
    .insert(priceDropAlerts)
    .values(savers.map((s) => ({ priceId: latest.id, userId: s.userId })))
    .onConflictDoNothing()
    .returning({ userId: priceDropAlerts.userId });
  const notice = priceDropNotice(drop, publicUrl);
  for (const { userId } of fresh) await notify(tx, userId, notice);
  return fresh.length;
}
