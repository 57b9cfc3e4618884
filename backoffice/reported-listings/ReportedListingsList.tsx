import { CarCardGrid } from '../listings/CarCardGrid.tsx';
import { QueueClock } from '../dashboard/QueueClock.tsx';
import { texts } from '../texts.ts';

export const ReportedListingsList = () => (
  <CarCardGrid
    title="Reported listings"
    empty={texts.empty.reported}
    clock={<QueueClock queue="reports" />}
    to={(card) => `/car/report/${card.id}`}
  />
);
