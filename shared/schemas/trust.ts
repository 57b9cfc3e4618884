import { bounds } from '../limits.ts';
import { listPageSchema, LIST_PAGE_MAX } from './list.ts';
import { mileageTimelineSchema } from './history.ts';
import { z } from './zod.ts';

/** What kind of text a scam pattern found (server/trust/scam.ts). */
export const scamKinds = ['phone', 'foreign-phone', 'email', 'url', 'handle', 'payment'] as const;
export type ScamKind = (typeof scamKinds)[number];

export const scamMatchSchema = z.object({
  field: z.enum(['title', 'description']),
  kind: z.enum(scamKinds),
  /** Where the match is in the field's text (UTF-16 offsets, end exclusive). */
  start: z.number().int(),
  end: z.number().int(),
  text: z.string(),
});
export type ScamMatch = z.infer<typeof scamMatchSchema>;

export const photoMatchSchema = z.object({
  /** This listing's photo and the other listing's (840 px URLs), and their Hamming distance. */
  photo: z.string(),
  other: z.string(),
  distance: z.number().int(),
});

export const duplicateSchema = z.object({
  listingId: z.number().int(),
  title: z.string(),
  state: z.string(),
  chassis: z.boolean(),
  photos: z.array(photoMatchSchema),
});
export type Duplicate = z.infer<typeof duplicateSchema>;

/** A mileage entered lower than the highest recorded for the same chassis number before. */
export const rollbackSchema = z.object({
  mileage: z.number().int(),
  highest: z.number().int(),
  /** When the highest was recorded. */
  readAt: z.string(),
});
export type Rollback = z.infer<typeof rollbackSchema>;

/** What the trust checks found when a listing was last submitted; stored with the listing. */
export const reviewFlagsSchema = z.object({
  duplicates: z.array(duplicateSchema),
  scam: z.array(scamMatchSchema),
  /** Optional: stored findings may lack it. */
  rollback: rollbackSchema.nullish(),
});
export type ReviewFlags = z.infer<typeof reviewFlagsSchema>;

/** One row of the moderation log: an admin's decision or change. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  adminId: z.number().int(),
  adminEmail: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.number().int().nullable(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET cars/review/{id}: the trust checks' findings and the listing's moderation history. */
export const reviewSchema = z.object({
  flags: reviewFlagsSchema.nullable(),
  /** When enough people reported it to hide it from search; null when it is not hidden. */
  hiddenAt: z.string().nullable(),
  history: z.array(auditEntrySchema),
  /** The car's mileage timeline (by its chassis number); null without one. */
  mileage: mileageTimelineSchema.nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

const day = z.iso.date({ error: 'Use a date as yyyy-mm-dd' }).max(10);

/** The moderation log's query: paging (always a page) and its filters. */
export const auditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(bounds.pageNumber).default(1),
  perPage: z.coerce.number().int().min(1).max(LIST_PAGE_MAX).default(25),
  adminId: z.coerce.number().int().positive().max(bounds.id).optional(),
  action: z.string().trim().min(1).max(40).optional(),
  from: day.optional().meta({ description: 'From this day (Malta time), inclusive' }),
  to: day.optional().meta({ description: 'Up to this day (Malta time), inclusive' }),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageSchema = listPageSchema(auditEntrySchema);

export const reasonKinds = ['deny', 'suspend'] as const;
export type ReasonKind = (typeof reasonKinds)[number];

/** What a moderation decision rests on: the law (illegal content) or the terms of use. */
export const moderationGrounds = ['illegal', 'terms'] as const;
export type ModerationGround = (typeof moderationGrounds)[number];
export const groundLabels: Record<ModerationGround, string> = {
  illegal: 'Illegal content',
  terms: 'Breach of the terms of use',
};

export const reasonTemplateSchema = z.object({
  id: z.number().int(),
  kind: z.enum(reasonKinds),
  text: z.string(),
  ground: z.enum(moderationGrounds),
});
export type ReasonTemplate = z.infer<typeof reasonTemplateSchema>;

export const reasonTemplateInputSchema = z.object({
  kind: z.enum(reasonKinds, { error: 'Kind is deny or suspend' }),
  ground: z.enum(moderationGrounds, { error: 'Ground is illegal or terms' }).optional(),
  text: z
    .string({ error: 'Please enter the reason' })
    .trim()
    .min(3, 'The reason is too short')
    .max(1000, 'The reason is too long'),
});

export const queueClockSchema = z.object({
  queue: z.enum(['requests', 'edits', 'reports']),
  waiting: z.number().int(),
  /** When the oldest item arrived; null when the queue is empty. */
  oldestAt: z.string().nullable(),
  /** Items waiting longer than the promise (5 business days, Malta's public holidays off). */
  overdue: z.number().int(),
});

/** GET moderation/turnaround: each queue's clock and the median time to decision. */
export const turnaroundSchema = z.object({
  queues: z.array(queueClockSchema),
  /** Median hours from submission to decision over the last 30 days; null without decisions. */
  medianHours: z.number().nullable(),
  decisions: z.number().int(),
});
export type Turnaround = z.infer<typeof turnaroundSchema>;

/** What a reporter is told: the confirmation of a report, then the outcome. */
export const reportNotices = {
  receivedTitle: 'We received your report',
  received: (what: string, ground: ModerationGround) =>
    `Thank you for reporting ${what} as ${ground === 'illegal' ? 'illegal content' : 'a breach of our terms of use'}. Our team reviews it and tells you what was decided.`,
  outcomeTitle: 'The outcome of your report',
  actioned: (what: string) =>
    `We reviewed your report of ${what} and took it down: it breaks the law or our terms of use.`,
  noAction: (what: string) =>
    `We reviewed your report of ${what} and found no breach of the law or of our terms of use, so it stays.`,
  reviewed: (what: string) => `We reviewed your report of ${what} and dealt with it.`,
  listing: (title: string) => `the listing "${title}"`,
  conversation: (title: string) => `the conversation about "${title}"`,
} as const;

/** One month of the public transparency report (/transparency), computed from the moderation log. */
export const transparencyMonthSchema = z.object({
  /** yyyy-mm (UTC). */
  month: z.string(),
  reports: z.object({ illegal: z.number().int(), terms: z.number().int() }),
  /** Denials, suspensions, dismissals and reactivations taken by moderators. */
  decisions: z.number().int(),
  /** Decisions that automated detection (duplicates, scam patterns) or reports prompted. */
  automated: z.number().int(),
  /** Decisions undone: suspensions lifted after review, and decisions reversed on appeal. */
  reversals: z.number().int(),
  /** Median hours from submission (or first report) to decision; null without decisions. */
  medianHours: z.number().nullable(),
  /** Appeals sellers made of decisions on their listings. */
  appeals: z.number().int(),
  /** Appeals decided, and of those reversed. */
  appealsDecided: z.number().int(),
  appealsReversed: z.number().int(),
  /** Median hours from an appeal to its decision, over the appeals decided; null without any. */
  appealMedianHours: z.number().nullable(),
});
export type TransparencyMonth = z.infer<typeof transparencyMonthSchema>;
export const transparencySchema = z
  .object({ months: z.array(transparencyMonthSchema) })
  .meta({ id: 'Transparency' });
