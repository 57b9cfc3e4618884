import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';

/** The seller's credit balance, loaded again whenever the tab becomes visible (after a top-up). */
export function useBalance(userId: number | null, enabled: boolean): number | null {
  const [balance, setBalance] = useState<number | null>(null);
  useEffect(() => {
    if (!userId || !enabled) return;
    let alive = true;
    const load = async () => {
      const res = await api.call((r) =>
        r.user.balance[':id'].$get({ param: { id: String(userId) } }),
      );
      if (!alive) return;
      if (res.code === 0) setBalance(res.data.balance);
      else console.error(`Loading the balance failed: ${res.message}`);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void load();
    };
    void load();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      alive = false;
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [userId, enabled]);
  return balance;
}
