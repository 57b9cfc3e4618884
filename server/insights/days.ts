import type { DayStats, Stats } from '#shared/schemas/insights.ts';

/** Insights count UTC days, written as yyyy-mm-dd. */
export const utcDay = (at: Date = new Date()) => at.toISOString().slice(0, 10);

// Plain UTC arithmetic: date-fns works in the process's time zone, where a day may last 23 hours.
const DAY_MS = 86_400_000;
const asDate = (day: string) => new Date(`${day}T00:00:00Z`);

/** `day` moved by `n` days. */
export const shiftDay = (day: string, n: number) =>
  utcDay(new Date(asDate(day).getTime() + n * DAY_MS));

/** The days from `first` to `last`, both included (yyyy-mm-dd, UTC). */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let day = first; day <= last; day = shiftDay(day, 1)) days.push(day);
  return days;
}

/** The Monday of `day`'s week. */
export const mondayOf = (day: string) => shiftDay(day, -((asDate(day).getUTCDay() + 6) % 7));

/** The Mondays of the `count` weeks up to and including `day`'s, oldest first. */
export function weeksUpTo(day: string, count: number): string[] {
  const monday = mondayOf(day);
  return Array.from({ length: count }, (_, i) => shiftDay(monday, 7 * (i - count + 1)));
}

export const noStats = (): Stats => ({
  impressions: 0,
  views: 0,
  favoritesAdded: 0,
  favoritesRemoved: 0,
  phoneReveals: 0,
  emailReveals: 0,
  contacts: 0,
  shares: 0,
});

/** The sum of days' counters. */
export function total(days: readonly Stats[]): Stats {
  const sum = noStats();
  for (const day of days)
    for (const key of Object.keys(sum) as (keyof Stats)[]) sum[key] += day[key];
  return sum;
}

/** Views per impression, or null before any impression. */
export const clickThrough = (s: Pick<Stats, 'impressions' | 'views'>) =>
  s.impressions ? Math.min(1, s.views / s.impressions) : null;

/** Every day of `days` with its row, or zeros. */
export function fillDays(days: string[], rows: readonly DayStats[]): DayStats[] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return days.map((day) => byDay.get(day) ?? { day, ...noStats() });
}
