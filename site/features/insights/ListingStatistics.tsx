import { lazy, Suspense, useEffect, useState } from 'react';
import type { ListingInsights } from '#shared/schemas/insights.ts';
import { api } from '../../lib/api.ts';
import { EmptyState, Loading, LoginPrompt, SectionHeader } from '../wallet/AccountStates.tsx';
import { useSession } from '../wallet/hooks.ts';
import PeriodTable from './PeriodTable.tsx';
import StatsSummary from './StatsSummary.tsx';
import '../wallet/account.css';
import './insights.css';

// The chart library comes with the chart, so My listings itself stays light.
const InsightsChart = lazy(() => import('#shared/insights/InsightsChart.tsx'));

type Load =
  | { state: 'loading' }
  | { state: 'unauthorized' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; insights: ListingInsights };

/** A listing's statistics page in the account area (My listings → Statistics). */
export default function ListingStatistics({ id }: { id: number }) {
  const session = useSession();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const userId = session?.userId;

  useEffect(() => {
    if (!userId) return;
    void api
      .call((r) => r.insights.car[':id'].$get({ param: { id: String(id) } }))
      .then((res) => {
        if (res.status === 401) return setLoad({ state: 'unauthorized' });
        if (res.code !== 0) return setLoad({ state: 'failed', message: res.message });
        setLoad({ state: 'ready', insights: res.data });
      });
  }, [id, userId]);

  const header = (title: string) => (
    <>
      <a className="back-link" href="/my-listings">
        ← My listings
      </a>
      <SectionHeader title={title} />
    </>
  );
  if (session === null || load.state === 'unauthorized')
    return (
      <>
        {header('Listing statistics')}
        <LoginPrompt message="Log in to see your listing's statistics" />
      </>
    );
  if (session === undefined || load.state === 'loading')
    return (
      <>
        {header('Listing statistics')}
        <Loading message="Loading statistics..." />
      </>
    );
  if (load.state === 'failed')
    return (
      <>
        {header('Listing statistics')}
        <EmptyState title="No statistics" text={load.message} />
      </>
    );

  const { insights } = load;
  const { listing } = insights;
  const name = `${listing.brand} ${listing.model} ${listing.title}`;
  return (
    <>
      {header(`Statistics: ${name}`)}
      <section className="panel insights-panel" aria-labelledby="insights-chart-heading">
        <h2 id="insights-chart-heading">Impressions, views and contacts per day</h2>
        <Suspense fallback={<div className="insights-chart" />}>
          <InsightsChart
            days={insights.days}
            label={`Impressions, views and contacts of ${name}`}
          />
        </Suspense>
        <DaysTable insights={insights} />
      </section>
      <StatsSummary insights={insights} />
    </>
  );
}

/** The chart's figures per day, folded away under the chart. */
function DaysTable({ insights }: { insights: ListingInsights }) {
  return (
    <details className="insights-days">
      <summary>Figures per day</summary>
      <PeriodTable rows={insights.days} period="day" heading="Day" label="Figures per day" />
    </details>
  );
}
