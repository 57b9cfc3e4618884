import { useEffect, useState, type FormEvent } from 'react';
import { messages } from '#shared/messages.ts';
import { api } from '../../lib/api.ts';
import { showProgress, showResult } from '../../lib/dialogs.ts';
import { checkReset, clearReset, readReset, type ResetState } from './auth.ts';
import { PasswordField } from './Fields.tsx';
import './auth.css';

/** Step 3 of 3: the new password, with the registration rules. */
export default function ResetPasswordForm() {
  const [reset, setReset] = useState<ResetState | null>(null);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');

  useEffect(() => {
    const state = readReset();
    if (!state?.code) return location.replace('/forgot-password');
    setReset(state);
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reset?.code) return;
    const checked = checkReset({ email: reset.email, code: reset.code, password, confirmPassword });
    if (!checked.ok) return showResult(false, checked.message);
    const done = showProgress(messages.profile.changingPassword);
    const res = await api.call((r) => r.user.password.forgot.update.$post({ json: checked.data }));
    done();
    if (res.code !== 0) return showResult(false, res.message || messages.common.errorOccurred);
    clearReset();
    await showResult(true, res.message || messages.profile.passwordChanged);
    location.assign('/login');
  }

  return (
    <form className="auth-form" method="post" noValidate onSubmit={(e) => void submit(e)}>
      {/* For password managers: whose password this is. */}
      <input type="email" autoComplete="username" value={reset?.email ?? ''} readOnly hidden />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
      />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        value={confirmPassword}
        onChange={setConfirmPassword}
      />
      <p className="auth-form__rule">
        At least 8 characters, with an upper case letter, a lowercase letter and a number.
      </p>
      <button className="button auth-form__submit" type="submit">
        Change password
      </button>
      <p className="auth-form__switch">
        <a href="/login">Back to log in</a>
      </p>
    </form>
  );
}
