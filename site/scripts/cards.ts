/**
 * The result cards' per-visitor parts, in the browser (the pages are the same for everyone): the
 * listing's age as of today, and the favourite hearts of a logged-in visitor (hearts.ts).
 */
import { MAX_IMPRESSIONS } from '#shared/limits.ts';
import { api } from '../lib/api.ts';
import { listedAgo } from '../lib/cards.ts';
import { hearts } from './hearts.ts';

for (const time of document.querySelectorAll<HTMLTimeElement>('time[data-listed]')) {
  time.textContent = listedAgo(time.dateTime);
}

/**
 * Seller insights: the cards the home page or a page of search results showed, counted once per
 * page load from here, since the page itself is cached and the same for everyone. A search page
 * without results still counts as a search.
 */
const place =
  location.pathname === '/' ? 'home' : location.pathname === '/search' ? 'search' : null;
if (place) {
  const ids = [...new Set([...hearts()].map((heart) => Number(heart.dataset.favorite)))];
  for (let i = 0; i === 0 || i < ids.length; i += MAX_IMPRESSIONS) {
    const json = { ids: ids.slice(i, i + MAX_IMPRESSIONS), place } as const;
    void api.call((r) => r.cars.impressions.$post({ json }));
  }
}
