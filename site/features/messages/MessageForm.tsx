import type { FormEvent } from 'react';
import { conversationMessageMax } from '#shared/schemas/conversation.ts';

interface Props {
  id: string;
  rows: number;
  placeholder: string;
  text: string;
  onText: (text: string) => void;
  onSend: (event: FormEvent) => void;
}

/** The message box and Send of a conversation: the first message, and every reply. */
export default function MessageForm({ id, rows, placeholder, text, onText, onSend }: Props) {
  return (
    <form className="conversation__reply" onSubmit={onSend}>
      <label className="visually-hidden" htmlFor={id}>
        Your message
      </label>
      <textarea
        id={id}
        className="input"
        rows={rows}
        maxLength={conversationMessageMax}
        placeholder={placeholder}
        value={text}
        onChange={(e) => onText(e.target.value)}
      />
      <button type="submit" className="button">
        Send
      </button>
    </form>
  );
}
