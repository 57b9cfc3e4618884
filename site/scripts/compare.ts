/**
 * The compare list, kept in the browser (the pages are the same for everyone): the Compare
 * buttons show whether their car is on it, a tap adds or removes it, and a tray links to the
 * compare page while the list has cars. The compare page's Remove links take a car off.
 */
import {
  COMPARE_KEY,
  COMPARE_MAX,
  compareHref,
  parseIds,
  toggleCompare,
} from '../features/compare/compare.ts';
import { showToast } from '../lib/toast.ts';

const read = () => parseIds(localStorage.getItem(COMPARE_KEY));
const write = (ids: number[]) => localStorage.setItem(COMPARE_KEY, ids.join(','));

function tray() {
  let link = document.querySelector<HTMLAnchorElement>('a.compare-tray');
  if (!link) {
    link = document.createElement('a');
    link.className = 'compare-tray';
    document.body.append(link);
  }
  return link;
}

function show(ids: number[]) {
  for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-compare]')) {
    button.setAttribute('aria-pressed', String(ids.includes(Number(button.dataset.compare))));
  }
  const onComparePage = document.querySelector('[data-compare-page]') !== null;
  const link = tray();
  link.hidden = onComparePage || ids.length === 0;
  link.href = compareHref(ids);
  link.textContent = `Compare ${ids.length} ${ids.length === 1 ? 'car' : 'cars'}`;
}

document.addEventListener('click', (event) => {
  const target = event.target as Element | null;
  const toggle = target?.closest?.<HTMLButtonElement>('button[data-compare]');
  if (toggle) {
    const next = toggleCompare(read(), Number(toggle.dataset.compare));
    if (next.full) showToast(`You can compare up to ${COMPARE_MAX} cars`);
    write(next.ids);
    return show(next.ids);
  }
  // A Remove link opens the page without its car (tapped before this script ran, it does so too,
  // and that page's cars become the list); here the list also forgets the car at once.
  const remove = target?.closest?.<HTMLAnchorElement>('a[data-compare-remove]');
  if (remove) write(read().filter((id) => id !== Number(remove.dataset.compareRemove)));
});

// The compare page opened from a shared link: its cars become the list.
const page = document.querySelector<HTMLElement>('[data-compare-page]');
if (page?.dataset.comparePage) write(parseIds(page.dataset.comparePage));
show(read());
