/**
 * 'Message seller' on a listing page is a link to a new conversation about the listing
 * (/messages?car={id}), which works from the first paint. A visitor who is not logged in is
 * offered the login instead, and comes back to the listing after it; before this script has run,
 * the messages page itself asks them to log in.
 */
import { readSession } from '#shared/session.ts';
import { showToast } from '../lib/toast.ts';

document.addEventListener('click', (event) => {
  const link = (event.target as Element | null)?.closest?.('a[data-message-seller]');
  if (!link || readSession()) return;
  event.preventDefault();
  const next = encodeURIComponent(location.pathname);
  showToast('Log in to message the seller', { label: 'Log in', href: `/login?next=${next}` });
});
