import { messages } from '#shared/messages.ts';
import { isLoggedIn } from '#shared/session.ts';
import { api } from '../../lib/api.ts';
import { showResult } from '../../lib/dialogs.ts';
import { showToast } from '../../lib/toast.ts';

/**
 * Web push for this browser, from the notifications page: turning it on asks the browser's
 * permission, subscribes with the server's VAPID key and gives the subscription to the API;
 * turning it off unsubscribes the browser and tells the API to forget it. The state shown is
 * this browser's subscription (each browser is turned on by itself).
 */
const m = messages.push;
const state = document.getElementById('push-state');
const button = document.getElementById('push-button') as HTMLButtonElement | null;

function show(text: string, on: boolean | null) {
  if (state) state.textContent = text;
  if (!button) return;
  button.hidden = on === null;
  button.textContent = on ? m.turnOff : m.turnOn;
  button.setAttribute('aria-pressed', String(Boolean(on)));
}

const supported = () =>
  'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

async function registration() {
  return navigator.serviceWorker.register('/sw.js').then(() => navigator.serviceWorker.ready);
}

async function turnOn() {
  if ((await Notification.requestPermission()) !== 'granted') return show(m.denied, null);
  const key = await api.call((r) => r.push.key.$get());
  if (key.code !== 0) return showResult(false, key.message);
  const worker = await registration();
  const subscription = await worker.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key.data.publicKey,
  });
  const json = subscription.toJSON();
  const res = await api.call((r) =>
    r.push.subscriptions.$post({
      json: {
        endpoint: subscription.endpoint,
        keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
      },
    }),
  );
  if (res.code !== 0) {
    await subscription.unsubscribe();
    return showResult(false, res.message);
  }
  show(m.on, true);
  showToast(res.message);
}

async function turnOff() {
  const subscription = await (await registration()).pushManager.getSubscription();
  if (subscription) {
    const res = await api.call((r) =>
      r.push.subscriptions.remove.$post({ json: { endpoint: subscription.endpoint } }),
    );
    // Not found: the server had already forgotten this browser, which is what was asked.
    if (res.code !== 0 && res.status !== 404) return showResult(false, res.message);
    await subscription.unsubscribe();
  }
  show(m.off, false);
  showToast(m.turnedOff);
}

async function start() {
  if (!button || !isLoggedIn()) return;
  if (!supported()) return show(m.unsupported, null);
  if (Notification.permission === 'denied') return show(m.denied, null);
  const subscription = await (await registration()).pushManager.getSubscription();
  show(subscription ? m.on : m.off, Boolean(subscription));
  button.addEventListener('click', () => {
    button.disabled = true;
    const on = button.getAttribute('aria-pressed') === 'true';
    (on ? turnOff() : turnOn())
      .catch((error: unknown) => {
        console.error('[push]', error);
        void showResult(false, m.failed);
      })
      .finally(() => (button.disabled = false));
  });
}

void start();
