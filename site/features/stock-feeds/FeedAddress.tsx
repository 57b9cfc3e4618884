import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { feedUrlSchema, type DealerFeed } from '#shared/schemas/feed.ts';
import { api } from '../../lib/api.ts';
import { confirm, showResult } from '../../lib/dialogs.ts';

const fetchedText = (feed: DealerFeed) =>
  feed.paused
    ? 'Paused by Spotted: it is not fetched until Spotted resumes it'
    : feed.lastFetchedAt
      ? `Last fetched ${new Date(feed.lastFetchedAt).toLocaleString('en-GB')}`
      : 'Not fetched yet: Spotted fetches it within minutes';

/** The scheduled feed: an https address Spotted fetches hourly at most and imports as an upload. */
export default function FeedAddress() {
  const id = useId();
  const [feed, setFeed] = useState<DealerFeed | null>(null);
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const res = await api.call((r) => r.feeds.url.$get());
    if (res.code !== 0) return;
    setFeed(res.data);
    setUrl(res.data?.url ?? '');
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  async function save(event: FormEvent) {
    event.preventDefault();
    const parsed = feedUrlSchema.safeParse({ url });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    setBusy(true);
    try {
      const res = await api.call((r) => r.feeds.url.$put({ json: parsed.data }));
      if (res.code !== 0) return setError(res.message);
      setError(null);
      setFeed(res.data);
      setUrl(res.data.url);
    } finally {
      setBusy(false);
    }
  }

  async function stop() {
    if (!(await confirm('Stop fetching your stock from this address? Your cars stay listed.')))
      return;
    const res = await api.call((r) => r.feeds.url.$delete());
    if (res.code !== 0) return void showResult(false, res.message);
    setFeed(null);
    setUrl('');
  }

  return (
    <section className="stock-feeds__address panel" aria-label="Scheduled feed">
      <h2>Scheduled feed</h2>
      <p>
        Instead of uploading, give the https address of your stock file: Spotted fetches it at most
        hourly and imports it as an upload.
      </p>
      <form className="stock-feeds__address-form" noValidate onSubmit={(e) => void save(e)}>
        <label htmlFor={id}>Feed address (https)</label>
        <input
          id={id}
          className="input"
          type="url"
          inputMode="url"
          value={url}
          placeholder="https://"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setUrl(e.target.value)}
        />
        {error && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
        <div className="stock-feeds__decide">
          <button className="button" type="submit" disabled={busy}>
            Save address
          </button>
          {feed && (
            <button type="button" className="button button--ghost" onClick={() => void stop()}>
              Stop fetching
            </button>
          )}
        </div>
      </form>
      {feed && <p role="status">{fetchedText(feed)}</p>}
    </section>
  );
}
