import { useState } from 'react';
import { messages } from '#shared/messages.ts';
import { api } from '../../lib/api.ts';

const t = messages.emailConfirmation;

type State =
  | { status: 'ready' }
  | { status: 'working' }
  | { status: 'confirmed'; message: string }
  | { status: 'failed'; message: string };

interface Props {
  /** The token of the e-mail's link; '' when the link had none. */
  token: string;
}

/**
 * The confirmation page's one button. Opening the link changes nothing (mail scanners fetch
 * links); the button posts the token. A link that failed points to where a new one is sent.
 */
export default function ConfirmEmail({ token }: Props) {
  const [state, setState] = useState<State>(
    token ? { status: 'ready' } : { status: 'failed', message: t.linkInvalid },
  );

  async function confirm() {
    setState({ status: 'working' });
    const res = await api.call((r) => r.user.email.confirm.$post({ json: { token } }));
    setState(
      res.code === 0
        ? { status: 'confirmed', message: res.message }
        : { status: 'failed', message: res.message || messages.common.errorOccurred },
    );
  }

  if (state.status === 'confirmed')
    return (
      <div role="status">
        <h1>{state.message}</h1>
        <p>You will now get the e-mails of your saved-search alerts and new messages.</p>
        <a className="button" href="/">
          Search cars
        </a>
      </div>
    );
  if (state.status === 'failed')
    return (
      <div role="alert">
        <h1>{state.message}</h1>
        <p>Log in and open Profile information: it sends you a new link.</p>
        <a className="button" href="/profile-information">
          Get a new link
        </a>
      </div>
    );
  return (
    <div>
      <h1>Confirm your e-mail address</h1>
      <p>Confirming it lets us send you saved-search alerts and notices of new messages.</p>
      <button
        className="button"
        type="button"
        disabled={state.status === 'working'}
        onClick={() => void confirm()}
      >
        {state.status === 'working' ? t.confirming : t.button}
      </button>
    </div>
  );
}
