import { useState, type FormEvent } from 'react';
import { roles } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import { api } from '../../lib/api.ts';
import { showProgress, showResult } from '../../lib/dialogs.ts';
import { writeSession } from '#shared/session.ts';
import { checkLogin, loginFailure, returnPath } from './auth.ts';
import { PasswordField, TextField } from './Fields.tsx';
import './auth.css';

/**
 * Email and password; Enter submits; an admin goes to the back-office, everyone else back where
 * they were asked to log in (`?next=`) or home.
 */
export default function LoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkLogin({ email, password });
    if (!checked.ok) return showResult(false, checked.message);
    const done = showProgress(messages.login.progress);
    const res = await api.call((r) => r.user.login.$post({ json: checked.data }));
    done();
    if (res.code !== 0) return showResult(false, loginFailure(res));
    writeSession({ ...res.data, email: res.data.email || checked.data.email });
    location.assign(
      res.data.roleId === roles.admin ? '/admin' : (returnPath(location.search) ?? '/'),
    );
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
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
      />
      <a className="auth-form__aside" href="/forgot-password">
        Forgot password?
      </a>
      <button className="button auth-form__submit" type="submit">
        Log in
      </button>
      <p className="auth-form__switch">
        Don&apos;t have an account? <a href="/register">Register</a>
      </p>
    </form>
  );
}
