import { CAR_CATEGORY_ID, ELECTRIC_FUEL_ID } from '#shared/limits.ts';
import { fromStoredMileage, toStoredMileage, type MileageUnit } from '#shared/mileage.ts';
import type { z } from '#shared/schemas/zod.ts';
import { type editDetailsSchema } from '#shared/schemas/listing-display.ts';
import {
  appliesTo,
  listingFieldEntries,
  type FieldsOf,
  type ListingField,
  type ListingFieldName,
  type listingFields,
} from '#shared/schemas/listing-fields.ts';
import { type ListingPayload } from '#shared/schemas/listing-payload.ts';
import { type ListingProblem } from '#shared/schemas/listing-rules.ts';
import type { Photo } from './photos.ts';

export type EditDetails = z.infer<typeof editDetailsSchema>;

/** add-listing, edit-listing/{id} (a live listing) or edit-request-listing/{id} (a request). */
export type FormMode = 'add' | 'edit' | 'edit-request';

type Fields = typeof listingFields;
/** How the form holds a field of each kind: choices as ids, numbers as typed. */
interface Held {
  choice: number | null;
  number: string;
  text: string;
  flag: boolean;
  /** MM.yyyy; null is 'Not registered'; undefined is not chosen yet. */
  month: string | null | undefined;
  ids: number[];
}
type FormFieldName = Exclude<ListingFieldName, FieldsOf<'given'>>;

/** What the form holds: every field of the listing but those the server decides. */
export type FormValues = { [N in FormFieldName]: Held[Fields[N]['kind'] & keyof Held] };

const formFields = listingFieldEntries.filter(([, field]) => field.kind !== 'given') as [
  FormFieldName,
  ListingField,
][];

const empty: { [K in keyof Held]: Held[K] } = {
  choice: null,
  number: '',
  text: '',
  flag: false,
  month: undefined,
  ids: [],
};

export const emptyValues = Object.fromEntries(
  formFields.map(([name, field]) => [name, empty[field.kind as keyof Held]]),
) as unknown as FormValues;

export const isElectric = (values: Pick<FormValues, 'fuel'>) => values.fuel === ELECTRIC_FUEL_ID;

/** A stored number as the form shows it: a number whose 0 means blank shows an empty box. */
const shown = (field: ListingField, value: number) =>
  field.zeroIsBlank && !value ? '' : String(value);

/**
 * The form filled from an edit-details answer, the mileage in the visitor's unit. The model is
 * left out: the form reselects it once the make's models have loaded.
 */
export function valuesFromDetails(details: EditDetails, unit: MileageUnit): FormValues {
  const values: Record<string, unknown> = { ...emptyValues };
  for (const [name, field] of formFields) {
    if (!(name in details)) continue;
    const value = details[name as keyof EditDetails];
    if (field.kind === 'number') values[name] = shown(field, value as number);
    else if (field.kind === 'text') values[name] = value ?? '';
    else values[name] = value;
  }
  values.millage = String(fromStoredMileage(details.millage, unit));
  return { ...(values as unknown as FormValues), model: null, personalDataAgreement: true };
}

/** The photos of an edit-details answer, the cover first as the server orders them. */
export function photosFromDetails(details: EditDetails): { photos: Photo[]; cover: number } {
  return {
    photos: details.images.map((i) => ({ key: `stored-${i.id}`, id: i.id, image: i.image })),
    cover: Math.max(
      0,
      details.images.findIndex((i) => i.isCover),
    ),
  };
}

/** A typed number: empty or unreadable is null. */
export function toNumber(value: string): number | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : null;
}

/** A mileage typed in `unit` as stored; null when none was typed. */
function storedMileage(typed: string, unit: MileageUnit) {
  const value = toNumber(typed);
  return value === null ? null : toStoredMileage(value, unit);
}

/** A mileage typed in one unit, as typed in another (the form's unit switch). */
export function retypedMileage(typed: string, from: MileageUnit, to: MileageUnit) {
  const stored = storedMileage(typed, from);
  return stored === null ? typed : String(fromStoredMileage(stored, to));
}

/** The body of the three submit calls, before the id, originalId or agreement is added. */
export type ListingBody = Omit<ListingPayload, 'images'> & {
  images: { id?: number; image: string; isCover: boolean; name?: string }[];
};

/** What a field sends: the blank value when the car does not have it. */
function sent(field: ListingField, value: unknown, electric: boolean): unknown {
  if (!appliesTo(field, electric)) return field.kind === 'number' ? 0 : null;
  if (field.kind === 'number') return toNumber(value as string);
  if (field.kind === 'text')
    return field.nullable ? (value as string).trim() || null : (value as string).trim();
  return value;
}

/**
 * The payload of listingPayloadSchema. Electric cars send engine size 0 and no drive train; the
 * others send battery values 0 and no charger type. A month not chosen is left out. The mileage,
 * typed in `extra.unit`, goes as stored.
 */
export function toPayload(
  values: FormValues,
  photos: readonly Photo[],
  cover: number,
  extra: { userId: number; currency: string; unit: MileageUnit },
): ListingBody {
  const electric = isElectric(values);
  const fields = Object.fromEntries(
    formFields
      .filter(([name, field]) => field.kind !== 'month' || values[name] !== undefined)
      .map(([name, field]) => [name, sent(field, values[name], electric)]),
  ) as Omit<ListingBody, 'images' | 'currency' | 'categoryId' | 'userId'>;
  return {
    images: photos.map((photo, i) => ({
      ...(photo.id ? { id: photo.id } : {}),
      image: photo.image,
      isCover: i === cover,
      ...(photo.name ? { name: photo.name } : {}),
    })),
    ...fields,
    millage: storedMileage(values.millage, extra.unit),
    currency: extra.currency,
    categoryId: CAR_CATEGORY_ID,
    userId: extra.userId,
  };
}

/** The id of the control a field's rule takes the user to (`lf-<field>` unless named here). */
export const controlOf = (field: ListingProblem['field']) =>
  ({
    images: 'lf-photos-add',
    adTypeId: 'lf-listing-types',
    personalDataAgreement: 'lf-agreement',
  })[field as string] ?? `lf-${field}`;
