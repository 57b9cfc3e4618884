import CarRepairIcon from '@mui/icons-material/CarRepair';
import { ModelList } from './ModelList.tsx';
import type { Model } from './ModelCreateDialog.tsx';

export default {
  list: ModelList,
  icon: CarRepairIcon,
  recordRepresentation: (model: Model) => model.name,
  options: { label: 'Models' },
};
