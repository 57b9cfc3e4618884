import { date, number, price } from '#shared/format.ts';
import type { Subscription } from './subscriptions.ts';
import { typeBadgeClass } from './subscriptions.ts';

/** What the details dialog (and the mobile details route) shows of one subscription. */
export default function SubscriptionDetails({ subscription: s }: { subscription: Subscription }) {
  return (
    <div className="subscription-details">
      <div className="subscription-details__car">
        {s.image ? (
          <img src={s.image} alt={`${s.brand} ${s.model}`} width="160" height="120" />
        ) : (
          <div className="subscription-details__placeholder" />
        )}
        <div>
          <span className="card__make">
            {s.brand} {s.model}
          </span>
          <p className="subscription-details__title">{s.title}</p>
          <span className="card__price">{price(s.price, s.currency)}</span>
        </div>
      </div>
      <dl className="details-list">
        <dt>Status</dt>
        <dd>
          <span className={typeBadgeClass(s.type)}>{s.typeName}</span>
        </dd>
        <dt>Listing type</dt>
        <dd>{s.listingTypeName}</dd>
        <dt>Credits</dt>
        <dd>{number(s.credits)} credits</dd>
        <dt>Start date</dt>
        <dd>
          <time dateTime={s.createdDate}>{date(s.createdDate)}</time>
        </dd>
        <dt>Expiry date</dt>
        <dd>
          <time dateTime={s.expiryDate}>{date(s.expiryDate)}</time>
        </dd>
      </dl>
      <a className="subscription-details__history" href={`/subscription-transactions/${s.carId}`}>
        See subscription transactions ›
      </a>
    </div>
  );
}
