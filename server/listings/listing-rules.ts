import { CAR_CATEGORY_ID, ELECTRIC_FUEL_ID } from '#shared/limits.ts';
import {
  appliesTo,
  listingFieldEntries,
  lowerFirst,
  type ListingField,
  type listingFields,
} from '#shared/schemas/listing-fields.ts';
import { type ListingPayload } from '#shared/schemas/listing-payload.ts';
import { listingProblem } from '#shared/schemas/listing-rules.ts';
import type { Reference } from '../catalog/reference.ts';
import type { listings } from '../db/schema/index.ts';
import { badRequest } from '../http/errors.ts';

export type ListingValues = Omit<
  typeof listings.$inferInsert,
  'userId' | 'state' | 'listingTypeId'
> & {
  safety: number[];
  equipment: number[];
};

/** The columns the field table names; indexing a row with one fails to compile if it is not there. */
type Column = {
  [N in keyof typeof listingFields]: (typeof listingFields)[N] extends { column: infer C }
    ? C
    : never;
}[keyof typeof listingFields];
export const asColumn = (column: string | undefined) => column as Column;

/**
 * Applies the form's rules (shared with the form, in the spec's order), then checks that every
 * chosen id exists, and returns the columns to store. Electric cars store engine size 0; the
 * others store no battery values.
 */
export function checkListing(
  reference: Reference,
  input: ListingPayload,
  mode: 'add' | 'edit',
): ListingValues {
  const config = reference.configuration;
  const problem = listingProblem(input, {
    mode,
    minYear: config.carMinimumYear,
    maxYear: config.carMaximumYear,
  });
  if (problem) throw badRequest(problem.message);

  const electric = input.fuel === ELECTRIC_FUEL_ID;
  const model = reference.models(input.brand ?? 0).find((m) => m.id === input.model);
  if (!model) throw badRequest('The model does not belong to the selected make');

  const values: Record<string, unknown> = {};
  for (const [name, field] of listingFieldEntries) {
    const value = input[name];
    const applies = appliesTo(field, electric) || field.keptForAny;
    if (field.list && applies && value !== null) {
      if (typeof value !== 'number' || !reference.enumerableName(field.list, value))
        throw badRequest(`Unknown ${lowerFirst(field.label ?? name)}`);
    }
    if (!field.column || field.kind === 'given' || field.addOnly) continue;
    values[field.column] = applies ? stored(field, value) : field.kind === 'number' ? 0 : null;
  }
  if (mode === 'add' && !reference.listingTypes.some((t) => t.id === input.adTypeId))
    throw badRequest('Unknown listing type');
  checkIds(reference.safety, input.safety, 'safety feature');
  checkIds(reference.equipment, input.equipment, 'equipment item');

  return {
    ...(values as Omit<ListingValues, 'currency' | 'categoryId' | 'safety' | 'equipment'>),
    currency: config.currency,
    categoryId: CAR_CATEGORY_ID,
    safety: [...new Set(input.safety)],
    equipment: [...new Set(input.equipment)],
  };
}

/** A checked value as its column keeps it: text trimmed, a month as its first day. */
function stored(field: ListingField, value: unknown) {
  if (field.kind === 'text') {
    const text = typeof value === 'string' ? value.trim() : '';
    return field.nullable ? text || null : text;
  }
  if (field.kind === 'month') return toDate((value as string | null | undefined) ?? null);
  if (field.kind === 'number') return value ?? 0;
  return value ?? null;
}

function checkIds(items: { id: number }[], ids: number[], label: string) {
  if (ids.some((id) => !items.some((item) => item.id === id))) throw badRequest(`Unknown ${label}`);
}

/** 'MM.yyyy' -> 'yyyy-MM-01' (the first day of that month). */
export const toDate = (mmYyyy: string | null) =>
  mmYyyy ? `${mmYyyy.slice(3)}-${mmYyyy.slice(0, 2)}-01` : null;

/** 'yyyy-MM-dd' -> 'MM.yyyy'. */
export const toMonth = (date: string | null) =>
  date ? `${date.slice(5, 7)}.${date.slice(0, 4)}` : null;
