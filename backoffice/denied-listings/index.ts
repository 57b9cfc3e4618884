import BlockIcon from '@mui/icons-material/Block';
import { cardLabel } from '../listings/listingFields.ts';
import { DeniedListingsList } from './DeniedListingsList.tsx';

export default {
  list: DeniedListingsList,
  icon: BlockIcon,
  recordRepresentation: cardLabel,
  options: { label: 'Denied listings' },
};
