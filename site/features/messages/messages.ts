/** Short polling of the messages page (the API has no push channel to the browser yet). */
export const CONVERSATION_POLL_MS = 5_000;
export const INBOX_POLL_MS = 15_000;

/** The messages page's address of a conversation, and of a new message about a listing. */
export const conversationHref = (id: number) => `/messages?c=${id}`;
export const composeHref = (carId: number) => `/messages?car=${carId}`;

/** What the page's address asks for. */
export type Selection = { kind: 'conversation'; id: number } | { kind: 'compose'; carId: number };

export function selectionOf(search: string): Selection | null {
  const params = new URLSearchParams(search);
  const id = Number(params.get('c'));
  if (Number.isInteger(id) && id > 0) return { kind: 'conversation', id };
  const carId = Number(params.get('car'));
  if (Number.isInteger(carId) && carId > 0) return { kind: 'compose', carId };
  return null;
}

/** The header's unread messages badge (the shell reads it at page load; this page keeps it live). */
export function setMessagesBadge(count: number) {
  for (const badge of document.querySelectorAll<HTMLElement>('[data-messages-count]')) {
    badge.hidden = count === 0;
    badge.textContent = count > 99 ? '99+' : String(count);
  }
}
