/** Impressions, views and contacts of one period (a day or a week). */
interface PeriodFigures {
  impressions: number;
  views: number;
  contacts: number;
}

interface Props<K extends string> {
  /** Oldest first, as the API answers them; the table shows the newest first. */
  rows: readonly (PeriodFigures & Record<K, string>)[];
  /** The rows' field that names their period ('day', 'week'). */
  period: K;
  /** The period column's heading ('Day', 'Week of'). */
  heading: string;
  caption?: string;
  /** The table's accessible name, when it has no caption. */
  label?: string;
}

/** A chart's figures per period as a table (for screen readers and exact numbers), newest first. */
export default function PeriodTable<K extends string>({
  rows,
  period,
  heading,
  caption,
  label,
}: Props<K>) {
  return (
    <table className="insights-table" aria-label={label}>
      {caption && <caption>{caption}</caption>}
      <thead>
        <tr>
          <th scope="col">{heading}</th>
          <th scope="col">Impressions</th>
          <th scope="col">Views</th>
          <th scope="col">Contacts</th>
        </tr>
      </thead>
      <tbody>
        {[...rows].reverse().map((row) => (
          <tr key={row[period]}>
            <td>{row[period]}</td>
            <td>{row.impressions}</td>
            <td>{row.views}</td>
            <td>{row.contacts}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
