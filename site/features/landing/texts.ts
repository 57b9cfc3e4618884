import { price } from '#shared/format.ts';

/**
 * The landing pages' texts, in one place (the language catalogues take them from here). `what`
 * names the cars ('Toyota Vitz', or '' for any car), `town` where their sellers are.
 */
export interface LandingSubject {
  what: string;
  town: string | null;
}

const cars = (what: string, count = 2) =>
  `${what ? `${what} ` : ''}${count === 1 ? 'car' : 'cars'}`;
const inTown = (town: string | null) => (town ? ` in ${town}` : ' in Malta');
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const landingTexts = {
  /** The page's title (the browser tab and search results). */
  title: ({ what, town }: LandingSubject) =>
    `${capital(cars(what))} for sale${inTown(town)} · Spotted`,
  heading: ({ what, town }: LandingSubject) => `${capital(cars(what))} for sale${inTown(town)}`,
  /** The introduction: how many, and their prices' range. */
  intro: (
    { what, town }: LandingSubject,
    {
      count,
      minPrice,
      maxPrice,
      currency,
    }: { count: number; minPrice: number; maxPrice: number; currency: string },
  ) => {
    const range =
      minPrice === maxPrice
        ? `priced at ${price(minPrice, currency)}`
        : `priced from ${price(minPrice, currency)} to ${price(maxPrice, currency)}`;
    const sellers = town ? `from sellers in ${town}` : 'from private sellers and dealers in Malta';
    return `${count} ${cars(what, count)} ${count === 1 ? 'is' : 'are'} for sale on Spotted ${sellers}, ${range}.`;
  },
  listHeading: (subject: LandingSubject) =>
    `The latest ${cars(subject.what)}${subject.town ? ` in ${subject.town}` : ''}`,
  seeAll: (subject: LandingSubject, count: number) =>
    `Search all ${count} ${cars(subject.what, count)} with filters`,
  breadcrumb: 'Breadcrumb',
  home: 'Home',
  allCars: 'Cars',
  otherModels: (make: string) => `Other ${make} models`,
  models: (make: string) => `${make} models`,
  makesIn: (town: string) => `Makes in ${town}`,
  makeInTowns: (make: string, other: boolean) =>
    `${make} in ${other ? 'other towns' : 'Malta’s towns'}`,
  otherTowns: 'Other towns',
  /** The home page's links to the makes' pages. */
  popularMakes: 'Popular makes',
  towns: 'Cars by town',
};
