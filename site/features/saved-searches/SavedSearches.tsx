import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { messages } from '#shared/messages.ts';
import type { SavedSearch } from '#shared/schemas/saved-search.ts';
import {
  savedSearchNameMax,
  savedSearchMessages as m,
  type SavedSearchAlert,
} from '#shared/saved-searches.ts';
import { readSession } from '#shared/session.ts';
import { api } from '../../lib/api.ts';
import { confirm, showResult } from '../../lib/dialogs.ts';
import { showToast } from '../../lib/toast.ts';
import { EmptyState, Loading, LoginPrompt, SectionHeader } from '../wallet/AccountStates.tsx';
import { alertOptions, hrefOfFilters } from './saved-searches.ts';
import './saved-searches.css';

type State =
  { kind: 'loading' } | { kind: 'loggedOut' } | { kind: 'ready'; searches: SavedSearch[] };

/** The account section 'Saved searches': open, rename, change the alert, delete. */
export default function SavedSearches() {
  const [state, setState] = useState<State>({ kind: 'loading' });

  const load = useCallback(async () => {
    if (!readSession()) return setState({ kind: 'loggedOut' });
    const res = await api.call((r) => r['saved-searches'].$get());
    if (res.status === 401) return setState({ kind: 'loggedOut' });
    if (res.code !== 0) {
      setState({ kind: 'ready', searches: [] });
      return showResult(false, res.message || messages.common.errorOccurred);
    }
    setState({ kind: 'ready', searches: res.data });
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const replace = (saved: SavedSearch) =>
    setState((s) =>
      s.kind === 'ready'
        ? { ...s, searches: s.searches.map((x) => (x.id === saved.id ? saved : x)) }
        : s,
    );

  async function update(search: SavedSearch, json: { name?: string; alert?: SavedSearchAlert }) {
    const res = await api.call((r) =>
      r['saved-searches'][':id'].$put({ param: { id: String(search.id) }, json }),
    );
    if (res.code !== 0) {
      void showResult(false, res.message);
      return false;
    }
    replace(res.data);
    showToast(m.updated);
    return true;
  }

  async function open(search: SavedSearch) {
    // Marked opened first, so its new cars are seen; the search opens whatever the answer.
    await api.call((r) =>
      r['saved-searches'][':id'].open.$post({ param: { id: String(search.id) } }),
    );
    location.assign(hrefOfFilters(search.filters));
  }

  async function remove(search: SavedSearch) {
    if (!(await confirm(`Delete the saved search "${search.name}"?`))) return;
    const res = await api.call((r) =>
      r['saved-searches'][':id'].$delete({ param: { id: String(search.id) } }),
    );
    if (res.code !== 0) return void showResult(false, res.message);
    showToast(m.removed);
    void load();
  }

  return (
    <>
      <SectionHeader title="Saved searches" />
      {state.kind === 'loading' && <Loading message={messages.common.loading} />}
      {state.kind === 'loggedOut' && <LoginPrompt message="Log in to see your saved searches" />}
      {state.kind === 'ready' && !state.searches.length && (
        <EmptyState
          title="No saved searches yet"
          text="Search for cars, then press 'Save search' to hear when new ones match."
        />
      )}
      {state.kind === 'ready' && state.searches.length > 0 && (
        <ul className="saved-searches" aria-label="Saved searches">
          {state.searches.map((search) => (
            <Row
              key={search.id}
              search={search}
              onOpen={() => void open(search)}
              onUpdate={(json) => update(search, json)}
              onRemove={() => void remove(search)}
            />
          ))}
        </ul>
      )}
    </>
  );
}

function Row(props: {
  search: SavedSearch;
  onOpen: () => void;
  onUpdate: (json: { name?: string; alert?: SavedSearchAlert }) => Promise<boolean>;
  onRemove: () => void;
}) {
  const { search } = props;
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(search.name);

  async function rename(event: FormEvent) {
    event.preventDefault();
    if (await props.onUpdate({ name })) setRenaming(false);
  }

  return (
    <li className="saved-search panel" aria-label={search.name}>
      {renaming ? (
        <form className="saved-search__rename" onSubmit={rename}>
          <label htmlFor={`rename-${search.id}`}>Name</label>
          <input
            id={`rename-${search.id}`}
            value={name}
            maxLength={savedSearchNameMax}
            onChange={(e) => setName(e.target.value)}
            autoFocus
          />
          <button type="submit" className="button">
            Save
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => (setRenaming(false), setName(search.name))}
          >
            Cancel
          </button>
        </form>
      ) : (
        <div className="saved-search__head">
          <h2 className="saved-search__name">{search.name}</h2>
          <span className="saved-search__new" aria-label={`${search.newCount} new`}>
            {search.newCount === 0
              ? 'No new cars'
              : `${search.newCount} new ${search.newCount === 1 ? 'car' : 'cars'}`}
          </span>
        </div>
      )}
      <div className="saved-search__actions">
        <button type="button" className="button" onClick={props.onOpen}>
          Open
        </button>
        <label className="saved-search__alert">
          <span>Alerts</span>
          <select
            className="input"
            value={search.alert}
            onChange={(e) => void props.onUpdate({ alert: e.target.value as SavedSearchAlert })}
          >
            {alertOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        {!renaming && (
          <button type="button" className="button button--ghost" onClick={() => setRenaming(true)}>
            Rename
          </button>
        )}
        <button type="button" className="button button--ghost" onClick={props.onRemove}>
          Delete
        </button>
      </div>
    </li>
  );
}
