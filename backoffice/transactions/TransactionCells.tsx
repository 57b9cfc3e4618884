import { Box, Typography } from '@mui/material';
import type { Transaction } from '#shared/schemas/payment.ts';
import {
  balanceAfterText,
  transactionAction,
  transactionBalance,
  type BalanceTone,
} from './transactionLabels.ts';

const toneColor: Record<BalanceTone, string> = {
  success: 'success.main',
  error: 'error.main',
  neutral: 'text.primary',
};

/** The Action cell: the type's label, with the package of a top-up beneath it. */
export function ActionCell({ transaction }: { transaction: Transaction }) {
  const { label, detail } = transactionAction(transaction);
  return (
    <Box sx={{ lineHeight: 1.3, py: 0.5 }}>
      <Typography variant="body2">{label}</Typography>
      {detail && (
        <Typography variant="caption" color="text.secondary">
          {detail}
        </Typography>
      )}
    </Box>
  );
}

/**
 * The Balance cell: the owner's balance after the transaction ('120 credits'), and beneath it
 * what the transaction moved, in the state's colour ('+50 credits' green, 'Cancelled' red).
 */
export function BalanceCell({ transaction }: { transaction: Transaction }) {
  const { text, tone } = transactionBalance(transaction);
  const balance = balanceAfterText(transaction);
  return (
    <Box sx={{ lineHeight: 1.3, py: 0.5 }}>
      {balance && <Typography variant="body2">{balance}</Typography>}
      <Typography
        variant={balance ? 'caption' : 'body2'}
        component="span"
        sx={{ color: toneColor[tone], fontWeight: tone === 'neutral' ? 400 : 600 }}
      >
        {text}
      </Typography>
    </Box>
  );
}
