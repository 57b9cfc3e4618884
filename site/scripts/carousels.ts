/**
 * The listing page's carousels, a server island (ListingCarousels.astro) that arrives after the
 * page as `<listing-carousels>`: once in the page, the back and forward buttons scroll the track,
 * each card's age is shown as of today and a logged-in visitor's saved cars are marked.
 */
import { listedAgo } from '../lib/cards.ts';
import { animateScroll, STEP_PX } from '../features/listing/scroll.ts';
import { markSaved } from './hearts.ts';

class ListingCarousels extends HTMLElement {
  connectedCallback() {
    for (const time of this.querySelectorAll<HTMLTimeElement>('time[datetime]')) {
      time.textContent = listedAgo(time.dateTime);
    }
    this.addEventListener('click', (event) => {
      const button = (event.target as Element).closest<HTMLButtonElement>('button[data-step]');
      const track = button?.closest('.carousel')?.querySelector<HTMLElement>('.carousel__track');
      if (button && track) animateScroll(track, Number(button.dataset.step) * STEP_PX);
    });
    markSaved(this);
    this.dataset.ready = '';
  }
}

customElements.define('listing-carousels', ListingCarousels);
