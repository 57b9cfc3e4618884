import { useCallback, useEffect, useState, type MouseEvent } from 'react';
import { dateTime } from '#shared/format.ts';
import { MOBILE_QUERY } from '#shared/limits.ts';
import type { ConversationSummary } from '#shared/schemas/conversation.ts';
import { readSession } from '#shared/session.ts';
import { api } from '../../lib/api.ts';
import Compose from './Compose.tsx';
import ConversationView from './ConversationView.tsx';
import {
  conversationHref,
  INBOX_POLL_MS,
  selectionOf,
  setMessagesBadge,
  type Selection,
} from './messages.ts';
import './messages.css';

/**
 * The inbox beside the open conversation (on a phone, one at a time). The inbox and the header's
 * badge are polled while the page is visible.
 */
export default function Messages() {
  const [loggedIn, setLoggedIn] = useState(true);
  const [list, setList] = useState<ConversationSummary[] | null>(null);
  const [selection, setSelection] = useState<Selection | null>(null);

  const refresh = useCallback(async () => {
    const res = await api.call((r) => r.conversations.$get());
    if (res.status === 401) return setLoggedIn(false);
    if (res.code !== 0) return;
    setList(res.data);
    setMessagesBadge(res.data.reduce((sum, c) => sum + c.unread, 0));
  }, []);

  useEffect(() => {
    if (!readSession()) return setLoggedIn(false);
    setSelection(selectionOf(location.search));
    void refresh();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void refresh();
    }, INBOX_POLL_MS);
    const onPop = () => setSelection(selectionOf(location.search));
    addEventListener('popstate', onPop);
    return () => {
      clearInterval(timer);
      removeEventListener('popstate', onPop);
    };
  }, [refresh]);

  const show = useCallback(
    (id: number, replace = false) => {
      history[replace ? 'replaceState' : 'pushState'](null, '', conversationHref(id));
      setSelection({ kind: 'conversation', id });
      void refresh();
    },
    [refresh],
  );
  const started = useCallback((id: number) => show(id, true), [show]);

  function open(event: MouseEvent, id: number) {
    // On a phone the link's own navigation opens the conversation on its own.
    if (matchMedia(MOBILE_QUERY).matches) return;
    event.preventDefault();
    show(id);
  }

  if (!loggedIn) {
    return (
      <div className="empty panel">
        <h2>Please log in to see your messages</h2>
        <a
          className="button"
          href={`/login?next=${encodeURIComponent(location.pathname + location.search)}`}
        >
          Log in
        </a>
      </div>
    );
  }

  return (
    <div className="messages" data-view={selection ? 'detail' : 'list'}>
      <section className="messages__list panel" aria-label="Conversations">
        {list === null ? (
          <div className="empty" role="status">
            <div className="loader" />
          </div>
        ) : list.length === 0 ? (
          <div className="empty">
            <h2>No messages yet</h2>
            <p>Message a seller from a listing&apos;s page; the conversation shows here.</p>
          </div>
        ) : (
          <ul>
            {list.map((c) => (
              <li key={c.id}>
                <a
                  href={conversationHref(c.id)}
                  className="conversation-row"
                  aria-current={
                    selection?.kind === 'conversation' && selection.id === c.id ? 'true' : undefined
                  }
                  data-unread={c.unread > 0 || undefined}
                  onClick={(e) => open(e, c.id)}
                >
                  {c.carImage ? <img src={c.carImage} alt="" width={64} height={48} /> : <span />}
                  <span className="conversation-row__text">
                    <strong>{c.otherName}</strong>
                    <span className="conversation-row__car">{c.carTitle}</span>
                    <span className="conversation-row__last">{c.lastMessage}</span>
                    <time dateTime={c.lastMessageAt}>{dateTime(c.lastMessageAt)}</time>
                  </span>
                  {c.unread > 0 && (
                    <span className="badge-count" aria-label={`${c.unread} unread`}>
                      {c.unread}
                    </span>
                  )}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="messages__detail panel">
        <a className="messages__back" href="/messages">
          ‹ All messages
        </a>
        {selection?.kind === 'conversation' && (
          <ConversationView id={selection.id} onActivity={() => void refresh()} />
        )}
        {selection?.kind === 'compose' && (
          <Compose carId={selection.carId} onConversation={started} />
        )}
        {!selection && <p className="messages__placeholder">Choose a conversation to read it.</p>}
      </section>
    </div>
  );
}
