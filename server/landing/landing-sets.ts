import type { Reference } from '../catalog/reference.ts';
import type { CarSet, SetRow } from './landing.queries.ts';

/** A set's count of listed cars and their prices' range. */
export interface SetFigures {
  count: number;
  minPrice: number;
  maxPrice: number;
}

/** Every set of listed cars with its figures: what the landing pages and the sitemap read. */
export interface LandingSets {
  figures(set: CarSet): SetFigures | null;
  /** The models of a make with listed cars. */
  modelsOf(makeId: number): number[];
  /** The towns where a make (or, for null, any make) has listed cars. */
  townsOf(makeId: number | null): number[];
  /** The makes with listed cars in a town (or, for null, anywhere). */
  makesIn(cityId: number | null): number[];
}

const keyOf = (set: CarSet) => `${set.makeId ?? ''}|${set.modelId ?? ''}|${set.cityId ?? ''}`;

function add(into: Map<string, SetFigures>, key: string, row: SetRow) {
  const kept = into.get(key);
  if (!kept) {
    into.set(key, { count: row.count, minPrice: row.minPrice, maxPrice: row.maxPrice });
    return;
  }
  kept.count += row.count;
  kept.minPrice = Math.min(kept.minPrice, row.minPrice);
  kept.maxPrice = Math.max(kept.maxPrice, row.maxPrice);
}

const ids = (values: Set<number> | undefined) => [...(values ?? [])];

/** The sets of `rows` (a model's cars per town), each make's, model's, town's and make-town's. */
export function landingSets(rows: SetRow[], reference: Reference): LandingSets {
  const makeOf = new Map<number, number>();
  for (const make of reference.makes)
    for (const model of reference.models(make.id)) makeOf.set(model.id, make.id);
  const figures = new Map<string, SetFigures>();
  const models = new Map<number, Set<number>>();
  const towns = new Map<number | null, Set<number>>();
  const makes = new Map<number | null, Set<number>>();
  const note = <K>(into: Map<K, Set<number>>, key: K, id: number) =>
    into.set(key, (into.get(key) ?? new Set()).add(id));
  for (const row of rows) {
    const makeId = makeOf.get(row.modelId);
    if (makeId === undefined) continue;
    const cityId = row.cityId;
    add(figures, keyOf({ makeId, modelId: null, cityId: null }), row);
    add(figures, keyOf({ makeId, modelId: row.modelId, cityId: null }), row);
    note(models, makeId, row.modelId);
    note(makes, null, makeId);
    if (cityId === null) continue;
    add(figures, keyOf({ makeId: null, modelId: null, cityId }), row);
    add(figures, keyOf({ makeId, modelId: null, cityId }), row);
    note(towns, makeId, cityId);
    note(towns, null, cityId);
    note(makes, cityId, makeId);
  }
  return {
    figures: (set) => figures.get(keyOf(set)) ?? null,
    modelsOf: (makeId) => ids(models.get(makeId)),
    townsOf: (makeId) => ids(towns.get(makeId)),
    makesIn: (cityId) => ids(makes.get(cityId)),
  };
}
