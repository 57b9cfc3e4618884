import GavelIcon from '@mui/icons-material/Gavel';
import { AppealList } from './AppealList.tsx';
import { AppealShow } from './AppealShow.tsx';

export default {
  list: AppealList,
  show: AppealShow,
  icon: GavelIcon,
  options: { label: 'Appeals' },
  recordRepresentation: (record: { id: number }) => `Appeal #${record.id}`,
};
