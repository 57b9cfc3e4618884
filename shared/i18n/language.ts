/**
 * The site's languages and their addresses: English at the root, the others under their code
 * ('/mt/search', '/it/car/12'). The messages themselves are compiled from messages/*.json by
 * Paraglide (`npm run i18n`) into ./paraglide.
 */
import { baseLocale, isLocale, locales, type Locale } from './paraglide/runtime.js';

export { baseLocale, isLocale, locales, type Locale };

/** The cookie that keeps a visitor's own choice of language (set only by the switch). */
export const languageCookie = 'language';

/** Each language named in itself, as the switch shows it. */
export const languageNames: Record<Locale, string> = { en: 'English', mt: 'Malti', it: 'Italiano' };

/** The locale Intl formats numbers and dates with, per language. */
export const intlLocales: Record<Locale, string> = { en: 'en-MT', mt: 'mt-MT', it: 'it-IT' };

/** `path` (a root-relative address, query and hash kept) in `locale`. */
export function localisedPath(path: string, locale: Locale): string {
  const bare = splitLanguage(path).path;
  if (locale === baseLocale) return bare;
  return bare === '/' ? `/${locale}/` : `/${locale}${bare}`;
}

/** The language an address is in and the address without its language ('/mt/search' → mt, '/search'). */
export function splitLanguage(path: string): { locale: Locale; path: string } {
  const match = /^\/([a-z]{2})(?=\/|$|\?|#)/.exec(path);
  if (!match || !isLocale(match[1]) || match[1] === baseLocale) return { locale: baseLocale, path };
  const rest = path.slice(match[0].length);
  return { locale: match[1], path: rest.startsWith('/') ? rest : `/${rest}` };
}

/**
 * The language to propose to a visitor from their browser's preferred languages (most preferred
 * first): the first one the site speaks, or none when that is English or none is spoken.
 */
export function proposedLanguage(preferred: readonly string[]): Locale | null {
  for (const tag of preferred) {
    const code = tag.toLowerCase().split('-')[0];
    if (isLocale(code)) return code === baseLocale ? null : code;
  }
  return null;
}
