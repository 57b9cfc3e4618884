import { millisecondsInDay } from 'date-fns/constants';
/** What every result card shows beyond the spec's fields, and how its photo is sized. */
import { localRelative, localUtcDate } from '#shared/i18n/format.ts';
import { m } from '#shared/i18n/paraglide/messages.js';
import { getLocale } from '#shared/i18n/paraglide/runtime.js';
import { formatMileage, type MileageUnit } from '#shared/mileage.ts';
import type { CarCard, ImageVersion } from '#shared/schemas/listing-display.ts';

/** The srcset of a photo's WebP card versions; none for a photo stored before they existed. */
export const srcset = (versions: readonly ImageVersion[]) =>
  versions.length ? versions.map((v) => `${v.url} ${v.width}w`).join(', ') : undefined;

/** The widest a page's content gets (global.css: .container, 1320 px less 1rem each side). */
const CONTENT_MAX = 1288;
const GAP = 16;

/**
 * `sizes` of a card in the site's `.grid` of `columns` (global.css): one column up to 560 px, two
 * up to 1024 px, at most three up to 1200 px, then `columns` across the container.
 */
export function gridSizes(columns: number) {
  const widest = Math.ceil((CONTENT_MAX - GAP * (columns - 1)) / columns);
  const upTo1200 = Math.min(columns, 3);
  return [
    '(max-width: 560px) calc(100vw - 2rem)',
    '(max-width: 1024px) calc(50vw - 1.5rem)',
    `(max-width: 1200px) calc(${(100 / upTo1200).toFixed(1)}vw - ${((upTo1200 + 1) / upTo1200).toFixed(2)}rem)`,
    `${widest}px`,
  ].join(', ');
}

/** Mileage in the visitor's unit, and gearbox. */
export const driveFacts = (car: Pick<CarCard, 'millage' | 'transmission'>, unit: MileageUnit) =>
  [formatMileage(car.millage, unit), car.transmission].filter(Boolean).join(' · ');

const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');

/**
 * 'Listed 12 Mar 2026' (the spec's 'dd MMM yyyy', in UTC so that server and browser agree): what a
 * server-rendered card says, the same for every visitor and every day (the page is cached);
 * listedAgo replaces it in the browser.
 */
export const listedOn = (iso: string) => m.card_listed({ date: utcDate(iso) });

/** 'dd MMM yyyy' of a UTC timestamp, the same wherever it is rendered. */
export function utcDate(iso: string) {
  const locale = getLocale();
  if (locale !== 'en') return localUtcDate(iso, locale);
  const at = new Date(iso);
  const day = String(at.getUTCDate()).padStart(2, '0');
  return `${day} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}`;
}

/** 'Listed today', 'Listed yesterday', 'Listed 3 days ago', 'Listed 2 weeks ago', ... */
export function listedAgo(iso: string, now = Date.now()): string {
  const days = Math.max(0, Math.floor((now - Date.parse(iso)) / millisecondsInDay));
  const [value, unit]: [number, Intl.RelativeTimeFormatUnit] =
    days < 7
      ? [days, 'day']
      : days < 30
        ? [Math.floor(days / 7), 'week']
        : days < 365
          ? [Math.floor(days / 30), 'month']
          : [Math.floor(days / 365), 'year'];
  return m.card_listed_ago({ when: localRelative(-value, unit) });
}
