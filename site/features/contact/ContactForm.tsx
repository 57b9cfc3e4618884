import { useEffect, useId, useState, type FormEvent } from 'react';
import { limits } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import { api } from '../../lib/api.ts';
import { showResult, withProgress } from '../../lib/dialogs.ts';
import { useTypedEarly } from '../../lib/typed-early.ts';
import { keys } from '#shared/session.ts';
import { contactProblem } from './contact.ts';
import './contact.css';

/** Contact support: email (prefilled from the session), phone and message; works logged out. */
export default function ContactForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [text, setText] = useState('');
  const emailField = useTypedEarly<HTMLInputElement>(email, setEmail);
  const phoneField = useTypedEarly<HTMLInputElement>(phone, setPhone);
  const textField = useTypedEarly<HTMLTextAreaElement>(text, setText);

  useEffect(() => {
    const stored = localStorage.getItem(keys.email);
    if (stored) setEmail((current) => current || stored);
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = { email, phone, text };
    const problem = contactProblem(input);
    if (problem) return showResult(false, problem);
    const res = await withProgress(
      messages.contact.sending,
      () => api.call((r) => r.contact.send.$post({ json: input })),
      messages.contact.sent,
    );
    if (res.code !== 0) return;
    setText('');
    setPhone('');
  }

  const over = text.length > limits.contactMessageMax;
  return (
    <form className="contact-form" noValidate onSubmit={(e) => void submit(e)}>
      <label className="field">
        <span>Email</span>
        <input
          ref={emailField}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </label>
      <label className="field">
        <span>Phone number</span>
        <input
          ref={phoneField}
          type="tel"
          autoComplete="tel"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
        />
      </label>
      <label className="field contact-form__message">
        <span>Message</span>
        <textarea
          ref={textField}
          rows={8}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={`${id}-count`}
        />
      </label>
      <div className="contact-form__footer">
        <p
          id={`${id}-count`}
          className={over ? 'contact-form__count contact-form__count--over' : 'contact-form__count'}
        >
          {text.length} / {limits.contactMessageMax} characters (at least {limits.contactMessageMin}
          )
        </p>
        <button className="button" type="submit">
          Send
        </button>
      </div>
    </form>
  );
}
