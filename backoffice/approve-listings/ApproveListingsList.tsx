import { CarCardGrid } from '../listings/CarCardGrid.tsx';
import { QueueClock } from '../dashboard/QueueClock.tsx';
import { texts } from '../texts.ts';

export const ApproveListingsList = () => (
  <CarCardGrid
    title="Approve listings"
    empty={texts.empty.approval}
    clock={<QueueClock queue="requests" />}
    to={(card) => `/car/request/${card.id}`}
  />
);
