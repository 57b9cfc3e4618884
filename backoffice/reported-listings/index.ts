import ReportIcon from '@mui/icons-material/Report';
import { cardLabel } from '../listings/listingFields.ts';
import { ReportedListingsList } from './ReportedListingsList.tsx';

export default {
  list: ReportedListingsList,
  icon: ReportIcon,
  recordRepresentation: cardLabel,
  options: { label: 'Reported listings' },
};
