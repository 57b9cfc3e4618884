import InventoryIcon from '@mui/icons-material/Inventory';
import type { PaymentPackage } from '#shared/schemas/payment.ts';
import { PaymentPackageList } from './PaymentPackageList.tsx';

export default {
  list: PaymentPackageList,
  icon: InventoryIcon,
  recordRepresentation: (p: PaymentPackage) => p.name,
  options: { label: 'Payment packages' },
};
