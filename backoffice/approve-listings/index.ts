import FactCheckIcon from '@mui/icons-material/FactCheck';
import { cardLabel } from '../listings/listingFields.ts';
import { ApproveListingsList } from './ApproveListingsList.tsx';

export default {
  list: ApproveListingsList,
  icon: FactCheckIcon,
  recordRepresentation: cardLabel,
  options: { label: 'Approve listings' },
};
