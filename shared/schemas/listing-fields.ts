/**
 * The listing's fields, declared once: how each value arrives (the small coercions below), its
 * bounds, label, list, column and rule. The payload schemas (listing-payload.ts), the form's rules
 * (listing-rules.ts), the form's values and the server's checks and columns are made from it.
 */
import { bounds, CAR_CATEGORY_ID, limits, listingMax } from '../limits.ts';
import { messages } from '../messages.ts';
import type { EnumerableKind } from './catalog.ts';
import { z } from './zod.ts';

const m = messages.listing;
const { price: priceMax, cubics: cubicsMax, power: powerMax, millage: millageMax } = listingMax;

const blankAsNull = (v: unknown) =>
  v === '' || v === null || v === undefined ? null : typeof v === 'string' ? Number(v) : v;
/** A number within `schema`'s bounds that may arrive as a string (form fields); empty means not given. */
export const optionalNumber = <T extends z.ZodType<number>>(schema: T) =>
  // The default only tells zod's input type what the preprocess already does: missing is null.
  z.preprocess(blankAsNull, schema.nullable()).default(null);
export const optionalId = optionalNumber(z.number().int().positive().max(bounds.id));
export const id = z.coerce.number().int().positive().max(bounds.id);
/** Ids of one kind of filter or choice (body types, safety items, ...). */
export const ids = z.array(id).max(bounds.choices);
export const flag = z
  .preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean())
  .default(false);

export const REGISTRATION_PATTERN = /^(0[1-9]|1[0-2])\.\d{4}$/;

export interface ProblemContext {
  mode: 'add' | 'edit';
  minYear: number;
  maxYear: number;
}

/**
 * How the form holds a field and the server keeps it: an id chosen from a list, a number typed, a
 * text, a yes/no, a month (MM.yyyy), ids of features, or a value the server decides itself.
 */
export type FieldKind = 'choice' | 'number' | 'text' | 'flag' | 'month' | 'ids' | 'given';

export interface ListingField {
  kind: FieldKind;
  /** The payload's type and bounds, with the texts of their refusals. */
  schema: z.ZodType;
  /** The listing's column; none for what is stored elsewhere or not kept. */
  column?: string;
  /** Blank text is kept as null (not given) rather than as empty text. */
  nullable?: boolean;
  /** The form's label; lower-cased it names the field in 'Select ...' and 'Unknown ...'. */
  label?: string;
  unit?: string;
  /** The reference list of a choice: an id not in it is refused. */
  list?: EnumerableKind;
  /** The spec's rule: the message when the field is left blank. */
  required?: string;
  /** 0 counts as blank: the rule asks for more and the form shows an empty box. */
  zeroIsBlank?: boolean;
  /** Asked of electric or of combustion cars only; the others send and store the blank value. */
  engine?: 'electric' | 'combustion';
  /** With `engine`: the other cars store it when a client sends it all the same. */
  keptForAny?: boolean;
  /** Chosen when adding only: an edit keeps the listing's own. */
  addOnly?: boolean;
  /** A rule of its own, checked after `required`. */
  check?: (value: never, ctx: ProblemContext) => string | null;
  /** How the listing keeps it, when not as its kind is kept (see `storedSchema`). */
  stored?: z.ZodType;
}

/**
 * Every field of the listing form, declared once, in the payload's and the spec's order: the
 * payload schema, the form's rules (listingProblems), labels and values, and the server's checks
 * and columns are made from it.
 */
export const listingFields = {
  brand: { kind: 'choice', schema: optionalId, column: 'makeId', label: 'Make', required: m.make },
  model: {
    kind: 'choice',
    schema: optionalId,
    column: 'modelId',
    label: 'Model',
    required: m.model,
  },
  title: {
    kind: 'text',
    schema: z
      .string()
      .trim()
      .max(limits.titleMax, `Listing header can have at most ${limits.titleMax} characters`)
      .nullish(),
    column: 'title',
    label: 'Listing header',
    required: m.title,
  },
  body: {
    kind: 'choice',
    schema: optionalId,
    column: 'bodyId',
    label: 'Body',
    list: 'bodies',
    required: m.body,
  },
  fuel: {
    kind: 'choice',
    schema: optionalId,
    column: 'fuelId',
    label: 'Fuel',
    list: 'fuels',
    required: m.fuel,
  },
  doorNumber: {
    kind: 'choice',
    schema: optionalId,
    column: 'doorNumberId',
    label: 'Door number',
    list: 'doorsNumber',
    required: m.doorNumber,
  },
  emissionClass: {
    kind: 'choice',
    schema: optionalId,
    column: 'emissionClassId',
    label: 'Emission class',
    list: 'emissionClasses',
    required: m.emissionClass,
  },
  driveTrain: {
    kind: 'choice',
    schema: optionalId,
    column: 'driveTrainId',
    label: 'Drive train',
    list: 'driveTrains',
    required: m.driveTrain,
    engine: 'combustion',
    keptForAny: true,
  },
  transmission: {
    kind: 'choice',
    schema: optionalId,
    column: 'transmissionId',
    label: 'Transmission',
    list: 'transmissions',
    required: m.transmission,
  },
  steeringWheelSide: {
    kind: 'choice',
    schema: optionalId,
    column: 'steeringWheelSideId',
    label: 'Steering wheel side',
    list: 'steeringWheelSides',
    required: m.steeringWheelSide,
  },
  acType: {
    kind: 'choice',
    schema: optionalId,
    column: 'acTypeId',
    label: 'AC type',
    list: 'acTypes',
    required: m.acType,
  },
  origin: {
    kind: 'choice',
    schema: optionalId,
    column: 'originId',
    label: 'Vehicle origin',
    list: 'origins',
    required: m.origin,
  },
  carColor: {
    kind: 'choice',
    schema: optionalId,
    column: 'colorId',
    label: 'Car color',
    list: 'colors',
    required: m.color,
  },
  adTypeId: {
    kind: 'choice',
    schema: optionalId,
    column: 'listingTypeId',
    required: m.listingType,
    addOnly: true,
  },
  price: {
    kind: 'number',
    schema: optionalNumber(z.number().int('Price must be a whole number').min(0).max(priceMax)),
    column: 'price',
    label: 'Price',
    required: m.price,
  },
  cubics: {
    kind: 'number',
    schema: optionalNumber(z.number().int().min(0).max(cubicsMax)),
    column: 'cubics',
    label: 'Engine size',
    unit: 'CC',
    required: m.engineSize,
    zeroIsBlank: true,
    engine: 'combustion',
  },
  batteryCapacity: {
    kind: 'number',
    schema: optionalNumber(z.number().min(0).max(1_000)),
    stored: z.number(),
    column: 'batteryCapacity',
    label: 'Battery capacity',
    unit: 'kWh',
    required: m.batteryCapacity,
    zeroIsBlank: true,
    engine: 'electric',
  },
  batteryRange: {
    kind: 'number',
    schema: optionalNumber(z.number().int().min(0).max(5_000)),
    column: 'batteryRange',
    label: 'Battery range',
    unit: 'mi',
    required: m.batteryRange,
    zeroIsBlank: true,
    engine: 'electric',
  },
  chargerType: {
    kind: 'choice',
    schema: optionalId,
    column: 'chargerTypeId',
    label: 'Charger type',
    list: 'chargerTypes',
    required: m.chargerType,
    engine: 'electric',
  },
  power: {
    kind: 'number',
    schema: optionalNumber(z.number().int().min(0).max(powerMax)),
    column: 'power',
    label: 'Power',
    unit: 'hp',
    required: m.power,
    zeroIsBlank: true,
  },
  millage: {
    kind: 'number',
    schema: optionalNumber(z.number().int().min(0).max(millageMax)),
    column: 'millage',
    label: 'Mileage',
    unit: 'mi',
    required: m.mileage,
  },
  year: {
    kind: 'number',
    /** The configured range is the rule's (the spec's message); this bounds the type. */
    schema: optionalNumber(z.number().int().min(0).max(bounds.yearMax)),
    column: 'year',
    label: 'Manufacture year',
    required: m.year,
    zeroIsBlank: true,
    check: (year: number | null | undefined, ctx: ProblemContext) =>
      year && (year < ctx.minYear || year > ctx.maxYear)
        ? m.yearRange(ctx.minYear, ctx.maxYear)
        : null,
  },
  registrationExpiration: {
    kind: 'month',
    /** MM.yyyy; null means 'Not registered'; absent means not chosen. */
    schema: z
      .string()
      .trim()
      .regex(REGISTRATION_PATTERN, 'Registration expiration must be MM.yyyy')
      .max(7, 'Registration expiration must be MM.yyyy')
      .nullable()
      .optional(),
    column: 'registrationExpiration',
    label: 'Registration expiration',
    required: m.registration,
  },
  chassisNumber: {
    kind: 'text',
    schema: z.string().trim().max(30, 'Chassis number can have at most 30 characters').nullish(),
    column: 'chassisNumber',
    nullable: true,
    label: 'Chassis number (optional)',
  },
  description: {
    kind: 'text',
    schema: z
      .string()
      .max(
        limits.descriptionMax,
        `Description can have at most ${limits.descriptionMax} characters`,
      )
      .nullish(),
    column: 'description',
    label: 'Description',
  },
  /** The configured currency: the server keeps its own. */
  currency: {
    kind: 'given',
    schema: z.string().trim().max(5).nullish(),
    stored: z.string(),
    column: 'currency',
  },
  isFixedPrice: { kind: 'flag', schema: flag, column: 'isFixedPrice', label: 'Fixed price' },
  isDirectFinanceAvailable: {
    kind: 'flag',
    schema: flag,
    column: 'isDirectFinanceAvailable',
    label: 'Direct finance available',
  },
  isFirstOwner: { kind: 'flag', schema: flag, column: 'isFirstOwner', label: 'First owner' },
  isRedPlate: { kind: 'flag', schema: flag, column: 'isRedPlate', label: 'Red plate' },
  safety: { kind: 'ids', schema: ids.default([]) },
  equipment: { kind: 'ids', schema: ids.default([]) },
  categoryId: {
    kind: 'given',
    schema: z.preprocess(
      blankAsNull,
      z.literal([CAR_CATEGORY_ID, null], { error: 'Only cars can be listed' }),
    ),
    stored: z.number().int(),
    column: 'categoryId',
  },
  /** The caller's: the server takes it from the token. */
  userId: {
    kind: 'given',
    schema: optionalId.optional(),
    stored: z.number().int(),
    column: 'userId',
  },
  /** The spec's add payload has no such field: only an explicit refusal breaks the rule. */
  personalDataAgreement: {
    kind: 'flag',
    schema: z.boolean().optional(),
    check: (agreed: boolean | undefined, ctx: ProblemContext) =>
      ctx.mode === 'add' && agreed === false ? m.agreement : null,
  },
} as const satisfies Record<string, ListingField>;

export type ListingFieldName = keyof typeof listingFields;
/** The fields of one kind. */
export type FieldsOf<K extends FieldKind> = {
  [N in ListingFieldName]: (typeof listingFields)[N]['kind'] extends K ? N : never;
}[ListingFieldName];

/** The table as entries, typed loosely: what walks every field reads its declaration only. */
export const listingFieldEntries = Object.entries(listingFields) as [
  ListingFieldName,
  ListingField,
][];

/** 'Body' -> 'body', but 'AC type' stays as it is. */
export const lowerFirst = (text: string) =>
  /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;

/** Whether a field is asked of this car (the engine's fields of the other kind of car are not). */
export const appliesTo = (field: ListingField, electric: boolean) =>
  !field.engine || (field.engine === 'electric') === electric;

/** How the listing keeps a field of each kind, as the edit form reads it back. */
const keptAs = {
  choice: z.number().int(),
  number: z.number().int(),
  text: z.string(),
  flag: z.boolean(),
  /** MM.yyyy; null when not registered. */
  month: z.string().nullable(),
  ids: z.array(z.number().int()),
};
type KeptAs = typeof keptAs;

/** A field the listing keeps blank (null): a choice of the other kind of car, or optional text. */
const keptBlank = (field: ListingField) =>
  (field.kind === 'choice' && field.engine !== undefined) ||
  (field.kind === 'text' && field.nullable === true);

/** The schema of a field as the listing keeps it: its `stored`, else its kind's (null if blank). */
export type StoredSchema<F extends ListingField> = F extends { stored: infer S extends z.ZodType }
  ? S
  : F extends { kind: 'choice'; engine: string } | { kind: 'text'; nullable: true }
    ? z.ZodNullable<KeptAs[F['kind']]>
    : KeptAs[F['kind'] & keyof KeptAs];

export function storedSchema(field: ListingField): z.ZodType {
  if (field.stored) return field.stored;
  const kept: z.ZodType = keptAs[field.kind as keyof KeptAs];
  return keptBlank(field) ? kept.nullable() : kept;
}

type Fields = typeof listingFields;
/** The fields a listing keeps: those with a column, and its features (their own tables). */
export type KeptFieldName = {
  [N in ListingFieldName]: Fields[N] extends { column: string } | { kind: 'ids' } ? N : never;
}[ListingFieldName];
export const keptFieldEntries = listingFieldEntries.filter(
  ([, field]) => field.column !== undefined || field.kind === 'ids',
) as [KeptFieldName, ListingField][];
