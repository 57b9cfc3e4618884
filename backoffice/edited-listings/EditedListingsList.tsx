import { CarCardGrid } from '../listings/CarCardGrid.tsx';
import { QueueClock } from '../dashboard/QueueClock.tsx';
import { texts } from '../texts.ts';

export const EditedListingsList = () => (
  <CarCardGrid
    title="Edited listings"
    empty={texts.empty.edited}
    clock={<QueueClock queue="edits" />}
    to={(card) => `/car/edit/${card.id}`}
  />
);
