/** What the API answers about listings: cards, the details screens and the edit form's view. */
import {
  keptFieldEntries,
  storedSchema,
  type KeptFieldName,
  type listingFields,
  type StoredSchema,
} from './listing-fields.ts';
import { priceChangeSchema, priceInsightSchema } from './price.ts';
import { sellerSchema } from './user.ts';
import { z } from './zod.ts';

export const listingStateSchema = z.enum(['ACTIVE', 'SUSPENDED', 'PENDING', 'DENIED']);
export type ListingState = z.infer<typeof listingStateSchema>;

/** One stored width of a photo, for srcset. */
export const imageVersionSchema = z
  .object({ url: z.string(), width: z.number().int() })
  .meta({ id: 'ImageVersion' });
export type ImageVersion = z.infer<typeof imageVersionSchema>;

/** A listing on a card (home, search, seller offer, favourites, my listings, admin grids). */
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
export type CarPage = z.infer<typeof carPageSchema>;

/** An ad between the home page's cards. */
export const homeAdSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  image: z.string().nullable(),
  title: z.string(),
  description: z.string(),
});

/** The home page: a page of live listings (promoted first) with the ads, and 'Top Spotted'. */
export const homePageSchema = z.object({
  cars: z.object({
    cars: z.array(carCardSchema),
    ads: z.array(homeAdSchema),
    totalCount: z.number().int(),
  }),
  topSpottedCars: z.array(carCardSchema),
});
export type HomePage = z.infer<typeof homePageSchema>;

const named = z.object({ id: z.number().int(), name: z.string() });

export const listingPhotoSchema = z
  .object({
    id: z.number().int(),
    /** The 840 px photo's address. */
    name: z.string(),
    /** The JPEG card version (at most 480 px). */
    card: z.string(),
    /**
     * WebP versions (320, 480, 640 and 840 px wide at most), narrowest first; empty for photos
     * stored before them.
     */
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
    /** Whole days since it went live (null for a request). */
    daysListed: z.number().int().nullable(),
    /** Every approved price it has had while live, oldest first. */
    priceHistory: z.array(priceChangeSchema),
    priceInsight: priceInsightSchema,
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
    // Every field the listing keeps, as it keeps it (listing-fields.ts).
    ...(Object.fromEntries(
      keptFieldEntries.map(([name, field]) => [name, storedSchema(field)]),
    ) as { [N in KeptFieldName]: StoredSchema<(typeof listingFields)[N]> }),
    images: z.array(z.object({ id: z.number().int(), image: z.string(), isCover: z.boolean() })),
  })
  .meta({ id: 'ListingEditDetails' });
