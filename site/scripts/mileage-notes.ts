/**
 * The listing owner's 'Explain this reading' forms beside a mileage that went down: the
 * explanation is saved through the API and shown at once (the page's cached copy follows).
 */
import { messages } from '#shared/messages.ts';
import { api } from '../lib/api.ts';
import { showToast } from '../lib/toast.ts';

document.addEventListener('submit', async (event) => {
  const form = (event.target as Element | null)?.closest?.('form[data-explain]');
  if (!(form instanceof HTMLFormElement)) return;
  event.preventDefault();
  const id = form.dataset.explain ?? '';
  const note = String(new FormData(form).get('note') ?? '');
  const button = form.querySelector('button');
  if (button) button.disabled = true;
  const res = await api.call((r) =>
    r.car.mileage.note[':id'].$put({ param: { id }, json: { note } }),
  );
  if (button) button.disabled = false;
  showToast(res.message || messages.common.errorOccurred);
  const shown = form.parentElement?.querySelector<HTMLElement>(`[data-note="${id}"]`);
  const text = shown?.querySelector('[data-note-text]');
  if (res.code !== 0 || !shown || !text) return;
  text.textContent = note.trim();
  shown.hidden = !note.trim();
});
