import { describe, expect, it } from 'vitest';
import type { Transaction } from '#shared/schemas/payment.ts';
import {
  actionText,
  transactionAction,
  transactionBalance,
  transactionCsvRow,
} from './transactionLabels.ts';

const base: Transaction = {
  id: 7,
  userId: 3,
  typeId: 1,
  typeName: 'Top Up Credit',
  state: 'Paid',
  date: '2026-03-05T14:07:00.000Z',
  packageName: 'Starter',
  packageDescription: 'Enough for one Featured month',
  amount: 4.99,
  currencySymbol: '€',
  credits: 50,
  balanceChange: 50,
  balanceAfter: 120,
  listingPrice: null,
  voucherCredits: null,
  listingId: null,
  listingTitle: null,
  userEmail: 'maria.borg@example.mt',
};
const tx = (patch: Partial<Transaction>): Transaction => ({ ...base, ...patch });

describe('transactionAction', () => {
  it('labels the four types of the spec, a top-up with its package', () => {
    expect(transactionAction(tx({}))).toEqual({ label: 'Top Up Credit', detail: 'Starter' });
    expect(transactionAction(tx({ typeId: 2 }))).toEqual({ label: 'Bought Listing', detail: null });
    expect(transactionAction(tx({ typeId: 3 })).label).toBe('Top Up Credit - Voucher');
    expect(transactionAction(tx({ typeId: 4 })).label).toBe('Reserved Funds');
  });

  it('shows the typeName of any other type', () => {
    expect(transactionAction(tx({ typeId: 6, typeName: 'Welcome Credits' }))).toEqual({
      label: 'Welcome Credits',
      detail: null,
    });
  });

  it('reads as one line for the CSV', () => {
    expect(actionText(tx({}))).toBe('Top Up Credit (Starter)');
    expect(actionText(tx({ typeId: 4 }))).toBe('Reserved Funds');
  });
});

describe('transactionBalance', () => {
  it('reads the top-up state regardless of case', () => {
    expect(transactionBalance(tx({ state: 'PAID' }))).toEqual({
      text: '+50 credits',
      tone: 'success',
    });
    expect(transactionBalance(tx({ state: 'cancelled' }))).toEqual({
      text: 'Cancelled',
      tone: 'error',
    });
    expect(transactionBalance(tx({ state: 'Created' })).text).toBe('Created');
    expect(transactionBalance(tx({ state: 'Refunded' })).text).toBe('Unknown');
  });

  it('takes the listing price off for a bought listing and reserved funds', () => {
    expect(transactionBalance(tx({ typeId: 2, listingPrice: 100, balanceChange: 0 })).text).toBe(
      '-100 credits',
    );
    expect(transactionBalance(tx({ typeId: 4, listingPrice: 50, balanceChange: -50 })).text).toBe(
      '-50 credits',
    );
  });

  it('adds the voucher credits', () => {
    expect(transactionBalance(tx({ typeId: 3, voucherCredits: 25 }))).toEqual({
      text: '+25 credits',
      tone: 'success',
    });
  });

  it('shows what any other type moved', () => {
    expect(transactionBalance(tx({ typeId: 5, balanceChange: -40 })).text).toBe('-40 credits');
    expect(transactionBalance(tx({ typeId: 6, balanceChange: 200 })).text).toBe('+200 credits');
  });
});

describe('transactionCsvRow', () => {
  it('has the columns of the table', () => {
    const row = transactionCsvRow(tx({}));
    expect(Object.keys(row)).toEqual(['ID', 'Email', 'Action', 'Balance', 'Change', 'Date']);
    expect(row.Date).toMatch(/^\d{2} Mar 2026, \d{2}:\d{2}$/);
  });

  it('gives the balance after the transaction, and what it moved beside it', () => {
    expect(transactionCsvRow(tx({}))).toMatchObject({
      Balance: '120 credits',
      Change: '+50 credits',
    });
    expect(
      transactionCsvRow(tx({ state: 'Created', balanceChange: 0, balanceAfter: null })),
    ).toMatchObject({ Balance: '', Change: 'Created' });
  });
});
