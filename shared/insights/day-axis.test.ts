import { describe, expect, it } from 'vitest';
import { dayAxis, dayTime, fullDay } from './day-axis.ts';

const DAY = 86_400;

describe("a statistics chart's time axis", () => {
  it("starts at a new listing's one day, not years away", () => {
    const axis = dayAxis('2026-11-26', '2026-11-26');
    expect(axis.range).toEqual([dayTime('2026-11-26'), dayTime('2026-11-26') + DAY]);
    expect(axis.labels).toEqual(['26 Nov']);
  });

  it('ticks every day of a week, day before month', () => {
    const axis = dayAxis('2026-11-20', '2026-11-26');
    expect(axis.range).toEqual([dayTime('2026-11-20'), dayTime('2026-11-26')]);
    expect(axis.labels).toEqual([
      '20 Nov',
      '21 Nov',
      '22 Nov',
      '23 Nov',
      '24 Nov',
      '25 Nov',
      '26 Nov',
    ]);
  });

  it('ticks every week of a quarter from the first day', () => {
    const axis = dayAxis('2026-09-01', '2026-11-29');
    expect(axis.ticks).toHaveLength(13);
    expect(axis.labels.slice(0, 3)).toEqual(['1 Sep', '8 Sep', '15 Sep']);
    expect(axis.labels.at(-1)).toBe('24 Nov');
    expect(axis.ticks.every((t, i) => i === 0 || t - axis.ticks[i - 1]! === 7 * DAY)).toBe(true);
  });

  it('ticks on the first of each month of a year, with the year', () => {
    const axis = dayAxis('2025-12-10', '2026-12-01');
    expect(axis.range[0]).toBe(dayTime('2025-12-10'));
    expect(axis.labels).toEqual([
      'Jan 2026',
      'Feb 2026',
      'Mar 2026',
      'Apr 2026',
      'May 2026',
      'Jun 2026',
      'Jul 2026',
      'Aug 2026',
      'Sep 2026',
      'Oct 2026',
      'Nov 2026',
      'Dec 2026',
    ]);
  });

  it('names the day under the cursor in full', () => {
    expect(fullDay(dayTime('2026-11-26'))).toBe('26 Nov 2026');
  });
});
