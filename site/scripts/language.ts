import {
  languageCookie,
  localisedPath,
  proposedLanguage,
  type Locale,
} from '#shared/i18n/language.ts';
import { m } from '#shared/i18n/paraglide/messages.js';

/** One year: a chosen language outlives the visit. */
const YEAR = 365 * 24 * 3600;

/** Keeps the visitor's choice of language for the next pages and visits. */
export function rememberLanguage(locale: Locale) {
  document.cookie = `${languageCookie}=${locale}; path=/; max-age=${YEAR}; samesite=lax`;
}

const chosenLanguage = () =>
  new RegExp(`(?:^|; )${languageCookie}=([a-z]+)`).exec(document.cookie)?.[1];

/** A link of a language switch keeps its language before the browser follows it. */
document.addEventListener('click', (event) => {
  const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-language]');
  if (link) rememberLanguage(link.dataset.language as Locale);
});

/**
 * On an English page, to a visitor who never chose a language and whose browser prefers Maltese
 * or Italian: a notice in that language offering the page in it. It never moves anyone by itself.
 */
function offerLanguage() {
  const page = document.documentElement;
  if (page.lang !== 'en' || page.dataset.languages !== 'all' || chosenLanguage()) return;
  const offered = proposedLanguage(navigator.languages);
  if (!offered) return;
  const options = { locale: offered };
  const notice = document.createElement('aside');
  notice.className = 'language-offer';
  notice.lang = offered;
  notice.setAttribute('aria-label', m.language_label({}, options));
  const text = document.createElement('p');
  text.textContent = m.language_offer({}, options);
  const accept = document.createElement('a');
  accept.className = 'button';
  accept.href = localisedPath(location.pathname + location.search, offered);
  accept.hreflang = offered;
  accept.dataset.language = offered;
  accept.textContent = m.language_offer_accept({}, options);
  const decline = document.createElement('button');
  decline.type = 'button';
  decline.className = 'button button--ghost';
  decline.textContent = m.language_offer_decline({}, options);
  decline.addEventListener('click', () => {
    rememberLanguage('en');
    notice.remove();
  });
  notice.append(text, accept, decline);
  document.body.append(notice);
}

offerLanguage();
