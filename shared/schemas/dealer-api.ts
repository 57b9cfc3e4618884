/** The dealer API: its keys (made in the account area), bulk upserts by stock number, and leads. */
import { feedColumns, feedReportLineSchema } from './feed.ts';
import { z } from './zod.ts';

export const apiKeyNameMax = 60;
/** Cars one bulk upsert takes. */
export const bulkUpsertMax = 500;

export const apiKeyMessages = {
  name: 'Name is required',
  nameTooLong: `Name can have at most ${apiKeyNameMax} characters`,
  required: 'An API key is required: send it in the X-Api-Key header',
  invalid: 'This API key is not valid or was revoked',
  notFound: 'API key not found',
};

export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's first characters, to tell keys apart. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** A new key: the key itself is in this answer only. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });

export const createApiKeySchema = z.object({
  name: z
    .string({ error: apiKeyMessages.name })
    .trim()
    .min(1, apiKeyMessages.name)
    .max(apiKeyNameMax, apiKeyMessages.nameTooLong),
});

/** One car of a bulk upsert: the feed's columns, as a feed line has them. */
const cell = z.union([z.string().max(20_000), z.number().min(-1e12).max(1e12)]).nullish();
export const bulkCarSchema = z
  .object(
    Object.fromEntries(feedColumns.map((c) => [c, cell])) as Record<
      (typeof feedColumns)[number],
      typeof cell
    >,
  )
  .strict();

export const bulkUpsertSchema = z.object({
  cars: z
    .array(bulkCarSchema)
    .min(1, 'cars must hold at least one car')
    .max(bulkUpsertMax, `cars can hold at most ${bulkUpsertMax} cars`),
  /** Go on when the upsert changes more live cars than the safety lock lets through. */
  confirm: z.boolean().default(false),
});

export const bulkUpsertResultSchema = z.object({
  status: z.enum(['done', 'awaiting_confirmation']),
  message: z.string().nullable(),
  report: z.array(feedReportLineSchema),
});

export const dealerListingSchema = z.object({
  id: z.number().int(),
  stockNumber: z.string().nullable(),
  state: z.string(),
  title: z.string(),
  price: z.number(),
  /** A pending edit of this live listing, waiting for moderation. */
  pendingEditId: z.number().int().nullable(),
  updatedAt: z.string(),
});

export const leadsQuerySchema = z.object({
  /** Leads after this time (ISO 8601); the last 30 days when not given. */
  since: z.iso
    .datetime({ offset: true, error: 'since must be an ISO 8601 time' })
    .max(40, 'since must be an ISO 8601 time')
    .optional(),
});

export const leadMessageSchema = z.object({
  conversationId: z.number().int(),
  listingId: z.number().int(),
  stockNumber: z.string().nullable(),
  title: z.string(),
  buyerName: z.string(),
  text: z.string(),
  sentAt: z.string(),
});

export const leadRevealsSchema = z.object({
  listingId: z.number().int(),
  stockNumber: z.string().nullable(),
  title: z.string(),
  day: z.string(),
  phoneReveals: z.number().int(),
  emailReveals: z.number().int(),
});

export const leadsSchema = z.object({
  messages: z.array(leadMessageSchema),
  reveals: z.array(leadRevealsSchema),
});
