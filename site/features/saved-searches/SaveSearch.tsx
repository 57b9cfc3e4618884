import { useId, useState, type FormEvent } from 'react';
import {
  savedSearchNameMax,
  savedSearchMessages as m,
  type SavedSearchAlert,
} from '#shared/saved-searches.ts';
import { readSession } from '#shared/session.ts';
import { api } from '../../lib/api.ts';
import { showToast } from '../../lib/toast.ts';
import { alertOptions, filtersOfAddress } from './saved-searches.ts';
import './saved-searches.css';

/**
 * 'Save search' on the search page: a name and an alert for the filters and sort in the address
 * (read when saving, so whatever the panel applied last is what is kept). Visitors go to log in.
 */
export default function SaveSearch() {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [alert, setAlert] = useState<SavedSearchAlert>('instant');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();

  function start() {
    if (!readSession()) {
      location.assign('/login');
      return;
    }
    setOpen(true);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setError(m.nameRequired);
    setBusy(true);
    const res = await api.call((r) =>
      r['saved-searches'].$post({
        json: { name, alert, filters: filtersOfAddress(location.search) },
      }),
    );
    setBusy(false);
    if (res.code !== 0) return setError(res.message);
    setOpen(false);
    setName('');
    setError('');
    showToast(m.saved, { label: 'Saved searches', href: '/saved-searches' });
  }

  if (!open)
    return (
      <button type="button" className="button button--ghost save-search__open" onClick={start}>
        Save search
      </button>
    );
  return (
    <form className="save-search panel" onSubmit={save} aria-label="Save search">
      <label htmlFor={`${id}-name`}>Name</label>
      <input
        id={`${id}-name`}
        value={name}
        maxLength={savedSearchNameMax}
        placeholder="e.g. Family cars under €15,000"
        onChange={(e) => setName(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        autoFocus
      />
      <label htmlFor={`${id}-alert`}>Alerts</label>
      <select
        id={`${id}-alert`}
        value={alert}
        onChange={(e) => setAlert(e.target.value as SavedSearchAlert)}
      >
        {alertOptions.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <p className="save-search__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
      <div className="save-search__actions">
        <button type="button" className="button button--ghost" onClick={() => setOpen(false)}>
          Cancel
        </button>
        <button type="submit" className="button" disabled={busy}>
          Save
        </button>
      </div>
    </form>
  );
}
