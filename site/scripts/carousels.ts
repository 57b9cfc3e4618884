/**
 * The listing page's carousels, rendered on the server (no island, no props in the page): the
 * back and forward buttons scroll the track, and each card's age is shown as of today.
 */
import { listedAgo } from '../lib/cards.ts';
import { animateScroll, STEP_PX } from '../features/listing/scroll.ts';

for (const root of document.querySelectorAll<HTMLElement>('[data-carousels]')) {
  for (const time of root.querySelectorAll<HTMLTimeElement>('time[datetime]')) {
    time.textContent = listedAgo(time.dateTime);
  }
  root.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('button[data-step]');
    const track = button?.closest('.carousel')?.querySelector<HTMLElement>('.carousel__track');
    if (button && track) animateScroll(track, Number(button.dataset.step) * STEP_PX);
  });
  root.dataset.carousels = 'ready';
}
