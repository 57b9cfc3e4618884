import { price } from '#shared/format.ts';
import type { CarCard } from '#shared/schemas/listing-display.ts';
import { RECENT_MAX } from '#shared/schemas/recent.ts';

/** Where a visitor's browser keeps the cars they opened last. */
export const RECENT_KEY = 'recentlyViewed';

/** What a recently viewed car shows: enough for a small card, nothing of the visitor. */
export interface RecentCar {
  id: number;
  name: string;
  title: string;
  price: string;
  image: string | null;
}

/** The list after opening `car`: first, once, at most RECENT_MAX. */
export const remember = (list: RecentCar[], car: RecentCar): RecentCar[] =>
  [car, ...list.filter((other) => other.id !== car.id)].slice(0, RECENT_MAX);

const isRecentCar = (value: unknown): value is RecentCar => {
  const car = value as Partial<RecentCar> | null;
  return (
    typeof car === 'object' &&
    car !== null &&
    Number.isInteger(car.id) &&
    typeof car.name === 'string' &&
    typeof car.title === 'string' &&
    typeof car.price === 'string' &&
    (car.image === null || typeof car.image === 'string')
  );
};

/** The stored list, leaving out anything unreadable (another version's or a hand-edited one). */
export function readRecent(stored: string | null): RecentCar[] {
  try {
    const parsed: unknown = JSON.parse(stored ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isRecentCar).slice(0, RECENT_MAX) : [];
  } catch {
    return [];
  }
}

/** A card of the API as a recently viewed car. */
export const fromCard = (card: CarCard): RecentCar => ({
  id: card.id,
  name: `${card.brand} ${card.model}`,
  title: card.title,
  price: price(card.price, card.currency),
  image: card.image,
});
