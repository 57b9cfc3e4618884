/** Business constants and limits of the spec (section 9 of both documents). */
export const roles = { admin: 1, individual: 2, company: 3 } as const;
export type RoleId = (typeof roles)[keyof typeof roles];
export const roleNames: Record<RoleId, string> = { 1: 'Admin', 2: 'Individual', 3: 'Company' };

/** The spec's mobile layout: 1024 px wide or less. */
export const MOBILE_MAX_WIDTH = 1024;
export const MOBILE_QUERY = `(max-width: ${MOBILE_MAX_WIDTH}px)`;

export const limits = {
  loginPasswordMin: 4,
  passwordMin: 8,
  deleteAccountPasswordMin: 4,
  resetCodeLength: 6,
  contactMessageMin: 10,
  contactMessageMax: 500,
  voucherCodeMin: 4,
  reportDetailsMin: 10,
  maxPhones: 3,
  titleMax: 50,
  descriptionMax: 1000,
  adDescriptionMax: 500,
  releaseNotesMax: 200,
  aboutTextMax: 2000,
  notificationMessageMax: 500,
  imagesMin: 5,
  imagesMax: 20,
  imageMaxSide: 840,
  pageSize: 50,
} as const;

/** The frame of an ad's image on the site (width:height): the image shows whole in it. */
export const AD_IMAGE_FRAME = { width: 4, height: 3 } as const;

export const prefixes = { phone: '+356', vat: 'MT', cNumber: 'C' } as const;

/** Fuel id 3 is electric in every list of the spec. */
export const ELECTRIC_FUEL_ID = 3;
export const CAR_CATEGORY_ID = 1;

/** The largest price, engine size, power and mileage a listing may state. */
export const listingMax = {
  price: 100_000_000,
  cubics: 20_000,
  power: 3_000,
  millage: 5_000_000,
};

/**
 * Bounds the spec leaves open, so that every input has one (and the OpenAPI document says so).
 * Ids are PostgreSQL integers; a base64 image is at most 10 MB of bytes (about 13.3 million
 * characters), with room for a data: prefix and line breaks.
 */
export const bounds = {
  id: 2_147_483_647,
  pageNumber: 1_000_000,
  password: 128,
  /** A password checked against a stored hash (login, delete account): never set through us. */
  storedPassword: 1024,
  email: 254,
  phone: 25,
  name: 100,
  url: 2000,
  token: 512,
  imageBase64: 16 * 1024 * 1024,
  /** The filters or choices of one kind a request names at most. */
  choices: 100,
  yearMax: 9999,
} as const;

/** The listings one impressions beacon may carry (a page sends more in several). */
export const MAX_IMPRESSIONS = 60;
