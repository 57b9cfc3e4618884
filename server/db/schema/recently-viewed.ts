import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { listings } from './listings.ts';
import { users } from './users.ts';

/**
 * The cars a logged-in user looked at last, kept with the account so that every device shows
 * them (visitors keep theirs in the browser). Only the newest few per user are kept.
 */
export const recentlyViewed = pgTable(
  'recently_viewed',
  {
    userId: integer()
      .notNull()
      .references(() => users.id),
    listingId: integer()
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    viewedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.listingId] }),
    index('recently_viewed_user_idx').on(t.userId, t.viewedAt.desc()),
  ],
);
