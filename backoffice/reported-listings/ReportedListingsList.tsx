import { CarCardGrid } from '../listings/CarCardGrid.tsx';
import { texts } from '../texts.ts';

export const ReportedListingsList = () => (
  <CarCardGrid
    title="Reported listings"
    empty={texts.empty.reported}
    to={(card) => `/car/report/${card.id}`}
  />
);
