import { bounds } from '../limits.ts';
import { listPageSchema, listQuerySchema } from './list.ts';
import { z } from './zod.ts';

/** Reports of this many accounts hide a review until an admin decides. */
export const REVIEW_REPORTS_TO_HIDE = 3;
export const REVIEW_TEXT_MAX = 500;

const reviewText = (what: string) =>
  z
    .string({ error: `Please write ${what}` })
    .trim()
    .min(1, `Please write ${what}`)
    .max(REVIEW_TEXT_MAX, `The text can have at most ${REVIEW_TEXT_MAX} characters`);

export const reviewInputSchema = z.object({
  carId: z.number({ error: 'Choose the car' }).int().positive().max(bounds.id),
  rating: z
    .number({ error: 'Rate the dealer from 1 to 5' })
    .int('Rate the dealer from 1 to 5')
    .min(1, 'Rate the dealer from 1 to 5')
    .max(5, 'Rate the dealer from 1 to 5'),
  text: reviewText('a few words'),
});

export const reviewAnswerSchema = z.object({ text: reviewText('your answer') });
export const reviewReportSchema = z.object({ reason: reviewText('why you report it') });

export const reviewSchema = z
  .object({
    id: z.number().int(),
    rating: z.number().int(),
    text: z.string(),
    /** The reviewer's first name and initial. */
    reviewer: z.string(),
    carTitle: z.string(),
    createdAt: z.string(),
    answer: z.string().nullable(),
    answeredAt: z.string().nullable(),
  })
  .meta({ id: 'DealerReview' });
export type DealerReview = z.infer<typeof reviewSchema>;

/** The last 12 months' visible reviews: their mean (one decimal) and number. */
export const ratingSummarySchema = z
  .object({ average: z.number().nullable(), count: z.number().int() })
  .meta({ id: 'RatingSummary' });
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

export const dealerReviewsSchema = z.object({
  summary: ratingSummarySchema,
  reviews: z.array(reviewSchema),
});

/** Whether the caller may review the dealer about a car, and why not. */
export const reviewEligibilitySchema = z.object({
  canReview: z.boolean(),
  message: z.string().nullable(),
  dealerName: z.string().nullable(),
});

/** A review that accounts reported, as the back-office lists it. */
export const reportedReviewSchema = z
  .object({
    id: z.number().int(),
    dealerId: z.number().int(),
    dealerName: z.string(),
    reviewerId: z.number().int(),
    reviewer: z.string(),
    carTitle: z.string(),
    rating: z.number().int(),
    text: z.string(),
    answer: z.string().nullable(),
    createdAt: z.string(),
    /** When reports of REVIEW_REPORTS_TO_HIDE accounts hid it; null while it shows. */
    hiddenAt: z.string().nullable(),
    /** How many accounts reported it, and why, oldest first. */
    reports: z.number().int(),
    reasons: z.array(z.string()),
    lastReportedAt: z.string(),
  })
  .meta({ id: 'ReportedReview' });
export type ReportedReview = z.infer<typeof reportedReviewSchema>;

/** What the list of reported reviews sorts by; without a sort, hidden ones first, then newest report. */
export const reportedReviewSorts = ['id', 'rating', 'reports', 'lastReportedAt'] as const;
export const reportedReviewsQuerySchema = listQuerySchema(reportedReviewSorts);
export const reportedReviewsSchema = listPageSchema(reportedReviewSchema);

export const reviewMessages = {
  added: 'Thank you for your review',
  answered: 'Answer saved',
  reported: 'Review reported',
  removed: 'Review removed',
  restored: 'Review restored',
  notContacted: 'You can review a dealer about a car you messaged them about',
  /** `days`: the server's REVIEW_AFTER_DAYS. */
  tooSoon: (days: number) =>
    `You can review the dealer ${days} ${days === 1 ? 'day' : 'days'} after your first message`,
  ownAccount: "A dealer's own accounts cannot review it",
  alreadyReviewed: 'You already reviewed the dealer about this car',
  notFound: 'Review not found',
  notYourDealer: 'Only the reviewed dealer can answer',
  alreadyAnswered: 'You already answered this review',
  alreadyReported: 'You already reported this review',
} as const;
