import { describe, expect, it } from 'vitest';
import { localDate, localNumber, localPrice, localRelative } from './format.ts';

describe('numbers and dates follow the language', () => {
  it('groups thousands as each language does', () => {
    expect(localPrice(12500, '€', 'en')).toBe('€12,500');
    expect(localNumber(123456, 'mt')).toBe('123,456');
    expect(localPrice(12500, '€', 'it')).toBe('€12.500');
  });

  it('names the month in the language', () => {
    const iso = '2026-03-12T10:00:00Z';
    expect(localDate(iso, 'en')).toBe('12 Mar 2026');
    expect(localDate(iso, 'it')).toBe('12 mar 2026');
    expect(localDate(iso, 'mt')).toMatch(/^12 Mar 2026$/i);
  });

  it('says how long ago in the language', () => {
    expect(localRelative(-3, 'day', 'en')).toBe('3 days ago');
    expect(localRelative(-3, 'day', 'it')).toBe('3 giorni fa');
    expect(localRelative(-3, 'day', 'mt')).toBe('3 ġranet ilu');
  });
});
