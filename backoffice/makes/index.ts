import FactoryIcon from '@mui/icons-material/Factory';
import type { Named } from '#shared/schemas/catalog.ts';
import { MakeList } from './MakeList.tsx';

export default {
  list: MakeList,
  icon: FactoryIcon,
  recordRepresentation: (make: Named) => make.name,
  options: { label: 'Makes' },
};
