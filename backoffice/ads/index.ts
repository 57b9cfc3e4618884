import CampaignIcon from '@mui/icons-material/Campaign';
import type { AdminAd } from '#shared/schemas/ad.ts';
import { AdList } from './AdList.tsx';

export default {
  list: AdList,
  icon: CampaignIcon,
  recordRepresentation: (ad: AdminAd) => `${ad.client}: ${ad.title}`,
  options: { label: 'Ads' },
};
