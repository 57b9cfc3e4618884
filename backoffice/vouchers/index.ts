import RedeemIcon from '@mui/icons-material/Redeem';
import { VoucherList } from './VoucherList.tsx';
import type { Voucher } from './VoucherCreateDialog.tsx';

export default {
  list: VoucherList,
  icon: RedeemIcon,
  recordRepresentation: (voucher: Voucher) => voucher.code,
  options: { label: 'Vouchers' },
};
