/**
 * The listing page's 'Rate this dealer': shown only to a logged-in buyer whom the API lets
 * review the dealer about this car (a per-visitor part of a page cached for everyone).
 */
import { messages } from '#shared/messages.ts';
import { readSession } from '#shared/session.ts';
import { api } from '../lib/api.ts';
import { showToast } from '../lib/toast.ts';

const form = document.querySelector<HTMLFormElement>('form[data-review-car]');
const carId = Number(form?.dataset.reviewCar);

async function offer(form: HTMLFormElement) {
  const res = await api.call((r) =>
    r.review.eligible[':id'].$get({ param: { id: String(carId) } }),
  );
  if (res.code === 0 && res.data.canReview) form.hidden = false;
}

if (form && readSession()) {
  void offer(form);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const json = { carId, rating: Number(data.get('rating')), text: String(data.get('text')) };
    const button = form.querySelector('button');
    if (button) button.disabled = true;
    const res = await api.call((r) => r.review.add.$post({ json }));
    if (button) button.disabled = false;
    showToast(res.message || messages.common.errorOccurred);
    if (res.code === 0) form.hidden = true;
  });
}
