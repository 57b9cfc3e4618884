import { describe, expect, it } from 'vitest';
import { listingTypeName } from './listingTypes.ts';

describe('listingTypeName', () => {
  it('names the three listing types and shows any other by its id', () => {
    expect([1, 2, 3].map(listingTypeName)).toEqual(['Premium', 'Featured', 'Standard']);
    expect(listingTypeName(9)).toBe('Type 9');
  });
});
