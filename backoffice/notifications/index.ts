import NotificationsIcon from '@mui/icons-material/Notifications';
import { NotificationForm } from './NotificationForm.tsx';

export default {
  list: NotificationForm,
  icon: NotificationsIcon,
  options: { label: 'Notifications' },
};
