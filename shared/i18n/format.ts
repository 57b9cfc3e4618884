/**
 * Numbers and dates in the language of the page being shown (Paraglide's current locale: the
 * page's address in the browser, the page being rendered on the server). English keeps the spec's
 * formats exactly.
 */
import { format } from 'date-fns/format';
import type { Locale as DateLocale } from 'date-fns/locale';
import { it } from 'date-fns/locale/it';
import { mt } from 'date-fns/locale/mt';
import { intlLocales, type Locale } from './language.ts';
import { getLocale } from './paraglide/runtime.js';

const dateLocales: Record<Locale, DateLocale | undefined> = { en: undefined, mt, it };

const numberFormats = new Map<Locale, Intl.NumberFormat>();
/** One number formatter per language: making one costs far more than using it. */
function numbers(locale: Locale) {
  let made = numberFormats.get(locale);
  if (!made) numberFormats.set(locale, (made = new Intl.NumberFormat(intlLocales[locale])));
  return made;
}

/** '123,456' in English and Maltese, '123.456' in Italian. */
export const localNumber = (value: number, locale = getLocale()) => numbers(locale).format(value);

/** A price with its currency (default euro), its number in the language's format. */
export const localPrice = (value: number, currency = '€', locale = getLocale()) =>
  `${currency}${localNumber(value, locale)}`;

/** The spec's 'dd MMM yyyy', month names in the language. */
export const localDate = (iso: string, locale = getLocale()) =>
  format(new Date(iso), 'dd MMM yyyy', { locale: dateLocales[locale] });

/** The spec's 'dd MMM yyyy, HH:mm', month names in the language, in the reader's time. */
export const localDateTime = (iso: string, locale = getLocale()) =>
  format(new Date(iso), 'dd MMM yyyy, HH:mm', { locale: dateLocales[locale] });

const relativeFormats = new Map<Locale, Intl.RelativeTimeFormat>();
/** '3 days ago', '3 ġranet ilu', '3 giorni fa'. */
export function localRelative(
  value: number,
  unit: Intl.RelativeTimeFormatUnit,
  locale = getLocale(),
) {
  let made = relativeFormats.get(locale);
  if (!made) {
    made = new Intl.RelativeTimeFormat(locale === 'en' ? 'en' : intlLocales[locale], {
      numeric: 'auto',
    });
    relativeFormats.set(locale, made);
  }
  return made.format(value, unit);
}

/** 'dd MMM yyyy' of a UTC timestamp in a language other than English, the same wherever rendered. */
export const localUtcDate = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(intlLocales[locale], {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(iso));
