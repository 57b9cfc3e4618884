import { useEffect, useState, type FormEvent } from 'react';
import { date } from '#shared/format.ts';
import { messages } from '#shared/messages.ts';
import { appealTexts as t, type Appealable } from '#shared/schemas/appeal.ts';
import { groundLabels } from '#shared/schemas/trust.ts';
import { readSession } from '#shared/session.ts';
import { api } from '../../lib/api.ts';
import { withProgress } from '../../lib/dialogs.ts';

type State =
  | { kind: 'loading' }
  | { kind: 'logged-out' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; decision: Appealable };

/**
 * The seller's appeal of the decision standing on their listing: what was decided and on which
 * ground, then the appeal's text; once sent, the appeal and, when decided, its outcome.
 */
export default function AppealForm({ listingId }: { listingId: number }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [text, setText] = useState('');

  async function load() {
    if (!readSession()) return setState({ kind: 'logged-out' });
    const res = await api.call((r) =>
      r.appeals.listing[':id'].$get({ param: { id: String(listingId) } }),
    );
    if (res.status === 401) return setState({ kind: 'logged-out' });
    if (res.code !== 0)
      return setState({ kind: 'failed', message: res.message || messages.common.errorOccurred });
    setState({ kind: 'ready', decision: res.data });
  }

  useEffect(() => {
    void load();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const res = await withProgress(
      messages.common.loading,
      () => api.call((r) => r.appeals.$post({ json: { listingId, message: text } })),
      t.sent,
    );
    if (res.code === 0) await load();
  }

  if (state.kind === 'loading')
    return (
      <div className="empty" role="status">
        <div className="loader" />
        <p>{messages.common.loading}</p>
      </div>
    );
  if (state.kind === 'logged-out')
    return (
      <div className="empty">
        <p>Please log in to appeal a decision on your listing.</p>
        <a className="button" href="/login">
          Log in
        </a>
      </div>
    );
  if (state.kind === 'failed') return <p role="alert">{state.message}</p>;

  const { decision } = state;
  const { appeal } = decision;
  return (
    <div className="appeal__body">
      <dl>
        <dt>Listing</dt>
        <dd>
          {decision.title} (#{decision.listingId})
        </dd>
        <dt>Decision</dt>
        <dd>
          {t.decisionNames[decision.decision]} on {date(decision.decidedAt)}
        </dd>
        <dt>Ground</dt>
        <dd>
          {groundLabels[decision.ground]}
          {decision.reason ? ` (${decision.reason})` : ''}
        </dd>
      </dl>
      {appeal ? (
        <div role="status">
          <h2>{appeal.outcome ? t.decided[appeal.outcome] : 'Your appeal is with us'}</h2>
          <p>
            {appeal.outcome
              ? `Reason: ${appeal.outcomeReason ?? ''}`
              : `Sent on ${date(appeal.createdAt)}. A moderator who did not take the decision reviews it and tells you the outcome.`}
          </p>
        </div>
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)}>
          <p>
            You can appeal until {date(decision.appealUntil)}. A moderator who did not take the
            decision reviews it and tells you the outcome in the app and by e-mail.
          </p>
          <label className="field">
            <span>Why is the decision wrong?</span>
            <textarea
              rows={6}
              maxLength={2000}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          </label>
          <button className="button" type="submit">
            Send appeal
          </button>
        </form>
      )}
    </div>
  );
}
