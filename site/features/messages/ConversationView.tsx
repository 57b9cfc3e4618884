import { useEffect, useRef, useState, type FormEvent } from 'react';
import { dateTime } from '#shared/format.ts';
import { conversationTexts } from '#shared/conversations.ts';
import type { Conversation, ConversationMessage } from '#shared/schemas/conversation.ts';
import { api } from '../../lib/api.ts';
import { confirm, showResult } from '../../lib/dialogs.ts';
import CarSummary from './CarSummary.tsx';
import MessageForm from './MessageForm.tsx';
import { CONVERSATION_POLL_MS } from './messages.ts';

interface Props {
  id: number;
  /** Something changed that the inbox shows (a message sent or read). */
  onActivity: () => void;
}

/**
 * One conversation: the car at the top, the messages, and the reply box. New messages are polled
 * every few seconds while the page is visible (the id of the last one seen is the cursor).
 */
export default function ConversationView({ id, onActivity }: Props) {
  const [conversation, setConversation] = useState<Conversation | null>(null);
  const [items, setItems] = useState<ConversationMessage[]>([]);
  const [failed, setFailed] = useState('');
  const [text, setText] = useState('');
  const [reporting, setReporting] = useState(false);
  const lastId = useRef(0);
  const end = useRef<HTMLLIElement>(null);
  const param = { id: String(id) };

  const load = async () => {
    const res = await api.call((r) => r.conversations[':id'].$get({ param }));
    if (res.code !== 0) return setFailed(res.message);
    setConversation(res.data);
  };

  /** Adds the messages after the last one seen; marks them read when the other party wrote. */
  const poll = async () => {
    const query = lastId.current ? { after: String(lastId.current) } : {};
    const res = await api.call((r) => r.conversations[':id'].messages.$get({ param, query }));
    if (res.code !== 0 || !res.data.length) return;
    lastId.current = res.data.at(-1)?.id ?? lastId.current;
    setItems((old) => [...old, ...res.data.filter((m) => !old.some((o) => o.id === m.id))]);
    if (res.data.some((m) => !m.mine)) {
      await api.call((r) => r.conversations[':id'].read.$put({ param }));
      onActivity();
    }
  };

  useEffect(() => {
    lastId.current = 0;
    setItems([]);
    setConversation(null);
    setFailed('');
    void load();
    void poll();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void poll();
    }, CONVERSATION_POLL_MS);
    return () => clearInterval(timer);
    // The conversation id is the only input; load and poll read it.
  }, [id]);

  // Braces: Chromium's scrollIntoView answers a promise, which React would take for a cleanup.
  useEffect(() => {
    void end.current?.scrollIntoView({ block: 'nearest' });
  }, [items.length]);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return showResult(false, conversationTexts.enterMessage);
    const res = await api.call((r) =>
      r.conversations[':id'].messages.$post({ param, json: { text } }),
    );
    if (res.code !== 0) return showResult(false, res.message);
    setText('');
    await poll();
    onActivity();
  }

  async function toggleBlock() {
    if (!conversation) return;
    const blocking = !conversation.blockedByMe;
    if (
      blocking &&
      !(await confirm(`Block ${conversation.otherName}? They will not be able to write to you.`))
    )
      return;
    const res = await api.call((r) =>
      blocking
        ? r.conversations[':id'].block.$put({ param })
        : r.conversations[':id'].unblock.$put({ param }),
    );
    if (res.code !== 0) return showResult(false, res.message);
    await load();
  }

  async function report(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '');
    const res = await api.call((r) =>
      r.conversations[':id'].report.$post({ param, json: { reason } }),
    );
    if (res.code !== 0) return showResult(false, res.message);
    setReporting(false);
    await showResult(true, res.message);
  }

  if (failed) return <p className="empty">{failed}</p>;
  if (!conversation)
    return (
      <div className="empty" role="status">
        <div className="loader" />
      </div>
    );

  return (
    <article className="conversation" aria-label={`Conversation with ${conversation.otherName}`}>
      <header className="conversation__header">
        <h2>{conversation.otherName}</h2>
        <div className="conversation__tools">
          <button type="button" className="button button--ghost" onClick={() => void toggleBlock()}>
            {conversation.blockedByMe ? 'Unblock' : 'Block'}
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => setReporting(!reporting)}
          >
            Report
          </button>
        </div>
      </header>
      {conversation.car && <CarSummary car={conversation.car} />}
      {reporting && (
        <form className="conversation__report" onSubmit={(e) => void report(e)}>
          <label>
            What is wrong with this conversation?
            <textarea className="input" name="reason" rows={3} required minLength={10} />
          </label>
          <button type="submit" className="button">
            Send report
          </button>
        </form>
      )}
      <ol className="conversation__messages" aria-live="polite">
        {items.map((m) => (
          <li key={m.id} className={m.mine ? 'message message--mine' : 'message'}>
            <p className="message__text">{m.text}</p>
            {m.warning && (
              <p className="message__warning" role="note">
                {conversationTexts.scamWarning}
              </p>
            )}
            <time dateTime={m.sentAt}>{dateTime(m.sentAt)}</time>
          </li>
        ))}
        <li ref={end} aria-hidden="true" />
      </ol>
      {conversation.canWrite ? (
        <MessageForm
          id="reply"
          rows={2}
          placeholder="Write a message"
          text={text}
          onText={setText}
          onSend={(e) => void send(e)}
        />
      ) : (
        <p className="conversation__closed">{conversationTexts.blocked}</p>
      )}
    </article>
  );
}
