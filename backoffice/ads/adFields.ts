/** How the back-office shows an ad and carries its image. */
import { dateTime } from '#shared/format.ts';
import { AD_IMAGE_FRAME } from '#shared/limits.ts';
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

const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);

/** An aspect ratio as people write it: 4:3, 16:9, 3:1, or 2.35:1 when the numbers get long. */
export function aspectRatio(width: number, height: number): string {
  const d = gcd(width, height);
  if (width / d <= 21 && height / d <= 21) return `${width / d}:${height / d}`;
  return `${Number((width / height).toFixed(2))}:1`;
}

const frame = `${AD_IMAGE_FRAME.width}:${AD_IMAGE_FRAME.height}`;

/** What the admin needs to know before uploading: the site shows ads whole in this frame. */
export const adImageHint = `Shown whole in a ${frame} frame on the site: a ${frame} image (for example 1200 × 900 px) fills it.`;

/** How a chosen image of `width` × `height` pixels will sit in the site's ad frame. */
export function adImageFit(width: number, height: number): string {
  const ratio = width / height;
  const target = AD_IMAGE_FRAME.width / AD_IMAGE_FRAME.height;
  const size = `${aspectRatio(width, height)} (${width} × ${height} px)`;
  if (Math.abs(ratio / target - 1) < 0.03) return `This image is ${size}: it fills the frame.`;
  const bands = ratio > target ? 'above and below' : 'at the sides';
  return `This image is ${size}, not ${frame}: it shows whole, with empty bands ${bands}.`;
}
