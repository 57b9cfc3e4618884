import { useId, useState, type FormEvent } from 'react';
import { messages } from '#shared/messages.ts';
import { api } from '../../lib/api.ts';
import { showResult } from '../../lib/dialogs.ts';
import { changePasswordProblem } from './profile.ts';
import { accountCall } from './useAccountUser.ts';

const empty = { oldPassword: '', newPassword: '', confirmPassword: '' };

interface Props {
  /** The account's email, filled from the profile. */
  email: string;
  /** Whether the panel shows its own heading (on the profile screen, not on its own route). */
  titled: boolean;
  onUnauthorized: () => void;
}

export function ChangePasswordPanel({ email, titled, onUnauthorized }: Props) {
  const id = useId();
  const [form, setForm] = useState(empty);
  const field = (key: keyof typeof empty, label: string, autoComplete: string) => (
    <label className="field">
      <span>{label}</span>
      <input
        type="password"
        autoComplete={autoComplete}
        value={form[key]}
        onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
        aria-describedby={key === 'newPassword' ? `${id}-hint` : undefined}
      />
    </label>
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = { email, ...form };
    const problem = changePasswordProblem(input);
    if (problem) return showResult(false, problem);
    const done = await accountCall(
      messages.profile.changingPassword,
      () => api.call((r) => r.user.password.update.$post({ json: input })),
      onUnauthorized,
    );
    if (!done) return;
    setForm(empty);
    await showResult(true, messages.profile.passwordChanged);
  }

  return (
    <form
      className="panel profile-panel"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label={titled ? undefined : 'Change password'}
      aria-labelledby={titled ? `${id}-title` : undefined}
    >
      {titled && <h2 id={`${id}-title`}>Change password</h2>}
      <input type="email" autoComplete="username" value={email} readOnly hidden />
      {field('oldPassword', 'Old password', 'current-password')}
      {field('newPassword', 'New password', 'new-password')}
      <p className="profile-hint" id={`${id}-hint`}>
        At least 8 characters, with an upper case letter, a lowercase letter and a number.
      </p>
      {field('confirmPassword', 'Confirm password', 'new-password')}
      <div className="profile-actions">
        <button className="button" type="submit">
          Change password
        </button>
      </div>
    </form>
  );
}
