import { price } from '#shared/format.ts';
import type { CarCard } from '#shared/schemas/listing.ts';
import { badgeFor } from '../../lib/badges.ts';

/** The result card of components/CarCard.astro, for React-rendered lists (the carousels). */
export default function CarCardView({ car }: { car: CarCard }) {
  const badge = badgeFor(car);
  const place = [car.location, car.city].filter(Boolean).join(', ');
  return (
    <a className="card" href={`/car/${car.id}`}>
      {car.image ? (
        <img
          className="card__image"
          src={car.image}
          alt={`${car.brand} ${car.model}`}
          width={480}
          height={360}
          loading="lazy"
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
        <h3 className="card__title">{car.title}</h3>
        <span className="card__price">{price(car.price, car.currency)}</span>
        <span className="card__meta">
          {[car.year, car.body, car.fuel].filter(Boolean).join(' · ')}
        </span>
        {place && <span className="card__meta">{place}</span>}
      </div>
    </a>
  );
}
