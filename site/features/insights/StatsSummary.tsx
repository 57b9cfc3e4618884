import type { ListingInsights } from '#shared/schemas/insights.ts';
import { percent } from './insights.ts';

const perDay = (n: number) => n.toFixed(1);

/** Totals, click-through rate, days under each type and the latest promotion's before and after. */
export default function StatsSummary({ insights }: { insights: ListingInsights }) {
  const { totals, promotion } = insights;
  const figures = [
    ['Impressions', totals.impressions],
    ['Views', totals.views],
    ['Click-through from search', percent(insights.clickThroughRate)],
    ['Contacts', totals.contacts],
    ['Calls', totals.phoneReveals],
    ['E-mails', totals.emailReveals],
    ['Favourites added', totals.favoritesAdded],
    ['Favourites removed', totals.favoritesRemoved],
    ['Shares', totals.shares],
  ] as const;
  return (
    <div className="insights-summary">
      <dl className="insights-totals" aria-label="Totals">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="insights-tables">
        <table className="insights-table">
          <caption>Days under each listing type</caption>
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col">Days</th>
            </tr>
          </thead>
          <tbody>
            {insights.types.map((t) => (
              <tr key={t.listingTypeId}>
                <td>{t.name}</td>
                <td>{t.days}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {promotion ? (
          <table className="insights-table">
            <caption>
              Average per day before and after the {promotion.name} promotion (
              {promotion.startedAt.slice(0, 10)})
            </caption>
            <thead>
              <tr>
                <th scope="col" />
                <th scope="col">Before</th>
                <th scope="col">After</th>
              </tr>
            </thead>
            <tbody>
              {(['impressions', 'views', 'contacts'] as const).map((key) => (
                <tr key={key}>
                  <th scope="row">{key[0]?.toUpperCase() + key.slice(1)}</th>
                  <td>{promotion.before ? perDay(promotion.before[key]) : '–'}</td>
                  <td>{perDay(promotion.after[key])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="insights-note">
            This listing has not been promoted: promote it to see what a higher tier changes.
          </p>
        )}
      </div>
    </div>
  );
}
