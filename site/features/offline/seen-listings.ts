/**
 * The offline page's list of the listings the service worker kept (public/sw.js): their pages
 * open offline. Newest first, named by each page's title.
 */
const LISTINGS = 'spotted-listings';

async function showSeenListings() {
  if (!('caches' in window) || !(await caches.has(LISTINGS))) return;
  const cache = await caches.open(LISTINGS);
  const requests = [...(await cache.keys())].reverse();
  const items = await Promise.all(
    requests.map(async (request) => {
      const html = (await (await cache.match(request))?.text()) ?? '';
      // Only the title is parsed: a whole page's inline styles would be checked against this
      // page's policy, which does not list them.
      const head = /<title>[^<]*<\/title>/.exec(html)?.[0] ?? '';
      const title = new DOMParser().parseFromString(head, 'text/html').title;
      const link = document.createElement('a');
      link.href = new URL(request.url).pathname;
      link.textContent = title.replace(/ · Spotted$/, '') || link.href;
      const item = document.createElement('li');
      item.append(link);
      return item;
    }),
  );
  const list = document.getElementById('offline-listings-list');
  const section = document.getElementById('offline-listings');
  if (!list || !section || !items.length) return;
  list.replaceChildren(...items);
  section.hidden = false;
}

void showSeenListings();

export {};
