import type { AstroGlobal } from 'astro';
import { localisedPath, type Locale } from '#shared/i18n/language.ts';

/** The language of the page being rendered and its addresses in that language. */
export function pageLanguage(astro: Pick<AstroGlobal, 'locals'>) {
  const locale: Locale = astro.locals.locale ?? 'en';
  return { locale, href: (path: string) => localisedPath(path, locale) };
}
