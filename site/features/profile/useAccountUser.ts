import { useEffect, useState } from 'react';
import { messages } from '#shared/messages.ts';
import type { Envelope } from '#shared/schemas/envelope.ts';
import type { User } from '#shared/schemas/user.ts';
import { api } from '../../lib/api.ts';
import { showProgress, showResult } from '../../lib/dialogs.ts';
import { readSession } from '#shared/session.ts';

export type AccountUser =
  | { status: 'loading' }
  | { status: 'unauthorized' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; user: User };

/**
 * The signed-in user's full profile. No stored session, or a 401 that the silent refresh could not
 * cure, gives the unauthorized state (the login prompt).
 */
export function useAccountUser() {
  const [state, setState] = useState<AccountUser>({ status: 'loading' });
  useEffect(() => {
    const session = readSession();
    if (!session) {
      setState({ status: 'unauthorized' });
      return;
    }
    let live = true;
    const param = { id: String(session.userId) };
    void api
      .call((r) => r.user[':id'].$get({ param }))
      .then((res) => {
        if (!live) return;
        if (res.status === 401) setState({ status: 'unauthorized' });
        else if (res.code !== 0)
          setState({ status: 'failed', message: res.message || messages.common.errorOccurred });
        else setState({ status: 'ready', user: res.data });
      });
    return () => {
      live = false;
    };
  }, []);
  return [state, setState] as const;
}

/**
 * Runs one of the screen's calls behind the progress dialog. Answers the data on code 0; a 401
 * calls onUnauthorized; any other failure shows the server's message. Both failures answer null.
 */
export async function accountCall<T>(
  progress: string,
  call: () => Promise<Envelope<T> & { status: number }>,
  onUnauthorized: () => void,
): Promise<{ data: T } | null> {
  const done = showProgress(progress);
  const res = await call();
  done();
  if (res.status === 401) {
    onUnauthorized();
    return null;
  }
  if (res.code !== 0) {
    await showResult(false, res.message || messages.common.errorOccurred);
    return null;
  }
  return { data: res.data };
}
