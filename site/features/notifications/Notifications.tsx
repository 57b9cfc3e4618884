import { useEffect, useState, type MouseEvent } from 'react';
import { dateTime } from '#shared/format.ts';
import { limits, MOBILE_QUERY } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import type { Notification } from '#shared/schemas/notification.ts';
import { api } from '../../lib/api.ts';
import { confirm, showProgress, showResult } from '../../lib/dialogs.ts';
import { readSession } from '#shared/session.ts';
import TypeIcon from './TypeIcon.tsx';
import './notifications.css';

interface Props {
  /** /notifications/{id}: the notification to open. */
  selectedId: number | null;
}

type Detail =
  | { kind: 'none' }
  | { kind: 'loading'; id: number }
  | { kind: 'ready'; notification: Notification }
  | { kind: 'failed'; message: string };

const idFromPath = () => Number(/^\/notifications\/(\d+)/.exec(location.pathname)?.[1]) || null;

/** The header bell's count, one lower after a notification is read on this page. */
function decrementBell() {
  const badge = document.getElementById('bell-count');
  const count = Number(badge?.textContent);
  if (!badge || badge.hidden || !Number.isInteger(count)) return;
  badge.textContent = String(count - 1);
  badge.hidden = count - 1 <= 0;
}

/**
 * The list on the left and the opened notification on the right. On a phone the list and the
 * notification are separate pages (/notifications and /notifications/{id}).
 */
export default function Notifications({ selectedId: initial }: Props) {
  const [loggedIn, setLoggedIn] = useState(true);
  const [list, setList] = useState<Notification[] | null>(null);
  const [selectedId, setSelectedId] = useState(initial);
  const [detail, setDetail] = useState<Detail>({ kind: 'none' });

  useEffect(() => {
    const session = readSession();
    if (!session) return setLoggedIn(false);
    void api
      .call((r) =>
        r.notifications.user[':userId'].$post({
          param: { userId: String(session.userId) },
          json: { pageNumber: 1, pageSize: limits.pageSize },
        }),
      )
      .then((res) => {
        if (res.status === 401) return setLoggedIn(false);
        if (res.code !== 0) console.error('[notifications]', res.message);
        setList(res.code === 0 ? res.data : []);
      });
  }, []);

  useEffect(() => {
    const onPop = () => setSelectedId(idFromPath());
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);

  // Opening a notification loads it and marks it read (on code 0 it shows as read).
  useEffect(() => {
    if (!selectedId || !readSession()) return setDetail({ kind: 'none' });
    let current = true;
    setDetail({ kind: 'loading', id: selectedId });
    void (async () => {
      const param = { id: String(selectedId) };
      const res = await api.call((r) => r.notifications[':id'].$get({ param }));
      if (!current) return;
      if (res.status === 401) return setLoggedIn(false);
      if (res.code !== 0)
        return setDetail({
          kind: 'failed',
          message: res.message || messages.notifications.notFound,
        });
      setDetail({ kind: 'ready', notification: res.data });
      if (res.data.isRead) return;
      const read = await api.call((r) => r.notifications.read[':id'].$put({ param }));
      if (read.code !== 0 || !current) return;
      const markRead = (n: Notification) => (n.id === selectedId ? { ...n, isRead: true } : n);
      setList((items) => items?.map(markRead) ?? null);
      setDetail({ kind: 'ready', notification: { ...res.data, isRead: true } });
      decrementBell();
    })();
    return () => {
      current = false;
    };
  }, [selectedId]);

  function open(event: MouseEvent, id: number) {
    // On a phone the link's own navigation opens the notification's page.
    if (matchMedia(MOBILE_QUERY).matches) return;
    event.preventDefault();
    if (id === selectedId) return;
    history.pushState(null, '', `/notifications/${id}`);
    setSelectedId(id);
  }

  /** Removes the opened notification (after asking) and goes back to the list. */
  async function remove(id: number) {
    if (!(await confirm(messages.notifications.confirmRemove))) return;
    const done = showProgress(messages.common.loading);
    const res = await api.call((r) =>
      r.notifications.remove[':id'].$put({ param: { id: String(id) } }),
    );
    done();
    if (res.status === 401) return setLoggedIn(false);
    if (res.code !== 0) return void showResult(false, res.message);
    setList((items) => items?.filter((n) => n.id !== id) ?? null);
    history.pushState(null, '', '/notifications');
    setSelectedId(null);
  }

  if (!loggedIn) {
    return (
      <div className="empty panel notifications__prompt">
        <h2>Please log in to see notifications</h2>
        <a className="button" href="/login">
          Log in
        </a>
      </div>
    );
  }

  return (
    <div className="notifications" data-view={selectedId ? 'detail' : 'list'}>
      <section className="notifications__list panel" aria-label="All notifications">
        {list === null ? (
          <div className="empty" role="status">
            <div className="loader" />
            <p>{messages.common.loading}</p>
          </div>
        ) : list.length === 0 ? (
          <div className="empty">
            <h2>No notifications found</h2>
            <p>You don&apos;t have any notifications yet.</p>
          </div>
        ) : (
          <ul>
            {list.map((n) => (
              <li key={n.id}>
                <a
                  href={`/notifications/${n.id}`}
                  className="notification-row"
                  aria-current={n.id === selectedId ? 'true' : undefined}
                  data-unread={!n.isRead || undefined}
                  onClick={(e) => open(e, n.id)}
                >
                  <TypeIcon typeId={n.typeId} />
                  <span className="notification-row__text">
                    <strong className="notification-row__title">{n.title}</strong>
                    <span
                      className="notification-row__message"
                      // The server keeps only safe markup in notification messages.
                      dangerouslySetInnerHTML={{ __html: n.message }}
                    />
                    <time dateTime={n.sentAt}>{dateTime(n.sentAt)}</time>
                  </span>
                  {!n.isRead && (
                    <span className="unread-dot">
                      <span className="visually-hidden">Unread</span>
                    </span>
                  )}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="notifications__detail panel" aria-live="polite">
        <a className="notifications__back" href="/notifications">
          ‹ All notifications
        </a>
        {detail.kind === 'none' && (
          <p className="notifications__placeholder">Choose a notification to read it.</p>
        )}
        {detail.kind === 'loading' && (
          <div className="empty" role="status">
            <div className="loader" />
            <p>{messages.common.loading}</p>
          </div>
        )}
        {detail.kind === 'failed' && (
          <div className="empty">
            <h2>{detail.message}</h2>
          </div>
        )}
        {detail.kind === 'ready' && (
          <article className="notification">
            <header className="notification__header">
              <TypeIcon typeId={detail.notification.typeId} />
              <div>
                <h2 className="notification__title">{detail.notification.title}</h2>
                <time dateTime={detail.notification.sentAt}>
                  {dateTime(detail.notification.sentAt)}
                </time>
              </div>
              <button
                type="button"
                className="button button--ghost notification__remove"
                onClick={() => void remove(detail.notification.id)}
              >
                Remove
              </button>
            </header>
            <div
              className="notification__message"
              // The server keeps only safe markup in notification messages.
              dangerouslySetInnerHTML={{ __html: detail.notification.message }}
            />
          </article>
        )}
      </section>
    </div>
  );
}
