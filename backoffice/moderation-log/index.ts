import HistoryIcon from '@mui/icons-material/History';
import { ModerationLogList } from './ModerationLogList.tsx';

export default {
  list: ModerationLogList,
  icon: HistoryIcon,
  options: { label: 'Moderation log' },
};
