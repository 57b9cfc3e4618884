import { useState, type FormEvent } from 'react';
import { roles } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import type { Session } from '#shared/schemas/auth.ts';
import { needsSecondFactor, type LoginChallenge } from '#shared/schemas/two-factor.ts';
import { api } from '../../lib/api.ts';
import { showProgress, showResult } from '../../lib/dialogs.ts';
import { writeSession } from '#shared/session.ts';
import { CodeField } from '../two-factor/CodeField.tsx';
import { RecoveryCodes } from '../two-factor/RecoveryCodes.tsx';
import { TotpSetup } from '../two-factor/TotpSetup.tsx';
import { codeFailure, codeProblem, loginExpired } from '../two-factor/two-factor.ts';
import { checkLogin, loginFailure, returnPath } from './auth.ts';
import { PasswordField, TextField } from './Fields.tsx';
import './auth.css';

type Step =
  | { kind: 'password' }
  | { kind: 'code'; challenge: LoginChallenge }
  | { kind: 'codes'; session: Session; codes: string[] };

/**
 * Email and password; Enter submits. With two-factor login on, a second step asks for the code
 * (an administrator's first login sets it up there). An admin goes to the back-office, everyone
 * else back where they were asked to log in (`?next=`) or home.
 */
export default function LoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'password' });

  function enter(session: Session) {
    writeSession({ ...session, email: session.email || email.trim().toLowerCase() });
    location.assign(
      session.roleId === roles.admin ? '/admin' : (returnPath(location.search) ?? '/'),
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkLogin({ email, password });
    if (!checked.ok) return showResult(false, checked.message);
    const done = showProgress(messages.login.progress);
    const res = await api.call((r) => r.user.login.$post({ json: checked.data }));
    done();
    if (res.code !== 0) return showResult(false, loginFailure(res));
    if (!needsSecondFactor(res.data)) return enter(res.data);
    setCode('');
    setStep({ kind: 'code', challenge: res.data });
  }

  async function submitCode(event: FormEvent, challenge: LoginChallenge) {
    event.preventDefault();
    const problem = codeProblem(code);
    if (problem) return showResult(false, problem);
    const done = showProgress(messages.login.progress);
    const res = await api.call((r) =>
      r.user.login.code.$post({ json: { challengeToken: challenge.challengeToken, code } }),
    );
    done();
    if (res.code !== 0) {
      setCode('');
      if (loginExpired(res)) setStep({ kind: 'password' });
      return showResult(false, codeFailure(res));
    }
    const { recoveryCodes, ...session } = res.data;
    if (recoveryCodes) setStep({ kind: 'codes', session, codes: recoveryCodes });
    else enter(session);
  }

  if (step.kind === 'codes')
    return <RecoveryCodes codes={step.codes} onDone={() => enter(step.session)} />;

  if (step.kind === 'code') {
    const { challenge } = step;
    const enrolment = challenge.twoFactor === 'enrol' ? challenge.enrolment : undefined;
    return (
      <form
        className="auth-form"
        method="post"
        noValidate
        aria-label="Two-factor login"
        onSubmit={(e) => void submitCode(e, challenge)}
      >
        {enrolment ? (
          <>
            <p className="auth-form__lead">
              Administrators log in with a code from an authenticator app as well as the password.
              Set it up now.
            </p>
            <TotpSetup setup={enrolment} />
          </>
        ) : (
          <p className="auth-form__lead">
            Open your authenticator app and enter the code for Spotted.
          </p>
        )}
        <CodeField value={code} onChange={setCode} recovery={!enrolment} />
        <button className="button auth-form__submit" type="submit">
          Verify
        </button>
        <p className="auth-form__switch">
          <button
            type="button"
            className="link-button"
            onClick={() => setStep({ kind: 'password' })}
          >
            Back to log in
          </button>
        </p>
      </form>
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
