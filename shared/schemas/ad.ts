import { bounds, limits } from '../limits.ts';
import { messages } from '../messages.ts';
import { base64Image, imageTooLarge, required } from './fields.ts';
import { z } from './zod.ts';

export const AD_DAYS_MIN = 1;
export const AD_DAYS_MAX = 365;
const AD_TITLE_MAX = 100;
const AD_CLIENT_MAX = 100;
const AD_URL_MAX = 2000;

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};

/**
 * A city by id or by name, or nothing: '' and null mean no city. A numeric string is read as an
 * id (forms send numbers as text).
 */
const optionalCity = z
  .union([z.number().int().positive().max(bounds.id), z.string().trim().max(bounds.name)], {
    error: 'Location must be a city id or name',
  })
  .nullish()
  .transform((v) => {
    if (v === undefined) return undefined;
    if (v === null || v === '') return null;
    return typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  });

/** The fields an administrator fills in for an ad; the image is set apart for add and update. */
const adFields = {
  title: required('Title is required').max(
    AD_TITLE_MAX,
    `Title can have at most ${AD_TITLE_MAX} characters`,
  ),
  description: z
    .string()
    .trim()
    .max(limits.adDescriptionMax, messages.ads.descriptionTooLong)
    .nullish()
    .transform((v) => v ?? ''),
  url: required('Url is required')
    .max(AD_URL_MAX, `Url can have at most ${AD_URL_MAX} characters`)
    .refine(isHttpUrl, 'Url must be a web address starting with http:// or https://'),
  /** The city name (as the list shows it) or its id; cityId wins when both are sent. */
  location: optionalCity,
  cityId: optionalCity,
  client: required('Client is required').max(
    AD_CLIENT_MAX,
    `Client can have at most ${AD_CLIENT_MAX} characters`,
  ),
  daysActive: z.coerce
    .number({ error: `Days active must be between ${AD_DAYS_MIN} and ${AD_DAYS_MAX}` })
    .int('Days active must be a whole number')
    .min(AD_DAYS_MIN, `Days active must be between ${AD_DAYS_MIN} and ${AD_DAYS_MAX}`)
    .max(AD_DAYS_MAX, `Days active must be between ${AD_DAYS_MIN} and ${AD_DAYS_MAX}`),
};

export const addAdSchema = z.object({
  ...adFields,
  image: base64Image('Image is required'),
});
export type AddAdInput = z.input<typeof addAdSchema>;
export type AddAd = z.output<typeof addAdSchema>;

/**
 * The image of an update: a new image as base64, or nothing to keep the current one. The edit
 * dialog may send back the image URL it was given ('/images/ads/...'): that also keeps it.
 */
const keptOrNewImage = z
  .string()
  .trim()
  .max(bounds.imageBase64, imageTooLarge)
  .nullish()
  .transform((v) =>
    !v || /^(\/images\/|https?:\/\/)/i.test(v)
      ? null
      : v.replace(/^data:[^,]*,/, '').replace(/\s/g, ''),
  )
  .refine((v) => v === null || /^[A-Za-z0-9+/]+={0,2}$/.test(v), 'Image must be base64 encoded');

export const updateAdSchema = z.object({
  id: z.coerce
    .number({ error: 'Id must be a number' })
    .int('Id must be a whole number')
    .positive('Id must be a positive number')
    .max(bounds.id, 'Id is too large'),
  ...adFields,
  image: keptOrNewImage,
});
export type UpdateAdInput = z.input<typeof updateAdSchema>;
export type UpdateAd = z.output<typeof updateAdSchema>;

export const activateAdSchema = z.object({
  id: z.coerce
    .number({ error: 'Id must be a number' })
    .int('Id must be a whole number')
    .positive('Id must be a positive number')
    .max(bounds.id, 'Id is too large'),
});

/** An ad as the back-office sees it. isActive is false once the ad has expired. */
export const adminAdSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    url: z.string(),
    views: z.number().int(),
    location: z.string().nullable(),
    cityId: z.number().int().nullable(),
    client: z.string(),
    image: z.string().nullable(),
    daysActive: z.number().int(),
    clicks: z.number().int(),
    isActive: z.boolean(),
    dateCreated: z.string(),
    dateExpiration: z.string(),
  })
  .meta({ id: 'AdminAd' });
export type AdminAd = z.infer<typeof adminAdSchema>;
