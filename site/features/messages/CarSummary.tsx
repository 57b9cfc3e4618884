import { price } from '#shared/format.ts';
import type { CarCard } from '#shared/schemas/listing-display.ts';

/** The car a conversation is about, at the top of it: photo, title, price, a link to the listing. */
export default function CarSummary({ car }: { car: CarCard }) {
  return (
    <a className="conversation-car" href={`/car/${car.id}`}>
      {car.image ? <img src={car.image} alt="" width={96} height={72} /> : <span />}
      <span>
        <strong>{car.title}</strong>
        <span>
          {car.brand} {car.model} · {car.year}
        </span>
        <span className="conversation-car__price">{price(car.price, car.currency)}</span>
      </span>
    </a>
  );
}
