import { landingPath } from '#shared/landing.ts';
import type { ReactNode } from 'react';
import { localisedPath } from '#shared/i18n/language.ts';
import { localPrice as price } from '#shared/i18n/format.ts';
import { m } from '#shared/i18n/paraglide/messages.js';
import { getLocale } from '#shared/i18n/paraglide/runtime.js';
import type { MileageUnit } from '#shared/mileage.ts';
import { utcDate } from '../../lib/cards.ts';
import { Icon } from './Icon.tsx';
import { daysListedText, PriceHistory, PriceRating } from './PriceInsight.tsx';
import {
  flags,
  ownerBanner,
  phones,
  sellerAvatar,
  sellerName,
  specifications,
  type CarDetail,
} from './listing.ts';
import './listing.css';

interface Props {
  car: CarDetail;
  phonePrefix: string;
  /** The visitor's mileage unit. */
  unit: MileageUnit;
  /**
   * Who looks, when known (client-rendered pages). On the server it is unknown: the owner's and
   * the visitor's parts both render, and the page's owner check (html[data-viewer]) shows one.
   */
  viewer?: 'owner' | 'visitor';
  /** The photo grid with its gallery (PhotoGallery). */
  gallery?: ReactNode;
  /** The buttons under the price (ListingActions). */
  actions?: ReactNode;
  /** 'More from this seller' and 'Similar vehicles' (ListingCarousels). */
  carousels?: ReactNode;
}

/**
 * Everything the listing details show, as plain markup: rendered on the server without
 * JavaScript for /car/{id}, inside a client island for /car/pending/{id}. Interactive parts
 * come in as slots.
 */
export default function ListingView({
  car,
  phonePrefix,
  unit,
  viewer,
  gallery,
  actions,
  carousels,
}: Props) {
  const only = (who: 'owner' | 'visitor') => (viewer ? '' : ` for-${who}`);
  const banner = viewer === 'visitor' ? null : ownerBanner(car.state, car.deniedMessage);
  const seller = car.user;
  const place = [seller.address, seller.city].filter(Boolean).join(', ');
  const avatar = sellerAvatar(seller);
  const name = sellerName(seller);

  return (
    <article className="listing">
      {banner && (
        <p
          className={`listing__banner listing__banner--${car.state}${only('owner')}`}
          role="status"
        >
          {banner}
        </p>
      )}
      <div className="listing__photos">{gallery}</div>
      <div className="listing__layout">
        <div className="listing__main">
          <header className="panel listing__head">
            <p className="listing__make">
              <a href={localisedPath(landingPath({ make: car.brand }), getLocale())}>{car.brand}</a>{' '}
              <a
                href={localisedPath(
                  landingPath({ make: car.brand, model: car.model }),
                  getLocale(),
                )}
              >
                {car.model}
              </a>
            </p>
            <h1 className="listing__title">{car.title}</h1>
            {/* Phones: the price under the title, on the first screen (the price box comes later;
                screen readers read it there). */}
            <p className="listing__head-price" aria-hidden="true">
              {price(car.price, car.currency)}
            </p>
            <ul className="listing__meta">
              <li>
                <Icon name="eye" size={18} />{' '}
                <span id="listing-views">{m.listing_views({ count: car.views })}</span>
              </li>
              {place && (
                <li>
                  <Icon name="pin" size={18} /> {place}
                </li>
              )}
              <li>{m.listing_id({ id: car.id })}</li>
              {car.publishedAt && (
                <li>
                  {m.listing_live_since()}{' '}
                  <time dateTime={car.publishedAt}>{utcDate(car.publishedAt)}</time>
                </li>
              )}
              {car.daysListed !== null && <li>{daysListedText(car.daysListed)}</li>}
            </ul>
            <ul className="listing__flags" aria-label={m.listing_features()}>
              {flags(car).map(([label, included]) => (
                <li key={label} className={included ? 'flag flag--on' : 'flag flag--off'}>
                  <Icon name={included ? 'check' : 'cross'} size={16} />
                  {label}
                  <span className="visually-hidden">
                    {included ? m.yes_suffix() : m.no_suffix()}
                  </span>
                </li>
              ))}
            </ul>
          </header>

          <section className="panel" aria-labelledby="specs-heading">
            <h2 id="specs-heading" className="listing__section-title">
              {m.listing_specifications()}
            </h2>
            <dl className="specs">
              {specifications(car, unit).map(([label, value]) => (
                <div key={label} className="specs__row">
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </section>

          {(car.safety.length > 0 || car.equipment.length > 0) && (
            <section
              className="panel listing__features"
              aria-label={m.listing_safety_and_equipment()}
            >
              {car.safety.length > 0 && (
                <div>
                  <h2 className="listing__section-title">{m.listing_safety()}</h2>
                  <ul className="chips">
                    {car.safety.map((item) => (
                      <li key={item.id} className="chip">
                        {item.name}
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              {car.equipment.length > 0 && (
                <div>
                  <h2 className="listing__section-title">{m.listing_equipment()}</h2>
                  <ul className="chips">
                    {car.equipment.map((item) => (
                      <li key={item.id} className="chip">
                        {item.name}
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </section>
          )}

          {car.description.trim() && (
            <section className="panel" aria-labelledby="description-heading">
              <h2 id="description-heading" className="listing__section-title">
                {m.listing_description()}
              </h2>
              <p className="listing__description">{car.description}</p>
            </section>
          )}
        </div>
        <aside className="listing__side" aria-label={m.listing_price_and_seller()}>
          <div className="panel listing__price-box">
            {car.state === 'ACTIVE' && (
              <span className="state-badge state--ACTIVE listing__state">{m.state_active()}</span>
            )}
            <p className="listing__price">{price(car.price, car.currency)}</p>
            {actions}
          </div>
          {car.state === 'ACTIVE' && car.originalId === null && <PriceRating car={car} />}
          {car.publishedAt && <PriceHistory car={car} />}
          {viewer !== 'owner' && (
            <section className={`panel seller${only('visitor')}`} aria-labelledby="seller-heading">
              <h2 id="seller-heading" className="listing__section-title">
                {m.listing_seller()}
              </h2>
              <div className="seller__who">
                {avatar && (
                  <img
                    className="seller__avatar"
                    src={avatar}
                    alt=""
                    width={56}
                    height={56}
                    loading="lazy"
                  />
                )}
                <p className="seller__name">{name}</p>
              </div>
              <ul className="seller__contacts">
                {seller.address && (
                  <li>
                    <Icon name="pin" size={18} /> {seller.address}
                  </li>
                )}
                {seller.city && (
                  <li>
                    <span className="visually-hidden">{m.listing_city()}</span>
                    <a href={localisedPath(landingPath({ town: seller.city }), getLocale())}>
                      {seller.city}
                    </a>
                  </li>
                )}
                {seller.email && (
                  <li>
                    <Icon name="mail" size={18} />{' '}
                    <a href={`mailto:${seller.email}`}>{seller.email}</a>
                  </li>
                )}
                {phones(seller, phonePrefix).map((p) => (
                  <li key={p.href}>
                    <Icon name="phone" size={18} /> <a href={p.href}>{p.label}</a>
                  </li>
                ))}
              </ul>
              <a
                className="button button--ghost seller__all"
                href={localisedPath(`/seller/offer/${car.userId}`, getLocale())}
              >
                {m.listing_all_from_seller()}
              </a>
            </section>
          )}
          {viewer !== 'owner' && <SafetyTips className={only('visitor')} />}
        </aside>
      </div>
      {viewer !== 'owner' && carousels && (
        <div className={`listing__carousels${only('visitor')}`}>{carousels}</div>
      )}
    </article>
  );
}

/** Buyers' safety tips: plain server-rendered text on every listing page (no script). */
function SafetyTips({ className }: { className: string }) {
  return (
    <section className={`panel safety-tips${className}`} aria-labelledby="safety-tips-heading">
      <h2 id="safety-tips-heading" className="listing__section-title">
        {m.safety_tips_title()}
      </h2>
      <ul className="safety-tips__list">
        <li>{m.safety_tip_papers()}</li>
        <li>{m.safety_tip_deposit()}</li>
        <li>{m.safety_tip_chassis()}</li>
        <li>{m.safety_tip_outside()}</li>
      </ul>
    </section>
  );
}
