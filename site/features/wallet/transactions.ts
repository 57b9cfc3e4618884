import { number } from '#shared/format.ts';
import type { Transaction } from '#shared/schemas/payment.ts';

export type Tone = 'positive' | 'negative' | 'pending' | 'failed' | 'neutral';
export type CreditStatus = 'received' | 'pending' | 'spent' | 'reserved';

/** How a transaction reads in My transactions: its label, its balance column and status. */
export interface TransactionView {
  label: string;
  /** The package of a top-up or the listing of a purchase, under the label. */
  detail: string | null;
  balance: string;
  tone: Tone;
  status: CreditStatus | null;
  /** A 'Created' top-up can be re-checked with the payment provider. */
  canCheck: boolean;
}

const credits = (sign: '+' | '-' | '', value: number) =>
  `${sign}${number(Math.abs(value))} credits`;

/** The spec's rules for top-ups: paid, cancelled and created (case-insensitive), else unknown. */
function topUp(t: Transaction): Omit<TransactionView, 'label' | 'detail'> {
  switch (t.state.toLowerCase()) {
    case 'paid':
      return {
        balance: credits('+', t.credits),
        tone: 'positive',
        status: 'received',
        canCheck: false,
      };
    case 'cancelled':
      return { balance: 'Cancelled', tone: 'failed', status: null, canCheck: false };
    case 'created':
      return { balance: 'Created', tone: 'pending', status: 'pending', canCheck: true };
    default:
      return { balance: 'Unknown', tone: 'neutral', status: null, canCheck: false };
  }
}

export function describeTransaction(t: Transaction): TransactionView {
  const listing = t.listingTitle;
  const spent = (value: number, status: CreditStatus) => ({
    balance: credits('-', value),
    tone: 'negative' as const,
    status,
    canCheck: false,
  });
  switch (t.typeId) {
    case 1:
      return { label: 'Top Up Credit', detail: t.packageName, ...topUp(t) };
    case 2:
      return {
        label: 'Bought Listing',
        detail: listing,
        ...spent(t.listingPrice ?? t.credits, 'spent'),
      };
    case 3:
      return {
        label: 'Top Up Credit - Voucher',
        detail: null,
        balance: credits('+', t.voucherCredits ?? t.credits),
        tone: 'positive',
        status: 'received',
        canCheck: false,
      };
    case 4:
      return { label: 'Reserved Funds', detail: listing, ...spent(t.credits, 'reserved') };
    case 5:
      return { label: t.typeName, detail: listing, ...spent(t.credits, 'spent') };
    default: {
      // Types the spec does not name (welcome credits, released funds, renewals) read by the
      // balance change they made.
      const change = t.balanceChange;
      return {
        label: t.typeName,
        detail: listing,
        balance: credits(change > 0 ? '+' : change < 0 ? '-' : '', change || t.credits),
        tone: change > 0 ? 'positive' : change < 0 ? 'negative' : 'neutral',
        status: change > 0 ? 'received' : change < 0 ? 'spent' : null,
        canCheck: false,
      };
    }
  }
}

export const statusLabels: Record<CreditStatus, string> = {
  received: 'Received',
  pending: 'Pending',
  spent: 'Spent',
  reserved: 'Reserved',
};
