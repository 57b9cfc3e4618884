import { addDays } from 'date-fns/addDays';
import { eachDayOfInterval } from 'date-fns/eachDayOfInterval';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { startOfISOWeek } from 'date-fns/startOfISOWeek';
import type { DayStats, Stats } from '#shared/schemas/insights.ts';

/** Insights count UTC days, written as yyyy-mm-dd. */
export const utcDay = (at: Date = new Date()) => at.toISOString().slice(0, 10);

// A day here is a calendar date, not an instant: date-fns reads it, counts whole days on it and
// writes it back in the process's own time zone, so no zone's short or long days shift it.
const dayOf = (date: Date) => format(date, 'yyyy-MM-dd');

/** `day` moved by `n` days. */
export const shiftDay = (day: string, n: number) => dayOf(addDays(parseISO(day), n));

/** The days from `first` to `last`, both included (yyyy-mm-dd); none when `first` is later. */
export const daysBetween = (first: string, last: string): string[] =>
  first > last ? [] : eachDayOfInterval({ start: parseISO(first), end: parseISO(last) }).map(dayOf);

/** The Monday of `day`'s week. */
export const mondayOf = (day: string) => dayOf(startOfISOWeek(parseISO(day)));

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
