import type { CarCard } from './schemas/listing-display.ts';

/**
 * A name as it reads in an address: lower case, accents and the Maltese letters' marks dropped
 * ('Ħamrun' -> 'hamrun', 'San Ġiljan' -> 'san-giljan', 'Mercedes-Benz' -> 'mercedes-benz').
 */
export const slugOf = (name: string): string =>
  name
    .replace(/[ħĦ]/g, 'h')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** The names a landing page is about: a make, a make and model, a town, or a make in a town. */
export interface LandingNames {
  make?: string | undefined;
  model?: string | undefined;
  town?: string | undefined;
}

/**
 * A landing page's address: /cars/toyota, /cars/toyota/vitz, /cars/in/birkirkara,
 * /cars/toyota/in/birkirkara. A model in a town is no page of its own: its make's in that town.
 */
export function landingPath({ make, model, town }: LandingNames): string {
  const path = ['/cars'];
  if (make) path.push(slugOf(make));
  if (make && model && !town) path.push(slugOf(model));
  if (town) path.push('in', slugOf(town));
  return path.join('/');
}

/** A link to another landing page. */
export interface LandingLink {
  name: string;
  path: string;
}

/** What a landing page shows: a set of listed cars with its count, price range and neighbours. */
export interface LandingPage {
  /** The canonical address. */
  path: string;
  make: string | null;
  model: string | null;
  town: string | null;
  /** The make's id and the model's, for the search page's filters. */
  makeId: number | null;
  modelId: number | null;
  count: number;
  minPrice: number;
  maxPrice: number;
  currency: string;
  /** The first cars, in the search page's default order. */
  cars: CarCard[];
  /** The pages above: the make of a model or of a make in a town, the town of a make in a town. */
  parents: LandingLink[];
  /** The other models of the make, with cars. */
  models: LandingLink[];
  /** The makes with cars in the town (a town page) or the make's other towns, as pages. */
  makes: LandingLink[];
  towns: LandingLink[];
  /** What the page shows, for the page cache. */
  tags: string[];
}

/** A landing address's answer: its page, or where to go instead (null: no such page). */
export type LandingAnswer = { page: LandingPage } | { page: null; redirect: string | null };
