import RateReviewIcon from '@mui/icons-material/RateReview';
import { ReportedReviewsList } from './ReportedReviewsList.tsx';

export default {
  list: ReportedReviewsList,
  icon: RateReviewIcon,
  options: { label: 'Reported reviews' },
};
