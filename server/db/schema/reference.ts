import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const cities = pgTable('cities', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull().unique(),
  island: text().notNull(),
});

export const makes = pgTable(
  'makes',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull(),
  },
  (t) => [
    uniqueIndex('makes_name_key').on(sql`lower(${t.name})`),
    // A keyword search's misspelt make ('toyta') finds its name by trigrams.
    index('makes_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

export const models = pgTable(
  'models',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    makeId: integer()
      .notNull()
      .references(() => makes.id),
    name: text().notNull(),
  },
  (t) => [
    uniqueIndex('models_make_name_key').on(t.makeId, sql`lower(${t.name})`),
    index('models_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

/** The car enumerables (bodies, fuels, colours, ...): one table, keyed by kind and id. */
export const enumerables = pgTable(
  'enumerables',
  {
    kind: text().notNull(),
    id: integer().notNull(),
    name: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.id] })],
);

export const safetyItems = pgTable('safety_items', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull().unique(),
});

export const equipmentItems = pgTable('equipment_items', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull().unique(),
});

/** Ids are listingTypeIds (Premium, Featured, Standard, which is free): a lower id is a higher tier. */
export const listingTypes = pgTable(
  'listing_types',
  {
    id: integer().primaryKey(),
    name: text().notNull(),
    price: integer().notNull(),
  },
  (t) => [check('listing_types_price_check', sql`${t.price} >= 0`)],
);

/** The single row of application configuration (id is always 1). */
export const configuration = pgTable(
  'configuration',
  {
    id: integer().primaryKey().default(1),
    systemVersion: text().notNull(),
    androidVersion: text().notNull(),
    iosVersion: text().notNull(),
    androidMandatoryVersion: text().notNull(),
    iosMandatoryVersion: text().notNull(),
    currency: text().notNull(),
    currencyName: text().notNull(),
    privacyPolicyUrl: text().notNull(),
    paymentTermsUrl: text().notNull(),
    registrationTermsUrl: text().notNull(),
    appStoreUrl: text().notNull(),
    playStoreUrl: text().notNull(),
    supportEmail: text().notNull(),
    subscriptionDuration: integer().notNull(),
    welcomeCreditsIndividual: integer().notNull(),
    welcomeCreditsCompany: integer().notNull(),
    phonePrefix: text().notNull(),
    dateFormat: text().notNull(),
    carMinimumYear: integer().notNull(),
    carMaximumYear: integer().notNull(),
    releaseNotes: text().notNull(),
    aboutText: text().notNull(),
  },
  (t) => [
    check('configuration_single_row', sql`${t.id} = 1`),
    check('configuration_years', sql`${t.carMinimumYear} <= ${t.carMaximumYear}`),
    check('configuration_subscription_duration', sql`${t.subscriptionDuration} > 0`),
    check(
      'configuration_welcome_credits',
      sql`${t.welcomeCreditsIndividual} >= 0 and ${t.welcomeCreditsCompany} >= 0`,
    ),
  ],
);

export const adminMenuItems = pgTable('admin_menu_items', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  section: text().notNull().unique(),
  title: text().notNull(),
  icon: text().notNull(),
  position: integer().notNull(),
  isActive: boolean().notNull().default(true),
});
