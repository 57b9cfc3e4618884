import { and, eq, inArray } from 'drizzle-orm';
import { ELECTRIC_FUEL_ID } from '#shared/limits.ts';
import type { EnumerableKind } from '#shared/schemas/catalog.ts';
import { listingProblem, type ListingPayload } from '#shared/schemas/listing.ts';
import type { Db } from '../db/client.ts';
import {
  configuration,
  enumerables,
  equipmentItems,
  listings,
  listingTypes,
  models,
  safetyItems,
} from '../db/schema/index.ts';
import { badRequest } from '../http/errors.ts';

export type ListingValues = Omit<
  typeof listings.$inferInsert,
  'userId' | 'state' | 'listingTypeId'
> & {
  safety: number[];
  equipment: number[];
};

const enumerableFields: [keyof ListingPayload, EnumerableKind, string][] = [
  ['body', 'bodies', 'body'],
  ['fuel', 'fuels', 'fuel'],
  ['doorNumber', 'doorsNumber', 'door number'],
  ['emissionClass', 'emissionClasses', 'emission class'],
  ['driveTrain', 'driveTrains', 'drive train'],
  ['transmission', 'transmissions', 'transmission'],
  ['steeringWheelSide', 'steeringWheelSides', 'steering wheel side'],
  ['acType', 'acTypes', 'AC type'],
  ['origin', 'origins', 'vehicle origin'],
  ['carColor', 'colors', 'car color'],
  ['chargerType', 'chargerTypes', 'charger type'],
];

/**
 * Applies the form's rules (shared with the form, in the spec's order), then checks that every
 * chosen id exists, and returns the columns to store. Electric cars store engine size 0; the
 * others store no battery values.
 */
export async function checkListing(
  db: Db,
  input: ListingPayload,
  mode: 'add' | 'edit',
): Promise<ListingValues> {
  const [config] = await db.select().from(configuration);
  if (!config) throw new Error('configuration is missing');
  const problem = listingProblem(input, {
    mode,
    minYear: config.carMinimumYear,
    maxYear: config.carMaximumYear,
  });
  if (problem) throw badRequest(problem);

  const electric = input.fuel === ELECTRIC_FUEL_ID;
  const [model] = await db
    .select()
    .from(models)
    .where(eq(models.id, input.model ?? 0));
  if (!model || model.makeId !== input.brand)
    throw badRequest('The model does not belong to the selected make');

  const rows = await db.select().from(enumerables);
  const known = new Set(rows.map((r) => `${r.kind}:${r.id}`));
  for (const [field, kind, label] of enumerableFields) {
    const value = input[field];
    if (field === 'driveTrain' && electric && value === null) continue;
    if (field === 'chargerType' && !electric) continue;
    if (typeof value !== 'number' || !known.has(`${kind}:${value}`))
      throw badRequest(`Unknown ${label}`);
  }
  if (mode === 'add') {
    const [type] = await db
      .select()
      .from(listingTypes)
      .where(eq(listingTypes.id, input.adTypeId ?? 0));
    if (!type) throw badRequest('Unknown listing type');
  }
  await checkIds(db, safetyItems, input.safety, 'safety feature');
  await checkIds(db, equipmentItems, input.equipment, 'equipment item');

  return {
    makeId: model.makeId,
    modelId: model.id,
    title: input.title?.trim() ?? '',
    bodyId: input.body as number,
    fuelId: input.fuel as number,
    doorNumberId: input.doorNumber as number,
    emissionClassId: input.emissionClass as number,
    driveTrainId: input.driveTrain,
    transmissionId: input.transmission as number,
    steeringWheelSideId: input.steeringWheelSide as number,
    acTypeId: input.acType as number,
    originId: input.origin as number,
    colorId: input.carColor as number,
    chargerTypeId: electric ? input.chargerType : null,
    chassisNumber: input.chassisNumber?.trim() || null,
    year: input.year as number,
    price: input.price as number,
    currency: config.currency,
    isFixedPrice: input.isFixedPrice,
    isDirectFinanceAvailable: input.isDirectFinanceAvailable,
    isFirstOwner: input.isFirstOwner,
    isRedPlate: input.isRedPlate,
    cubics: electric ? 0 : (input.cubics ?? 0),
    power: input.power as number,
    millage: input.millage as number,
    batteryCapacity: electric ? (input.batteryCapacity ?? 0) : 0,
    batteryRange: electric ? (input.batteryRange ?? 0) : 0,
    registrationExpiration: toDate(input.registrationExpiration ?? null),
    description: input.description?.trim() ?? '',
    categoryId: 1,
    safety: [...new Set(input.safety)],
    equipment: [...new Set(input.equipment)],
  };
}

async function checkIds(
  db: Db,
  table: typeof safetyItems | typeof equipmentItems,
  ids: number[],
  label: string,
) {
  if (!ids.length) return;
  const found = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  if (new Set(found.map((f) => f.id)).size !== new Set(ids).size)
    throw badRequest(`Unknown ${label}`);
}

/** 'MM.yyyy' -> 'yyyy-MM-01' (the first day of that month). */
export const toDate = (mmYyyy: string | null) =>
  mmYyyy ? `${mmYyyy.slice(3)}-${mmYyyy.slice(0, 2)}-01` : null;

/** 'yyyy-MM-dd' -> 'MM.yyyy'. */
export const toMonth = (date: string | null) =>
  date ? `${date.slice(5, 7)}.${date.slice(0, 4)}` : null;

export const ownedBy = (id: number, userId: number) =>
  and(eq(listings.id, id), eq(listings.userId, userId));
