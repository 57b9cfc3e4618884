import { describe, expect, it } from 'vitest';
import { businessDaysBetween, easterSunday, isBusinessDay, maltaHolidays } from './holidays.ts';
import { scanText } from './scam.ts';
import { overdueBefore, startOfMaltaDay } from './turnaround.ts';
import { normaliseChassis } from './flags.ts';

describe("Malta's public holidays", () => {
  it('are the 14 days of the law, Good Friday from Easter', () => {
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(maltaHolidays(2026)).toEqual([
      '2026-01-01',
      '2026-02-10',
      '2026-03-19',
      '2026-03-31',
      '2026-04-03',
      '2026-05-01',
      '2026-06-07',
      '2026-06-29',
      '2026-08-15',
      '2026-09-08',
      '2026-09-21',
      '2026-12-08',
      '2026-12-13',
      '2026-12-25',
    ]);
  });

  it('count no business day, nor do weekends', () => {
    expect(isBusinessDay('2026-12-08')).toBe(false); // Immaculate Conception, a Tuesday
    expect(isBusinessDay('2026-12-12')).toBe(false); // Saturday
    expect(isBusinessDay('2026-12-09')).toBe(true);
    // Submitted Thursday 2 April 2026: Good Friday, the weekend, then Monday to Friday.
    const thursday = new Date('2026-04-02T10:00:00+02:00');
    expect(businessDaysBetween(thursday, new Date('2026-04-06T09:00:00+02:00'))).toBe(1);
    expect(businessDaysBetween(thursday, new Date('2026-04-10T09:00:00+02:00'))).toBe(5);
    expect(businessDaysBetween(thursday, new Date('2026-04-13T09:00:00+02:00'))).toBe(6);
  });

  it('makes an item overdue after the fifth business day since its day', () => {
    const now = new Date('2026-04-13T09:00:00+02:00'); // Monday
    // Six business days have passed for anything that arrived before Monday 6 April (from
    // Thursday 2 April: 6, 7, 8, 9, 10 and 13 April; Good Friday is off).
    expect(overdueBefore(now).toISOString()).toBe(startOfMaltaDay('2026-04-06').toISOString());
    expect(startOfMaltaDay('2026-04-02').toISOString()).toBe('2026-04-01T22:00:00.000Z');
    expect(startOfMaltaDay('2026-12-01').toISOString()).toBe('2026-11-30T23:00:00.000Z');
  });
});

describe('scam patterns', () => {
  const kinds = (description: string, title = 'VW Golf 1.6 TDI') =>
    scanText({ title, description }).map((m) => [m.kind, m.text]);

  it('finds contact moved off the site and advance-payment phrases', () => {
    expect(
      kinds(
        'Call 9912 3456 or +44 7700 900123, mail seller@example.com, see www.cars.example, ' +
          'WhatsApp me. Pay a deposit first by Western Union or gift cards; shipping included.',
      ),
    ).toEqual([
      ['phone', '9912 3456'],
      ['foreign-phone', '+44 7700 900123'],
      ['email', 'seller@example.com'],
      ['url', 'www.cars.example,'],
      ['handle', 'WhatsApp'],
      ['payment', 'deposit'],
      ['payment', 'Western Union'],
      ['payment', 'gift cards'],
      ['payment', 'shipping'],
    ]);
  });

  it("leaves a finance offer's deposit alone", () => {
    expect(
      kinds(
        'Finance available with a 10% deposit, or a deposit of 20 % over 5 years. Low deposit ' +
          'schemes for first buyers.',
      ),
    ).toEqual([]);
    expect(kinds('Send a deposit to hold it, 10% off for cash.')).toEqual([['payment', 'deposit']]);
  });

  it('leaves an ordinary description alone', () => {
    expect(
      kinds('Serviced every year, 42,000 km, new tyres in 2024. Viewing in Sliema by appointment.'),
    ).toEqual([]);
  });

  it('gives the place of each match in its field', () => {
    const [match] = scanText({ title: 'Cheap, telegram only', description: '' });
    expect(match).toEqual({ field: 'title', kind: 'handle', start: 7, end: 15, text: 'telegram' });
  });
});

describe('chassis numbers', () => {
  it('compare without spaces, dashes and case, and read I, O and Q as 1, 0 and 0', () => {
    expect(normaliseChassis('wvw-zzz 1kz 8w0O0I01')).toBe('WVWZZZ1KZ8W000101');
    expect(normaliseChassis(null)).toBe('');
  });
});
