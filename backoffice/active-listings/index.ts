import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import { cardLabel } from '../listings/listingFields.ts';
import { ActiveListingsList } from './ActiveListingsList.tsx';

export default {
  list: ActiveListingsList,
  icon: DirectionsCarIcon,
  recordRepresentation: cardLabel,
  options: { label: 'Active listings' },
};
