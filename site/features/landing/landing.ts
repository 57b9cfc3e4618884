import type { LandingPage } from '#shared/landing.ts';
import { carName } from '#shared/format.ts';
import type { LandingSubject } from './texts.ts';

/** What a landing page is about, as its texts name it. */
export const subjectOf = (page: LandingPage): LandingSubject => ({
  what: [page.make, page.model].filter(Boolean).join(' '),
  town: page.town,
});

/** The search page with the make's (and model's) filters, where every car of the set is. */
export function searchLink(page: LandingPage): string | null {
  if (page.makeId === null || page.town) return null;
  const query = new URLSearchParams({ make: String(page.makeId) });
  if (page.modelId !== null) query.set('model', String(page.modelId));
  return `/search?${query.toString()}`;
}

/** The schema.org ItemList of a landing page's cars, each a Car with its offer. */
export function landingJsonLd(page: LandingPage, origin: string) {
  const absolute = (path: string) => new URL(path, origin).toString();
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    url: absolute(page.path),
    numberOfItems: page.count,
    itemListElement: page.cars.map((car, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      item: {
        '@type': 'Car',
        name: carName(car.brand, car.model, car.title),
        url: absolute(`/car/${car.id}`),
        image: car.image ? absolute(car.image) : undefined,
        brand: { '@type': 'Brand', name: car.brand },
        model: car.model,
        vehicleModelDate: String(car.year),
        mileageFromOdometer: { '@type': 'QuantitativeValue', value: car.millage, unitCode: 'SMI' },
        fuelType: car.fuel,
        bodyType: car.body,
        vehicleTransmission: car.transmission,
        offers: {
          '@type': 'Offer',
          url: absolute(`/car/${car.id}`),
          price: car.price,
          priceCurrency: 'EUR',
          availability: 'https://schema.org/InStock',
        },
      },
    })),
  };
}
