import { messages } from '#shared/messages.ts';
import { isLoggedIn } from '#shared/session.ts';

/**
 * The three dialogs of the spec, on the native <dialog> element (focus trap, Escape, backdrop):
 * result ('Success' / 'Uh-oh...' with Close), progress (loader and message), confirmation.
 */
function open(
  build: (dialog: HTMLDialogElement) => void,
  closeOnBackdrop = true,
): HTMLDialogElement {
  const dialog = document.createElement('dialog');
  dialog.className = 'dialog';
  build(dialog);
  if (closeOnBackdrop) {
    dialog.addEventListener('click', (e) => {
      if (e.target === dialog) dialog.close();
    });
  }
  dialog.addEventListener('close', () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  return dialog;
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

/** 'Success' or 'Uh-oh...' with the message and a Close button; resolves when closed. */
export function showResult(success: boolean, message: string): Promise<void> {
  return new Promise((resolve) => {
    const dialog = open((d) => {
      d.setAttribute('aria-labelledby', 'dialog-title');
      const close = el('button', { type: 'button', className: 'button', textContent: 'Close' });
      close.addEventListener('click', () => d.close());
      d.append(
        el('h2', {
          id: 'dialog-title',
          className: success ? 'dialog__title ok' : 'dialog__title fail',
          textContent: success ? messages.common.success : messages.common.failure,
        }),
        el('p', { className: 'dialog__message', textContent: message }),
        el('div', { className: 'dialog__actions' }, close),
      );
    });
    dialog.addEventListener('close', () => resolve());
  });
}

/** A loader with a message; call the returned function to close it. */
export function showProgress(message: string): () => void {
  const dialog = open((d) => {
    d.setAttribute('aria-busy', 'true');
    d.setAttribute('aria-label', message);
    d.append(
      el('div', { className: 'loader' }),
      el('p', { className: 'dialog__message', textContent: message }),
    );
    d.addEventListener('cancel', (e) => e.preventDefault());
  }, false);
  return () => dialog.close();
}

/** 'Are you sure?' with Cancel and I'm sure; the overlay closes it as Cancel. */
export function confirm(
  message: string,
  title: string = messages.common.areYouSure,
): Promise<boolean> {
  return new Promise((resolve) => {
    let answer = false;
    const dialog = open((d) => {
      d.setAttribute('aria-labelledby', 'dialog-title');
      const cancel = el('button', {
        type: 'button',
        className: 'button button--ghost',
        textContent: 'Cancel',
      });
      const sure = el('button', { type: 'button', className: 'button', textContent: "I'm sure" });
      cancel.addEventListener('click', () => d.close());
      sure.addEventListener('click', () => {
        answer = true;
        d.close();
      });
      d.append(
        el('h2', { id: 'dialog-title', className: 'dialog__title', textContent: title }),
        el('p', { className: 'dialog__message', textContent: message }),
        el('div', { className: 'dialog__actions' }, cancel, sure),
      );
    });
    dialog.addEventListener('close', () => resolve(answer));
  });
}

/**
 * Whether a call failed because the session ended (a 401 the silent refresh could not cure): the
 * screen shows its login prompt then (useSession turns null), so no failure dialog.
 */
export const sessionEnded = (result: { code: number }) => result.code === 401 && !isLoggedIn();

/** Runs a call with the progress dialog and shows its failure (or success message) after. */
export async function withProgress<T extends { code: number; message: string }>(
  message: string,
  call: () => Promise<T>,
  success?: string,
): Promise<T> {
  const done = showProgress(message);
  const result = await call();
  done();
  if (sessionEnded(result)) return result;
  if (result.code !== 0) await showResult(false, result.message || messages.common.errorOccurred);
  else if (success) await showResult(true, success);
  return result;
}
