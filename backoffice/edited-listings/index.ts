import EditNoteIcon from '@mui/icons-material/EditNote';
import { cardLabel } from '../listings/listingFields.ts';
import { EditedListingsList } from './EditedListingsList.tsx';

export default {
  list: EditedListingsList,
  icon: EditNoteIcon,
  recordRepresentation: cardLabel,
  options: { label: 'Edited listings' },
};
