import { describe, expect, it } from 'vitest';
import type { Transaction } from '#shared/schemas/payment.ts';
import { describeTransaction } from './transactions.ts';

const base: Transaction = {
  id: 1,
  userId: 1,
  typeId: 1,
  typeName: 'Top Up Credit',
  state: 'Paid',
  date: '2025-01-01T10:00:00.000Z',
  packageName: 'Starter',
  packageDescription: null,
  amount: 4.99,
  currencySymbol: '€',
  credits: 50,
  balanceChange: 50,
  balanceAfter: 50,
  listingPrice: null,
  voucherCredits: null,
  listingId: null,
  listingTitle: null,
  userEmail: 'a@b.mt',
};
const of = (t: Partial<Transaction>) => describeTransaction({ ...base, ...t });

describe('transaction labels', () => {
  it('reads top-ups by their state, case-insensitively', () => {
    expect(of({ state: 'PAID' })).toMatchObject({
      label: 'Top Up Credit',
      detail: 'Starter',
      balance: '+50 credits',
      tone: 'positive',
      status: 'received',
    });
    expect(of({ state: 'cancelled' })).toMatchObject({ balance: 'Cancelled', tone: 'failed' });
    expect(of({ state: 'Created' })).toMatchObject({
      balance: 'Created',
      status: 'pending',
      canCheck: true,
    });
    expect(of({ state: 'Refunded' })).toMatchObject({ balance: 'Unknown', canCheck: false });
  });

  it('signs purchases, vouchers and reservations', () => {
    expect(of({ typeId: 2, listingPrice: 50 })).toMatchObject({
      label: 'Bought Listing',
      balance: '-50 credits',
      status: 'spent',
    });
    expect(of({ typeId: 3, voucherCredits: 25 })).toMatchObject({
      label: 'Top Up Credit - Voucher',
      balance: '+25 credits',
      status: 'received',
    });
    expect(of({ typeId: 4, credits: 100 })).toMatchObject({
      label: 'Reserved Funds',
      balance: '-100 credits',
      status: 'reserved',
    });
    expect(of({ typeId: 5, typeName: 'Listing Promotion', credits: 50 })).toMatchObject({
      label: 'Listing Promotion',
      status: 'spent',
    });
  });

  it('shows the type name of other types, signed by the change they made', () => {
    expect(of({ typeId: 6, typeName: 'Welcome Credits', balanceChange: 50 })).toMatchObject({
      label: 'Welcome Credits',
      balance: '+50 credits',
      status: 'received',
    });
  });
});
