import type { AstroGlobal } from 'astro';
import { localisedPath, type Locale } from '#shared/i18n/language.ts';
import { getServerAsyncLocalStorage } from '#shared/i18n/paraglide/runtime.js';

/** The language of the page being rendered and its addresses in that language. */
export function pageLanguage(astro: Pick<AstroGlobal, 'locals'>) {
  const locale: Locale = astro.locals.locale ?? 'en';
  return { locale, href: (path: string) => localisedPath(path, locale) };
}

/**
 * Renders the rest of this request in `locale`. A server island is fetched at an address of its
 * own, without the page's language: it is given the page's language as a prop and speaks it.
 */
export function speakIn(astro: Pick<AstroGlobal, 'locals'>, locale: Locale) {
  astro.locals.locale = locale;
  const store = getServerAsyncLocalStorage()?.getStore();
  if (store) store.locale = locale;
}
