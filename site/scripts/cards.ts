/**
 * The result cards' per-visitor parts, in the browser (the pages are the same for everyone): the
 * listing's age as of today, and the favourite hearts of a logged-in visitor, which save and unsave.
 */
import { limits, MAX_IMPRESSIONS } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import { favoritesQuery } from '../features/favorites/favorites.ts';
import { api } from '../lib/api.ts';
import { listedAgo } from '../lib/cards.ts';
import { readSession } from '#shared/session.ts';
import { showResult } from '../lib/dialogs.ts';
import { showToast } from '../lib/toast.ts';

/** Every live favourite of the user, as the favourites page asks for them (at most 40 pages). */
/** The way out of the 'logged in to save' toast (as on the listing page). */
const logIn = { label: 'Log in', href: '/login' };

async function favoriteIds(userId: number): Promise<Set<number>> {
  const ids = new Set<number>();
  for (let pageNumber = 1; pageNumber <= 40; pageNumber++) {
    const res = await api.call((r) =>
      r.favorite.get.$post({ json: favoritesQuery(userId, '', pageNumber, limits.pageSize) }),
    );
    if (res.code !== 0) break;
    for (const car of res.data.cars) ids.add(car.id);
    if (pageNumber * limits.pageSize >= res.data.totalCount) break;
  }
  return ids;
}

const hearts = () => document.querySelectorAll<HTMLButtonElement>('button[data-favorite]');

function mark(button: HTMLButtonElement, saved: boolean) {
  button.setAttribute('aria-pressed', String(saved));
  button.title = saved ? 'Remove from favorites' : 'Save to favorites';
}

async function toggle(button: HTMLButtonElement) {
  const session = readSession();
  if (!session) return showToast(messages.listing.favoritesNeedLogin, logIn);
  const saved = button.getAttribute('aria-pressed') === 'true';
  button.disabled = true;
  const json = { carId: Number(button.dataset.favorite), userId: session.userId };
  const res = await api.call((r) =>
    saved ? r.favorite.remove.$post({ json }) : r.favorite.add.$post({ json }),
  );
  button.disabled = false;
  if (res.code === 0) {
    // The same car may be on the page twice (Top Spotted and the list).
    for (const other of hearts()) {
      if (other.dataset.favorite === button.dataset.favorite) mark(other, !saved);
    }
    showToast(saved ? messages.listing.removedFromFavorites : messages.listing.addedToFavorites);
  } else if (res.status === 401) {
    showToast(messages.listing.favoritesNeedLogin, logIn);
  } else {
    await showResult(false, res.message || messages.common.errorOccurred);
  }
}

for (const time of document.querySelectorAll<HTMLTimeElement>('time[data-listed]')) {
  time.textContent = listedAgo(time.dateTime);
}

document.addEventListener('click', (event) => {
  const button = (event.target as Element).closest?.<HTMLButtonElement>('button[data-favorite]');
  if (button) void toggle(button);
});

const session = readSession();
if (session && hearts().length) {
  void favoriteIds(session.userId).then((ids) => {
    for (const button of hearts()) {
      if (ids.has(Number(button.dataset.favorite))) mark(button, true);
    }
  });
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
