/** A day in uPlot's time unit (seconds). */
const DAY = 86_400;
/** Past this many days a chart ticks every week; past WEEKS_UP_TO, every month. */
const DAYS_UP_TO = 14;
const WEEKS_UP_TO = 120;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** Malta's order, day before month, in UTC like the days the statistics count ('26 Nov'). */
const dayMonth = (time: number) => {
  const date = new Date(time * 1000);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
};
const monthYear = (time: number) => {
  const date = new Date(time * 1000);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
};

/** The time axis of a chart of days: its range, ticks and their labels (uPlot's seconds). */
export interface DayAxis {
  range: [number, number];
  ticks: number[];
  labels: string[];
}

/** A `YYYY-MM-DD` day as uPlot's time (seconds since 1970, midnight UTC). */
export const dayTime = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/** A day on the chart's cursor, in full ('26 Nov 2026'). */
export const fullDay = (time: number) =>
  `${dayMonth(time)} ${new Date(time * 1000).getUTCFullYear()}`;

/**
 * The axis of a chart from `first` to `last` (`YYYY-MM-DD`): it starts at the first day, and ticks
 * every day up to two weeks, every week from the first day up to about a quarter, and on the first
 * of each month beyond, labelled day and month ('26 Nov'), or month and year for months.
 */
export function dayAxis(first: string, last: string): DayAxis {
  const start = dayTime(first);
  const end = Math.max(dayTime(last), start);
  const days = (end - start) / DAY + 1;
  const range: [number, number] = [start, Math.max(end, start + DAY)];
  if (days <= WEEKS_UP_TO) {
    const step = days <= DAYS_UP_TO ? DAY : 7 * DAY;
    const ticks: number[] = [];
    for (let t = start; t <= end; t += step) ticks.push(t);
    return { range, ticks, labels: ticks.map(dayMonth) };
  }
  const ticks: number[] = [];
  const month = new Date(start * 1000);
  month.setUTCDate(1);
  if (month.getTime() / 1000 < start) month.setUTCMonth(month.getUTCMonth() + 1);
  for (; month.getTime() / 1000 <= end; month.setUTCMonth(month.getUTCMonth() + 1))
    ticks.push(month.getTime() / 1000);
  return { range, ticks, labels: ticks.map(monthYear) };
}
