// Spotted's service worker (README, "Installable site and web push"). Plain JavaScript, served
// as is from /sw.js so that its scope is the whole site; pages register it once they have loaded.
//
// What it keeps: the shell (the offline page, the manifest and the icons), the scripts and styles
// the pages load (/_astro/, named by their content), and the pages of the last listings seen.
// Pages come from the network first; offline, a listing seen before comes from the cache and any
// other page is answered with the offline page. Nothing else is kept: not the API, not the
// back-office, not the account pages (the only pages kept are /car/{id}, the same for everyone).

const SHELL = 'spotted-shell-v1';
const ASSETS = 'spotted-assets';
const LISTINGS = 'spotted-listings';
const LISTINGS_KEPT = 20;
const ASSETS_KEPT = 80;
const OFFLINE = '/offline';
const SHELL_FILES = [OFFLINE, '/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png'];
const LISTING_PAGE = /^\/car\/\d+$/;

/** The shell, and the scripts the offline page loads, so that it works with no network at all. */
async function install() {
  const shell = await caches.open(SHELL);
  await shell.addAll(SHELL_FILES);
  const html = await (await shell.match(OFFLINE)).text();
  const files = [...html.matchAll(/(?:src|href)="(\/_astro\/[^"]+)"/g)].map((m) => m[1]);
  await (await caches.open(ASSETS)).addAll([...new Set(files)]);
}

self.addEventListener('install', (event) => {
  event.waitUntil(install().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('spotted-shell-') && name !== SHELL)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** Keeps the newest `max` entries of a cache (entries are listed oldest first). */
async function trim(cacheName, max) {
  const cache = await caches.open(cacheName);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - max)).map((key) => cache.delete(key)));
}

/** Moves a request to the newest place of its cache. */
async function keep(cacheName, request, response, max) {
  const cache = await caches.open(cacheName);
  await cache.delete(request);
  await cache.put(request, response);
  await trim(cacheName, max);
}

async function page(event, url) {
  try {
    // Asked of the server every time (an unchanged page is a 304 from its ETag). A fetch from the
    // worker is not a navigation, so the HTTP cache would apply the pages' stale-while-revalidate,
    // meant for a CDN, and show a page as it was before a change.
    const response = await fetch(event.request, { cache: 'no-cache' });
    if (response.ok && LISTING_PAGE.test(url.pathname))
      event.waitUntil(keep(LISTINGS, url.pathname, response.clone(), LISTINGS_KEPT));
    return response;
  } catch {
    const seen = LISTING_PAGE.test(url.pathname)
      ? await caches.match(url.pathname, { cacheName: LISTINGS })
      : undefined;
    return seen ?? (await caches.match(OFFLINE, { cacheName: SHELL })) ?? Response.error();
  }
}

async function asset(event) {
  const cached = await caches.match(event.request, { cacheName: ASSETS });
  if (cached) return cached;
  const response = await fetch(event.request);
  if (response.ok) event.waitUntil(keep(ASSETS, event.request, response.clone(), ASSETS_KEPT));
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (url.pathname.startsWith('/admin') || url.pathname.startsWith('/api/')) return;
    event.respondWith(page(event, url));
  } else if (url.pathname.startsWith('/_astro/')) {
    event.respondWith(asset(event));
  } else if (SHELL_FILES.includes(url.pathname)) {
    event.respondWith(
      fetch(request).catch(
        async () => (await caches.match(url.pathname, { cacheName: SHELL })) ?? Response.error(),
      ),
    );
  }
});

// Web push: the server sends {title, body, url} (server/push/push-job.ts).
self.addEventListener('push', (event) => {
  let message = { title: 'Spotted', body: '', url: '/notifications' };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    // A push without a readable payload still tells the user something happened.
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: message.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? '/notifications', self.location.origin);
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).pathname === target.pathname);
      if (open) return open.focus();
      return self.clients.openWindow(target.href);
    }),
  );
});
