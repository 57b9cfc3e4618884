import { Alert } from '@mui/material';
import type { Turnaround } from '#shared/schemas/trust.ts';
import { ageOf, useTurnaround } from './useTurnaround.ts';

/** A queue's clock above its cards: its oldest item's age and how many are past the promise. */
export function QueueClock({ queue }: { queue: Turnaround['queues'][number]['queue'] }) {
  const clock = useTurnaround()?.queues.find((q) => q.queue === queue);
  if (!clock?.oldestAt) return null;
  return (
    <Alert severity={clock.overdue ? 'warning' : 'info'} sx={{ mb: 2 }} role="status">
      Oldest waiting: {ageOf(clock.oldestAt)}.{' '}
      {clock.overdue
        ? `${clock.overdue} past the promise of 5 business days.`
        : 'None past the promise of 5 business days.'}
    </Alert>
  );
}
