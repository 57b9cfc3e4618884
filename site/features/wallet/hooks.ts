import { useCallback, useEffect, useState } from 'react';
import type { ApiResult } from '#shared/api/client.ts';
import { MOBILE_QUERY } from '#shared/limits.ts';
import type { Session } from '#shared/schemas/auth.ts';
import { showResult } from '../../lib/dialogs.ts';
import { readSession, SESSION_CLEARED } from '#shared/session.ts';

/**
 * The stored session, read after hydration: undefined until then (the server render and the
 * first client render agree), then the session or null when logged out. It turns null when the
 * session is cleared, so any 401 of a screen's calls that a refresh cannot cure shows the screen's
 * login prompt (the spec's rule).
 */
export function useSession(): Session | null | undefined {
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  useEffect(() => {
    setSession(readSession());
    const cleared = () => setSession(null);
    addEventListener(SESSION_CLEARED, cleared);
    return () => removeEventListener(SESSION_CLEARED, cleared);
  }, []);
  return session;
}

/** Whether the viewport is the spec's mobile width (1024 px or less); undefined until hydrated. */
export function useMobile(): boolean | undefined {
  const [mobile, setMobile] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    const query = matchMedia(MOBILE_QUERY);
    const update = () => setMobile(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return mobile;
}

/** A screen's data: loading, refused (401: the login prompt) or ready. */
export type Load<T> =
  { state: 'loading' } | { state: 'unauthorized' } | { state: 'ready'; data: T };

/**
 * Loads a screen's data with `fetch` (memoise it with useCallback: it loads again when it changes).
 * A 401 makes the screen unauthorized; another failure shows the failure dialog and leaves
 * `fallback` (an empty list, or null for one item).
 */
export function useLoad<T>(fetch: () => Promise<ApiResult<T>>, fallback: T) {
  const [load, setLoad] = useState<Load<T>>({ state: 'loading' });
  const reload = useCallback(async () => {
    const res = await fetch();
    if (res.status === 401) return setLoad({ state: 'unauthorized' });
    if (res.code !== 0) {
      setLoad({ state: 'ready', data: fallback });
      return showResult(false, res.message);
    }
    setLoad({ state: 'ready', data: res.data });
    // Only `fetch` decides when to reload (the fallback is a constant of the screen).
  }, [fetch]);
  // A new query (fetch changed) shows loading; reload() keeps what shows until the answer.
  useEffect(() => {
    setLoad({ state: 'loading' });
    void reload();
  }, [reload]);
  return { load, reload };
}
