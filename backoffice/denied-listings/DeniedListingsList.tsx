import { CarCardGrid } from '../listings/CarCardGrid.tsx';
import { texts } from '../texts.ts';

export const DeniedListingsList = () => (
  <CarCardGrid
    title="Denied listings"
    empty={texts.empty.denied}
    to={(card) => `/car/request/${card.id}`}
  />
);
