/** How the back-office shows an ad and carries its image. */
import { dateTime } from '#shared/format.ts';
import type { AdminAd } from '#shared/schemas/ad.ts';

/** The Status column: an ad is Active or Deactivated (an expired ad is no longer active). */
export const adStatus = (ad: Pick<AdminAd, 'isActive'>) => (ad.isActive ? 'Active' : 'Deactivated');

/** A data URL as the API takes images: the base64 without the 'data:...;base64,' prefix. */
export const withoutDataPrefix = (dataUrl: string) => dataUrl.replace(/^data:[^,]*,/, '');

const signatures: [string, string][] = [
  ['/9j/', 'image/jpeg'],
  ['iVBORw0KGgo', 'image/png'],
  ['UklGR', 'image/webp'],
];

/**
 * Something an <img> can show for the ad's image field: the stored image's URL as the API gives
 * it, or a newly chosen image (base64 without prefix) as a data URL of its type.
 */
export function adImageSrc(image: string | null | undefined): string | null {
  if (!image) return null;
  // A JPEG's base64 starts with '/9j/', so only the API's own paths count as URLs.
  if (/^(\/images\/|https?:\/\/|data:)/i.test(image)) return image;
  const type = signatures.find(([start]) => image.startsWith(start))?.[1] ?? 'image/avif';
  return `data:${type};base64,${image}`;
}

/** An ad as a CSV row: the table's columns and what the list knows besides. */
export const adCsvRow = (ad: AdminAd) => ({
  ID: ad.id,
  Client: ad.client,
  Title: ad.title,
  Expiration: dateTime(ad.dateExpiration),
  Status: adStatus(ad),
  Url: ad.url,
  Location: ad.location ?? '',
  Views: ad.views,
  Clicks: ad.clicks,
});
