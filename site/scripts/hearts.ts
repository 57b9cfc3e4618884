/**
 * The favourite hearts on a page (the cards' hearts and the listing's Favorite buttons, marked
 * `data-favorite` with the listing's id), plain buttons from the first paint: a logged-in visitor's
 * hearts show the saved cars, and a tap saves or unsaves; a visitor who is not logged in is
 * offered the login.
 */
import { limits } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import { readSession } from '#shared/session.ts';
import { favoritesQuery } from '../features/favorites/favorites.ts';
import { api } from '../lib/api.ts';
import { showResult } from '../lib/dialogs.ts';
import { showToast } from '../lib/toast.ts';

/** The way out of the 'logged in to save' toast. */
const logIn = { label: 'Log in', href: '/login' };

/** Every live favourite of the user, as the favourites page asks for them (at most 40 pages). */
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

export const hearts = () => document.querySelectorAll<HTMLButtonElement>('button[data-favorite]');

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
    // The same car may be on the page twice (Top Spotted and the list, a listing's contact bar).
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

// Once this script runs, a heart saves in place instead of submitting its form.
document.addEventListener('click', (event) => {
  const button = (event.target as Element).closest?.<HTMLButtonElement>('button[data-favorite]');
  if (!button) return;
  event.preventDefault();
  void toggle(button);
});

/** The logged-in visitor's saved cars, asked for once per page, when the page has a heart. */
let saved: Promise<Set<number>> | undefined;

/**
 * Marks the saved cars among the hearts in `root`: the page's at load, and those a part of the
 * page brings later (the listing's carousels).
 */
export function markSaved(root: ParentNode = document) {
  const session = readSession();
  const inRoot = root.querySelectorAll<HTMLButtonElement>('button[data-favorite]');
  if (!session || !inRoot.length) return;
  saved ??= favoriteIds(session.userId);
  void saved.then((ids) => {
    for (const button of inRoot) {
      if (ids.has(Number(button.dataset.favorite))) mark(button, true);
    }
  });
}

markSaved();
