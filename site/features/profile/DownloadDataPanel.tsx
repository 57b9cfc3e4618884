import { useEffect, useId, useState } from 'react';
import { privacyMessages, type DataExport } from '#shared/schemas/privacy.ts';
import { dateTime } from '#shared/format.ts';
import { api } from '../../lib/api.ts';
import { showResult } from '../../lib/dialogs.ts';
import { accountCall } from './useAccountUser.ts';

const stateTexts: Record<DataExport['state'], (row: DataExport) => string> = {
  pending: () => 'Your copy is being prepared. We will e-mail you a download link.',
  ready: (row) =>
    `We e-mailed you a download link. It works once, until ${row.expiresAt ? dateTime(row.expiresAt) : 'tomorrow'}.`,
  downloaded: () => 'You downloaded your last copy.',
  expired: () => 'The link of your last copy has expired.',
};

/** Asks for a copy of everything stored about the user: a ZIP mailed as a one-time link. */
export function DownloadDataPanel({ onUnauthorized }: { onUnauthorized: () => void }) {
  const id = useId();
  const [latest, setLatest] = useState<DataExport | null>(null);

  useEffect(() => {
    void api
      .call((r) => r.user['data-export'].$get())
      .then((res) => res.code === 0 && setLatest(res.data));
  }, []);

  async function ask() {
    const done = await accountCall(
      'Please wait...',
      () => api.call((r) => r.user['data-export'].$post()),
      onUnauthorized,
    );
    if (!done) return;
    setLatest(done.data);
    await showResult(true, privacyMessages.exportRequested);
  }

  return (
    <section className="panel profile-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Download my data</h2>
      <p className="profile-hint">
        A ZIP file with your profile, listings and their history, favourites, saved searches,
        messages, notifications, transactions, statistics, consents and sessions, with your photos.
        We e-mail you a link that works once, for 24 hours.
      </p>
      {latest && (
        <p className="profile-hint" role="status">
          {stateTexts[latest.state](latest)}
        </p>
      )}
      <div className="profile-actions">
        <button className="button" type="button" onClick={() => void ask()}>
          Download my data
        </button>
      </div>
    </section>
  );
}
