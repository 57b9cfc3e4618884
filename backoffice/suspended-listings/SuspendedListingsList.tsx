import { CarCardGrid } from '../listings/CarCardGrid.tsx';
import { texts } from '../texts.ts';

export const SuspendedListingsList = () => (
  <CarCardGrid
    title="Suspended listings"
    empty={texts.empty.suspended}
    to={(card) => `/car/suspended/${card.id}`}
  />
);
