/**
 * A short message at the bottom of the screen that blocks nothing (a polite live region reads it
 * out) and goes by itself: after 4 seconds, or 8 when it offers an action, never while the pointer
 * or the focus is on it. A new toast replaces the one showing.
 */

const SHOWN_MS = 4000;
const SHOWN_WITH_ACTION_MS = 8000;

let region: HTMLElement | null = null;
let dismissShowing: (() => void) | null = null;

/** The live region exists before its first message, so that screen readers announce it. */
function liveRegion(): HTMLElement {
  if (region?.isConnected) return region;
  region = Object.assign(document.createElement('div'), { className: 'toasts' });
  region.setAttribute('role', 'status');
  region.setAttribute('aria-live', 'polite');
  document.body.append(region);
  return region;
}

export function showToast(message: string, action?: { label: string; href: string }): void {
  const live = liveRegion();
  dismissShowing?.();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const toast = Object.assign(document.createElement('div'), { className: 'toast' });
  const text = Object.assign(document.createElement('p'), {
    className: 'toast__message',
    textContent: message,
  });
  toast.append(text);
  if (action) {
    toast.append(
      Object.assign(document.createElement('a'), {
        className: 'toast__action',
        href: action.href,
        textContent: action.label,
      }),
    );
  }
  const close = Object.assign(document.createElement('button'), {
    type: 'button',
    className: 'toast__close',
    textContent: '×',
  });
  close.setAttribute('aria-label', 'Dismiss');
  toast.append(close);

  const dismiss = () => {
    clearTimeout(timer);
    toast.remove();
    if (dismissShowing === dismiss) dismissShowing = null;
  };
  dismissShowing = dismiss;
  const wait = () => {
    clearTimeout(timer);
    timer = setTimeout(dismiss, action ? SHOWN_WITH_ACTION_MS : SHOWN_MS);
  };
  close.addEventListener('click', dismiss);
  toast.addEventListener('pointerenter', () => clearTimeout(timer));
  toast.addEventListener('pointerleave', wait);
  toast.addEventListener('focusin', () => clearTimeout(timer));
  toast.addEventListener('focusout', (event) => {
    if (!toast.contains(event.relatedTarget as Node | null)) wait();
  });
  // A tick after the region exists, so that its first message is announced too.
  requestAnimationFrame(() => {
    live.replaceChildren(toast);
    wait();
  });
}
