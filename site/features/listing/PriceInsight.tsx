import { m } from '#shared/i18n/paraglide/messages.js';
import { localPrice as price } from '#shared/i18n/format.ts';
import { bandLimits, priceBands, priceInsightTexts } from '#shared/price-insight.ts';
import type { CarDetail } from '#shared/schemas/listing-display.ts';
import { utcDate } from '../../lib/cards.ts';

const WIDTH = 300;
const HEIGHT = 70;
const PAD = 10;
const AXIS_Y = 44;

/**
 * Where this car's price sits among its comparables: the bands as coloured stretches of a price
 * axis, a dot per comparable car (stacked when close) and a marker for this car. Plain SVG made on
 * the server, so the listing page loads no script for it.
 */
function PriceChart({ car }: { car: CarDetail }) {
  const { prices, estimate } = car.priceInsight;
  if (!estimate || !prices.length) return null;
  const low = Math.min(...prices, car.price, estimate * 0.85);
  const high = Math.max(...prices, car.price, estimate * 1.15);
  const x = (value: number) => PAD + ((value - low) / (high - low || 1)) * (WIDTH - 2 * PAD);
  const edges = [
    low,
    estimate * bandLimits.great,
    estimate * bandLimits.good,
    estimate * bandLimits.fair,
    high,
  ];
  const stacked = new Map<number, number>();
  const dots = prices.map((p) => {
    const cx = Math.round(x(p) / 6) * 6;
    const level = stacked.get(cx) ?? 0;
    stacked.set(cx, level + 1);
    return { cx, cy: AXIS_Y - 7 - level * 7 };
  });
  const self = x(car.price);
  const cheapest = price(prices[0] ?? low, car.currency);
  const dearest = price(prices.at(-1) ?? high, car.currency);
  const label = `This car's price, ${price(car.price, car.currency)}, among ${prices.length} comparable cars priced from ${cheapest} to ${dearest}`;
  const stretches = priceBands.map((band, i) => ({
    key: band.key,
    from: x(edges[i] ?? low),
    to: x(edges[i + 1] ?? high),
  }));
  return (
    <svg
      className="price-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
      role="img"
      aria-label={label}
    >
      {stretches.map((band) => (
        <rect
          key={band.key}
          className={`price-chart__band price-chart__band--${band.key}`}
          x={band.from}
          y={AXIS_Y}
          width={Math.max(0, band.to - band.from)}
          height={6}
        />
      ))}
      {dots.map((d, i) => (
        <circle key={i} className="price-chart__dot" cx={d.cx} cy={Math.max(4, d.cy)} r={3} />
      ))}
      <line className="price-chart__self" x1={self} x2={self} y1={4} y2={AXIS_Y + 8} />
      <text className="price-chart__label" x={PAD} y={HEIGHT - 4}>
        {price(Math.round(low), car.currency)}
      </text>
      <text className="price-chart__label" x={WIDTH - PAD} y={HEIGHT - 4} textAnchor="end">
        {price(Math.round(high), car.currency)}
      </text>
    </svg>
  );
}

/** The listing's price rating, its chart and the link to how it is made. */
export function PriceRating({ car }: { car: CarDetail }) {
  const insight = car.priceInsight;
  const band = priceBands.find((b) => b.key === insight.band);
  return (
    <section className="panel price-insight" aria-labelledby="price-insight-heading">
      <h2 id="price-insight-heading" className="listing__section-title">
        {m.price_insight()}
      </h2>
      {band && insight.estimate !== null ? (
        <>
          <p className={`price-insight__band price-insight__band--${band.key}`}>{band.name}</p>
          <p className="price-insight__basis">
            {m.market_estimate({ price: price(insight.estimate, car.currency) })}{' '}
            {priceInsightTexts.basedOn(insight.comparables)}
          </p>
          <PriceChart car={car} />
        </>
      ) : (
        <p className="price-insight__none">{priceInsightTexts.notEnough}</p>
      )}
      <a className="price-insight__how" href={priceInsightTexts.methodPath}>
        {m.how_we_rate_prices()}
      </a>
    </section>
  );
}

/** Every approved price of the listing, newest first, with what each change was. */
export function PriceHistory({ car }: { car: CarDetail }) {
  const history = car.priceHistory;
  if (!history.length) return null;
  const rows = history.map((entry, i) => {
    const before = history[i - 1];
    return { ...entry, change: before ? entry.price - before.price : null };
  });
  return (
    <section className="panel price-history" aria-labelledby="price-history-heading">
      <h2 id="price-history-heading" className="listing__section-title">
        {m.price_history()}
      </h2>
      <ol className="price-history__list">
        {rows.reverse().map((row, i) => (
          <li key={i}>
            <time dateTime={row.date}>{utcDate(row.date)}</time>
            <span className="price-history__price">{price(row.price, car.currency)}</span>
            <span className="price-history__change">
              {row.change === null
                ? m.price_listed()
                : `${row.change < 0 ? '−' : '+'}${price(Math.abs(row.change), car.currency)}`}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** 'Listed today', 'Listed for 1 day', 'Listed for 12 days'. */
export const daysListedText = (days: number) =>
  days === 0 ? m.listed_today() : days === 1 ? m.listed_for_one_day() : m.listed_for_days({ days });
