import type { CarCard } from '#shared/schemas/listing-display.ts';
import { gridSizes } from '../../lib/cards.ts';
import CarCardView from '../listing/CarCardView.tsx';
import { browserMileageUnit } from '../mileage/mileage.ts';

interface Props {
  car: CarCard;
  eager: boolean;
  onRemove: () => void;
}

/** The favourites grid has 5 columns. */
const SIZES = gridSizes(5);

/** The result card of the site (as CarCard.astro draws it) with its filled heart, which unsaves. */
export default function FavoriteCard({ car, eager, onRemove }: Props) {
  const name = `${car.brand} ${car.model}`;
  return (
    <div className="favorite-card">
      <CarCardView
        car={car}
        sizes={SIZES}
        eager={eager}
        headingLevel="h2"
        unit={browserMileageUnit()}
      />
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
