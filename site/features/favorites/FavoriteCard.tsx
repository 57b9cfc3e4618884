import { price } from '#shared/format.ts';
import type { CarCard } from '#shared/schemas/listing.ts';
import { badgeFor } from '../../lib/badges.ts';

interface Props {
  car: CarCard;
  eager: boolean;
  onRemove: () => void;
}

/** The result card of the site (as CarCard.astro draws it) with a button to unsave the car. */
export default function FavoriteCard({ car, eager, onRemove }: Props) {
  const badge = badgeFor(car);
  const place = [car.location, car.city].filter(Boolean).join(', ');
  const name = `${car.brand} ${car.model}`;
  return (
    <div className="favorite-card">
      <a className="card" href={`/car/${car.id}`}>
        {car.image ? (
          <img
            className="card__image"
            src={car.image}
            alt={name}
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
          <span className="card__make">{name}</span>
          <h2 className="card__title favorite-card__title">{car.title}</h2>
          <span className="card__price">{price(car.price, car.currency)}</span>
          <span className="card__meta">
            {[car.year, car.body, car.fuel].filter(Boolean).join(' · ')}
          </span>
          {place && <span className="card__meta">{place}</span>}
        </div>
      </a>
      <button
        type="button"
        className="favorite-card__remove"
        aria-label={`Remove ${name} ${car.title} from favorites`}
        title="Remove from favorites"
        onClick={onRemove}
      >
        <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
          <path d="M12 21s-7.5-4.6-10-9.3C.3 8.5 2.2 4.5 6 4.5c2.1 0 3.5 1.2 4.3 2.4h3.4C14.5 5.7 15.9 4.5 18 4.5c3.8 0 5.7 4 4 7.2C19.5 16.4 12 21 12 21Z" />
        </svg>
      </button>
    </div>
  );
}
