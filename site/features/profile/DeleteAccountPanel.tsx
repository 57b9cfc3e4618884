import { useId, useState, type FormEvent } from 'react';
import { messages } from '#shared/messages.ts';
import { api } from '../../lib/api.ts';
import { confirm, showResult } from '../../lib/dialogs.ts';
import { clearSession } from '#shared/session.ts';
import { deleteAccountProblem } from './profile.ts';
import { accountCall } from './useAccountUser.ts';

interface Props {
  /** Whether the panel shows its own heading (on the profile screen, not on its own route). */
  titled: boolean;
  onUnauthorized: () => void;
}

/** Deletes the account after the password check and a confirmation; success ends the session. */
export function DeleteAccountPanel({ titled, onUnauthorized }: Props) {
  const id = useId();
  const [password, setPassword] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = deleteAccountProblem(password);
    if (problem) return showResult(false, problem);
    if (!(await confirm(messages.profile.deleteConfirm))) return;
    const done = await accountCall(
      messages.profile.deletingAccount,
      () => api.call((r) => r.user.remove.$post({ json: { password } })),
      onUnauthorized,
    );
    if (!done) return;
    clearSession();
    await showResult(true, messages.profile.accountDeleted);
    location.assign('/');
  }

  return (
    <form
      className="panel profile-panel profile-panel--danger"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label={titled ? undefined : 'Delete account'}
      aria-labelledby={titled ? `${id}-title` : undefined}
    >
      {titled && <h2 id={`${id}-title`}>Delete account</h2>}
      <p className="profile-hint" id={`${id}-hint`}>
        Deleting your account erases your personal details, removes all your listings and ends every
        session. Credits left in your balance are lost. This cannot be undone.
      </p>
      <label className="field">
        <span>Password</span>
        <input
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-describedby={`${id}-hint`}
        />
      </label>
      <div className="profile-actions">
        <button className="button button--danger" type="submit">
          Delete account
        </button>
      </div>
    </form>
  );
}
