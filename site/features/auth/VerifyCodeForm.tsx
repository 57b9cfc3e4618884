import {
  useEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { limits } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import { api } from '../../lib/api.ts';
import { showProgress, showResult } from '../../lib/dialogs.ts';
import { checkCode, readReset, writeReset } from './auth.ts';
import './auth.css';

const LENGTH = limits.resetCodeLength;
const blank = () => Array.from({ length: LENGTH }, () => '');

/**
 * Step 2 of 3: six single-digit boxes. Typing moves to the next box, Backspace on an empty box
 * goes back, a pasted code fills the boxes, and the sixth digit sends the code.
 */
export default function VerifyCodeForm() {
  const [email, setEmail] = useState<string | null>(null);
  const [digits, setDigits] = useState(blank);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const sending = useRef(false);

  useEffect(() => {
    const reset = readReset();
    if (!reset) return location.replace('/forgot-password');
    setEmail(reset.email);
    inputs.current[0]?.focus();
  }, []);

  const focus = (index: number) =>
    inputs.current[Math.max(0, Math.min(LENGTH - 1, index))]?.focus();

  /** Puts digits from `index` on, then sends when every box is filled. */
  function fill(index: number, typed: string) {
    const incoming = typed
      .replace(/\D/g, '')
      .slice(0, LENGTH - index)
      .split('');
    const next = [...digits];
    incoming.forEach((d, i) => (next[index + i] = d));
    setDigits(next);
    focus(index + incoming.length);
    if (incoming.length && next.every(Boolean)) void send(next.join(''));
  }

  function change(index: number, value: string) {
    if (!value) return setDigits(digits.map((d, i) => (i === index ? '' : d)));
    // A box that had a digit receives two characters: keep the new one.
    const current = digits[index] ?? '';
    fill(index, current && value.length > 1 ? value.replace(current, '') : value);
  }

  function onKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace' && !digits[index] && index > 0) {
      event.preventDefault();
      setDigits(digits.map((d, i) => (i === index - 1 ? '' : d)));
      focus(index - 1);
    } else if (event.key === 'ArrowLeft') focus(index - 1);
    else if (event.key === 'ArrowRight') focus(index + 1);
  }

  function onPaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    fill(index, event.clipboardData.getData('text'));
  }

  async function send(code: string) {
    if (!email || sending.current) return;
    const checked = checkCode(email, code);
    if (!checked.ok) return showResult(false, checked.message);
    sending.current = true;
    const done = showProgress(messages.common.loading);
    const res = await api.call((r) => r.user.password.forgot.verify.$post({ json: checked.data }));
    done();
    sending.current = false;
    if (res.code !== 0) {
      setDigits(blank());
      await showResult(false, res.message || messages.common.errorOccurred);
      return focus(0);
    }
    writeReset({ email, code: checked.data.code });
    location.assign('/forgot-password-update');
  }

  async function resend() {
    if (!email) return;
    const done = showProgress(messages.common.loading);
    const res = await api.call((r) => r.user.password.forgot.$post({ json: { email } }));
    done();
    await showResult(
      res.code === 0,
      res.code === 0 ? messages.forgotPassword.codeSent : res.message,
    );
    setDigits(blank());
    focus(0);
  }

  return (
    <form
      method="post"
      className="auth-form"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void send(digits.join(''));
      }}
    >
      <p className="auth-form__lead" aria-live="polite">
        {email ? (
          <>
            Enter the 6-digit code we sent to <strong>{email}</strong>.
          </>
        ) : (
          'Enter the 6-digit code we sent to your email.'
        )}
      </p>
      <fieldset className="code-input">
        <legend className="visually-hidden">Code</legend>
        {digits.map((digit, i) => (
          <input
            key={i}
            ref={(el) => {
              inputs.current[i] = el;
            }}
            className="code-input__digit"
            value={digit}
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={i === 0 ? 'one-time-code' : 'off'}
            aria-label={`Digit ${i + 1} of ${LENGTH}`}
            onChange={(e) => change(i, e.target.value)}
            onKeyDown={(e) => onKeyDown(i, e)}
            onPaste={(e) => onPaste(i, e)}
            onFocus={(e) => e.target.select()}
          />
        ))}
      </fieldset>
      <button className="button auth-form__submit" type="submit">
        Verify code
      </button>
      <p className="auth-form__switch">
        No code?{' '}
        <button type="button" className="link-button" onClick={() => void resend()}>
          Send a new code
        </button>
      </p>
    </form>
  );
}
