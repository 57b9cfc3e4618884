/** The bodies a client sends about listings: the listing form, its edits, reports, favourites. */
import { bounds, limits } from '../limits.ts';
import { messages } from '../messages.ts';
import { paging } from './envelope.ts';
import { imageTooLarge } from './fields.ts';
import { listingStateSchema } from './listing-display.ts';
import { moderationGrounds } from './trust.ts';
import type { listingFields } from './listing-fields.ts';
import {
  flag,
  id,
  listingFieldEntries,
  optionalNumber,
  type ListingFieldName,
} from './listing-fields.ts';
import { sortDirection, sortFields } from './listing-search.ts';
import { z } from './zod.ts';

const m = messages.listing;

export const listingImageInputSchema = z.object({
  /**
   * The id of a photo the listing already has (edits send every photo again); any other id, 0
   * included (apps number new photos from 0), is a new photo.
   */
  id: optionalNumber(z.number().int().min(0).max(bounds.id)).optional(),
  /** base64 of the file, with or without a data: prefix. */
  image: z.string({ error: 'Image is required' }).max(bounds.imageBase64, imageTooLarge),
  isCover: flag,
  /** The file's name, used only to name it in a rejection. */
  name: z.string().max(255).optional(),
});
export type ListingImageInput = z.input<typeof listingImageInputSchema>;

/**
 * The listing form's payload (POST cars/add; the edits add id or originalId). Types are checked
 * here; the spec's required-field rules, in the spec's order, are listingProblems' job.
 */
export const listingPayloadSchema = z.object({
  images: z.array(listingImageInputSchema).max(limits.imagesMax, m.imagesMax).default([]),
  ...(Object.fromEntries(listingFieldEntries.map(([name, f]) => [name, f.schema])) as {
    [N in ListingFieldName]: (typeof listingFields)[N]['schema'];
  }),
});
export type ListingPayload = z.output<typeof listingPayloadSchema>;
export type ListingPayloadInput = z.input<typeof listingPayloadSchema>;

export const editListingSchema = listingPayloadSchema.extend({
  originalId: z.coerce.number({ error: 'originalId is required' }).int().positive().max(bounds.id),
});
/** A request's edit names the request by `id` (the site) or, like a live listing's edit, `originalId`. */
export const editRequestSchema = listingPayloadSchema
  .extend({
    id: z.coerce.number({ error: 'id is required' }).int().positive().max(bounds.id).optional(),
    originalId: z.coerce
      .number({ error: 'id is required' })
      .int()
      .positive()
      .max(bounds.id)
      .optional(),
  })
  .refine((v) => v.id !== undefined || v.originalId !== undefined, {
    message: 'id is required',
    path: ['id'],
  })
  .transform(({ originalId, ...v }) => ({ ...v, id: (v.id ?? originalId) as number }));

export const myListingsSchema = paging().extend({
  stateFilter: z
    .preprocess(
      (v) =>
        v === '' || v === 'ALL' || v === 'all' ? null : typeof v === 'string' ? v.toUpperCase() : v,
      listingStateSchema.nullish(),
    )
    .optional(),
});

export const reportInputSchema = z.object({
  message: z
    .string({ error: messages.listing.reportTooShort })
    .trim()
    .min(1, messages.listing.reportNoCategory)
    .max(1200, 'The report can have at most 1000 characters'),
  /** Illegal content (a notice under the Digital Services Act) or a breach of the terms of use. */
  ground: z.enum(moderationGrounds, { error: 'Ground is illegal or terms' }).default('terms'),
  /** Where a reporter who is not logged in hears the outcome; optional. */
  contact: z
    .email({ error: 'Not valid email' })
    .max(bounds.email)
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export const denySchema = z.object({
  id: z.coerce.number({ error: 'id is required' }).int().positive().max(bounds.id),
  message: z.string().trim().max(1000).nullish(),
  /** What the decision rests on; by default the ground of the reason template it starts with. */
  ground: z.enum(moderationGrounds, { error: 'Ground is illegal or terms' }).optional(),
});

/** The optional body of a suspension: the reason the owner receives, as sent. */
export const suspendSchema = z.object({
  message: z.string({ error: 'message is text' }).trim().max(1000).nullish(),
  /** What the decision rests on; by default the ground of the reason template it starts with. */
  ground: z.enum(moderationGrounds, { error: 'Ground is illegal or terms' }).optional(),
});

export const favoriteSchema = z.object({
  carId: z.coerce.number({ error: 'carId is required' }).int().positive().max(bounds.id),
  userId: id.optional(),
});

export const favoritesQuerySchema = paging().extend({
  userId: id.optional(),
  sortBy: z.preprocess((v) => (v === '' ? null : v), z.enum(sortFields).nullish()).optional(),
  sortDirection,
});
