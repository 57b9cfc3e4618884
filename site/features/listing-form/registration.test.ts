import { describe, expect, it } from 'vitest';
import { NOT_REGISTERED, registrationChoices } from './registration.ts';

describe('registration expiry choices', () => {
  it("offers 'Not registered' and twelve months from the current one", () => {
    const choices = registrationChoices(new Date(2026, 4, 17));
    expect(choices).toHaveLength(13);
    expect(choices[0]).toEqual({ value: null, label: NOT_REGISTERED });
    expect(choices.slice(1).map((c) => c.value)).toEqual([
      '05.2026',
      '06.2026',
      '07.2026',
      '08.2026',
      '09.2026',
      '10.2026',
      '11.2026',
      '12.2026',
      '01.2027',
      '02.2027',
      '03.2027',
      '04.2027',
    ]);
    expect(choices[1]!.label).toBe('May 2026');
  });

  it('places months earlier than the current one in the next year', () => {
    const december = registrationChoices(new Date(2026, 11, 1)).slice(1);
    expect(december[0]!.value).toBe('12.2026');
    expect(december.slice(1).every((c) => c.value!.endsWith('.2027'))).toBe(true);
    const january = registrationChoices(new Date(2026, 0, 31)).slice(1);
    expect(january.every((c) => c.value!.endsWith('.2026'))).toBe(true);
  });

  it('keeps a stored value outside the twelve months, in date order', () => {
    const now = new Date(2026, 4, 1);
    const later = registrationChoices(now, '06.2028');
    expect(later).toHaveLength(14);
    expect(later.at(-1)).toEqual({ value: '06.2028', label: 'June 2028' });
    const expired = registrationChoices(now, '01.2024');
    expect(expired[1]!.value).toBe('01.2024');
    expect(registrationChoices(now, '07.2026')).toHaveLength(13);
    expect(registrationChoices(now, null)).toHaveLength(13);
  });
});
