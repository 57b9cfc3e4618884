import { useEffect, useState } from 'react';
import { localPrice as price } from '#shared/i18n/format.ts';
import { localisedPath } from '#shared/i18n/language.ts';
import { getLocale } from '#shared/i18n/paraglide/runtime.js';
import type { MileageUnit } from '#shared/mileage.ts';
import type { CarCard } from '#shared/schemas/listing-display.ts';
import { badgeFor } from '../../lib/badges.ts';
import { driveFacts, listedAgo, listedOn, srcset } from '../../lib/cards.ts';
import '../../components/car-card.css';

interface Props {
  car: CarCard;
  /** How wide the photo shows (the `sizes` attribute). */
  sizes: string;
  eager?: boolean;
  headingLevel?: 'h2' | 'h3';
  unit: MileageUnit;
}

/** 'Listed 12 Mar 2026' as rendered on the server, then the age as of today once in the browser. */
function ListedAge({ iso }: { iso: string }) {
  const [text, setText] = useState<string>(() => listedOn(iso));
  useEffect(() => setText(listedAgo(iso)), [iso]);
  return <time dateTime={iso}>{text}</time>;
}

/** The result card of components/CarCard.astro, for React-rendered lists (carousels, favourites). */
export default function CarCardView({
  car,
  sizes,
  eager = false,
  headingLevel = 'h3',
  unit,
}: Props) {
  const badge = badgeFor(car);
  const place = [car.location, car.city].filter(Boolean).join(', ');
  const Heading = headingLevel;
  return (
    <a className="card" href={localisedPath(`/car/${car.id}`, getLocale())}>
      {car.image ? (
        <img
          className="card__image"
          src={car.image}
          srcSet={srcset(car.imageVersions)}
          sizes={car.imageVersions.length ? sizes : undefined}
          alt={`${car.brand} ${car.model}`}
          width={480}
          height={360}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
      ) : (
        <div className="card__image" />
      )}
      {badge && <span className={`type-badge type-badge--${badge.style}`}>{badge.label}</span>}
      <div className="card__body">
        <span className="card__make">
          {car.brand} {car.model}
        </span>
        <Heading className="card__title" style={{ fontSize: '1rem', margin: 0 }}>
          {car.title}
        </Heading>
        <span className="card__price">{price(car.price, car.currency)}</span>
        <span className="card__meta">
          {[car.year, car.body, car.fuel].filter(Boolean).join(' · ')}
        </span>
        <span className="card__meta">{driveFacts(car, unit)}</span>
        {place && <span className="card__meta">{place}</span>}
        {car.publishedAt && (
          <span className="card__meta">
            <ListedAge iso={car.publishedAt} />
          </span>
        )}
      </div>
    </a>
  );
}
