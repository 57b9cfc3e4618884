import NotesIcon from '@mui/icons-material/Notes';
import { ReasonTemplateList } from './ReasonTemplateList.tsx';

export default {
  list: ReasonTemplateList,
  icon: NotesIcon,
  options: { label: 'Reason templates' },
};
