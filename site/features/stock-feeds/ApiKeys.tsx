import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { apiKeyNameMax, type ApiKey } from '#shared/schemas/dealer-api.ts';
import { api } from '../../lib/api.ts';
import { confirm, showResult } from '../../lib/dialogs.ts';

/** The dealer API's keys: make one (shown once), see when each was last used, revoke. */
export default function ApiKeys() {
  const [keys, setKeys] = useState<ApiKey[]>([]);
  const [name, setName] = useState('');
  const [made, setMade] = useState<string | null>(null);

  const load = useCallback(async () => {
    const res = await api.call((r) => r.dealer.keys.$get());
    if (res.code === 0) setKeys(res.data);
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  async function create(event: FormEvent) {
    event.preventDefault();
    const res = await api.call((r) => r.dealer.keys.$post({ json: { name } }));
    if (res.code !== 0) return void showResult(false, res.message);
    setMade(res.data.key);
    setName('');
    void load();
  }

  async function revoke(key: ApiKey) {
    if (!(await confirm(`Revoke the key "${key.name}"? Programs using it stop at once.`))) return;
    const res = await api.call((r) =>
      r.dealer.keys[':id'].$delete({ param: { id: String(key.id) } }),
    );
    if (res.code !== 0) return void showResult(false, res.message);
    void load();
  }

  return (
    <section className="stock-feeds__keys panel" aria-label="API keys">
      <h2>API keys</h2>
      <p>
        Your stock system can list, change and withdraw your cars and read your leads through the
        dealer API (<a href="/api/docs">its reference</a>), with a key sent as X-Api-Key.
      </p>
      <form className="stock-feeds__new-key" onSubmit={(e) => void create(e)}>
        <label>
          <span>Key name</span>
          <input
            className="input"
            value={name}
            maxLength={apiKeyNameMax}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <button className="button" type="submit">
          Create key
        </button>
      </form>
      {made && (
        <p role="status">
          Your new key, shown only now: <code>{made}</code>
        </p>
      )}
      {keys.length > 0 && (
        <ul>
          {keys.map((key) => (
            <li key={key.id}>
              <strong>{key.name}</strong> <code>{key.prefix}…</code>{' '}
              {key.revokedAt
                ? 'Revoked'
                : key.lastUsedAt
                  ? `Last used ${new Date(key.lastUsedAt).toLocaleString('en-GB')}`
                  : 'Not used yet'}
              {!key.revokedAt && (
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={() => void revoke(key)}
                >
                  Revoke
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
