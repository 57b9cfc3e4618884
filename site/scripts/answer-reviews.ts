/**
 * The seller page's answer forms: shown only to the dealer the reviews are about (a per-visitor
 * part of a page cached for everyone). An answer sent takes its form's place.
 */
import { messages } from '#shared/messages.ts';
import { readSession } from '#shared/session.ts';
import { api } from '../lib/api.ts';
import { showToast } from '../lib/toast.ts';

const section = document.querySelector<HTMLElement>('[data-reviews-of]');
const dealerId = Number(section?.dataset.reviewsOf);

/** The answer as the page shows it to everyone once the cache has the new page. */
function answered(text: string) {
  const answer = Object.assign(document.createElement('p'), {
    className: 'dealer-reviews__answer',
  });
  const who = Object.assign(document.createElement('strong'), {
    textContent: 'The dealer answered:',
  });
  answer.append(who, ` ${text}`);
  return answer;
}

async function send(form: HTMLFormElement) {
  const id = String(form.dataset.answerReview);
  const text = String(new FormData(form).get('text'));
  const button = form.querySelector('button');
  if (button) button.disabled = true;
  const res = await api.call((r) => r.review.answer[':id'].$put({ param: { id }, json: { text } }));
  if (button) button.disabled = false;
  showToast(res.message || messages.common.errorOccurred);
  if (res.code === 0) form.replaceWith(answered(text.trim()));
}

if (section && readSession()?.userId === dealerId) {
  for (const form of section.querySelectorAll<HTMLFormElement>('form[data-answer-review]')) {
    form.hidden = false;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void send(form);
    });
  }
}
