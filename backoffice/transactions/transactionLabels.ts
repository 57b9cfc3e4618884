/** How the back-office shows a credit transaction: its action and what it did to the balance. */
import { dateTime } from '#shared/format.ts';
import { transactionTypeNames, type Transaction } from '#shared/schemas/payment.ts';

/** The filter tabs of the transactions screen; `type` is the API's transaction type. */
export const transactionTabs = [
  { label: 'All', type: null },
  { label: 'Top up', type: 1 },
  { label: 'Spent', type: 2 },
  { label: 'Voucher', type: 3 },
  { label: 'Reserved', type: 4 },
] as const;

export type BalanceTone = 'success' | 'error' | 'neutral';

type Labelled = Pick<
  Transaction,
  | 'typeId'
  | 'typeName'
  | 'state'
  | 'packageName'
  | 'credits'
  | 'listingPrice'
  | 'voucherCredits'
  | 'balanceChange'
>;

/** The Action column: the spec's label of types 1 to 4 (a top-up names its package), else typeName. */
export function transactionAction(t: Pick<Labelled, 'typeId' | 'typeName' | 'packageName'>) {
  const label = t.typeId >= 1 && t.typeId <= 4 ? transactionTypeNames[t.typeId] : undefined;
  return {
    label: label ?? t.typeName,
    detail: t.typeId === 1 ? t.packageName : null,
  };
}

const credits = (n: number) => `${n > 0 ? '+' : n < 0 ? '-' : ''}${Math.abs(n)} credits`;

/**
 * The Balance column. A top-up shows its state (case-insensitive): paid '+{credits} credits' in
 * green, cancelled 'Cancelled' in red, created 'Created', anything else 'Unknown'. A bought listing
 * and reserved funds take the listing's price off, a voucher adds its credits; other types show
 * what they moved.
 */
export function transactionBalance(t: Labelled): { text: string; tone: BalanceTone } {
  switch (t.typeId) {
    case 1: {
      const state = t.state.trim().toLowerCase();
      if (state === 'paid') return { text: credits(t.credits), tone: 'success' };
      if (state === 'cancelled') return { text: 'Cancelled', tone: 'error' };
      if (state === 'created') return { text: 'Created', tone: 'neutral' };
      return { text: 'Unknown', tone: 'neutral' };
    }
    case 2:
    case 4:
      return {
        text: credits(-Math.abs(t.listingPrice ?? t.balanceChange)),
        tone: 'neutral',
      };
    case 3:
      return { text: credits(Math.abs(t.voucherCredits ?? t.balanceChange)), tone: 'success' };
    default:
      return { text: credits(t.balanceChange), tone: t.balanceChange > 0 ? 'success' : 'neutral' };
  }
}

/**
 * The Balance column's figure: the owner's balance once the transaction moved its credits
 * ('120 credits'), beside what it moved (transactionBalance); none while it has moved nothing.
 */
export const balanceAfterText = (t: Pick<Transaction, 'balanceAfter'>) =>
  t.balanceAfter === null ? null : `${t.balanceAfter} credits`;

/** The Action column as one line (CSV): 'Top Up Credit (Starter)'. */
export function actionText(t: Pick<Labelled, 'typeId' | 'typeName' | 'packageName'>) {
  const { label, detail } = transactionAction(t);
  return detail ? `${label} (${detail})` : label;
}

/** A transaction as a CSV row: the columns of the table, as the table shows them. */
export const transactionCsvRow = (t: Transaction) => ({
  ID: t.id,
  Email: t.userEmail,
  Action: actionText(t),
  Balance: balanceAfterText(t) ?? '',
  Change: transactionBalance(t).text,
  Date: dateTime(t.date),
});
