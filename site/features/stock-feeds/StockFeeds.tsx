import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { roles } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import {
  feedMessages,
  feedRunInFlight,
  type FeedRun,
  type FeedRunDetail,
} from '#shared/schemas/feed.ts';
import { readSession } from '#shared/session.ts';
import { api } from '../../lib/api.ts';
import { readAsDataUrl, stripDataUrl } from '../../lib/files.ts';
import { showResult } from '../../lib/dialogs.ts';
import { EmptyState, Loading, LoginPrompt, SectionHeader } from '../wallet/AccountStates.tsx';
import ApiKeys from './ApiKeys.tsx';
import FeedAddress from './FeedAddress.tsx';
import ImportReport, { statusLabels, summaryOf } from './ImportReport.tsx';
import './stock-feeds.css';

type State =
  | { kind: 'loading' }
  | { kind: 'loggedOut' }
  | { kind: 'notBusiness' }
  | { kind: 'ready'; runs: FeedRun[] };

/**
 * The account section 'Stock feeds': import a stock file (or give its address), follow the
 * import and read its report.
 */
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
    return res.data;
  }, []);

  const open = useCallback(async (run: FeedRun) => {
    const res = await api.call((r) => r.feeds.runs[':id'].$get({ param: { id: String(run.id) } }));
    if (res.code !== 0) return void showResult(false, res.message);
    setShown(res.data);
  }, []);

  // An import under way when the screen opens is followed, as one just uploaded is.
  useEffect(() => {
    void load().then((runs) => {
      const [newest] = runs ?? [];
      if (newest && feedRunInFlight(newest.status)) void open(newest);
    });
  }, [load, open]);

  const finished = useCallback(
    (run: FeedRunDetail) => {
      setShown(run);
      void load();
    },
    [load],
  );

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
              {busy ? 'Sending…' : 'Import'}
            </button>
          </form>
          {shown && (
            <ImportReport
              run={shown}
              busy={busy}
              onDecide={(a) => void decide(shown, a)}
              onFinished={finished}
            />
          )}
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
          <FeedAddress />
          <ApiKeys />
        </>
      )}
    </>
  );
}
