import { dateTime } from '#shared/format.ts';
import { messages } from '#shared/messages.ts';
import { api } from '../lib/api.ts';
import { confirm, showProgress, showResult } from '../lib/dialogs.ts';
import { clearSession, isLoggedIn, keys, readSession } from '#shared/session.ts';
import { typeIconOf } from '../features/notifications/type-icons.ts';
import './language.ts';

/** The behaviour every page shares: menus, logout, the bell, the banners, the search memory. */

/**
 * A header menu is a popover its button opens and closes without any script (a tap before this
 * script has arrived opens it too; the browser closes it on Escape and on a tap elsewhere). Here
 * the button says whether it is open, and `onOpen` runs each time it opens, or at once when it
 * was opened before.
 */
function followMenu(button: HTMLElement | null, menu: HTMLElement | null, onOpen?: () => void) {
  if (!button || !menu) return;
  const follow = () => {
    const open = menu.matches(':popover-open');
    button.setAttribute('aria-expanded', String(open));
    if (open) onOpen?.();
  };
  menu.addEventListener('toggle', follow);
  if (menu.matches(':popover-open')) follow();
}

followMenu(document.getElementById('burger'), document.getElementById('burger-menu'));
followMenu(document.getElementById('account-button'), document.getElementById('account-menu'));
followMenu(
  document.getElementById('bell'),
  document.getElementById('notifications-menu'),
  () => void loadNotifications(),
);

/** Logging out ends this browser's web push for the account (the next user turns on their own). */
async function forgetPush() {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager?.getSubscription();
  if (!subscription) return;
  await api.call((r) =>
    r.push.subscriptions.remove.$post({ json: { endpoint: subscription.endpoint } }),
  );
  await subscription.unsubscribe().catch(() => false);
}

/** Logout asks first; success (or no stored user) clears the session and reloads at home. */
export async function logout() {
  if (!(await confirm('Are you sure that you want to log out?'))) return;
  const session = readSession();
  if (session) {
    const done = showProgress(messages.login.logoutProgress);
    await forgetPush();
    const res = await api.call((r) =>
      r.user.logout[':id'].$put({ param: { id: String(session.userId) } }),
    );
    done();
    if (res.code !== 0 && res.status !== 401) {
      await showResult(false, res.message);
      return;
    }
  }
  clearSession();
  location.href = '/';
}
document
  .querySelectorAll('[data-logout]')
  .forEach((b) => b.addEventListener('click', () => void logout()));

const SVG = 'http://www.w3.org/2000/svg';

/** A notification type's icon, as the notifications screen draws it (TypeIcon.tsx). */
function typeIcon(typeId: number) {
  const icon = typeIconOf(typeId);
  const circle = document.createElement('span');
  circle.className = `type-icon type-icon--${icon.kind}`;
  circle.title = icon.label;
  const svg = document.createElementNS(SVG, 'svg');
  for (const [name, value] of Object.entries({ width: '20', height: '20', viewBox: '0 0 24 24' }))
    svg.setAttribute(name, value);
  svg.setAttribute('fill', 'currentColor');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', icon.path);
  svg.append(path);
  const name = document.createElement('span');
  name.className = 'visually-hidden';
  name.textContent = icon.label;
  circle.append(svg, name);
  return circle;
}

/**
 * A notification's message as one line of text: its HTML (links, lists, paragraphs) belongs to
 * its own page, and a link inside the list's link would be a link in a link.
 */
function previewOf(html: string) {
  const { body } = new DOMParser().parseFromString(html, 'text/html');
  // Blocks end in a space, so that a paragraph's last word and the next one's first stay apart.
  for (const block of body.querySelectorAll(
    'p, li, br, hr, div, h1, h2, h3, h4, h5, h6, blockquote, pre',
  ))
    block.after(' ');
  return (body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

async function refreshBell() {
  if (!isLoggedIn()) return;
  const res = await api.call((r) => r.notifications.unread.count.$get());
  const badge = document.getElementById('bell-count');
  if (!badge || res.code !== 0) return;
  badge.hidden = res.data.count === 0;
  badge.textContent = res.data.count > 99 ? '99+' : String(res.data.count);
}

async function loadNotifications() {
  const session = readSession();
  const list = document.getElementById('notifications-list');
  if (!session || !list) return;
  const res = await api.call((r) =>
    r.notifications.user[':userId'].$post({
      param: { userId: String(session.userId) },
      json: { pageNumber: 1, pageSize: 50 },
    }),
  );
  if (res.code !== 0) return;
  const empty = document.getElementById('notifications-empty');
  if (empty) empty.hidden = res.data.length > 0;
  list.replaceChildren(
    ...res.data.map((n) => {
      const link = document.createElement('a');
      link.href = `/notifications/${n.id}`;
      link.className = 'notification-item';
      const body = document.createElement('span');
      body.className = 'notification-item__body';
      const title = document.createElement('strong');
      title.textContent = n.title;
      const text = document.createElement('span');
      text.className = 'notification-item__text';
      text.textContent = previewOf(n.message);
      const when = document.createElement('small');
      when.textContent = dateTime(n.sentAt);
      body.append(title, text, when);
      const dot = document.createElement('span');
      if (!n.isRead) {
        dot.className = 'unread-dot';
        dot.setAttribute('aria-label', 'Unread');
      }
      link.append(typeIcon(n.typeId), body, dot);
      return link;
    }),
  );
}

/** The header's unread messages badge, read once per page (the messages page keeps it live). */
async function refreshMessages() {
  if (!isLoggedIn()) return;
  const res = await api.call((r) => r.conversations.unread.count.$get());
  if (res.code !== 0) return;
  for (const badge of document.querySelectorAll<HTMLElement>('[data-messages-count]')) {
    badge.hidden = res.data.count === 0;
    badge.textContent = res.data.count > 99 ? '99+' : String(res.data.count);
  }
}

void refreshBell();
void refreshMessages();

// The banners show before paint (Base.astro's head script); here they close. Cookies: the close
// button hides the banner for this page, Accept for good.
const cookie = document.getElementById('cookie-banner');
if (cookie) {
  document.getElementById('cookie-accept')?.addEventListener('click', () => {
    localStorage.setItem(keys.cookiesAccepted, 'true');
    cookie.hidden = true;
  });
  document.getElementById('cookie-close')?.addEventListener('click', () => (cookie.hidden = true));
}

// 'Get the app' on phones: the play store for Android, the app store otherwise; closed for the
// browser session.
const app = document.getElementById('app-banner');
if (app) {
  const store = document.documentElement.dataset.appStore;
  const use = document.getElementById('app-use') as HTMLAnchorElement | null;
  const href = store === 'play' ? app.dataset.playStore : app.dataset.appStore;
  if (use && href) use.href = href;
  document.getElementById('app-close')?.addEventListener('click', () => {
    sessionStorage.setItem('appBannerClosed', 'true');
    app.hidden = true;
  });
}

// The search page remembers its filters only while the visitor stays on search and listings.
if (!/^(\/(mt|it))?\/(search|car\/)/.test(location.pathname)) {
  sessionStorage.removeItem('searchFilters');
  sessionStorage.removeItem('scrollPosition');
}

// The service worker (public/sw.js: the offline page, the last listings seen, web push) registers
// once the page has loaded and the browser is idle, so it never competes with what the page needs.
if ('serviceWorker' in navigator) {
  const register = () =>
    void navigator.serviceWorker
      .register('/sw.js')
      .catch((error: unknown) => console.warn('[service worker]', error));
  const whenIdle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(register) : setTimeout(register, 1000);
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
}
