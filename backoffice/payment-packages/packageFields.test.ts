import { describe, expect, it } from 'vitest';
import { packageAmount, packageTabs } from './packageFields.ts';

describe('package fields', () => {
  it('opens on Individual (type 2), then Company (type 1)', () => {
    expect(packageTabs.map((t) => [t.label, t.typeId])).toEqual([
      ['Individual', 2],
      ['Company', 1],
    ]);
  });

  it('shows the amount with its symbol and cents', () => {
    expect(packageAmount({ amount: 4.99, currencySymbol: '€' })).toBe('€4.99');
    expect(packageAmount({ amount: 1250, currencySymbol: '€' })).toBe('€1,250.00');
  });
});
