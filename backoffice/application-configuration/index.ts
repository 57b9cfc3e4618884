import SettingsIcon from '@mui/icons-material/Settings';
import { ConfigurationForm } from './ConfigurationForm.tsx';

export default {
  list: ConfigurationForm,
  icon: SettingsIcon,
  options: { label: 'Application configuration' },
};
