import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AppealOutcome, AppealedDecision } from '#shared/schemas/appeal.ts';
import type { ModerationGround } from '#shared/schemas/trust.ts';
import { listings } from './listings.ts';
import { auditLog } from './services.ts';
import { users } from './users.ts';

/**
 * A seller's appeal of a moderation decision on a listing: what was decided (copied from the
 * moderation log, so the appeal keeps it whatever happens to the log's row), by whom (null when
 * the system decided: reports hid the listing), the seller's words, and the outcome another
 * administrator gave. One appeal per decision.
 */
export const appeals = pgTable(
  'appeals',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: integer()
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    /** The denied edit, for an edit denial. */
    editId: integer(),
    decision: text().$type<AppealedDecision>().notNull(),
    /** The moderation log's row of the decision; null when the system decided. */
    decisionLogId: integer().references(() => auditLog.id),
    decidedBy: integer().references(() => users.id),
    decidedAt: timestamp({ withTimezone: true }).notNull(),
    ground: text().$type<ModerationGround>().notNull(),
    reason: text(),
    message: text().notNull(),
    outcome: text().$type<AppealOutcome>(),
    outcomeReason: text(),
    reviewerId: integer().references(() => users.id),
    reviewedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('appeals_outcome_check', sql`${t.outcome} in ('upheld', 'reversed')`),
    uniqueIndex('appeals_one_per_decision').on(t.listingId, t.decision, t.decidedAt),
    index('appeals_open_idx')
      .on(t.createdAt)
      .where(sql`${t.outcome} is null`),
    index('appeals_user_idx').on(t.userId),
  ],
);
