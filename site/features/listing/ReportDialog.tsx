import { useId, useState, type FormEvent } from 'react';
import { messages } from '#shared/messages.ts';
import { readSession } from '#shared/session.ts';
import { api } from '../../lib/api.ts';
import { showProgress, showResult } from '../../lib/dialogs.ts';
import { reportMessage, reportProblem, reportReasons } from './listing.ts';
import { useModal } from './useModal.ts';

/**
 * Report a listing: one of the five reasons and at least 10 characters of details, checked in
 * the spec's order; sends '{reason} - {details}'. Anyone may flag it as illegal content (a notice
 * under the Digital Services Act); a visitor may leave an e-mail address to hear the outcome.
 */
export default function ReportDialog({ carId, onClose }: { carId: number; onClose: () => void }) {
  const ref = useModal(onClose);
  const id = useId();
  const [reason, setReason] = useState('');
  const [details, setDetails] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [illegal, setIllegal] = useState(false);
  const [contact, setContact] = useState('');
  const visitor = !readSession();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = reportProblem(reason, details);
    setProblem(found);
    if (found) return;
    const done = showProgress(messages.common.loading);
    const res = await api.call((r) =>
      r.cars.report[':id'].$post({
        param: { id: String(carId) },
        json: {
          message: reportMessage(reason, details),
          ...(illegal ? { ground: 'illegal' as const } : {}),
          ...(visitor && contact.trim() ? { contact: contact.trim() } : {}),
        },
      }),
    );
    done();
    if (res.code === 0) {
      ref.current?.close();
      await showResult(true, messages.listing.reported);
    } else {
      await showResult(false, res.message || messages.common.errorOccurred);
    }
  };

  return (
    <dialog ref={ref} className="dialog report-dialog" aria-labelledby={`${id}-title`}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <h2 id={`${id}-title`} className="dialog__title">
          Report listing
        </h2>
        <fieldset className="report-dialog__reasons">
          <legend>Why are you reporting this listing?</legend>
          {reportReasons.map((r) => (
            <label key={r} className="choice">
              <input
                type="radio"
                name={`${id}-reason`}
                value={r}
                checked={reason === r}
                onChange={() => setReason(r)}
              />
              {r}
            </label>
          ))}
        </fieldset>
        <label className="field">
          Details
          <textarea
            rows={4}
            maxLength={1000}
            value={details}
            onChange={(e) => setDetails(e.target.value)}
            placeholder="Tell us what is wrong with this listing"
          />
        </label>
        <label className="choice">
          <input type="checkbox" checked={illegal} onChange={(e) => setIllegal(e.target.checked)} />
          This is illegal content (a notice under the EU Digital Services Act)
        </label>
        {visitor && (
          <label className="field">
            Your e-mail (optional)
            <input
              type="email"
              autoComplete="email"
              maxLength={254}
              value={contact}
              onChange={(e) => setContact(e.target.value)}
              placeholder="To hear what we decide"
            />
          </label>
        )}
        {problem && (
          <p className="form-error" role="alert">
            {problem}
          </p>
        )}
        <div className="dialog__actions">
          <button
            type="button"
            className="button button--ghost"
            onClick={() => ref.current?.close()}
          >
            Cancel
          </button>
          <button type="submit" className="button button--danger">
            Report
          </button>
        </div>
      </form>
    </dialog>
  );
}
