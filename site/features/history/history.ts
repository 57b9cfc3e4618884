import type { ListingOutcome, MileageEntry, SellerFacts } from '#shared/schemas/history.ts';
import { number } from '#shared/format.ts';
import { formatMileage, type MileageUnit } from '#shared/mileage.ts';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 'Member since March 2024' (UTC, so every visitor's page reads the same). */
export const memberSince = (iso: string) => {
  const at = new Date(iso);
  return `Member since ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}`;
};

/** '3 cars sold through Spotted'; null for none (nothing worth saying). */
export const soldText = (count: number) =>
  count > 0 ? `${number(count)} ${count === 1 ? 'car' : 'cars'} sold through Spotted` : null;

/** 'Usually answers within 2 hours': the median rounded up to a unit a buyer reads at a glance. */
export function answerText(minutes: number | null) {
  if (minutes === null) return null;
  if (minutes < 60) return `Usually answers within ${Math.max(1, minutes)} min`;
  const hours = Math.ceil(minutes / 60);
  if (hours < 24) return `Usually answers within ${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  const days = Math.ceil(hours / 24);
  return `Usually answers within ${days} ${days === 1 ? 'day' : 'days'}`;
}

/** '★ 4.5 from 12 reviews (last 12 months)'; null without reviews. */
export const ratingText = (rating: SellerFacts['rating']) =>
  rating && rating.count > 0 && rating.average !== null
    ? `★ ${rating.average.toFixed(1)} from ${number(rating.count)} ${rating.count === 1 ? 'review' : 'reviews'} (last 12 months)`
    : null;

/** The facts a seller panel lists, in order, without the empty ones. */
export const factLines = (facts: SellerFacts) =>
  [
    ratingText(facts.rating),
    memberSince(facts.memberSince),
    soldText(facts.soldCount),
    answerText(facts.answerMinutes),
  ].filter((line): line is string => line !== null);

const outcomes: Record<ListingOutcome, string> = {
  LIVE: 'Listed',
  WITHDRAWN: 'Withdrawn',
  SOLD: 'Sold through Spotted',
};

/** What a timeline entry says of where the reading comes from. */
export function entrySource(entry: MileageEntry) {
  if (entry.current) return entry.source === 'EDIT' ? 'Updated on this listing' : 'This listing';
  if (entry.source === 'EDIT') return 'Updated by its seller';
  return outcomes[entry.outcome];
}

/** 'Lower than 120,000 mi recorded earlier' for a reading that went down, in the visitor's unit. */
export const rollbackText = (entry: MileageEntry, unit: MileageUnit) =>
  entry.rollbackFrom === null
    ? null
    : `Lower than ${formatMileage(entry.rollbackFrom, unit)} recorded earlier`;
