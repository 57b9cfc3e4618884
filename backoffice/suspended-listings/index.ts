import PauseCircleIcon from '@mui/icons-material/PauseCircle';
import { cardLabel } from '../listings/listingFields.ts';
import { SuspendedListingsList } from './SuspendedListingsList.tsx';

export default {
  list: SuspendedListingsList,
  icon: PauseCircleIcon,
  recordRepresentation: cardLabel,
  options: { label: 'Suspended listings' },
};
