import { useEffect, useState } from 'react';
import {
  feedRunInFlight,
  type FeedOutcome,
  type FeedRun,
  type FeedRunDetail,
} from '#shared/schemas/feed.ts';
import { api } from '../../lib/api.ts';

/** How often the progress of an import under way is asked for. */
const POLL_MS = 1000;

export const outcomeLabels: Record<FeedOutcome, string> = {
  created: 'Created',
  updated: 'Updated',
  unchanged: 'Unchanged',
  withdrawn: 'Withdrawn',
  refused: 'Refused',
};

export const statusLabels: Record<FeedRun['status'], string> = {
  queued: 'Waiting to start',
  running: 'Importing',
  awaiting_confirmation: 'Waiting for your confirmation',
  done: 'Done',
  failed: 'Failed',
  canceled: 'Canceled',
};

export const summaryOf = (run: FeedRun) =>
  (Object.keys(outcomeLabels) as FeedOutcome[])
    .filter((o) => run.counts[o] > 0)
    .map((o) => `${run.counts[o]} ${outcomeLabels[o].toLowerCase()}`)
    .join(', ');

/**
 * One import: its progress while the import job works on it (the small progress call, polled),
 * then its report; a stopped one offers Confirm and Cancel. `onFinished` gets the finished run.
 */
export default function ImportReport(props: {
  run: FeedRunDetail;
  busy: boolean;
  onDecide: (action: 'confirm' | 'cancel') => void;
  onFinished: (run: FeedRunDetail) => void;
}) {
  const { run, onFinished } = props;
  const [progress, setProgress] = useState({ done: run.linesDone, total: run.linesTotal });
  const [status, setStatus] = useState(run.status);
  const inFlight = feedRunInFlight(status);

  useEffect(() => {
    setStatus(run.status);
    setProgress({ done: run.linesDone, total: run.linesTotal });
  }, [run]);

  useEffect(() => {
    if (!inFlight) return;
    const param = { id: String(run.id) };
    let stopped = false;
    const poll = async () => {
      const res = await api.call((r) => r.feeds.runs[':id'].progress.$get({ param }));
      if (stopped || res.code !== 0) return;
      if (feedRunInFlight(res.data.status)) {
        setProgress({ done: res.data.linesDone, total: res.data.linesTotal });
        return setStatus(res.data.status);
      }
      // The finished run, with its report, replaces this one: polling stops with it.
      const finished = await api.call((r) => r.feeds.runs[':id'].$get({ param }));
      if (!stopped && finished.code === 0) onFinished(finished.data);
    };
    const timer = setInterval(() => void poll(), POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [inFlight, run.id, onFinished]);

  return (
    <section className="stock-feeds__report panel" aria-label="Import report">
      <h2>
        {run.fileName}: {statusLabels[status]}
      </h2>
      {inFlight && (
        <div className="stock-feeds__progress">
          <progress
            max={Math.max(progress.total, 1)}
            value={progress.done}
            aria-label="Import progress"
          />
          <p role="status">
            {progress.done} of {progress.total} lines done
          </p>
        </div>
      )}
      {!inFlight && run.message && <p role="alert">{run.message}</p>}
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
      {!inFlight && run.report.length > 0 && (
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
