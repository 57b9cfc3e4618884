import {
  landingPath,
  slugOf,
  type LandingAnswer,
  type LandingLink,
  type LandingNames,
} from '#shared/landing.ts';
import type { Named } from '#shared/schemas/catalog.ts';
import type { Reference } from '../catalog/reference.ts';
import type { Deps } from '../deps.ts';
import { landingSets, type LandingSets } from './landing-sets.ts';
import { firstCards, setRows, type CarSet } from './landing.queries.ts';

/** How many cars a landing page lists: six rows of the search page's four cards. */
export const LANDING_CARS = 24;

/** The reference's makes and towns by their address's name, made once per reference. */
const slugIndexes = new WeakMap<
  Reference,
  { makes: Map<string, Named>; towns: Map<string, Named> }
>();

function bySlug(reference: Reference) {
  let index = slugIndexes.get(reference);
  if (!index) {
    const map = (list: Named[]) => {
      const out = new Map<string, Named>();
      for (const item of [...list].sort((a, b) => a.id - b.id))
        if (!out.has(slugOf(item.name))) out.set(slugOf(item.name), item);
      return out;
    };
    index = { makes: map(reference.makes), towns: map(reference.cities) };
    slugIndexes.set(reference, index);
  }
  return index;
}

/** The sets of listed cars, kept until a listed car joins or leaves one or changes its price. */
export async function currentSets(deps: Deps): Promise<LandingSets> {
  const sets = await deps.landingSetCache.getOrCompute('sets', async () => {
    const [rows, reference] = await Promise.all([setRows(deps.db), deps.referenceCache.get()]);
    return { value: landingSets(rows, reference), tags: ['cars', 'reference'] };
  });
  if (!sets) throw new Error('the sets of listed cars could not be read');
  return sets;
}

/** The change notice that ends a set's page (migration 0031_landing_sets). */
const setTag = ({ makeId, modelId, cityId }: CarSet) =>
  modelId !== null
    ? `cars:model:${modelId}`
    : makeId !== null && cityId !== null
      ? `cars:make-town:${makeId}:${cityId}`
      : makeId !== null
        ? `cars:make:${makeId}`
        : `cars:town:${cityId}`;

const byName = (a: LandingLink, b: LandingLink) => a.name.localeCompare(b.name, 'en');

/**
 * The landing page of the names in an address (as slugs): its set's count, price range, first
 * cards and neighbours. A name the reference does not know has no page; a known set without a
 * listed car sends to the nearest page above it that has cars, else to the search page.
 */
export async function landingPage(deps: Deps, names: LandingNames): Promise<LandingAnswer> {
  const reference = await deps.referenceCache.get();
  const index = bySlug(reference);
  const make = names.make === undefined ? null : (index.makes.get(names.make) ?? null);
  const model =
    names.model === undefined || !make
      ? null
      : (reference.models(make.id).find((m) => slugOf(m.name) === names.model) ?? null);
  const town = names.town === undefined ? null : (index.towns.get(names.town) ?? null);
  if ((names.make && !make) || (names.model && !model) || (names.town && !town))
    return { page: null, redirect: null };
  const set: CarSet = {
    makeId: make?.id ?? null,
    modelId: model?.id ?? null,
    cityId: town?.id ?? null,
  };
  const sets = await currentSets(deps);
  const figures = sets.figures(set);
  const named = { make: make?.name, model: model?.name, town: town?.name };
  const parents: (CarSet & { path: string; name: string })[] = [];
  if (make && (model || town))
    parents.push({
      ...set,
      modelId: null,
      cityId: null,
      path: landingPath({ make: make.name }),
      name: make.name,
    });
  if (make && town)
    parents.push({ ...set, makeId: null, path: landingPath({ town: town.name }), name: town.name });
  if (!figures) {
    const up = parents.find((parent) => sets.figures(parent));
    return { page: null, redirect: up?.path ?? '/search' };
  }
  const cars = await firstCards(deps.db, set, LANDING_CARS);
  const links = (ids: number[], skip: number | undefined, link: (id: number) => LandingLink) =>
    ids
      .filter((id) => id !== skip)
      .map(link)
      .sort(byName);
  const page = {
    path: landingPath(named),
    make: make?.name ?? null,
    model: model?.name ?? null,
    town: town?.name ?? null,
    makeId: make?.id ?? null,
    modelId: model?.id ?? null,
    ...figures,
    currency: reference.configuration.currency,
    cars,
    parents: parents.map(({ name, path }) => ({ name, path })),
    models: make
      ? links(sets.modelsOf(make.id), model?.id, (id) => {
          const name = reference.modelName(id);
          return { name, path: landingPath({ make: make.name, model: name }) };
        })
      : [],
    makes: town
      ? links(sets.makesIn(town.id), make?.id, (id) => {
          const name = reference.makeName(id);
          return { name, path: landingPath({ make: name, town: town.name }) };
        })
      : [],
    towns: model
      ? []
      : links(sets.townsOf(make?.id ?? null), town?.id, (id) => {
          const name = reference.cityName(id);
          return { name, path: landingPath({ make: make?.name, town: name }) };
        }),
    // The set, and what its cards show of each car and its seller: not the price insight.
    tags: ['reference', setTag(set), ...cars.map((car) => `card:${car.id}`)],
  };
  return { page };
}

/** How many makes the home page links to. */
const POPULAR_MAKES = 12;

/** The pages of the makes with the most listed cars, by name. */
export async function popularMakes(deps: Deps): Promise<LandingLink[]> {
  const [sets, reference] = await Promise.all([currentSets(deps), deps.referenceCache.get()]);
  const count = (makeId: number) =>
    sets.figures({ makeId, modelId: null, cityId: null })?.count ?? 0;
  return sets
    .makesIn(null)
    .sort((a, b) => count(b) - count(a) || a - b)
    .slice(0, POPULAR_MAKES)
    .map((id) => ({
      name: reference.makeName(id),
      path: landingPath({ make: reference.makeName(id) }),
    }))
    .sort(byName);
}

/** Every landing page with listed cars: each make, model, town and make in a town. */
export async function landingPaths(deps: Deps): Promise<string[]> {
  const [sets, reference] = await Promise.all([currentSets(deps), deps.referenceCache.get()]);
  const paths: string[] = [];
  for (const makeId of sets.makesIn(null)) {
    const make = reference.makeName(makeId);
    paths.push(landingPath({ make }));
    for (const modelId of sets.modelsOf(makeId))
      paths.push(landingPath({ make, model: reference.modelName(modelId) }));
    for (const cityId of sets.townsOf(makeId))
      paths.push(landingPath({ make, town: reference.cityName(cityId) }));
  }
  for (const cityId of sets.townsOf(null))
    paths.push(landingPath({ town: reference.cityName(cityId) }));
  return paths.sort();
}
