/**
 * Dealers' stock feeds: the file's columns (made from the listing form's fields), the import's
 * report and runs, and the bodies of the feed calls.
 */
import { bounds } from '../limits.ts';
import { listingFieldEntries, type ListingFieldName } from './listing-fields.ts';
import { z } from './zod.ts';

/** Columns named for what a dealer's stock system calls them, where the form's name differs. */
const renamed: Partial<Record<ListingFieldName, string>> = {
  brand: 'make',
  doorNumber: 'doors',
  carColor: 'color',
  adTypeId: 'listingType',
  cubics: 'engineSize',
  millage: 'mileage',
  isFixedPrice: 'fixedPrice',
  isDirectFinanceAvailable: 'directFinance',
  isFirstOwner: 'firstOwner',
  isRedPlate: 'redPlate',
};

/**
 * Each listing field a feed line carries, with its column's name, in the form's order. What the
 * server decides itself is no column, nor is the form's agreement tick: the dealer's account
 * terms cover the feed.
 */
export const feedFields = listingFieldEntries
  .filter(([name, field]) => field.kind !== 'given' && name !== 'personalDataAgreement')
  .map(([name, field]) => ({ name, field, column: renamed[name] ?? name }));

/** Every column of a feed, in the template's order. */
export const feedColumns = ['stockNumber', ...feedFields.map((f) => f.column), 'photos'] as const;

/** Separates the values of a list column (safety, equipment, photos). */
export const FEED_LIST_SEPARATOR = '|';

export const feedLimits = {
  stockNumberMax: 64,
  /** The largest file a run takes (CSV or XML text). */
  fileBytes: 16 * 1024 * 1024,
  /** The largest photos' ZIP uploaded beside a file. */
  zipBytes: 256 * 1024 * 1024,
  lines: 5000,
  /** The share of live cars an import may withdraw or change without a confirmation. */
  defaultChangeShare: 0.3,
};

export const feedMessages = {
  stockNumber: 'Stock number is required',
  stockNumberTooLong: `Stock number can have at most ${feedLimits.stockNumberMax} characters`,
  stockNumberTwice: 'This stock number is on an earlier line too',
  companyOnly: 'Stock feeds are for business accounts',
  unreadable: 'The file could not be read',
  empty: 'The file has no cars',
  tooManyLines: `A feed can have at most ${feedLimits.lines} cars`,
  unknownColumn: (name: string) => `Unknown column: ${name}`,
  noStockColumn: 'The file has no stockNumber column',
  unknownFormat: 'Send a .csv or an .xml file',
  lockStopped: (changes: number, live: number, share: number) =>
    `This import would withdraw or change ${changes} of your ${live} live cars, more than ` +
    `${Math.round(share * 100)} %. Nothing was changed: confirm the import to go on.`,
  notAwaiting: 'This import is not waiting for a confirmation',
  photoMissing: (name: string) => `Photo ${name} is not in the ZIP`,
  photoFailed: (source: string, reason: string) =>
    `Photo ${source} could not be fetched: ${reason}`,
  feedNotHttps: 'The feed address must start with https://',
  feedUnreachable: 'The feed address could not be found',
  feedNotPublic: 'The feed address must be on the public internet',
  feedFetchFailed: (reason: string) => `The feed could not be fetched: ${reason}`,
  feedNotFound: 'Feed not found',
};

export const feedOutcomes = ['created', 'updated', 'unchanged', 'withdrawn', 'refused'] as const;
export type FeedOutcome = (typeof feedOutcomes)[number];

export const feedRunStatuses = [
  'queued',
  'running',
  'awaiting_confirmation',
  'done',
  'failed',
  'canceled',
] as const;
export type FeedRunStatus = (typeof feedRunStatuses)[number];

/** One line of a run's report. */
export const feedReportLineSchema = z.object({
  /** The line of the file (the header is line 1), or null for a car no longer in the feed. */
  line: z.number().int().nullable(),
  stockNumber: z.string().nullable(),
  outcome: z.enum(feedOutcomes),
  listingId: z.number().int().nullable(),
  /** The column a refusal is about, when it is about one. */
  field: z.string().nullable(),
  message: z.string().nullable(),
});
export type FeedReportLine = z.infer<typeof feedReportLineSchema>;

/**
 * Where a car's photo came from: an https address (with its validators, ETag and Last-Modified)
 * or a file of the ZIP (with its hash).
 */
export interface FeedPhotoSource {
  source: string;
  etag?: string | null;
  lastModified?: string | null;
  sha256?: string | null;
}

export const feedCountsSchema = z.object(
  Object.fromEntries(feedOutcomes.map((o) => [o, z.number().int()])) as Record<
    FeedOutcome,
    z.ZodNumber
  >,
);

export const feedRunSchema = z.object({
  id: z.number().int(),
  status: z.enum(feedRunStatuses),
  fileName: z.string(),
  message: z.string().nullable(),
  counts: feedCountsSchema,
  /** The report's lines written so far, of how many (0 of 0 until the import job plans it). */
  linesDone: z.number().int(),
  linesTotal: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type FeedRun = z.infer<typeof feedRunSchema>;

/** GET feeds/runs/{id}/progress: what the account area polls while an import is under way. */
export const feedProgressSchema = feedRunSchema.pick({
  id: true,
  status: true,
  message: true,
  linesDone: true,
  linesTotal: true,
});
export type FeedProgress = z.infer<typeof feedProgressSchema>;

/** An import still to finish: queued for the import job, or under way. */
export const feedRunInFlight = (status: FeedRunStatus) =>
  status === 'queued' || status === 'running';

export const feedRunDetailSchema = feedRunSchema.extend({
  report: z.array(feedReportLineSchema),
});
export type FeedRunDetail = z.infer<typeof feedRunDetailSchema>;

/** POST feeds/runs: a CSV or XML file as text, and optionally a ZIP of its photos as base64. */
export const feedUploadSchema = z.object({
  fileName: z
    .string({ error: 'fileName is required' })
    .trim()
    .min(1, 'fileName is required')
    .max(255, 'fileName can have at most 255 characters'),
  content: z
    .string({ error: 'content is required' })
    .max(feedLimits.fileBytes, 'The file is too large'),
  photosZip: z
    .string()
    .max(Math.ceil((feedLimits.zipBytes * 4) / 3) + 4, 'The ZIP is too large')
    .nullish(),
});
export type FeedUpload = z.infer<typeof feedUploadSchema>;

/** PUT feeds/url: the https address Spotted fetches the dealer's stock file from. */
export const feedUrlSchema = z.object({
  url: z
    .string({ error: 'url is required' })
    .trim()
    .max(2000, 'The feed address is too long')
    .pipe(z.url({ error: 'The feed address is not an address' })),
});

export const dealerFeedSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  paused: z.boolean(),
  lastFetchedAt: z.string().nullable(),
});
export type DealerFeed = z.infer<typeof dealerFeedSchema>;

/** A dealer's feed as the back-office lists it, with its newest run. */
export const adminFeedSchema = dealerFeedSchema.extend({
  userId: z.number().int(),
  dealer: z.string(),
  email: z.string(),
  lastRun: feedRunSchema.nullable(),
});

export const pauseFeedSchema = z.object({
  paused: z.boolean({ error: 'paused must be true or false' }),
});

export const feedRunIdParams = z.object({
  id: z.coerce.number({ error: 'Id must be a number' }).int().positive().max(bounds.id),
});
