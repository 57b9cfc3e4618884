import { sql, type AnyColumn } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { currentStates, subscriptionStates } from '#shared/promotion.ts';
import { listings } from './listings.ts';
import { listingTypes } from './reference.ts';
import { users } from './users.ts';

/** Credit packages sold for money; typeId 1 Company, 2 Individual. Removed ones stay for history. */
export const paymentPackages = pgTable(
  'payment_packages',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    typeId: integer().notNull(),
    name: text().notNull(),
    description: text().notNull().default(''),
    /** Price in cents of `currency`. */
    amountCents: integer().notNull(),
    currency: text().notNull(),
    currencySymbol: text().notNull(),
    credits: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('payment_packages_type_check', sql`${t.typeId} in (1, 2)`),
    check('payment_packages_amount_check', sql`${t.amountCents} > 0 and ${t.credits} > 0`),
    index('payment_packages_type_idx').on(t.typeId),
  ],
);

export const transactionTypes = {
  topUp: 1,
  boughtListing: 2,
  voucher: 3,
  reservedFunds: 4,
  promotion: 5,
  welcomeCredits: 6,
  releasedFunds: 7,
  renewal: 8,
} as const;

/**
 * What a user sees in "My transactions". Money moves only through ledger entries that point here;
 * a top-up is a transaction before it is paid (state Created) and gets its entry when Paid.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    typeId: integer().notNull(),
    /** Top-ups: Created, Paid, Cancelled. Reservations: Reserved, Spent, Released. Else Done. */
    state: text().notNull(),
    credits: integer().notNull(),
    packageId: integer().references(() => paymentPackages.id),
    packageName: text(),
    packageDescription: text(),
    amountCents: integer(),
    currency: text(),
    currencySymbol: text(),
    provider: text(),
    providerSessionId: text(),
    listingId: integer().references(() => listings.id, { onDelete: 'set null' }),
    listingTypeId: integer().references(() => listingTypes.id),
    voucherId: integer().references(() => vouchers.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('transactions_user_idx').on(t.userId, t.createdAt.desc()),
    index('transactions_type_idx').on(t.typeId, t.createdAt.desc()),
    // The back-office's list of every transaction, newest first.
    index('transactions_created_idx').on(t.createdAt.desc(), t.id.desc()),
    uniqueIndex('transactions_provider_session_key').on(t.provider, t.providerSessionId),
    check('transactions_credits_check', sql`${t.credits} >= 0`),
  ],
);

/**
 * The append-only money log. Each entry changes one wallet by `credits` (signed) in the same
 * database transaction as the balance; (transactionId, reason) is unique, so a transaction is
 * fulfilled, charged or released at most once whatever retries or races happen.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    transactionId: integer()
      .notNull()
      .references(() => transactions.id),
    reason: text().notNull(),
    credits: integer().notNull(),
    balanceAfter: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('ledger_entries_once').on(t.transactionId, t.reason),
    index('ledger_entries_user_idx').on(t.userId, t.id),
    check('ledger_entries_balance_check', sql`${t.balanceAfter} >= 0`),
  ],
);

export const vouchers = pgTable(
  'vouchers',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    code: text().notNull().unique(),
    credits: integer().notNull(),
    daysActive: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    deactivatedAt: timestamp({ withTimezone: true }),
    createdBy: integer().references(() => users.id),
  },
  (t) => [check('vouchers_credits_check', sql`${t.credits} > 0 and ${t.daysActive} > 0`)],
);

export const voucherRedemptions = pgTable(
  'voucher_redemptions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    voucherId: integer()
      .notNull()
      .references(() => vouchers.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    transactionId: integer().references(() => transactions.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('voucher_redemptions_once').on(t.voucherId, t.userId)],
);

/** `column in (ids)` written out in the SQL, as a check constraint or an index predicate needs. */
const oneOf = (column: AnyColumn, ids: readonly number[]) =>
  sql`${column} in (${sql.raw(ids.join(', '))})`;

/** A subscription's state (typeId) is one of subscriptionStates. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    listingId: integer()
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id),
    listingTypeId: integer()
      .notNull()
      .references(() => listingTypes.id),
    typeId: integer().notNull(),
    credits: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    canceledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('subscriptions_type_check', oneOf(t.typeId, Object.values(subscriptionStates))),
    index('subscriptions_user_idx').on(t.userId, t.typeId),
    index('subscriptions_due_idx').on(t.expiresAt).where(oneOf(t.typeId, currentStates)),
    uniqueIndex('subscriptions_one_current_per_listing')
      .on(t.listingId)
      .where(oneOf(t.typeId, currentStates)),
  ],
);

/** Each paid period of a subscription; (subscriptionId, periodStart) makes a renewal happen once. */
export const subscriptionPeriods = pgTable(
  'subscription_periods',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    subscriptionId: integer()
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    listingId: integer()
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    listingTypeId: integer()
      .notNull()
      .references(() => listingTypes.id),
    credits: integer().notNull(),
    transactionId: integer().references(() => transactions.id),
    periodStart: timestamp({ withTimezone: true }).notNull(),
    periodEnd: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('subscription_periods_once').on(t.subscriptionId, t.periodStart),
    index('subscription_periods_listing_idx').on(t.listingId, t.createdAt),
  ],
);

/**
 * The built-in sandbox payment provider's own record of its checkouts (what a real provider keeps
 * on its side): open until the payer presses Pay or Cancel on the sandbox checkout page.
 */
export const sandboxCheckouts = pgTable('sandbox_checkouts', {
  sessionId: text().primaryKey(),
  status: text().$type<'open' | 'paid' | 'cancelled'>().notNull().default('open'),
  amountCents: integer().notNull(),
  currency: text().notNull(),
  description: text().notNull(),
  successUrl: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
