import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { TransactionList } from './TransactionList.tsx';

export default {
  list: TransactionList,
  icon: ReceiptLongIcon,
  options: { label: 'Transactions' },
};
