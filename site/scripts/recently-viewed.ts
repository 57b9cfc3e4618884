/**
 * Recently viewed cars, a per-visitor part of cached pages: a listing page adds its car to the
 * browser's list (and to the account's, when logged in); the home and account pages show the
 * list, the account's when logged in.
 */
import { readSession } from '#shared/session.ts';
import {
  fromCard,
  readRecent,
  remember,
  RECENT_KEY,
  type RecentCar,
} from '../features/recent/recent.ts';
import { api } from '../lib/api.ts';

const stored = () => readRecent(localStorage.getItem(RECENT_KEY));

const viewed = document.querySelector<HTMLElement>('[data-recent]');
if (viewed?.dataset.recent) {
  const [car] = readRecent(`[${viewed.dataset.recent}]`);
  if (car) {
    localStorage.setItem(RECENT_KEY, JSON.stringify(remember(stored(), car)));
    if (readSession()) {
      void api.call((r) =>
        r.user['recently-viewed'][':id'].$put({ param: { id: String(car.id) } }),
      );
    }
  }
}

function item(car: RecentCar) {
  const li = document.createElement('li');
  const link = document.createElement('a');
  link.className = 'recent__car';
  link.href = `/car/${car.id}`;
  const picture = car.image ? document.createElement('img') : document.createElement('span');
  if (picture instanceof HTMLImageElement && car.image) {
    picture.src = car.image;
    picture.alt = '';
    picture.loading = 'lazy';
    picture.width = 192;
    picture.height = 144;
  } else picture.className = 'recent__blank';
  const lines = [
    ['recent__name', car.name],
    ['recent__title', car.title],
    ['recent__price', car.price],
  ].map(([className, text]) => {
    const span = document.createElement('span');
    span.className = className ?? '';
    span.textContent = text ?? '';
    return span;
  });
  link.append(picture, ...lines);
  li.append(link);
  return li;
}

async function showList(section: HTMLElement) {
  let cars = stored();
  if (readSession()) {
    const res = await api.call((r) => r.user['recently-viewed'].$get());
    if (res.code === 0) cars = res.data.map(fromCard);
  }
  const list = section.querySelector('[data-recent-list]');
  if (!list || !cars.length) return;
  list.replaceChildren(...cars.map(item));
  section.hidden = false;
}

const section = document.querySelector<HTMLElement>('[data-recently-viewed]');
if (section) void showList(section);
