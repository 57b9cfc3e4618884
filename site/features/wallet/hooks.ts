import { useEffect, useState } from 'react';
import type { Session } from '#shared/schemas/auth.ts';
import { readSession } from '../../lib/session.ts';

/**
 * The stored session, read after hydration: undefined until then (the server render and the
 * first client render agree), then the session or null when logged out.
 */
export function useSession(): Session | null | undefined {
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  useEffect(() => setSession(readSession()), []);
  return session;
}

/** Whether the viewport is the spec's mobile width (1024 px or less); undefined until hydrated. */
export function useMobile(): boolean | undefined {
  const [mobile, setMobile] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    const query = matchMedia('(max-width: 1024px)');
    const update = () => setMobile(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return mobile;
}
