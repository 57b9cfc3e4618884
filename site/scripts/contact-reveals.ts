/**
 * Seller insights on a listing page: a call or an e-mail to the seller (any tel: or mailto: link
 * of the listing: the seller box, 'Call seller', and on a phone the contact bar's Call and
 * Message) is counted as a contact reveal by a beacon. A page script rather than the island, so a
 * tap before the island has hydrated counts too; the beacon is sent with keepalive, so it still
 * leaves when the dialler or the mail app takes over from the page. The server counts it
 * once per visitor, kind and day, never the owner's, and only while live.
 */
import { api } from '../lib/api.ts';

const CONTACT_LINK = '.listing a[href^="tel:"], .listing a[href^="mailto:"]';

/** The listing's id from /car/{id}; 0 on any other page. */
const id = Number(/^\/car\/(\d+)\/?$/.exec(location.pathname)?.[1] ?? 0);

type Kind = 'phone' | 'email';

const reveal = (link: Element) => {
  const kind: Kind = link.getAttribute('href')?.startsWith('tel:') ? 'phone' : 'email';
  void api.call((r) =>
    r.car[':id'].event.$post(
      { param: { id: String(id) }, json: { kind } },
      { init: { keepalive: true } },
    ),
  );
};

if (id) {
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.(CONTACT_LINK);
    if (link) reveal(link);
  });
}
