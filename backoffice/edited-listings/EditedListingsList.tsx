import { CarCardGrid } from '../listings/CarCardGrid.tsx';
import { texts } from '../texts.ts';

export const EditedListingsList = () => (
  <CarCardGrid
    title="Edited listings"
    empty={texts.empty.edited}
    to={(card) => `/car/edit/${card.id}`}
  />
);
