import { describe, expect, it } from 'vitest';
import { localPhone, phoneLabel } from './phone.ts';

describe('a phone number', () => {
  it("is kept without spaces, dashes or Malta's country code", () => {
    expect(localPhone('+356 7912 3456')).toBe('79123456');
    expect(localPhone('0035679123456')).toBe('79123456');
    expect(localPhone('7912-3456')).toBe('79123456');
    expect(localPhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(localPhone('+356')).toBe('+356');
  });

  it('shows a Maltese number once after the prefix, in two fours, and a foreign one as given', () => {
    expect(phoneLabel('+35679123456', '+356')).toBe('+356 7912 3456');
    expect(phoneLabel('79123456', '+356')).toBe('+356 7912 3456');
    expect(phoneLabel('21 123 456', '+356')).toBe('+356 2112 3456');
    expect(phoneLabel('+44 20 7946 0958', '+356')).toBe('+44 20 7946 0958');
    expect(phoneLabel('123456', '+356')).toBe('+356 123456');
  });
});
