import { useState } from 'react';
import { messages } from '#shared/messages.ts';
import { privacyMessages } from '#shared/schemas/privacy.ts';

type State =
  | { status: 'ready' }
  | { status: 'working' }
  | { status: 'done'; fileName: string }
  | { status: 'failed'; message: string };

/** The file name the answer's Content-Disposition gives. */
const fileNameOf = (response: Response) =>
  /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
  'spotted-data.zip';

/**
 * The download page's one button. Opening the mailed link changes nothing (mail scanners fetch
 * links, and the link works once); the button fetches the ZIP and hands it to the browser.
 */
export default function DownloadData({ token }: { token: string }) {
  const [state, setState] = useState<State>(
    token ? { status: 'ready' } : { status: 'failed', message: privacyMessages.exportLinkInvalid },
  );

  async function download() {
    setState({ status: 'working' });
    const response = await fetch(
      `/api/user/data-export/download?token=${encodeURIComponent(token)}`,
    ).catch(() => null);
    if (!response?.ok) {
      const body = (await response?.json().catch(() => null)) as { message?: string } | null;
      setState({ status: 'failed', message: body?.message || messages.common.errorOccurred });
      return;
    }
    const fileName = fileNameOf(response);
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    setState({ status: 'done', fileName });
  }

  if (state.status === 'failed')
    return (
      <div role="alert">
        <h1>{state.message}</h1>
        <a className="button" href="/profile-information">
          Profile information
        </a>
      </div>
    );
  if (state.status === 'done')
    return (
      <div role="status">
        <h1>Your data is downloaded</h1>
        <p>{state.fileName} is in your downloads. The link cannot be used again.</p>
      </div>
    );
  return (
    <div>
      <h1>Download my data</h1>
      <p>
        One ZIP file with everything Spotted stores about you. The link works once: keep the file
        somewhere safe.
      </p>
      <button
        className="button"
        type="button"
        disabled={state.status === 'working'}
        onClick={() => void download()}
      >
        Download my data
      </button>
    </div>
  );
}
