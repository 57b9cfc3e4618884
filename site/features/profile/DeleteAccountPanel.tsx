import { useEffect, useId, useState, type FormEvent } from 'react';
import { messages } from '#shared/messages.ts';
import { privacyMessages } from '#shared/schemas/privacy.ts';
import { api } from '../../lib/api.ts';
import { confirm, showResult } from '../../lib/dialogs.ts';
import { clearSession } from '#shared/session.ts';
import { CodeField } from '../two-factor/CodeField.tsx';
import { codeProblem } from '../two-factor/two-factor.ts';
import { deleteAccountProblem } from './profile.ts';
import { accountCall } from './useAccountUser.ts';

interface Props {
  userId: number;
  /** Whether the panel shows its own heading (on the profile screen, not on its own route). */
  titled: boolean;
  onUnauthorized: () => void;
}

/**
 * Deletes the account after the password check (and a second-factor code when two-factor login
 * is on) and a confirmation; credits left are stated first. Success ends the session.
 */
export function DeleteAccountPanel({ userId, titled, onUnauthorized }: Props) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [balance, setBalance] = useState<number | null>(null);
  const [secondFactor, setSecondFactor] = useState(false);

  useEffect(() => {
    void api
      .call((r) => r.user.balance[':id'].$get({ param: { id: String(userId) } }))
      .then((res) => res.code === 0 && setBalance(res.data.balance));
    void api
      .call((r) => r.user['two-factor'].$get())
      .then((res) => res.code === 0 && setSecondFactor(res.data.enabled));
  }, [userId]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = deleteAccountProblem(password) ?? (secondFactor ? codeProblem(code) : null);
    if (problem) return showResult(false, problem);
    if (!(await confirm(messages.profile.deleteConfirm))) return;
    const json = secondFactor ? { password, code } : { password };
    const done = await accountCall(
      messages.profile.deletingAccount,
      () => api.call((r) => r.user.remove.$post({ json })),
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
        Deleting your account erases your personal details, withdraws all your listings and ends
        every session. Buyers you wrote to keep the conversation, from a former user. This cannot be
        undone.
      </p>
      {balance !== null && balance > 0 && (
        <p className="profile-hint profile-hint--warning" role="status">
          {privacyMessages.balanceLeft(balance)}
        </p>
      )}
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
      {secondFactor && <CodeField value={code} onChange={setCode} recovery />}
      <div className="profile-actions">
        <button className="button button--danger" type="submit">
          Delete account
        </button>
      </div>
    </form>
  );
}
