import { bounds, limits } from '../limits.ts';
import { z } from './zod.ts';

export const listingTypeSchema = z
  .object({ id: z.number().int(), name: z.string(), price: z.number().int() })
  .meta({ id: 'ListingType' });
export type ListingType = z.infer<typeof listingTypeSchema>;

const text = (max = 500) => z.string().trim().max(max);
const url = z.union([z.url({ error: 'Must be a valid URL' }).max(bounds.url), z.literal('')]);
/** A page of the site ('/privacy-policy', wherever the site runs) or of another site (a URL). */
const link = z
  .string()
  .max(bounds.url)
  .refine(
    (v) => v === '' || /^\/(?!\/)\S*$/.test(v) || z.url().safeParse(v).success,
    'Must be a valid URL or a path starting with /',
  );

/** Every field of the application configuration, as the back-office edits it. */
export const configurationSchema = z
  .object({
    systemVersion: text(20),
    androidVersion: text(20),
    iosVersion: text(20),
    androidMandatoryVersion: text(20),
    iosMandatoryVersion: text(20),
    currency: text(5).min(1, 'Currency is required'),
    currencyName: text(10).min(1, 'Currency name is required'),
    privacyPolicyUrl: link,
    paymentTermsUrl: link,
    registrationTermsUrl: link,
    appStoreUrl: url,
    playStoreUrl: url,
    supportEmail: z.email({ error: 'Support email is not valid' }).max(bounds.email),
    subscriptionDuration: z.number().int().min(1).max(365),
    welcomeCreditsIndividual: z.number().int().min(0).max(100000),
    welcomeCreditsCompany: z.number().int().min(0).max(100000),
    phonePrefix: text(6).regex(/^\+\d{1,4}$/, 'Phone prefix must look like +356'),
    dateFormat: text(30).min(1, 'Date format is required'),
    carMinimumYear: z.number().int().min(1886).max(2100),
    carMaximumYear: z.number().int().min(1886).max(2100),
    releaseNotes: z
      .string()
      .max(
        limits.releaseNotesMax,
        `Release notes can have at most ${limits.releaseNotesMax} characters`,
      ),
    aboutText: z
      .string()
      .max(limits.aboutTextMax, `About text can have at most ${limits.aboutTextMax} characters`),
  })
  .meta({ id: 'Configuration' });
export type Configuration = z.infer<typeof configurationSchema>;

/** The update call also takes the listing types' prices (names and ids are fixed). */
export const configurationUpdateSchema = configurationSchema
  .extend({
    listingTypes: z
      .array(
        z.object({
          id: z.number().int().positive().max(bounds.id),
          price: z.number().int().min(0).max(100000),
        }),
      )
      .max(bounds.choices)
      .optional(),
  })
  .refine((c) => c.carMinimumYear <= c.carMaximumYear, {
    message: 'Minimum year must not be after maximum year',
    path: ['carMinimumYear'],
  });

/** GET configuration: every client-visible field plus the listing types with their prices. */
export const publicConfigurationSchema = configurationSchema
  .extend({ listingTypes: z.array(listingTypeSchema) })
  .meta({ id: 'PublicConfiguration' });
export type PublicConfiguration = z.infer<typeof publicConfigurationSchema>;

export const menuItemSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    icon: z.string(),
    section: z.string(),
    isActive: z.boolean(),
  })
  .meta({ id: 'MenuItem' });
