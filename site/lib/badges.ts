import { m } from '#shared/i18n/paraglide/messages.js';
import { listingTypeIds } from '#shared/promotion.ts';

/**
 * The badge rule of the result cards: shown unless the listing type is Standard and the listing is
 * not top-spotted. Top spotted wins, then the paid type.
 */
export function badgeFor(car: { typeId: number; isTopSpotted: boolean }) {
  if (car.isTopSpotted) return { label: m.top_spotted(), style: 'top' } as const;
  if (car.typeId === listingTypeIds.premium)
    return { label: m.badge_premium(), style: 'premium' } as const;
  if (car.typeId === listingTypeIds.featured)
    return { label: m.badge_featured(), style: 'featured' } as const;
  return null;
}
