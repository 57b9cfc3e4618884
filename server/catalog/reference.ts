import { asc, sql } from 'drizzle-orm';
import { enumerableKinds, type Enumerables, type Named } from '#shared/schemas/catalog.ts';
import type { PublicConfiguration } from '#shared/schemas/configuration.ts';
import type { Changes } from '../db/changes.ts';
import type { Db } from '../db/client.ts';
import {
  adminMenuItems,
  cities,
  configuration,
  enumerables,
  equipmentItems,
  listingTypes,
  makes,
  models,
  safetyItems,
} from '../db/schema/index.ts';

type Model = Named & { brandId: number };

/** The reference lists and the configuration, as every public page and listing needs them. */
export interface Reference {
  enumerables: Enumerables;
  /** The name of enumerable `id` of `kind`; '' for an unknown id, null for none. */
  enumerableName(kind: keyof Enumerables, id: number | null): string | null;
  makes: Named[];
  makeName(id: number): string;
  models(makeId: number): Model[];
  modelName(id: number): string;
  safety: Named[];
  equipment: Named[];
  listingTypes: PublicConfiguration['listingTypes'];
  configuration: PublicConfiguration;
  cities: Named[];
  cityName(id: number | null): string;
  menu: (typeof adminMenuItems.$inferSelect)[];
}

const byName = <T extends { name: string }>(a: T, b: T) =>
  a.name.toLowerCase() < b.name.toLowerCase()
    ? -1
    : a.name.toLowerCase() > b.name.toLowerCase()
      ? 1
      : 0;

async function load(db: Db): Promise<Reference> {
  const [enums, makeRows, modelRows, safety, equipment, types, [config], cityRows, menu] =
    await Promise.all([
      db.select().from(enumerables).orderBy(asc(enumerables.kind), asc(enumerables.id)),
      db.select({ id: makes.id, name: makes.name }).from(makes),
      db.select({ id: models.id, name: models.name, brandId: models.makeId }).from(models),
      db
        .select({ id: safetyItems.id, name: safetyItems.name })
        .from(safetyItems)
        .orderBy(asc(safetyItems.id)),
      db
        .select({ id: equipmentItems.id, name: equipmentItems.name })
        .from(equipmentItems)
        .orderBy(asc(equipmentItems.id)),
      db.select().from(listingTypes).orderBy(asc(listingTypes.id)),
      db
        .select()
        .from(configuration)
        .where(sql`${configuration.id} = 1`),
      db.select({ id: cities.id, name: cities.name }).from(cities).orderBy(asc(cities.name)),
      db.select().from(adminMenuItems).orderBy(asc(adminMenuItems.position)),
    ]);
  if (!config) throw new Error('configuration row is missing: reference data was not loaded');
  const grouped = Object.fromEntries(enumerableKinds.map((k) => [k, [] as Named[]]));
  const enumNames = new Map<string, string>();
  for (const row of enums) {
    grouped[row.kind]?.push({ id: row.id, name: row.name });
    enumNames.set(`${row.kind}:${row.id}`, row.name);
  }
  const makeNames = new Map(makeRows.map((m) => [m.id, m.name]));
  const cityNames = new Map(cityRows.map((c) => [c.id, c.name]));
  const modelNames = new Map(modelRows.map((m) => [m.id, m.name]));
  const modelsByMake = new Map<number, Model[]>();
  for (const model of modelRows.sort(byName)) {
    const list = modelsByMake.get(model.brandId) ?? [];
    list.push(model);
    modelsByMake.set(model.brandId, list);
  }
  const { id: _id, ...fields } = config;
  return {
    enumerables: grouped as Enumerables,
    enumerableName: (kind, id) => (id === null ? null : (enumNames.get(`${kind}:${id}`) ?? '')),
    makes: makeRows.sort(byName),
    makeName: (id) => makeNames.get(id) ?? '',
    models: (makeId) => modelsByMake.get(makeId) ?? [],
    modelName: (id) => modelNames.get(id) ?? '',
    safety,
    equipment,
    listingTypes: types,
    configuration: { ...fields, listingTypes: types },
    cities: cityRows,
    cityName: (id) => (id === null ? '' : (cityNames.get(id) ?? '')),
    menu,
  };
}

export interface ReferenceCache {
  get(): Promise<Reference>;
  /** Forgets what is kept; the next `get` reads the database again. */
  invalidate(): void;
}

/**
 * Reference data read once and kept in memory until it changes: a 'reference' notice from any
 * instance (database triggers) or a change made here forgets it.
 */
export function referenceCache(db: Db, changes?: Pick<Changes, 'subscribe'>): ReferenceCache {
  const cache = createReferenceCache(db, changes);
  registered.set(db, cache);
  return cache;
}

/** Each database's reference cache, for queries that are handed only the database. */
const registered = new WeakMap<Db, ReferenceCache>();

/**
 * The reference data of `db`: its cache when the app made one, otherwise (a transaction, a
 * script) read now.
 */
export const referenceOf = (db: Db): Promise<Reference> => registered.get(db)?.get() ?? load(db);

function createReferenceCache(db: Db, changes?: Pick<Changes, 'subscribe'>): ReferenceCache {
  let current: Promise<Reference> | null = null;
  let generation = 0;
  const invalidate = () => {
    generation += 1;
    current = null;
  };
  changes?.subscribe((tag) => {
    if (tag === 'reference' || tag === '*') invalidate();
  });
  return {
    get() {
      if (current) return current;
      const started = generation;
      const loading = load(db);
      current = loading;
      loading.then(
        () => {
          if (generation !== started && current === loading) current = null;
        },
        () => {
          if (current === loading) current = null;
        },
      );
      return loading;
    },
    invalidate,
  };
}
