import MailIcon from '@mui/icons-material/Mail';
import { MessageList } from './MessageList.tsx';

export default {
  list: MessageList,
  icon: MailIcon,
  options: { label: 'Messages' },
};
