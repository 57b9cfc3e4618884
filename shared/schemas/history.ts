import { ratingSummarySchema } from './review.ts';
import { z } from './zod.ts';

/** What became of a listing of the car: still live, taken down, or sold through Spotted. */
export const listingOutcomes = ['LIVE', 'WITHDRAWN', 'SOLD'] as const;
export type ListingOutcome = (typeof listingOutcomes)[number];
/** A mileage read when a listing went live, or one its seller entered in an approved edit. */
export const mileageSources = ['LISTING', 'EDIT'] as const;

/** How many characters of a chassis number the public sees (the rest is masked). */
export const CHASSIS_SHOWN = 6;

/** A chassis number as the public sees it: its last CHASSIS_SHOWN characters. */
export const maskChassis = (chassis: string) =>
  `${'•'.repeat(Math.max(0, chassis.length - CHASSIS_SHOWN))}${chassis.slice(-CHASSIS_SHOWN)}`;

export const mileageEntrySchema = z
  .object({
    id: z.number().int(),
    listingId: z.number().int(),
    /** A reading of the listing the timeline is shown for. */
    current: z.boolean(),
    /** Entered by the seller of the listing the timeline is shown for (who may explain it). */
    bySeller: z.boolean(),
    source: z.enum(mileageSources),
    readAt: z.string(),
    mileage: z.number().int(),
    price: z.number().int(),
    currency: z.string(),
    outcome: z.enum(listingOutcomes),
    /** The highest earlier reading when this one is lower (a possible rollback); else null. */
    rollbackFrom: z.number().int().nullable(),
    /** The seller's explanation of the reading. */
    note: z.string().nullable(),
  })
  .meta({ id: 'MileageEntry' });
export type MileageEntry = z.infer<typeof mileageEntrySchema>;

export const mileageTimelineSchema = z
  .object({
    /** The chassis number, all but its last 6 characters masked. */
    chassis: z.string(),
    /** The unit of every mileage (the listing form's). */
    unit: z.string(),
    /** Oldest first. */
    entries: z.array(mileageEntrySchema),
    /** Whether some reading is lower than an earlier one. */
    rollback: z.boolean(),
  })
  .meta({ id: 'MileageTimeline' });
export type MileageTimeline = z.infer<typeof mileageTimelineSchema>;

export const MILEAGE_NOTE_MAX = 300;

export const mileageNoteSchema = z.object({
  note: z
    .string({ error: 'Please enter the explanation' })
    .trim()
    .max(MILEAGE_NOTE_MAX, `The explanation can have at most ${MILEAGE_NOTE_MAX} characters`)
    .transform((v) => v || null),
});

/** What a listing page and a seller page tell of a seller. */
export const sellerFactsSchema = z
  .object({
    memberSince: z.string(),
    /** Listings their seller took down as sold through Spotted. */
    soldCount: z.number().int(),
    /** Median minutes to answer a buyer's first message; null without answers to count. */
    answerMinutes: z.number().int().nullable(),
    /** A company whose registration (C or VAT number) an admin checked. */
    verified: z.boolean(),
    /** A company's rating by buyers (last 12 months); null for a private seller. */
    rating: ratingSummarySchema.nullable(),
  })
  .meta({ id: 'SellerFacts' });
export type SellerFacts = z.infer<typeof sellerFactsSchema>;

/** What a live listing's page tells of its car and its seller. */
export interface ListingHistory {
  /** Null without a chassis number to know the car by. */
  timeline: MileageTimeline | null;
  /** Null for an administrator's listing. */
  facts: SellerFacts | null;
}

export const registrationCheckSchema = z.object({
  verified: z.boolean({ error: 'Say whether the registration is verified' }),
});

export const historyMessages = {
  noteSaved: 'Explanation saved',
  notYourReading: 'This mileage was not entered by you',
  readingNotFound: 'Mileage reading not found',
  verified: 'Registration verified',
  unverified: 'Registration no longer verified',
  notCompany: 'Only a company has a registration to verify',
  noNumbers: 'This company has no C or VAT number to verify',
} as const;
