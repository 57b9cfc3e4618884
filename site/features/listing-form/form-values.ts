import { CAR_CATEGORY_ID, ELECTRIC_FUEL_ID } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import type { z } from '#shared/schemas/zod.ts';
import type { editDetailsSchema, ListingPayload } from '#shared/schemas/listing.ts';
import type { Photo } from './photos.ts';

export type EditDetails = z.infer<typeof editDetailsSchema>;

/** add-listing, edit-listing/{id} (a live listing) or edit-request-listing/{id} (a request). */
export type FormMode = 'add' | 'edit' | 'edit-request';

type Choice = number | null;

/** What the form holds: choices as ids, numbers as typed. */
export interface FormValues {
  brand: Choice;
  model: Choice;
  title: string;
  body: Choice;
  fuel: Choice;
  doorNumber: Choice;
  emissionClass: Choice;
  driveTrain: Choice;
  transmission: Choice;
  steeringWheelSide: Choice;
  acType: Choice;
  origin: Choice;
  carColor: Choice;
  chargerType: Choice;
  adTypeId: Choice;
  year: string;
  price: string;
  cubics: string;
  power: string;
  millage: string;
  batteryCapacity: string;
  batteryRange: string;
  /** MM.yyyy; null is 'Not registered'; undefined is not chosen yet. */
  registrationExpiration: string | null | undefined;
  chassisNumber: string;
  description: string;
  isFixedPrice: boolean;
  isDirectFinanceAvailable: boolean;
  isFirstOwner: boolean;
  isRedPlate: boolean;
  safety: number[];
  equipment: number[];
  personalDataAgreement: boolean;
}

export const emptyValues: FormValues = {
  brand: null,
  model: null,
  title: '',
  body: null,
  fuel: null,
  doorNumber: null,
  emissionClass: null,
  driveTrain: null,
  transmission: null,
  steeringWheelSide: null,
  acType: null,
  origin: null,
  carColor: null,
  chargerType: null,
  adTypeId: null,
  year: '',
  price: '',
  cubics: '',
  power: '',
  millage: '',
  batteryCapacity: '',
  batteryRange: '',
  registrationExpiration: undefined,
  chassisNumber: '',
  description: '',
  isFixedPrice: false,
  isDirectFinanceAvailable: false,
  isFirstOwner: false,
  isRedPlate: false,
  safety: [],
  equipment: [],
  personalDataAgreement: false,
};

export const isElectric = (values: Pick<FormValues, 'fuel'>) => values.fuel === ELECTRIC_FUEL_ID;

const typed = (value: number) => (value ? String(value) : '');

/**
 * The form filled from an edit-details answer. The model is left out: the form reselects it once
 * the make's models have loaded.
 */
export function valuesFromDetails(details: EditDetails): FormValues {
  return {
    ...emptyValues,
    brand: details.brand,
    title: details.title,
    body: details.body,
    fuel: details.fuel,
    doorNumber: details.doorNumber,
    emissionClass: details.emissionClass,
    driveTrain: details.driveTrain,
    transmission: details.transmission,
    steeringWheelSide: details.steeringWheelSide,
    acType: details.acType,
    origin: details.origin,
    carColor: details.carColor,
    chargerType: details.chargerType,
    adTypeId: details.adTypeId,
    year: typed(details.year),
    price: String(details.price),
    cubics: typed(details.cubics),
    power: typed(details.power),
    millage: String(details.millage),
    batteryCapacity: typed(details.batteryCapacity),
    batteryRange: typed(details.batteryRange),
    registrationExpiration: details.registrationExpiration,
    chassisNumber: details.chassisNumber ?? '',
    description: details.description,
    isFixedPrice: details.isFixedPrice,
    isDirectFinanceAvailable: details.isDirectFinanceAvailable,
    isFirstOwner: details.isFirstOwner,
    isRedPlate: details.isRedPlate,
    safety: details.safety,
    equipment: details.equipment,
    personalDataAgreement: true,
  };
}

/** The photos of an edit-details answer, the cover first as the server orders them. */
export function photosFromDetails(details: EditDetails): { photos: Photo[]; cover: number } {
  return {
    photos: details.images.map((i) => ({ key: `stored-${i.id}`, id: i.id, image: i.image })),
    cover: Math.max(
      0,
      details.images.findIndex((i) => i.isCover),
    ),
  };
}

/** A typed number: empty or unreadable is null. */
export function toNumber(value: string): number | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : null;
}

/** The body of the three submit calls, before the id, originalId or agreement is added. */
export type ListingBody = Omit<ListingPayload, 'images'> & {
  images: { id?: number; image: string; isCover: boolean; name?: string }[];
};

/**
 * The payload of listingPayloadSchema. Electric cars send engine size 0 and no drive train; the
 * others send battery values 0 and no charger type.
 */
export function toPayload(
  values: FormValues,
  photos: readonly Photo[],
  cover: number,
  extra: { userId: number; currency: string },
): ListingBody {
  const electric = isElectric(values);
  return {
    images: photos.map((photo, i) => ({
      ...(photo.id ? { id: photo.id } : {}),
      image: photo.image,
      isCover: i === cover,
      ...(photo.name ? { name: photo.name } : {}),
    })),
    brand: values.brand,
    model: values.model,
    title: values.title.trim(),
    body: values.body,
    fuel: values.fuel,
    doorNumber: values.doorNumber,
    emissionClass: values.emissionClass,
    driveTrain: electric ? null : values.driveTrain,
    transmission: values.transmission,
    steeringWheelSide: values.steeringWheelSide,
    acType: values.acType,
    origin: values.origin,
    carColor: values.carColor,
    adTypeId: values.adTypeId,
    price: toNumber(values.price),
    cubics: electric ? 0 : toNumber(values.cubics),
    batteryCapacity: electric ? toNumber(values.batteryCapacity) : 0,
    batteryRange: electric ? toNumber(values.batteryRange) : 0,
    chargerType: electric ? values.chargerType : null,
    power: toNumber(values.power),
    millage: toNumber(values.millage),
    year: toNumber(values.year),
    ...(values.registrationExpiration === undefined
      ? {}
      : { registrationExpiration: values.registrationExpiration }),
    chassisNumber: values.chassisNumber.trim() || null,
    description: values.description,
    currency: extra.currency,
    isFixedPrice: values.isFixedPrice,
    isDirectFinanceAvailable: values.isDirectFinanceAvailable,
    isFirstOwner: values.isFirstOwner,
    isRedPlate: values.isRedPlate,
    safety: values.safety,
    equipment: values.equipment,
    categoryId: CAR_CATEGORY_ID,
    userId: extra.userId,
    personalDataAgreement: values.personalDataAgreement,
  };
}

const m = messages.listing;

/** The id of the control a rule's message is about, to take the user there after the dialog. */
export function fieldOfProblem(message: string): string | null {
  const fields: [string, string][] = [
    [m.imagesMin, 'lf-photos-add'],
    [m.imagesMax, 'lf-photos-add'],
    [m.make, 'lf-brand'],
    [m.model, 'lf-model'],
    [m.title, 'lf-title'],
    [m.body, 'lf-body'],
    [m.fuel, 'lf-fuel'],
    [m.doorNumber, 'lf-doorNumber'],
    [m.emissionClass, 'lf-emissionClass'],
    [m.driveTrain, 'lf-driveTrain'],
    [m.transmission, 'lf-transmission'],
    [m.steeringWheelSide, 'lf-steeringWheelSide'],
    [m.acType, 'lf-acType'],
    [m.origin, 'lf-origin'],
    [m.color, 'lf-carColor'],
    [m.listingType, 'lf-listing-types'],
    [m.price, 'lf-price'],
    [m.engineSize, 'lf-cubics'],
    [m.batteryCapacity, 'lf-batteryCapacity'],
    [m.batteryRange, 'lf-batteryRange'],
    [m.chargerType, 'lf-chargerType'],
    [m.power, 'lf-power'],
    [m.mileage, 'lf-millage'],
    [m.year, 'lf-year'],
    [m.registration, 'lf-registrationExpiration'],
    [m.agreement, 'lf-agreement'],
  ];
  if (message.startsWith('Year have to be in range')) return 'lf-year';
  return fields.find(([text]) => text === message)?.[1] ?? null;
}
