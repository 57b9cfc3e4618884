import { bounds } from '../limits.ts';
import { auditEntrySchema, moderationGrounds } from './trust.ts';
import { listPageSchema, LIST_PAGE_MAX } from './list.ts';
import { z } from './zod.ts';

/** The decisions a seller may appeal: those a statement of reasons tells them about. */
export const appealedDecisions = ['denied', 'edit-denied', 'suspended', 'hidden'] as const;
export type AppealedDecision = (typeof appealedDecisions)[number];

export const appealOutcomes = ['upheld', 'reversed'] as const;
export type AppealOutcome = (typeof appealOutcomes)[number];

/** The texts of appeals, defined once for the server, the site and the back-office. */
export const appealTexts = {
  decisionNames: {
    denied: 'Your listing was denied',
    'edit-denied': 'Your changes to your listing were denied',
    suspended: 'Your listing was suspended',
    hidden: 'Your listing was taken out of search after reports',
  } satisfies Record<AppealedDecision, string>,
  messageShort: 'Tell us why the decision is wrong in at least 20 characters',
  messageLong: 'Your appeal can have at most 2000 characters',
  reasonShort: 'Give the reason for your decision in at least 10 characters',
  nothingToAppeal: 'There is no decision on this listing to appeal',
  tooLate: 'The time to appeal this decision has passed',
  alreadyAppealed: 'You have already appealed this decision',
  sent: 'Your appeal was sent',
  receivedTitle: 'We received your appeal',
  received: (title: string) =>
    `We received your appeal of our decision on "${title}". A moderator who did not take the decision reviews it and tells you the outcome.`,
  outcomeTitle: 'The outcome of your appeal',
  upheld: (title: string, reason: string) =>
    `We reviewed your appeal of our decision on "${title}" and upheld the decision. Reason: ${reason}`,
  reversed: (title: string, reason: string) =>
    `We reviewed your appeal of our decision on "${title}" and reversed the decision. Reason: ${reason}`,
  ownDecision: 'You took the decision under appeal: another administrator must decide it',
  alreadyDecided: 'This appeal was already decided',
  changedSince: 'The listing changed since the decision: it cannot be reversed. Uphold the appeal.',
  decided: { upheld: 'Decision upheld', reversed: 'Decision reversed' },
} as const;

const t = appealTexts;

/** What a seller sends: the listing the decision was on, and why it is wrong. */
export const appealInputSchema = z.object({
  listingId: z.number({ error: 'Name the listing' }).int().positive().max(bounds.id),
  message: z
    .string({ error: t.messageShort })
    .trim()
    .min(20, t.messageShort)
    .max(2000, t.messageLong),
});

/** An administrator's decision on an appeal. */
export const appealDecisionInputSchema = z.object({
  outcome: z.enum(appealOutcomes, { error: 'The outcome is upheld or reversed' }),
  reason: z
    .string({ error: t.reasonShort })
    .trim()
    .min(10, t.reasonShort)
    .max(1000, 'The reason can have at most 1000 characters'),
});

/** The decision standing on a listing, as the seller's appeal page shows it. */
export const appealableSchema = z.object({
  listingId: z.number().int(),
  title: z.string(),
  decision: z.enum(appealedDecisions),
  ground: z.enum(moderationGrounds),
  reason: z.string().nullable(),
  decidedAt: z.string(),
  /** The last moment an appeal is taken. */
  appealUntil: z.string(),
  /** The appeal already made of this decision, if any. */
  appeal: z
    .object({
      id: z.number().int(),
      createdAt: z.string(),
      outcome: z.enum(appealOutcomes).nullable(),
      outcomeReason: z.string().nullable(),
    })
    .nullable(),
});
export type Appealable = z.infer<typeof appealableSchema>;

/** One row of the back-office's appeals queue. */
export const appealRowSchema = z.object({
  id: z.number().int(),
  listingId: z.number().int(),
  title: z.string(),
  appellantEmail: z.string(),
  decision: z.enum(appealedDecisions),
  ground: z.enum(moderationGrounds),
  /** Who took the decision; null when the system did (reports hid the listing). */
  decidedBy: z.number().int().nullable(),
  decidedByEmail: z.string().nullable(),
  decidedAt: z.string(),
  outcome: z.enum(appealOutcomes).nullable(),
  reviewerEmail: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type AppealRow = z.infer<typeof appealRowSchema>;

/** A version of the listing: the listing itself, or an edit of it waiting or denied. */
export const listingVersionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['listing', 'edit']),
  state: z.string(),
  title: z.string(),
  description: z.string(),
  price: z.number().int(),
  currency: z.string(),
  year: z.number().int(),
  mileage: z.number().int(),
  photos: z.array(z.string()),
  deniedMessage: z.string().nullable(),
  updatedAt: z.string(),
});
export type ListingVersion = z.infer<typeof listingVersionSchema>;

/** An appeal as the back-office opens it: the decision, the appeal, the log and the versions. */
export const appealDetailSchema = appealRowSchema.extend({
  reason: z.string().nullable(),
  message: z.string(),
  outcomeReason: z.string().nullable(),
  log: z.array(auditEntrySchema),
  versions: z.array(listingVersionSchema),
});
export type AppealDetail = z.infer<typeof appealDetailSchema>;

export const appealQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(LIST_PAGE_MAX).default(25),
  state: z.enum(['open', 'decided']).optional(),
});

export const appealPageSchema = listPageSchema(appealRowSchema);
