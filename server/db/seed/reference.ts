import { and, count, eq } from 'drizzle-orm';
import { listingTypeIds } from '#shared/promotion.ts';
import type { Db } from '../client.ts';
import {
  adminMenuItems,
  cities,
  configuration,
  enumerables,
  equipmentItems,
  listingTypes,
  makes,
  models,
  paymentPackages,
  safetyItems,
} from '../schema/index.ts';
import { cities as citySeeds } from './data/cities.ts';
import { enumerables as enumerableSeeds } from './data/enumerables.ts';
import { equipmentItems as equipmentSeeds, safetyItems as safetySeeds } from './data/features.ts';
import { makes as makeSeeds } from './data/makes.ts';

const year = new Date().getUTCFullYear();

export const defaultConfiguration = {
  systemVersion: '1.0.0',
  androidVersion: '1.0.0',
  iosVersion: '1.0.0',
  androidMandatoryVersion: '1.0.0',
  iosMandatoryVersion: '1.0.0',
  currency: '€',
  currencyName: 'EUR',
  // The site's own pages, wherever it runs; the store links wait for the published apps.
  privacyPolicyUrl: '/privacy-policy',
  paymentTermsUrl: '/terms-of-use',
  registrationTermsUrl: '/terms-of-use',
  appStoreUrl: '',
  playStoreUrl: '',
  supportEmail: 'support@spotted.mt',
  subscriptionDuration: 30,
  welcomeCreditsIndividual: 50,
  welcomeCreditsCompany: 200,
  phonePrefix: '+356',
  dateFormat: 'dd MMM yyyy, HH:mm',
  carMinimumYear: 1950,
  carMaximumYear: year + 1,
  releaseNotes: 'Spotted 1.0: search, list and promote cars across Malta and Gozo.',
  aboutText: [
    'Spotted is the online car market for Malta and Gozo.',
    '',
    'Private sellers and dealers list their cars for free and reach buyers across the islands. ' +
      'Listings are reviewed by our team before they go live, and a Premium or Featured promotion ' +
      'puts a car on top of the results.',
    '',
    'Our support team is available 24/7 through the Contact support form.',
  ].join('\n'),
};

/** Values that work on one host only (a fixed port, placeholder store ids): replaced at start. */
const replacedDefaults = {
  privacyPolicyUrl: 'http://localhost:4321/privacy-policy',
  paymentTermsUrl: 'http://localhost:4321/terms-of-use',
  registrationTermsUrl: 'http://localhost:4321/terms-of-use',
  appStoreUrl: 'https://apps.apple.com/app/spotted-mt/id0000000000',
  playStoreUrl: 'https://play.google.com/store/apps/details?id=mt.spotted.app',
} as const;

export const listingTypeSeeds = [
  { id: listingTypeIds.premium, name: 'Premium', price: 100 },
  { id: listingTypeIds.featured, name: 'Featured', price: 50 },
  { id: listingTypeIds.standard, name: 'Standard', price: 0 },
];

/** The back-office sections (the spec's 17, then Trust and safety's three), in sidebar order, with MUI icon names. */
export const adminMenuSeeds = [
  ['approve-listings', 'Approve listings', 'FactCheck'],
  ['reported-listings', 'Reported listings', 'Report'],
  ['edited-listings', 'Edited listings', 'EditNote'],
  ['denied-listings', 'Denied listings', 'Block'],
  ['suspended-listings', 'Suspended listings', 'PauseCircle'],
  ['active-listings', 'Active listings', 'DirectionsCar'],
  // The home page's name for the list: 'Featured' is also a paid listing type, a different thing.
  ['featured-listings', 'Top Spotted', 'Star'],
  ['application-configuration', 'Application configuration', 'Settings'],
  ['payment-packages', 'Payment packages', 'Inventory'],
  ['transactions', 'Transactions', 'ReceiptLong'],
  ['users', 'Users', 'People'],
  ['messages', 'Messages', 'Mail'],
  ['notifications', 'Notifications', 'Notifications'],
  ['ads', 'Ads', 'Campaign'],
  ['vouchers', 'Vouchers', 'Redeem'],
  ['makes', 'Makes', 'Factory'],
  ['models', 'Models', 'CarRepair'],
  ['moderation-log', 'Moderation log', 'History'],
  ['reason-templates', 'Reason templates', 'Notes'],
  ['appeals', 'Appeals', 'Gavel'],
] as const;

const packageSeeds = [
  {
    typeId: 2,
    name: 'Starter',
    description: 'Enough for one Featured month',
    amountCents: 499,
    credits: 50,
  },
  { typeId: 2, name: 'Seller', description: 'One Premium month', amountCents: 899, credits: 100 },
  {
    typeId: 2,
    name: 'Plus',
    description: 'Best value for private sellers',
    amountCents: 1999,
    credits: 250,
  },
  {
    typeId: 1,
    name: 'Dealer S',
    description: 'For small showrooms',
    amountCents: 4999,
    credits: 600,
  },
  {
    typeId: 1,
    name: 'Dealer M',
    description: 'For busy showrooms',
    amountCents: 8999,
    credits: 1200,
  },
  {
    typeId: 1,
    name: 'Dealer L',
    description: 'For large dealers',
    amountCents: 19999,
    credits: 3000,
  },
];

/**
 * Loads the reference data; safe to run at every start. Existing rows are left as they are, so an
 * administrator's changes (prices, configuration, menu flags, packages) survive a restart.
 */
export async function seedReference(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(cities)
      .values(citySeeds.map((c) => ({ name: c.name, island: c.island })))
      .onConflictDoNothing();
    await tx
      .insert(enumerables)
      .values(
        Object.entries(enumerableSeeds).flatMap(([kind, items]) =>
          items.map((item) => ({ kind, id: item.id, name: item.name })),
        ),
      )
      .onConflictDoNothing();
    await tx
      .insert(safetyItems)
      .values(safetySeeds.map((name) => ({ name })))
      .onConflictDoNothing();
    await tx
      .insert(equipmentItems)
      .values(equipmentSeeds.map((name) => ({ name })))
      .onConflictDoNothing();
    await tx.insert(listingTypes).values(listingTypeSeeds).onConflictDoNothing();
    await tx
      .insert(configuration)
      .values({ id: 1, ...defaultConfiguration })
      .onConflictDoNothing();
    for (const [key, old] of Object.entries(replacedDefaults) as [
      keyof typeof replacedDefaults,
      string,
    ][]) {
      await tx
        .update(configuration)
        .set({ [key]: defaultConfiguration[key] })
        .where(and(eq(configuration.id, 1), eq(configuration[key], old)));
    }
    await tx
      .insert(adminMenuItems)
      .values(
        adminMenuSeeds.map(([section, title, icon], position) => ({
          section,
          title,
          icon,
          position,
        })),
      )
      .onConflictDoNothing();
    await tx
      .update(adminMenuItems)
      .set({ title: 'Top Spotted' })
      .where(
        and(
          eq(adminMenuItems.section, 'featured-listings'),
          eq(adminMenuItems.title, 'Featured listings'),
        ),
      );

    await tx
      .insert(makes)
      .values(makeSeeds.map((m) => ({ name: m.name })))
      .onConflictDoNothing();
    const makeIds = new Map(
      (await tx.select({ id: makes.id, name: makes.name }).from(makes)).map((m) => [m.name, m.id]),
    );
    const modelRows = makeSeeds.flatMap((m) => {
      const makeId = makeIds.get(m.name);
      return makeId ? m.models.map((name) => ({ makeId, name })) : [];
    });
    await tx.insert(models).values(modelRows).onConflictDoNothing();

    const [packages] = await tx.select({ n: count() }).from(paymentPackages);
    if (!packages?.n) {
      await tx
        .insert(paymentPackages)
        .values(packageSeeds.map((p) => ({ ...p, currency: 'EUR', currencySymbol: '€' })));
    }
  });
}
