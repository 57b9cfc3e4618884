import type { AstroGlobal } from 'astro';
import type { CarDetail } from '#shared/schemas/listing-display.ts';
import { pageData, readOrLog } from '../../lib/page-data.ts';

/**
 * The live listing of a page's id as everyone sees it, or null for a bad id or any failure. The
 * page counts no view: its beacon does (ListingActions), so the page can be cached.
 */
export async function loadLiveListing(
  astro: Pick<AstroGlobal, 'locals'>,
  id: number,
): Promise<CarDetail | null> {
  if (!Number.isInteger(id) || id <= 0) return null;
  return (await readOrLog(`Listing ${id}`, pageData(astro).listing(id))) ?? null;
}

/** What a listing page shows: the page is kept until one of these changes. */
export const listingPageTags = (car: CarDetail) => [
  `listing:${car.id}`,
  `seller:${car.userId}`,
  'reference',
];

/** What a listing's carousels show: they are kept until one of these changes. */
export const carouselTags = (car: CarDetail) => [
  ...listingPageTags(car),
  ...[...car.userCars, ...car.similarCars].map((c) => `listing:${c.id}`),
];

/** A route parameter as a listing or user id (NaN when it is not one). */
export const idParam = (value: string | undefined) =>
  value && /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
