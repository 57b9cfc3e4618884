import { useEffect, useState, type FormEvent } from 'react';
import { conversationTexts } from '#shared/conversations.ts';
import type { ConversationStart } from '#shared/schemas/conversation.ts';
import { api } from '../../lib/api.ts';
import { showResult } from '../../lib/dialogs.ts';
import CarSummary from './CarSummary.tsx';
import MessageForm from './MessageForm.tsx';

interface Props {
  carId: number;
  /** The conversation exists (it did already, or the first message opened it). */
  onConversation: (id: number) => void;
}

/** The first message to the seller of a listing, under the car's card. */
export default function Compose({ carId, onConversation }: Props) {
  const [start, setStart] = useState<ConversationStart | null>(null);
  const [failed, setFailed] = useState('');
  const [text, setText] = useState('');

  useEffect(() => {
    void api
      .call((r) => r.conversations.car[':carId'].$get({ param: { carId: String(carId) } }))
      .then((res) => {
        if (res.code !== 0) return setFailed(res.message);
        if (res.data.conversationId) return onConversation(res.data.conversationId);
        setStart(res.data);
      });
  }, [carId, onConversation]);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return showResult(false, conversationTexts.enterMessage);
    const res = await api.call((r) => r.conversations.$post({ json: { carId, text } }));
    if (res.code !== 0) return showResult(false, res.message);
    onConversation(res.data.conversationId);
  }

  if (failed) return <p className="empty">{failed}</p>;
  if (!start)
    return (
      <div className="empty" role="status">
        <div className="loader" />
      </div>
    );
  return (
    <article className="conversation" aria-label={`New message to ${start.otherName}`}>
      <header className="conversation__header">
        <h2>Message {start.otherName}</h2>
      </header>
      <CarSummary car={start.car} />
      <MessageForm
        id="first-message"
        rows={4}
        placeholder="Hello, is the car still available?"
        text={text}
        onText={setText}
        onSend={(e) => void send(e)}
      />
    </article>
  );
}
