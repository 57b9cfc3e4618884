import ForumIcon from '@mui/icons-material/Forum';
import { ReportedConversationsList } from './ReportedConversationsList.tsx';

export default {
  list: ReportedConversationsList,
  icon: ForumIcon,
  options: { label: 'Reported conversations' },
};
