import type { SellerListingRow } from '#shared/schemas/insights.ts';

/** The columns of the seller's table (and its CSV), in order. */
export const overviewColumns = [
  { key: 'title', label: 'Listing' },
  { key: 'state', label: 'State' },
  { key: 'typeName', label: 'Type' },
  { key: 'impressions', label: 'Impressions' },
  { key: 'views', label: 'Views' },
  { key: 'clickThroughRate', label: 'Click-through' },
  { key: 'contacts', label: 'Contacts' },
  { key: 'favoritesAdded', label: 'Favourites' },
  { key: 'shares', label: 'Shares' },
] as const satisfies readonly { key: keyof SellerListingRow; label: string }[];

export type OverviewKey = (typeof overviewColumns)[number]['key'];
export interface OverviewSort {
  key: OverviewKey;
  direction: 'asc' | 'desc';
}

/** A rate (0..1) as a percentage with one decimal, or a dash before any impression. */
export const percent = (rate: number | null) =>
  rate === null ? '–' : `${(rate * 100).toFixed(1)}%`;

const titleOf = (row: SellerListingRow) => `${row.brand} ${row.model} ${row.title}`.trim();

/** The rows sorted by one column (text by its words, numbers by size; no rate is the lowest). */
export function sortRows(rows: readonly SellerListingRow[], { key, direction }: OverviewSort) {
  const sign = direction === 'asc' ? 1 : -1;
  const value = (row: SellerListingRow) => (key === 'title' ? titleOf(row) : row[key]);
  return [...rows].sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    if (typeof x === 'string' || typeof y === 'string')
      return sign * String(x).localeCompare(String(y));
    return sign * ((x ?? -1) - (y ?? -1)) || b.id - a.id;
  });
}

const csvCell = (value: string | number) => {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The table as CSV, headed as the table is, values as it shows them. */
export function overviewCsv(rows: readonly SellerListingRow[]): string {
  const head = overviewColumns.map((c) => c.label);
  const body = rows.map((row) =>
    overviewColumns.map((c) =>
      c.key === 'title'
        ? titleOf(row)
        : c.key === 'clickThroughRate'
          ? percent(row.clickThroughRate)
          : row[c.key],
    ),
  );
  return [head, ...body].map((line) => line.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Starts the download of `text` as a file named `name`. */
export function download(name: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export { titleOf };
