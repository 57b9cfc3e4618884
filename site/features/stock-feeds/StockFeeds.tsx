import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { roles } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import {
  feedMessages,
  type FeedOutcome,
  type FeedRun,
  type FeedRunDetail,
} from '#shared/schemas/feed.ts';
import { readSession } from '#shared/session.ts';
import { api } from '../../lib/api.ts';
import { readAsDataUrl, stripDataUrl } from '../../lib/files.ts';
import { showResult } from '../../lib/dialogs.ts';
import { EmptyState, Loading, LoginPrompt, SectionHeader } from '../wallet/AccountStates.tsx';
import ApiKeys from './ApiKeys.tsx';
import './stock-feeds.css';

type State =
  | { kind: 'loading' }
  | { kind: 'loggedOut' }
  | { kind: 'notBusiness' }
  | { kind: 'ready'; runs: FeedRun[] };

const outcomeLabels: Record<FeedOutcome, string> = {
  created: 'Created',
  updated: 'Updated',
  unchanged: 'Unchanged',
  withdrawn: 'Withdrawn',
  refused: 'Refused',
};

const statusLabels: Record<FeedRun['status'], string> = {
  running: 'Running',
  awaiting_confirmation: 'Waiting for your confirmation',
  done: 'Done',
  failed: 'Failed',
  canceled: 'Canceled',
};

const summaryOf = (run: FeedRun) =>
  (Object.keys(outcomeLabels) as FeedOutcome[])
    .filter((o) => run.counts[o] > 0)
    .map((o) => `${run.counts[o]} ${outcomeLabels[o].toLowerCase()}`)
    .join(', ');

/** The account section 'Stock feeds': import a stock file, read each import's report. */
export default function StockFeeds() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [shown, setShown] = useState<FeedRunDetail | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const session = readSession();
    if (!session) return setState({ kind: 'loggedOut' });
    if (session.roleId !== roles.company) return setState({ kind: 'notBusiness' });
    const res = await api.call((r) => r.feeds.runs.$get({ query: {} }));
    if (res.status === 401) return setState({ kind: 'loggedOut' });
    if (res.code !== 0) {
      setState({ kind: 'ready', runs: [] });
      return void showResult(false, res.message || messages.common.errorOccurred);
    }
    setState({ kind: 'ready', runs: res.data });
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  async function upload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const file = form.get('file');
    const zip = form.get('photos');
    if (!(file instanceof File) || !file.size) return void showResult(false, 'Choose a stock file');
    setBusy(true);
    try {
      const photosZip =
        zip instanceof File && zip.size ? stripDataUrl(await readAsDataUrl(zip)) : null;
      const json = { fileName: file.name, content: await file.text(), photosZip };
      const res = await api.call((r) => r.feeds.runs.$post({ json }));
      if (res.code !== 0) return void showResult(false, res.message);
      setShown(res.data);
      void load();
    } finally {
      setBusy(false);
    }
  }

  async function decide(run: FeedRun, action: 'confirm' | 'cancel') {
    setBusy(true);
    try {
      const param = { id: String(run.id) };
      const res = await api.call((r) =>
        action === 'confirm'
          ? r.feeds.runs[':id'].confirm.$post({ param })
          : r.feeds.runs[':id'].cancel.$post({ param }),
      );
      if (res.code !== 0) return void showResult(false, res.message);
      setShown(res.data);
      void load();
    } finally {
      setBusy(false);
    }
  }

  async function open(run: FeedRun) {
    const res = await api.call((r) => r.feeds.runs[':id'].$get({ param: { id: String(run.id) } }));
    if (res.code !== 0) return void showResult(false, res.message);
    setShown(res.data);
  }

  return (
    <>
      <SectionHeader title="Stock feeds" />
      {state.kind === 'loading' && <Loading message={messages.common.loading} />}
      {state.kind === 'loggedOut' && <LoginPrompt message="Log in to import your stock" />}
      {state.kind === 'notBusiness' && (
        <EmptyState
          title={feedMessages.companyOnly}
          text="Register a business account to import your stock."
        />
      )}
      {state.kind === 'ready' && (
        <>
          <form className="stock-feeds__upload panel" onSubmit={(e) => void upload(e)}>
            <p>
              List your whole stock from one file: one line per car, keyed by your stock number.
              Importing it again updates the cars that changed, adds new ones and withdraws the ones
              no longer in it. Photos come by address or in a ZIP beside the file.
            </p>
            <p className="stock-feeds__downloads">
              <a href="/feeds/spotted-stock-template.csv" download>
                Download the template
              </a>
              <a href="/feeds/spotted-stock-sample.csv" download>
                Download the sample
              </a>
              <a href="/feeds/spotted-stock-sample-photos.zip" download>
                Download the sample's photos
              </a>
            </p>
            <label>
              <span>Stock file (CSV or XML)</span>
              <input
                className="input"
                type="file"
                name="file"
                accept=".csv,.xml,text/csv,text/xml"
              />
            </label>
            <label>
              <span>Photos (ZIP, optional)</span>
              <input className="input" type="file" name="photos" accept=".zip,application/zip" />
            </label>
            <button className="button" type="submit" disabled={busy}>
              {busy ? 'Importing…' : 'Import'}
            </button>
          </form>
          {shown && <Report run={shown} busy={busy} onDecide={(a) => void decide(shown, a)} />}
          {state.runs.length > 0 ? (
            <section className="stock-feeds__runs">
              <h2>Imports</h2>
              <ul>
                {state.runs.map((run) => (
                  <li key={run.id} className="panel">
                    <button
                      type="button"
                      className="stock-feeds__run"
                      onClick={() => void open(run)}
                    >
                      <strong>{run.fileName}</strong>
                      <span>{new Date(run.createdAt).toLocaleString('en-GB')}</span>
                      <span>{statusLabels[run.status]}</span>
                      <span>{summaryOf(run)}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ) : (
            !shown && (
              <EmptyState title="No imports yet" text="Import your stock file to list your cars." />
            )
          )}
          <ApiKeys />
        </>
      )}
    </>
  );
}

function Report(props: {
  run: FeedRunDetail;
  busy: boolean;
  onDecide: (action: 'confirm' | 'cancel') => void;
}) {
  const { run } = props;
  return (
    <section className="stock-feeds__report panel" aria-label="Import report">
      <h2>
        {run.fileName}: {statusLabels[run.status]}
      </h2>
      {run.message && <p role="alert">{run.message}</p>}
      {run.status === 'awaiting_confirmation' && (
        <div className="stock-feeds__decide">
          <button
            type="button"
            className="button"
            disabled={props.busy}
            onClick={() => props.onDecide('confirm')}
          >
            Confirm import
          </button>
          <button
            type="button"
            className="button button--ghost"
            disabled={props.busy}
            onClick={() => props.onDecide('cancel')}
          >
            Cancel import
          </button>
        </div>
      )}
      {run.report.length > 0 && (
        <>
          <p>{summaryOf(run)}</p>
          <div className="stock-feeds__table">
            <table>
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Stock number</th>
                  <th scope="col">Result</th>
                  <th scope="col">Column</th>
                  <th scope="col">Message</th>
                </tr>
              </thead>
              <tbody>
                {run.report.map((line, index) => (
                  <tr key={index}>
                    <td>{line.line ?? '–'}</td>
                    <td>{line.stockNumber ?? '–'}</td>
                    <td>{outcomeLabels[line.outcome]}</td>
                    <td>{line.field ?? ''}</td>
                    <td>{line.message ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
