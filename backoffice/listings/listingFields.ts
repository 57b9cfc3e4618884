/** What the admin listing view shows of a listing, as plain rows, and what an edit changes. */
import { dateTime, number, price } from '#shared/format.ts';
import { ELECTRIC_FUEL_ID, prefixes } from '#shared/limits.ts';
import { type CarCard, type CarDetail } from '#shared/schemas/listing-display.ts';
import { listingFields } from '#shared/schemas/listing-fields.ts';
import { texts } from '../texts.ts';

export interface Row {
  key: keyof CarDetail;
  label: string;
  value: string;
}

/** 'MM.yyyy' as 'April 2027'; null (or anything unreadable) is 'Not registered'. */
export function registeredUntil(value: string | null): string {
  const match = value ? /^(\d{2})\.(\d{4})$/.exec(value) : null;
  if (!match) return texts.review.notRegistered;
  const date = new Date(Date.UTC(Number(match[2]), Number(match[1]) - 1, 1));
  return date.toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

export const isElectric = (car: Pick<CarDetail, 'fuelId'>) => car.fuelId === ELECTRIC_FUEL_ID;

/** The specification rows in the spec's order; electric cars show the battery, not the engine. */
export function specificationRows(car: CarDetail): Row[] {
  const rows: [keyof CarDetail, string, string | null][] = [
    ['millage', 'Mileage', `${number(car.millage)} ${listingFields.millage.unit}`],
    ['fuel', 'Fuel', car.fuel],
    ['year', 'Year', String(car.year)],
    ['transmission', 'Transmission', car.transmission],
    ['driveTrain', 'Drive train', isElectric(car) ? null : car.driveTrain],
    ['body', 'Body', car.body],
    ['doorNumber', 'Door number', car.doorNumber],
    ...((isElectric(car)
      ? [
          [
            'batteryCapacity',
            'Battery capacity',
            `${car.batteryCapacity} ${listingFields.batteryCapacity.unit}`,
          ],
          [
            'batteryRange',
            'Battery range',
            `${number(car.batteryRange)} ${listingFields.batteryRange.unit}`,
          ],
          ['chargerType', 'Charger type', car.chargerType],
        ]
      : [['cubics', 'Engine size', `${number(car.cubics)} ${listingFields.cubics.unit}`]]) as [
      keyof CarDetail,
      string,
      string | null,
    ][]),
    ['power', 'Power', `${number(car.power)} ${listingFields.power.unit}`],
    ['emissionClass', 'Emission class', car.emissionClass],
    ['steeringWheelSide', 'Steering wheel side', car.steeringWheelSide],
    ['acType', 'AC', car.acType],
    ['color', 'Color', car.color],
    ['registrationExpiration', 'Registered until', registeredUntil(car.registrationExpiration)],
    ['origin', 'Origin', car.origin],
    ['chassisNumber', 'Chassis number', car.chassisNumber],
  ];
  return rows
    .filter((row): row is [keyof CarDetail, string, string] => Boolean(row[2]))
    .map(([key, label, value]) => ({ key, label, value }));
}

/** The four flags of the spec, each with whether it holds. */
export const flagRows = (car: CarDetail) =>
  [
    { key: 'isFirstOwner', label: 'First owner', on: car.isFirstOwner },
    { key: 'isFixedPrice', label: 'Fixed price', on: car.isFixedPrice },
    { key: 'isRedPlate', label: 'Red plate', on: car.isRedPlate },
    { key: 'isDirectFinanceAvailable', label: 'Direct finance', on: car.isDirectFinanceAvailable },
  ] as const satisfies readonly { key: keyof CarDetail; label: string; on: boolean }[];

/** 'Triq il-Kbira, Qormi' or just 'Qormi': the location, a comma only when there is one. */
export const place = (location: string | null | undefined, city: string | null | undefined) =>
  [location?.trim(), city?.trim()].filter(Boolean).join(', ');

export const cardPrice = (card: Pick<CarCard, 'price' | 'currency'>) =>
  price(card.price, card.currency || '€');

/** A card of the review queues as a CSV row: what the card shows, and when it was sent. */
export const cardCsvRow = (card: CarCard) => ({
  ID: card.id,
  Make: card.brand,
  Model: card.model,
  Title: card.title,
  Price: cardPrice(card),
  Location: card.location,
  City: card.city,
  Date: dateTime(card.createdAt),
});

/** The seller's phones (the first always, 2 and 3 when given) with the +356 prefix. */
export const sellerPhones = (user: Pick<CarDetail['user'], 'phone' | 'phone2' | 'phone3'>) =>
  [user.phone, user.phone2, user.phone3]
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => (p.startsWith('+') ? p : `${prefixes.phone} ${p}`));

export const sellerName = (user: Pick<CarDetail['user'], 'firstName' | 'lastName'>) =>
  `${user.firstName} ${user.lastName}`.trim();

const names = (items: { name: string }[]) =>
  items
    .map((i) => i.name)
    .sort()
    .join('|');

/** Each field of a listing the way an admin compares two versions of it. */
function comparable(car: CarDetail): Partial<Record<keyof CarDetail, string>> {
  const fields: Partial<Record<keyof CarDetail, string>> = {
    title: car.title,
    brand: car.brand,
    model: car.model,
    price: cardPrice(car),
    description: car.description.trim(),
    safety: names(car.safety),
    equipment: names(car.equipment),
    images: car.images.map((i) => `${i.name}${i.isCover ? '*' : ''}`).join('|'),
  };
  for (const flag of flagRows(car)) fields[flag.key] = String(flag.on);
  for (const row of specificationRows(car)) fields[row.key] = row.value;
  return fields;
}

/** The fields an edit changes against the live listing (none when there is no original). */
export function changedFields(edit: CarDetail, original: CarDetail | null): Set<keyof CarDetail> {
  if (!original) return new Set();
  const before = comparable(original);
  const after = comparable(edit);
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]) as Set<keyof CarDetail>;
  return new Set([...keys].filter((key) => before[key] !== after[key]));
}

/** What a changed field showed before, for the highlight's "was" line. */
export function previousValue(original: CarDetail, key: keyof CarDetail): string {
  const flag = flagRows(original).find((f) => f.key === key);
  if (flag) return flag.on ? 'Yes' : 'No';
  const row = specificationRows(original).find((r) => r.key === key);
  if (row) return row.value;
  if (key === 'price') return cardPrice(original);
  if (key === 'safety' || key === 'equipment')
    return original[key].map((i) => i.name).join(', ') || '—';
  if (key === 'images') return `${original.images.length} photos`;
  const value = original[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '—';
}

/** How a listing card names itself (react-admin's recordRepresentation). */
export const cardLabel = (card: Pick<CarCard, 'brand' | 'model' | 'title'>) =>
  `${card.brand} ${card.model}: ${card.title}`;
