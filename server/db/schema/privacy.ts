import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const dataExportStates = ['pending', 'ready', 'downloaded', 'expired'] as const;
export type DataExportState = (typeof dataExportStates)[number];

/**
 * A user's request for a copy of their data: the export job builds the ZIP into storage
 * (`storageKey`) and mails a link that works once until `expiresAt`; the file is removed when it
 * is downloaded or expires, and the row goes with the account.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text().$type<DataExportState>().notNull().default('pending'),
    storageKey: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
    downloadedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('data_exports_user_idx').on(t.userId), index('data_exports_state_idx').on(t.state)],
);
