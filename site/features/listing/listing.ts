/** The listing details screens' rules as plain functions: who sees what, texts, links, SEO. */
import { carName } from '#shared/format.ts';
import { localNumber, localPrice as price } from '#shared/i18n/format.ts';
import { intlLocales } from '#shared/i18n/language.ts';
import { m } from '#shared/i18n/paraglide/messages.js';
import { getLocale } from '#shared/i18n/paraglide/runtime.js';
import { formatMileage, type MileageUnit } from '#shared/mileage.ts';
import { phoneLabel } from '#shared/phone.ts';
import { ELECTRIC_FUEL_ID, limits, roles } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import { belowTopTier } from '#shared/promotion.ts';
import type { CarDetail, ListingState } from '#shared/schemas/listing-display.ts';

export type { CarDetail };
export type Seller = CarDetail['user'];
export type Photo = CarDetail['images'][number];

/** Where a listing comes from: a live one (/car/{id}) or a request (/car/pending/{id}). */
export type ListingSource = 'live' | 'request';

/** The cover first, then the rest in their order. */
export function coverFirst(images: readonly Photo[]): Photo[] {
  const cover = images.find((i) => i.isCover) ?? images[0];
  return cover ? [cover, ...images.filter((i) => i !== cover)] : [];
}

/**
 * The page grid's photos: the WebP versions (the JPEG card for photos stored before them), then
 * the 840 px JPEG when no WebP version is as wide; the full-screen version waits for the gallery.
 */
export function gridSrcset(photo: Photo) {
  const cards = photo.cardVersions.length
    ? photo.cardVersions
    : [{ url: photo.card, width: cardSize(photo).width }];
  const widest = cards[cards.length - 1]?.width ?? 0;
  const full = photo.width > widest ? [{ url: photo.name, width: photo.width }] : [];
  return [...cards, ...full].map((v) => `${v.url} ${v.width}w`).join(', ');
}

/** The gallery's photo: the 840 px JPEG, and the full-screen version when the upload had one. */
export function fullSrcset(photo: Photo) {
  const versions = [{ url: photo.name, width: photo.width }];
  if (photo.large) versions.push(photo.large);
  return versions.map((v) => `${v.url} ${v.width}w`).join(', ');
}

/** The largest version's size: the gallery never shows a photo larger than its pixels. */
export const largestSize = (photo: Photo) =>
  photo.large ?? { width: photo.width, height: photo.height };

/** The size of a photo's card version (at most 480 px on its long side), for width/height. */
export function cardSize(photo: Pick<Photo, 'width' | 'height'>) {
  const scale = Math.min(1, 480 / Math.max(photo.width, photo.height, 1));
  return { width: Math.round(photo.width * scale), height: Math.round(photo.height * scale) };
}

const monthYear = (date: Date) =>
  new Intl.DateTimeFormat(getLocale() === 'en' ? 'en-GB' : intlLocales[getLocale()], {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);

/** 'MM.yyyy' as 'April 2027'; null (or anything unreadable) is 'Not registered'. */
export function registeredUntil(value: string | null): string {
  const match = value ? /^(\d{2})\.(\d{4})$/.exec(value) : null;
  if (!match) return m.not_registered();
  const date = new Date(Date.UTC(Number(match[2]), Number(match[1]) - 1, 1));
  return monthYear(date);
}

const thousands = (value: number) => localNumber(value);

/**
 * The specification rows in the spec's order, with their units (the mileage in the visitor's);
 * electric cars swap the engine.
 */
export function specifications(
  car: CarDetail,
  unit: MileageUnit,
): [label: string, value: string][] {
  const electric = car.fuelId === ELECTRIC_FUEL_ID;
  const rows: [string, string | null][] = [
    [m.spec_mileage(), formatMileage(car.millage, unit)],
    [m.spec_fuel(), car.fuel],
    [m.spec_year(), String(car.year)],
    [m.spec_transmission(), car.transmission],
    [m.spec_drive_train(), car.driveTrain],
    [m.spec_body(), car.body],
    [m.spec_doors(), car.doorNumber],
    ...(electric
      ? ([
          [m.spec_battery_capacity(), `${car.batteryCapacity} kWh`],
          [m.spec_battery_range(), `${thousands(car.batteryRange)} mi`],
          [m.spec_charger_type(), car.chargerType],
        ] as [string, string | null][])
      : ([[m.spec_engine_size(), `${thousands(car.cubics)} CC`]] as [string, string][])),
    [m.spec_power(), `${thousands(car.power)} HP`],
    [m.spec_emission_class(), car.emissionClass],
    [m.spec_steering_wheel(), car.steeringWheelSide],
    [m.spec_ac(), car.acType],
    [m.spec_color(), car.color],
    [m.spec_registered_until(), registeredUntil(car.registrationExpiration)],
    [m.spec_origin(), car.origin],
  ];
  return rows.filter((row): row is [string, string] => Boolean(row[1]));
}

/** The four flags, each shown as included or excluded. */
export const flags = (car: CarDetail) =>
  [
    [m.flag_first_owner(), car.isFirstOwner],
    [m.flag_fixed_price(), car.isFixedPrice],
    [m.flag_red_plate(), car.isRedPlate],
    [m.flag_direct_finance(), car.isDirectFinanceAvailable],
  ] as const;

/** The owner's banner for a state; an ACTIVE listing has none. */
export function ownerBanner(state: ListingState, deniedMessage: string | null): string | null {
  if (state === 'SUSPENDED') return messages.listing.bannerSuspended;
  if (state === 'PENDING') return messages.listing.bannerPending;
  // The text goes on with '. Please edit...': a reason's own closing period would double it.
  if (state === 'DENIED')
    return messages.listing.bannerDenied((deniedMessage ?? '').trim().replace(/\.+$/, ''));
  return null;
}

/** Only an ACTIVE listing above the top type can be promoted. */
export const canPromote = (car: Pick<CarDetail, 'state' | 'listingTypeId'>) =>
  car.state === 'ACTIVE' && belowTopTier(car.listingTypeId);

export const editHref = (id: number, source: ListingSource) =>
  source === 'live' ? `/edit-listing/${id}` : `/edit-request-listing/${id}`;

export const sellerName = (seller: Pick<Seller, 'firstName' | 'lastName'>) =>
  `${seller.firstName} ${seller.lastName}`.trim();

/** The seller's non-empty phones (at most three) with the configured prefix. */
export function phones(seller: Pick<Seller, 'phone' | 'phone2' | 'phone3'>, prefix: string) {
  return [seller.phone, seller.phone2, seller.phone3]
    .map((p) => p.trim())
    .filter(Boolean)
    .slice(0, limits.maxPhones)
    .map((p) => {
      const label = phoneLabel(p, prefix);
      return { label, href: `tel:${label.replace(/[^\d+]/g, '')}` };
    });
}

/** An e-mail to the seller about the listing, or null when the seller has no address. */
export function messageLink(car: Pick<CarDetail, 'brand' | 'model' | 'title' | 'user'>) {
  if (!car.user.email) return null;
  const subject = encodeURIComponent(`${car.brand} ${car.model} ${car.title} on Spotted`);
  return { href: `mailto:${car.user.email}?subject=${subject}` };
}

/** Only a company shows its logo. */
export const sellerAvatar = (seller: Pick<Seller, 'role' | 'imageUrl'>) =>
  seller.role === roles.company ? seller.imageUrl : null;

export const reportReasons = [
  "It's inaccurate or incorrect",
  "It's not a real vehicle",
  "It's a scam",
  "It's offensive",
  'Something else',
] as const;

/** The report rules in the spec's order: the details first, then the reason. */
export function reportProblem(reason: string, details: string): string | null {
  if (details.trim().length < limits.reportDetailsMin) return messages.listing.reportTooShort;
  if (!reason) return messages.listing.reportNoCategory;
  return null;
}

export const reportMessage = (reason: string, details: string) => `${reason} - ${details.trim()}`;

/** '{brand} {model} {title} · €price · Spotted', the make and model said once. */
export const pageTitle = (car: CarDetail) =>
  `${carName(car.brand, car.model, car.title)} · ${price(car.price, car.currency)} · Spotted`;

/** A meta description under 160 characters: the key facts, then the start of the text. */
export function pageDescription(car: CarDetail, unit: MileageUnit): string {
  const place = [car.user.city, 'Malta'].filter(Boolean).join(', ');
  const facts = `${car.year} ${car.brand} ${car.model} for sale in ${place}: ${price(car.price, car.currency)}, ${formatMileage(car.millage, unit)}, ${car.fuel}, ${car.transmission}.`;
  const text = car.description.replace(/\s+/g, ' ').trim();
  if (!text || facts.length > 150) return facts;
  const room = 158 - facts.length;
  return `${facts} ${text.length > room ? `${text.slice(0, room - 1).trimEnd()}…` : text}`;
}

/** schema.org Car with its offer, for the page's JSON-LD. */
export function carJsonLd(car: CarDetail, pageUrl: string) {
  const absolute = (path: string) => new URL(path, pageUrl).toString();
  return {
    '@context': 'https://schema.org',
    '@type': 'Car',
    name: carName(car.brand, car.model, car.title),
    url: pageUrl,
    description: car.description || undefined,
    brand: { '@type': 'Brand', name: car.brand },
    model: car.model,
    vehicleModelDate: String(car.year),
    mileageFromOdometer: { '@type': 'QuantitativeValue', value: car.millage, unitCode: 'SMI' },
    fuelType: car.fuel,
    color: car.color,
    bodyType: car.body,
    vehicleTransmission: car.transmission,
    image: coverFirst(car.images).map((i) => absolute(i.name)),
    offers: {
      '@type': 'Offer',
      url: pageUrl,
      price: car.price,
      priceCurrency: 'EUR',
      availability: 'https://schema.org/InStock',
    },
  };
}
