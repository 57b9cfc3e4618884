import { useState, type FormEvent } from 'react';
import { messages } from '#shared/messages.ts';
import { api } from '../../lib/api.ts';
import { showProgress, showResult } from '../../lib/dialogs.ts';
import { checkForgot, writeReset } from './auth.ts';
import { TextField } from './Fields.tsx';
import './auth.css';

/** Step 1 of 3: the address that receives the 6-digit code. */
export default function ForgotPasswordForm() {
  const [email, setEmail] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkForgot(email);
    if (!checked.ok) return showResult(false, checked.message);
    const done = showProgress(messages.common.loading);
    const res = await api.call((r) => r.user.password.forgot.$post({ json: checked.data }));
    done();
    if (res.code !== 0) return showResult(false, res.message || messages.common.errorOccurred);
    writeReset({ email: checked.data.email });
    await showResult(true, messages.forgotPassword.codeSent);
    location.assign('/forgot-password-verify');
  }

  return (
    <form className="auth-form" method="post" noValidate onSubmit={(e) => void submit(e)}>
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={setEmail}
      />
      <button className="button auth-form__submit" type="submit">
        Send code
      </button>
      <p className="auth-form__switch">
        Remembered it? <a href="/login">Back to log in</a>
      </p>
    </form>
  );
}
