import { listingTypeIds } from '#shared/promotion.ts';

/**
 * The badge rule of the result cards: shown unless the listing type is Standard and the listing is
 * not top-spotted. Top spotted wins, then the paid type.
 */
export function badgeFor(car: { typeId: number; isTopSpotted: boolean }) {
  if (car.isTopSpotted) return { label: 'Top Spotted', style: 'top' } as const;
  if (car.typeId === listingTypeIds.premium) return { label: 'Premium', style: 'premium' } as const;
  if (car.typeId === listingTypeIds.featured)
    return { label: 'Featured', style: 'featured' } as const;
  return null;
}
