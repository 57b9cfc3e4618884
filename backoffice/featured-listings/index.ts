import StarIcon from '@mui/icons-material/Star';
import { cardLabel } from '../listings/listingFields.ts';
import { texts } from '../texts.ts';
import { FeaturedListingsList } from './FeaturedListingsList.tsx';

export default {
  list: FeaturedListingsList,
  icon: StarIcon,
  recordRepresentation: cardLabel,
  options: { label: texts.featured.title },
};
