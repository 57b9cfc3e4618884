import { useId, useRef } from 'react';
import { m } from '#shared/i18n/paraglide/messages.js';
import type { MileageUnit } from '#shared/mileage.ts';
import type { CarCard } from '#shared/schemas/listing-display.ts';
import CarCardView from './CarCardView.tsx';
import { animateScroll, STEP_PX } from './scroll.ts';

/** The cards are 340 px wide (listing.css), 80% of a phone's width at most. */
const CARD_SIZES = '(max-width: 425px) 80vw, 340px';

/**
 * A titled row of cards with back and forward buttons; nothing when there are no cars. Rendered
 * on the server alone (the listing page), scripts/carousels.ts works the buttons (`data-step`).
 */
export function Carousel({
  title,
  cars,
  unit,
}: {
  title: string;
  cars: CarCard[];
  unit: MileageUnit;
}) {
  const track = useRef<HTMLUListElement>(null);
  const headingId = useId();
  if (!cars.length) return null;
  const scroll = (direction: 1 | -1) => {
    if (track.current) animateScroll(track.current, direction * STEP_PX);
  };
  return (
    <section className="carousel" aria-labelledby={headingId}>
      <div className="section-title">
        <h2 id={headingId}>{title}</h2>
        <div className="carousel__controls">
          <button
            type="button"
            className="carousel__button"
            aria-label={m.carousel_back({ title })}
            data-step={-1}
            onClick={() => scroll(-1)}
          >
            ‹
          </button>
          <button
            type="button"
            className="carousel__button"
            aria-label={m.carousel_forward({ title })}
            data-step={1}
            onClick={() => scroll(1)}
          >
            ›
          </button>
        </div>
      </div>
      <ul className="carousel__track" ref={track}>
        {cars.map((car) => (
          <li key={car.id}>
            <CarCardView car={car} sizes={CARD_SIZES} unit={unit} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** 'More from this seller' and 'Similar vehicles', each only when it has cars. */
export default function ListingCarousels({
  userCars,
  similarCars,
  unit,
}: {
  userCars: CarCard[];
  similarCars: CarCard[];
  unit: MileageUnit;
}) {
  return (
    <>
      <Carousel title={m.carousel_more_from_seller()} cars={userCars} unit={unit} />
      <Carousel title={m.carousel_similar()} cars={similarCars} unit={unit} />
    </>
  );
}
