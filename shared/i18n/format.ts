/**
 * Numbers and dates in the language of the page being shown (Paraglide's current locale: the
 * page's address in the browser, the page being rendered on the server). English keeps the spec's
 * formats exactly.
 */
import { format } from 'date-fns/format';
import { intlLocales, type Locale } from './language.ts';
import { getLocale } from './paraglide/runtime.js';

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

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * A date (and time) in Maltese or Italian, as the browser's and Node's own Intl writes it: no
 * date-fns locale, whose texts every page would otherwise download.
 */
function dateIn(locale: Locale, time: boolean) {
  const key = `${locale} ${time}`;
  let made = dateFormats.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(intlLocales[locale], {
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      ...(time ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
    });
    dateFormats.set(key, made);
  }
  return made;
}

/** The spec's 'dd MMM yyyy' in English; the language's own short date in the others. */
export const localDate = (iso: string, locale = getLocale()) =>
  locale === 'en'
    ? format(new Date(iso), 'dd MMM yyyy')
    : dateIn(locale, false).format(new Date(iso));

/** The spec's 'dd MMM yyyy, HH:mm' in English (the reader's time); the language's own elsewhere. */
export const localDateTime = (iso: string, locale = getLocale()) =>
  locale === 'en'
    ? format(new Date(iso), 'dd MMM yyyy, HH:mm')
    : dateIn(locale, true).format(new Date(iso));

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
