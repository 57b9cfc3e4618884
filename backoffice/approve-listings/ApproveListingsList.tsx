import { CarCardGrid } from '../listings/CarCardGrid.tsx';
import { texts } from '../texts.ts';

export const ApproveListingsList = () => (
  <CarCardGrid
    title="Approve listings"
    empty={texts.empty.approval}
    to={(card) => `/car/request/${card.id}`}
  />
);
