import { useCallback, useState } from 'react';
import { HttpError, useNotify } from 'react-admin';
import { messages } from '#shared/messages.ts';
import { ProgressDialog, ResultDialog } from './dialogs.tsx';

interface Action<T> {
  /** The spec's progress text, shown in a dialog while the call runs. */
  progress: string;
  run: () => Promise<T>;
  /** The spec's success text, shown as a react-admin notification. */
  success?: string;
  /** What follows a success (usually a redirect). */
  then?: (result: T) => void;
}

/** The server's message of a failed call, or the spec's transport failure text. */
export const failureMessage = (error: unknown) =>
  error instanceof HttpError && error.message ? error.message : messages.common.errorOccurred;

/**
 * Runs an admin action the way the spec shows one: a progress dialog, then a success
 * notification, or a result dialog with the server's message. Render `dialogs` once.
 * Calls go through useDataProvider(), so a 401 or 403 still reaches the auth provider.
 */
export function useAdminAction() {
  const notify = useNotify();
  const [progress, setProgress] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const perform = useCallback(
    async <T,>({ progress: text, run, success, then }: Action<T>) => {
      setProgress(text);
      try {
        const result = await run();
        setProgress(null);
        if (success) notify(success, { type: 'success' });
        then?.(result);
      } catch (error) {
        setProgress(null);
        setFailure(failureMessage(error));
      }
    },
    [notify],
  );

  const dialogs = (
    <>
      <ProgressDialog text={progress} />
      <ResultDialog ok={false} message={failure} onClose={() => setFailure(null)} />
    </>
  );
  return { perform, dialogs, busy: progress !== null };
}
