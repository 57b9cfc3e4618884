import { useEffect, useMemo, useState } from 'react';
import type { SellerInsights } from '#shared/schemas/insights.ts';
import { api } from '../../lib/api.ts';
import {
  download,
  overviewColumns,
  overviewCsv,
  percent,
  sortRows,
  titleOf,
  type OverviewKey,
  type OverviewSort,
} from './insights.ts';
import PeriodTable from './PeriodTable.tsx';
import './insights.css';

/**
 * The seller's overview under My listings: every listing with its totals in one sortable table,
 * its CSV, and for a company the whole stock per week.
 */
export default function SellerOverview({ userId }: { userId: number }) {
  const [data, setData] = useState<SellerInsights | null>(null);
  const [sort, setSort] = useState<OverviewSort>({ key: 'views', direction: 'desc' });

  useEffect(() => {
    void api
      .call((r) => r.insights.user[':userId'].$get({ param: { userId: String(userId) } }))
      .then((res) => res.code === 0 && setData(res.data));
  }, [userId]);
  const rows = useMemo(() => (data ? sortRows(data.listings, sort) : []), [data, sort]);
  if (!data?.listings.length) return null;

  const sortBy = (key: OverviewKey) =>
    setSort((s) => ({
      key,
      direction: s.key === key && s.direction === 'desc' ? 'asc' : 'desc',
    }));
  return (
    <section className="panel insights-panel" aria-labelledby="overview-heading">
      <div className="insights-panel__head">
        <h2 id="overview-heading">Statistics of all listings</h2>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => download('spotted-listings-statistics.csv', overviewCsv(rows))}
        >
          Export CSV
        </button>
      </div>
      <div className="insights-scroll">
        <table className="insights-table insights-table--overview">
          <thead>
            <tr>
              {overviewColumns.map((c) => (
                <th
                  key={c.key}
                  scope="col"
                  aria-sort={
                    sort.key === c.key
                      ? sort.direction === 'asc'
                        ? 'ascending'
                        : 'descending'
                      : undefined
                  }
                >
                  <button type="button" onClick={() => sortBy(c.key)}>
                    {c.label}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>
                  <a href={`/my-listings/${row.id}`}>{titleOf(row)}</a>
                </td>
                <td>{row.state}</td>
                <td>{row.typeName}</td>
                <td>{row.impressions}</td>
                <td>{row.views}</td>
                <td>{percent(row.clickThroughRate)}</td>
                <td>{row.contacts}</td>
                <td>{row.favoritesAdded}</td>
                <td>{row.shares}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {data.weeks && (
        <div className="insights-scroll">
          <PeriodTable
            rows={data.weeks}
            period="week"
            heading="Week of"
            caption="Whole stock per week"
          />
        </div>
      )}
    </section>
  );
}
