import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { DayStats } from '../schemas/insights.ts';
import { dayAxis, dayTime, fullDay } from './day-axis.ts';

/** The three lines of every insights chart, in the account area and the back-office alike. */
const lines = [
  { key: 'impressions', label: 'Impressions', stroke: '#2563eb' },
  { key: 'views', label: 'Views', stroke: '#0e6b4c' },
  { key: 'contacts', label: 'Contacts', stroke: '#b45309' },
] as const;

interface Props {
  days: readonly DayStats[];
  /** The chart's accessible name. */
  label: string;
  height?: number;
}

/**
 * Impressions, views and contacts per day, drawn by uPlot (about 50 KB, loaded only where a
 * chart is shown: the account's statistics and the back-office). It follows its box's width.
 */
export default function InsightsChart({ days, label, height = 260 }: Props) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const data: uPlot.AlignedData = [
      days.map((d) => dayTime(d.day)),
      ...lines.map((line) => days.map((d) => d[line.key])),
    ];
    const [first, last] = [days[0], days.at(-1)];
    const axis = first && last ? dayAxis(first.day, last.day) : null;
    const chart = new uPlot(
      {
        width: el.clientWidth || 600,
        height,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        scales: {
          x: { time: true, ...(axis ? { range: () => axis.range } : {}) },
          y: { range: (_u, _min, max) => [0, Math.max(4, max)] },
        },
        axes: [
          axis ? { splits: () => axis.ticks, values: () => axis.labels } : {},
          { values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? t : '')) },
        ],
        series: [
          { label: 'Day', value: (_u, time) => (time == null ? '–' : fullDay(time)) },
          ...lines.map((line) => ({ label: line.label, stroke: line.stroke, width: 2 })),
        ],
      },
      data,
      el,
    );
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: el.clientWidth || 600, height }),
    );
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days, height]);
  return <div ref={box} className="insights-chart" role="img" aria-label={label} />;
}
