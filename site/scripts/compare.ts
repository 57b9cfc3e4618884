/**
 * The compare list, kept in the browser (the pages are the same for everyone): the Compare
 * buttons show whether their car is on it, a tap adds or removes it, and a tray links to the
 * compare page while the list has cars. The compare page's Remove buttons take a car off.
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
  const remove = target?.closest?.<HTMLButtonElement>('button[data-compare-remove]');
  if (remove) {
    const gone = Number(remove.dataset.compareRemove);
    const shown = parseIds(new URL(location.href).searchParams.get('ids'));
    write(read().filter((id) => id !== gone));
    location.assign(compareHref(shown.filter((id) => id !== gone)));
  }
});

// The compare page opened from a shared link: its cars become the list.
const page = document.querySelector<HTMLElement>('[data-compare-page]');
if (page?.dataset.comparePage) write(parseIds(page.dataset.comparePage));
show(read());
