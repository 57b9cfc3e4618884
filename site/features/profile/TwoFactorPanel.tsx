import { useEffect, useId, useState, type FormEvent } from 'react';
import { messages } from '#shared/messages.ts';
import {
  twoFactorMessages,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '#shared/schemas/two-factor.ts';
import { api } from '../../lib/api.ts';
import { showResult } from '../../lib/dialogs.ts';
import { CodeField } from '../two-factor/CodeField.tsx';
import { RecoveryCodes } from '../two-factor/RecoveryCodes.tsx';
import { TotpSetup } from '../two-factor/TotpSetup.tsx';
import { codeProblem } from '../two-factor/two-factor.ts';
import { accountCall } from './useAccountUser.ts';

type View =
  | { kind: 'loading' }
  | { kind: 'status'; status: TwoFactorStatus }
  | { kind: 'confirm'; setup: TwoFactorSetup }
  | { kind: 'codes'; codes: string[] };

const working = 'Please wait...';

/**
 * Two-factor login on the profile: turning it on (password, then the QR code confirmed with a
 * code, then the recovery codes shown once), setting up a new device, and turning it off
 * (password and a code; administrators must keep it on).
 */
export function TwoFactorPanel({ onUnauthorized }: { onUnauthorized: () => void }) {
  const id = useId();
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');

  async function load() {
    const res = await api.call((r) => r.user['two-factor'].$get());
    if (res.status === 401) return onUnauthorized();
    if (res.code !== 0) return showResult(false, res.message || messages.common.errorOccurred);
    setPassword('');
    setCode('');
    setView({ kind: 'status', status: res.data });
  }

  // Loaded once here; `load` runs again after each change.
  useEffect(() => {
    void load();
  }, []);

  /** Password (and, when on, a code) for a new secret: turning on, or a new device. */
  async function startSetup(enabled: boolean) {
    if (!password) return showResult(false, twoFactorMessages.passwordInvalid);
    const problem = enabled ? codeProblem(code) : null;
    if (problem) return showResult(false, problem);
    const json = enabled ? { password, code } : { password };
    const done = await accountCall(
      working,
      () => api.call((r) => r.user['two-factor'].setup.$post({ json })),
      onUnauthorized,
    );
    if (!done) return;
    setCode('');
    setView({ kind: 'confirm', setup: done.data });
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    const problem = codeProblem(code);
    if (problem) return showResult(false, problem);
    const done = await accountCall(
      working,
      () => api.call((r) => r.user['two-factor'].enable.$post({ json: { code } })),
      onUnauthorized,
    );
    if (!done) return;
    setView({ kind: 'codes', codes: done.data.recoveryCodes });
  }

  async function turnOff() {
    if (!password) return showResult(false, twoFactorMessages.passwordInvalid);
    const problem = codeProblem(code);
    if (problem) return showResult(false, problem);
    const done = await accountCall(
      working,
      () => api.call((r) => r.user['two-factor'].disable.$post({ json: { password, code } })),
      onUnauthorized,
    );
    if (!done) return;
    await showResult(true, twoFactorMessages.turnedOff);
    await load();
  }

  const passwordField = (
    <label className="field">
      <span>Password</span>
      <input
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
    </label>
  );

  function body() {
    switch (view.kind) {
      case 'loading':
        return <div className="loader" role="status" aria-label={messages.common.loading} />;
      case 'codes':
        return <RecoveryCodes codes={view.codes} onDone={() => void load()} />;
      case 'confirm':
        return (
          <form className="profile-panel" noValidate onSubmit={(e) => void confirm(e)}>
            <TotpSetup setup={view.setup} />
            <CodeField value={code} onChange={setCode} recovery={false} />
            <div className="profile-actions">
              <button className="button" type="submit">
                Confirm
              </button>
            </div>
          </form>
        );
      case 'status': {
        const { status } = view;
        if (!status.enabled)
          return (
            <form
              className="profile-panel"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                void startSetup(false);
              }}
            >
              <p className="profile-hint">
                Off. Turn it on to log in with a code from an authenticator app as well as your
                password.
              </p>
              {passwordField}
              <div className="profile-actions">
                <button className="button" type="submit">
                  Turn on
                </button>
              </div>
            </form>
          );
        return (
          <form
            className="profile-panel"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void startSetup(true);
            }}
          >
            <p className="profile-hint">
              On. Recovery codes left: {status.recoveryCodesLeft}.{' '}
              {status.required
                ? 'Administrators must keep it on; you can move it to a new device.'
                : 'To turn it off or move it to a new device, enter your password and a code.'}
            </p>
            {passwordField}
            <CodeField value={code} onChange={setCode} recovery />
            <div className="profile-actions two-factor__actions">
              {!status.required && (
                <button
                  className="button button--ghost"
                  type="button"
                  onClick={() => void turnOff()}
                >
                  Turn off
                </button>
              )}
              <button className="button" type="submit">
                Set up a new device
              </button>
            </div>
          </form>
        );
      }
    }
  }

  return (
    <section className="panel profile-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Two-factor login</h2>
      {body()}
    </section>
  );
}
