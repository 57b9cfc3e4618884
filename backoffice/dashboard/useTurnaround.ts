import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { Turnaround } from '#shared/schemas/trust.ts';
import type { AdminDataProvider } from '../dataProvider.ts';

/** GET moderation/turnaround, loaded once per screen (null until it answers or when it fails). */
export function useTurnaround(): Turnaround | null {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [turnaround, setTurnaround] = useState<Turnaround | null>(null);
  useEffect(() => {
    let current = true;
    dataProvider.turnaround().then(
      (answer) => current && setTurnaround(answer),
      (error: unknown) => console.error('Could not load the turnaround clock', error),
    );
    return () => {
      current = false;
    };
  }, [dataProvider]);
  return turnaround;
}

/** An age as people say it: '3 days', '5 hours', 'under an hour'. */
export function ageOf(since: string, now = Date.now()): string {
  const hours = Math.floor((now - Date.parse(since)) / 3_600_000);
  if (hours < 1) return 'under an hour';
  if (hours < 48) return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  const days = Math.floor(hours / 24);
  return `${days} days`;
}
