import { ELECTRIC_FUEL_ID, limits } from '../limits.ts';
import { messages } from '../messages.ts';
import { sellerSchema } from './user.ts';
import { z } from './zod.ts';

const m = messages.listing;

/** A number that may arrive as a string (form fields); empty means not given. */
const optionalNumber = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
  z.number().nullable(),
);
const optionalId = optionalNumber.pipe(z.number().int().positive().nullable());
const flag = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' ? false : v),
  z.boolean().default(false),
);

export const REGISTRATION_PATTERN = /^(0[1-9]|1[0-2])\.\d{4}$/;

export const listingImageInputSchema = z.object({
  /** The id of a photo the listing already has (edits send every photo again). */
  id: optionalNumber.optional(),
  /** base64 of the file, with or without a data: prefix. */
  image: z.string({ error: 'Image is required' }),
  isCover: flag,
  /** The file's name, used only to name it in a rejection. */
  name: z.string().max(255).optional(),
});
export type ListingImageInput = z.input<typeof listingImageInputSchema>;

/**
 * The listing form's payload (POST cars/add; the edits add id or originalId). Types are checked
 * here; the spec's required-field rules, in the spec's order, are listingProblem's job.
 */
export const listingPayloadSchema = z.object({
  images: z.array(listingImageInputSchema).default([]),
  brand: optionalId,
  model: optionalId,
  title: z
    .string()
    .trim()
    .max(limits.titleMax, `Listing header can have at most ${limits.titleMax} characters`)
    .nullish(),
  body: optionalId,
  fuel: optionalId,
  doorNumber: optionalId,
  emissionClass: optionalId,
  driveTrain: optionalId,
  transmission: optionalId,
  steeringWheelSide: optionalId,
  acType: optionalId,
  origin: optionalId,
  carColor: optionalId,
  adTypeId: optionalId,
  price: optionalNumber.pipe(
    z.number().int('Price must be a whole number').min(0).max(100_000_000).nullable(),
  ),
  cubics: optionalNumber.pipe(z.number().int().min(0).max(20_000).nullable()),
  batteryCapacity: optionalNumber.pipe(z.number().min(0).max(1_000).nullable()),
  batteryRange: optionalNumber.pipe(z.number().int().min(0).max(5_000).nullable()),
  chargerType: optionalId,
  power: optionalNumber.pipe(z.number().int().min(0).max(3_000).nullable()),
  millage: optionalNumber.pipe(z.number().int().min(0).max(5_000_000).nullable()),
  year: optionalNumber.pipe(z.number().int().nullable()),
  /** MM.yyyy; null means 'Not registered'; absent means not chosen. */
  registrationExpiration: z
    .string()
    .trim()
    .regex(REGISTRATION_PATTERN, 'Registration expiration must be MM.yyyy')
    .nullable()
    .optional(),
  chassisNumber: z
    .string()
    .trim()
    .max(30, 'Chassis number can have at most 30 characters')
    .nullish(),
  description: z
    .string()
    .max(limits.descriptionMax, `Description can have at most ${limits.descriptionMax} characters`)
    .nullish(),
  currency: z.string().trim().max(5).nullish(),
  isFixedPrice: flag,
  isDirectFinanceAvailable: flag,
  isFirstOwner: flag,
  isRedPlate: flag,
  safety: z.array(z.coerce.number().int().positive()).max(100).default([]),
  equipment: z.array(z.coerce.number().int().positive()).max(100).default([]),
  categoryId: optionalNumber.pipe(z.literal([1, null], { error: 'Only cars can be listed' })),
  userId: optionalNumber.optional(),
  personalDataAgreement: z.boolean().optional(),
});
export type ListingPayload = z.output<typeof listingPayloadSchema>;
export type ListingPayloadInput = z.input<typeof listingPayloadSchema>;

export const editListingSchema = listingPayloadSchema.extend({
  originalId: z.coerce.number({ error: 'originalId is required' }).int().positive(),
});
/** A request's edit names the request by `id` (the site) or, like a live listing's edit, `originalId`. */
export const editRequestSchema = listingPayloadSchema
  .extend({
    id: z.coerce.number({ error: 'id is required' }).int().positive().optional(),
    originalId: z.coerce.number({ error: 'id is required' }).int().positive().optional(),
  })
  .refine((v) => v.id !== undefined || v.originalId !== undefined, {
    message: 'id is required',
    path: ['id'],
  })
  .transform(({ originalId, ...v }) => ({ ...v, id: (v.id ?? originalId) as number }));

interface ProblemContext {
  mode: 'add' | 'edit';
  minYear: number;
  maxYear: number;
}

type RuleInput = Partial<Omit<ListingPayload, 'images'>> & { images?: readonly unknown[] };

/**
 * Every one of the form's 26 rules the input breaks, in the spec's order (the form marks each
 * field; the dialog and the API name the first).
 */
export function listingProblems(input: RuleInput, ctx: ProblemContext): string[] {
  const electric = input.fuel === ELECTRIC_FUEL_ID;
  const missing = (v: unknown) => v === null || v === undefined || v === '';
  const images = input.images?.length ?? 0;
  const rules: [boolean, string][] = [
    [images < limits.imagesMin, m.imagesMin],
    [missing(input.brand), m.make],
    [missing(input.model), m.model],
    [!input.title?.trim(), m.title],
    [missing(input.body), m.body],
    [missing(input.fuel), m.fuel],
    [missing(input.doorNumber), m.doorNumber],
    [missing(input.emissionClass), m.emissionClass],
    [!electric && missing(input.driveTrain), m.driveTrain],
    [missing(input.transmission), m.transmission],
    [missing(input.steeringWheelSide), m.steeringWheelSide],
    [missing(input.acType), m.acType],
    [missing(input.origin), m.origin],
    [missing(input.carColor), m.color],
    [ctx.mode === 'add' && missing(input.adTypeId), m.listingType],
    [missing(input.price), m.price],
    [!electric && !input.cubics, m.engineSize],
    [electric && !input.batteryCapacity, m.batteryCapacity],
    [electric && !input.batteryRange, m.batteryRange],
    [electric && missing(input.chargerType), m.chargerType],
    [!input.power, m.power],
    [missing(input.millage), m.mileage],
    [!input.year, m.year],
    [
      !!input.year && (input.year < ctx.minYear || input.year > ctx.maxYear),
      m.yearRange(ctx.minYear, ctx.maxYear),
    ],
    [input.registrationExpiration === undefined, m.registration],
    // The spec's add payload has no such field: only an explicit refusal breaks the rule.
    [ctx.mode === 'add' && input.personalDataAgreement === false, m.agreement],
    // Beyond the spec's 26: the form never sends more than 20 photos; other clients are told.
    [images > limits.imagesMax, m.imagesMax],
  ];
  return rules.filter(([broken]) => broken).map(([, message]) => message);
}

/** The form's 26 rules in the spec's order: the first one broken, or null when all hold. */
export const listingProblem = (input: RuleInput, ctx: ProblemContext): string | null =>
  listingProblems(input, ctx)[0] ?? null;

export const listingStateSchema = z.enum(['ACTIVE', 'SUSPENDED', 'PENDING', 'DENIED']);
export type ListingState = z.infer<typeof listingStateSchema>;

/** A listing on a card (home, search, seller offer, favourites, my listings, admin grids). */
/** One stored width of a photo, for srcset. */
export const imageVersionSchema = z
  .object({ url: z.string(), width: z.number().int() })
  .meta({ id: 'ImageVersion' });
export type ImageVersion = z.infer<typeof imageVersionSchema>;

export const carCardSchema = z
  .object({
    id: z.number().int(),
    /** The cover's JPEG card version (at most 480 px). */
    image: z.string().nullable(),
    /** The cover's WebP card versions, narrowest first; empty for photos stored before them. */
    imageVersions: z.array(imageVersionSchema),
    brand: z.string(),
    model: z.string(),
    title: z.string(),
    body: z.string(),
    fuel: z.string(),
    year: z.number().int(),
    /** In miles. */
    millage: z.number().int(),
    transmission: z.string(),
    location: z.string(),
    city: z.string(),
    currency: z.string(),
    price: z.number().int(),
    views: z.number().int(),
    typeId: z.number().int(),
    isTopSpotted: z.boolean(),
    state: listingStateSchema,
    /** Set on a pending or denied edit of a live listing: the live listing's id. */
    originalId: z.number().int().nullable(),
    createdAt: z.string(),
    /** When the listing went live (approved); null for a request. */
    publishedAt: z.string().nullable(),
  })
  .meta({ id: 'CarCard' });
export type CarCard = z.infer<typeof carCardSchema>;

export const carPageSchema = z
  .object({ cars: z.array(carCardSchema), totalCount: z.number().int() })
  .meta({ id: 'CarPage' });

const named = z.object({ id: z.number().int(), name: z.string() });

export const listingPhotoSchema = z
  .object({
    id: z.number().int(),
    /** The 840 px photo's address. */
    name: z.string(),
    /** The JPEG card version (at most 480 px). */
    card: z.string(),
    /** WebP card versions, narrowest first; empty for photos stored before them. */
    cardVersions: z.array(imageVersionSchema),
    /** The full-screen version (up to 2048 px), when the upload was larger than 840 px. */
    large: z
      .object({ url: z.string(), width: z.number().int(), height: z.number().int() })
      .nullable(),
    isCover: z.boolean(),
    width: z.number().int(),
    height: z.number().int(),
  })
  .meta({ id: 'ListingPhoto' });

export const reportSchema = z
  .object({ id: z.number().int(), date: z.string(), text: z.string() })
  .meta({ id: 'Report' });

/** Everything the listing details screens show (public, owner and admin views). */
export const carDetailSchema = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    state: listingStateSchema,
    deniedMessage: z.string().nullable(),
    listingTypeId: z.number().int(),
    typeName: z.string(),
    originalId: z.number().int().nullable(),
    title: z.string(),
    brand: z.string(),
    brandId: z.number().int(),
    model: z.string(),
    modelId: z.number().int(),
    currency: z.string(),
    price: z.number().int(),
    views: z.number().int(),
    isFavorite: z.boolean(),
    isTopSpotted: z.boolean(),
    images: z.array(listingPhotoSchema),
    isFirstOwner: z.boolean(),
    isFixedPrice: z.boolean(),
    isRedPlate: z.boolean(),
    isDirectFinanceAvailable: z.boolean(),
    millage: z.number().int(),
    fuel: z.string(),
    fuelId: z.number().int(),
    year: z.number().int(),
    transmission: z.string(),
    driveTrain: z.string().nullable(),
    body: z.string(),
    doorNumber: z.string(),
    cubics: z.number().int(),
    batteryCapacity: z.number(),
    batteryRange: z.number().int(),
    chargerType: z.string().nullable(),
    power: z.number().int(),
    emissionClass: z.string(),
    steeringWheelSide: z.string(),
    acType: z.string(),
    color: z.string(),
    /** MM.yyyy, or null when not registered. */
    registrationExpiration: z.string().nullable(),
    origin: z.string(),
    chassisNumber: z.string().nullable(),
    safety: z.array(named),
    equipment: z.array(named),
    description: z.string(),
    createdAt: z.string(),
    /** When the listing went live (approved); null for a request. */
    publishedAt: z.string().nullable(),
    user: sellerSchema,
    userCars: z.array(carCardSchema),
    similarCars: z.array(carCardSchema),
  })
  .meta({ id: 'CarDetail' });
export type CarDetail = z.infer<typeof carDetailSchema>;

/** The form's view of a listing for editing: ids, MM.yyyy and the photos as base64. */
export const editDetailsSchema = z
  .object({
    id: z.number().int(),
    originalId: z.number().int().nullable(),
    state: listingStateSchema,
    deniedMessage: z.string().nullable(),
    brand: z.number().int(),
    model: z.number().int(),
    title: z.string(),
    body: z.number().int(),
    fuel: z.number().int(),
    doorNumber: z.number().int(),
    emissionClass: z.number().int(),
    driveTrain: z.number().int().nullable(),
    transmission: z.number().int(),
    steeringWheelSide: z.number().int(),
    acType: z.number().int(),
    origin: z.number().int(),
    carColor: z.number().int(),
    chargerType: z.number().int().nullable(),
    chassisNumber: z.string().nullable(),
    year: z.number().int(),
    price: z.number().int(),
    currency: z.string(),
    isFixedPrice: z.boolean(),
    isDirectFinanceAvailable: z.boolean(),
    isFirstOwner: z.boolean(),
    isRedPlate: z.boolean(),
    cubics: z.number().int(),
    power: z.number().int(),
    millage: z.number().int(),
    batteryCapacity: z.number(),
    batteryRange: z.number().int(),
    registrationExpiration: z.string().nullable(),
    description: z.string(),
    safety: z.array(z.number().int()),
    equipment: z.array(z.number().int()),
    categoryId: z.number().int(),
    adTypeId: z.number().int(),
    userId: z.number().int(),
    images: z.array(z.object({ id: z.number().int(), image: z.string(), isCover: z.boolean() })),
  })
  .meta({ id: 'ListingEditDetails' });

export const sortFields = ['price', 'year', 'createdAt'] as const;

/** ASC or DESC in any case; empty means the default. */
const sortDirection = z.preprocess(
  (v) => (v === '' ? null : typeof v === 'string' ? v.toUpperCase() : v),
  z.enum(['ASC', 'DESC']).nullish(),
);

/** POST cars/search: every filter of the spec; empty values mean "any". */
export const searchSchema = z.object({
  brand: optionalId,
  model: optionalId,
  minPrice: optionalNumber,
  maxPrice: optionalNumber,
  minYear: optionalNumber,
  maxYear: optionalNumber,
  bodyFilter: z.array(z.coerce.number().int()).nullish(),
  fuelFilter: z.array(z.coerce.number().int()).nullish(),
  chassisNumber: z.string().trim().max(30).nullish(),
  minCubic: optionalNumber,
  maxCubic: optionalNumber,
  minPower: optionalNumber,
  maxPower: optionalNumber,
  minMillage: optionalNumber,
  maxMillage: optionalNumber,
  emissionClassFilter: z.array(z.coerce.number().int()).nullish(),
  driveTrainFilter: z.array(z.coerce.number().int()).nullish(),
  transmissionFilter: z.array(z.coerce.number().int()).nullish(),
  doorNumber: optionalId,
  steeringWheelSide: optionalId,
  acType: optionalId,
  origin: optionalId,
  carColor: z.array(z.coerce.number().int()).nullish(),
  safety: z.array(z.coerce.number().int()).nullish(),
  equipment: z.array(z.coerce.number().int()).nullish(),
  onlyFixedPrice: flag,
  onlyDirectFinanceAvailable: flag,
  onlyFirstOwner: flag,
  onlyRedPlate: flag,
  sortBy: z.preprocess((v) => (v === '' ? null : v), z.enum(sortFields).nullish()),
  sortDirection,
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(limits.pageSize),
});
export type SearchFilters = z.output<typeof searchSchema>;

export const pageSchema = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(limits.pageSize),
});

export const myListingsSchema = pageSchema.extend({
  stateFilter: z.preprocess(
    (v) =>
      v === '' || v === 'ALL' || v === 'all' ? null : typeof v === 'string' ? v.toUpperCase() : v,
    listingStateSchema.nullish(),
  ),
});

export const reportInputSchema = z.object({
  message: z
    .string({ error: messages.listing.reportTooShort })
    .trim()
    .min(1, messages.listing.reportNoCategory)
    .max(1200, 'The report can have at most 1000 characters'),
});

export const denySchema = z.object({
  id: z.coerce.number({ error: 'id is required' }).int().positive(),
  message: z.string().trim().max(1000).nullish(),
});

export const favoriteSchema = z.object({
  carId: z.coerce.number({ error: 'carId is required' }).int().positive(),
  userId: z.coerce.number().int().positive().optional(),
});

export const favoritesQuerySchema = pageSchema.extend({
  userId: z.coerce.number().int().positive().optional(),
  sortBy: z.preprocess((v) => (v === '' ? null : v), z.enum(sortFields).nullish()),
  sortDirection,
});
