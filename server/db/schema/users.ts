import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cities } from './reference.ts';

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

/** What a search of the back-office's users table reads: the address and both names. */
export const userSearchText = (t: {
  email: AnyPgColumn;
  firstName: AnyPgColumn;
  lastName: AnyPgColumn;
}) => sql`${t.email} || ' ' || ${t.firstName} || ' ' || ${t.lastName}`;

/**
 * People and companies (role 1 Admin, 2 Individual, 3 Company). The wallet balance lives here and
 * changes only through the ledger (server/ledger), never below zero.
 */
export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    roleId: integer().notNull(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull().default(''),
    address: text().notNull().default(''),
    cityId: integer().references(() => cities.id),
    phone: text().notNull().default(''),
    phone2: text().notNull().default(''),
    phone3: text().notNull().default(''),
    dateOfBirth: date({ mode: 'string' }),
    cNumber: text(),
    vatNumber: text(),
    /** Storage key of the company logo (JPEG). */
    imageKey: text(),
    firebaseToken: text(),
    /** When the owner opened the confirmation link of the address; null until then (no alert or message e-mails). */
    emailConfirmedAt: timestamp({ withTimezone: true }),
    /**
     * When an admin checked a company's registration (its C or VAT number); cleared by a trigger
     * when either number changes. Null: not checked.
     */
    registrationVerifiedAt: timestamp({ withTimezone: true }),
    /**
     * The median minutes this user took to answer a buyer's first message (server/history's
     * seller facts job); null without answers to count.
     */
    answerMinutes: integer(),
    balance: integer().notNull().default(0),
    deletedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.roleId),
    // A town's landing page reads the cars of the sellers of that town.
    index('users_city_idx').on(t.cityId),
    // The back-office's users table: sorted by either name, searched by any part of the address
    // or the names (trigrams of `userSearchText`).
    index('users_first_name_idx').on(sql`lower(${t.firstName})`, t.id),
    index('users_last_name_idx').on(sql`lower(${t.lastName})`, t.id),
    index('users_search_idx').using('gin', sql`(${userSearchText(t)}) gin_trgm_ops`),
    check('users_balance_not_negative', sql`${t.balance} >= 0`),
    check('users_role_check', sql`${t.roleId} in (1, 2, 3)`),
  ],
);

/** Refresh tokens: stored hashed, rotated on use; a reused token revokes its whole family. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    familyId: uuid().notNull(),
    tokenHash: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    rotatedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_family_idx').on(t.familyId)],
);

/** Forgot-password codes: hashed, single use, short-lived, a limited number of tries. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    verifiedAt: timestamp({ withTimezone: true }),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Two-factor login (TOTP, RFC 6238): the authenticator's secret once confirmed, a new one while
 * it is being set up, and the last time step a code was accepted for (each code works once).
 */
export const twoFactor = pgTable('two_factor', {
  userId: integer()
    .primaryKey()
    .references(() => users.id),
  /** base32; the authenticator app computes its codes from the same secret. */
  secret: text(),
  pendingSecret: text(),
  enabledAt: timestamp({ withTimezone: true }),
  lastUsedStep: integer(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes of two-factor login: argon2id hashes, each used once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    codeHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** Fixed-window counters shared by every app instance (login, forgot password, verify). */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  windowStart: timestamp({ withTimezone: true }).notNull(),
  count: integer().notNull(),
});

/** Secrets generated once and shared by every instance (the JWT signing key when not configured). */
export const appSecrets = pgTable('app_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
});
