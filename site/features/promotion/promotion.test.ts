import { describe, expect, it } from 'vitest';
import { amountToPay, offeredTypes, priceLabel, toneOf } from './promotion.ts';

const types = [
  { id: 1, name: 'Premium', price: 100 },
  { id: 2, name: 'Featured', price: 50 },
  { id: 3, name: 'Standard', price: 0 },
];

describe('the promotion dialog', () => {
  it('offers only types with a lower id, the top tier last', () => {
    expect(offeredTypes(types, 3).map((t) => t.name)).toEqual(['Featured', 'Premium']);
    expect(offeredTypes(types, 2).map((t) => t.name)).toEqual(['Premium']);
    expect(offeredTypes(types, 1)).toEqual([]);
  });

  it('styles the last type green, the second-to-last blue, the others grey', () => {
    expect(toneOf(types, 1)).toBe('top');
    expect(toneOf(types, 2)).toBe('blue');
    expect(toneOf(types, 3)).toBe('grey');
  });

  it("shows 0 as 'Free' and other prices in credits", () => {
    expect(priceLabel(0)).toBe('Free');
    expect(priceLabel(50)).toBe('50 credits');
  });

  it('charges the difference to the current type', () => {
    expect(amountToPay(types[0]!, types[1])).toBe(50);
    expect(amountToPay(types[0]!, types[2])).toBe(100);
    expect(amountToPay(types[2]!, types[0])).toBe(0);
  });
});
