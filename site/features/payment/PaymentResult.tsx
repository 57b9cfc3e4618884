import { useEffect, useRef, useState } from 'react';
import { messages } from '#shared/messages.ts';
import { api } from '../../lib/api.ts';
import { showProgress, showResult } from '../../lib/dialogs.ts';
import { readSession } from '#shared/session.ts';
import './payment.css';

interface Props {
  /** The checkout session the provider sent the payer back with. */
  sessionId: string | null;
  /** The top-up, when the payer came back from cancelling. */
  transactionId: string | null;
}

type Outcome =
  | { kind: 'checking' }
  | { kind: 'loggedOut' }
  | { kind: 'paid' }
  | { kind: 'failed'; message: string };

const m = messages.payment;

/**
 * Asks the server whether the payer's checkout was paid (which also credits it, once); a paid one
 * says so in the result dialog, then goes to the credit balance.
 */
export default function PaymentResult({ sessionId, transactionId }: Props) {
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'checking' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!readSession()) return setOutcome({ kind: 'loggedOut' });
    if (!sessionId && !transactionId)
      return setOutcome({ kind: 'failed', message: 'The payment to check is missing.' });
    void (async () => {
      const done = showProgress(m.checking);
      const res = await api.call((r) =>
        sessionId
          ? r.payment.transaction.check.$post({ json: { sessionId } })
          : r.payment.transaction.check[':id'].$post({
              param: { id: encodeURIComponent(transactionId ?? '') },
            }),
      );
      done();
      if (res.code === 0) {
        // The spec: the success message, then the credit balance.
        setOutcome({ kind: 'paid' });
        await showResult(true, m.succeeded);
        return location.assign('/credit-balance');
      }
      if (res.status === 401) return setOutcome({ kind: 'loggedOut' });
      setOutcome({ kind: 'failed', message: res.message || messages.common.errorOccurred });
    })();
  }, [sessionId, transactionId]);

  if (outcome.kind === 'checking') {
    return (
      <div className="payment-result" role="status">
        <div className="loader" />
        <p>{m.checking}</p>
      </div>
    );
  }
  if (outcome.kind === 'loggedOut') {
    return (
      <div className="payment-result">
        <h2>Please log in to see the payment result</h2>
        <a className="button" href="/login">
          Log in
        </a>
      </div>
    );
  }
  if (outcome.kind === 'paid') {
    // The result dialog says it was paid; the page behind it only leads on, so the success is
    // said once.
    return (
      <div className="payment-result" role="status">
        <div className="loader" />
        <p>The credits are on your balance.</p>
        <a className="button" href="/credit-balance">
          Go to credit balance
        </a>
      </div>
    );
  }
  return (
    <div className="payment-result payment-result--fail" role="status">
      <span className="payment-result__mark" aria-hidden="true">
        !
      </span>
      <h2>{m.failed}</h2>
      <p>{outcome.message}</p>
      <a className="button" href="/credit-balance">
        Back to credit balance
      </a>
    </div>
  );
}
