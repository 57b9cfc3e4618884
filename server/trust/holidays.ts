/**
 * Malta's 14 public holidays (Public Holidays Act, Cap. 252): thirteen on fixed dates and Good
 * Friday. A holiday on a weekend is not moved to a weekday (since 2021 the lost day is added to
 * employees' leave instead), so it simply costs no business day.
 */
const fixed = [
  '01-01', // New Year's Day
  '02-10', // St Paul's Shipwreck
  '03-19', // St Joseph
  '03-31', // Freedom Day
  '05-01', // Workers' Day
  '06-07', // Sette Giugno
  '06-29', // St Peter and St Paul (L-Imnarja)
  '08-15', // Assumption (Santa Marija)
  '09-08', // Victory Day
  '09-21', // Independence Day
  '12-08', // Immaculate Conception
  '12-13', // Republic Day
  '12-25', // Christmas Day
];

/** Easter Sunday of a year (the Gregorian computus, Meeus/Jones/Butcher), as yyyy-mm-dd. */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** The public holidays of a year as yyyy-mm-dd, in date order (14 days). */
export function maltaHolidays(year: number): string[] {
  return [...fixed.map((md) => `${year}-${md}`), addDays(easterSunday(year), -2)].sort();
}

const holidayCache = new Map<number, Set<string>>();
const holidaysOf = (year: number) => {
  let days = holidayCache.get(year);
  if (!days) holidayCache.set(year, (days = new Set(maltaHolidays(year))));
  return days;
};

/** Whether a day (yyyy-mm-dd) is a working day in Malta: Monday to Friday, not a holiday. */
export function isBusinessDay(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidaysOf(Number(day.slice(0, 4))).has(day);
}

const maltaDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Malta' });
/** The calendar day of an instant in Malta, as yyyy-mm-dd. */
export const dayInMalta = (at: Date): string => maltaDay.format(at);

/**
 * The business days that have passed since `from` until `to`: the working days after the day
 * of `from` up to and including the day of `to` (Malta time). Submitted on a Friday, it is 1 on
 * Monday.
 */
export function businessDaysBetween(from: Date, to: Date): number {
  const last = dayInMalta(to);
  let day = dayInMalta(from);
  let count = 0;
  // Bounded: an item older than a few years is counted as that old.
  for (let guard = 0; day < last && guard < 3660; guard++) {
    day = addDays(day, 1);
    if (isBusinessDay(day)) count += 1;
  }
  return count;
}

/** The promise: a decision within 5 business days. */
export const PROMISE_BUSINESS_DAYS = 5;

/** Whether an item that arrived at `since` has waited past the promise by `now`. */
export const isOverdue = (since: Date, now: Date) =>
  businessDaysBetween(since, now) > PROMISE_BUSINESS_DAYS;
