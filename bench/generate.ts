/**
 * The benchmark's data set: sellers and live listings with their photos, features and promotions,
 * drawn from a seeded PRNG. Pure functions of (seed, size, reference data, photo set, anchor day):
 * the same inputs give the same rows, and any chunk of listings can be generated on its own.
 */
import { listingTypeIds, subscriptionStates } from '#shared/promotion.ts';
import type {
  ledgerEntries,
  listingEquipment,
  listingImages,
  listings,
  listingSafety,
  subscriptionPeriods,
  listingViewCounts,
  subscriptions,
  transactions,
  users,
} from '../server/db/schema/index.ts';

/** Bump when the generated rows change, so cached data sets are rebuilt. */
export const GENERATOR_VERSION = 1;

/** What the generator needs from the reference tables (read after the app's reference seed). */
export interface BenchReference {
  makes: { id: number; name: string; modelIds: number[]; modelNames: string[] }[];
  cityIds: number[];
  safetyIds: number[];
  equipmentIds: number[];
  /** Enumerable ids by kind (bodies, fuels, colors, ...). */
  enumerables: Record<string, number[]>;
  /** Price in credits of each listing type, by id (listingTypeIds). */
  listingTypePrices: Record<number, number>;
  welcomeCredits: { individual: number; company: number };
}

/** A stored photo as a listing_images row has it (key, size and whatever versions the app keeps). */
export type PhotoRow = Omit<ImageRow, 'id' | 'listingId' | 'position' | 'isCover'>;

/** The shared photo files: car photos in groups of one car's views, and company logos. */
export interface BenchPhotos {
  photos: PhotoRow[];
  /** Photos per car: photos[g * perCar .. g * perCar + perCar - 1] show one car. */
  perCar: number;
  logos: string[];
}

export interface DatasetPlan {
  seed: number;
  listings: number;
  sellers: number;
  /** Midnight UTC of the day the data was generated: every date is relative to it. */
  anchor: Date;
  firstUserId: number;
  firstListingId: number;
  firstTransactionId: number;
  firstSubscriptionId: number;
}

export type UserRow = typeof users.$inferInsert;
export type TransactionRow = typeof transactions.$inferInsert;
export type LedgerRow = typeof ledgerEntries.$inferInsert;
export type ListingRow = typeof listings.$inferInsert;
export type ImageRow = typeof listingImages.$inferInsert;
export type SafetyRow = typeof listingSafety.$inferInsert;
export type EquipmentRow = typeof listingEquipment.$inferInsert;
export type SubscriptionRow = typeof subscriptions.$inferInsert;
export type PeriodRow = typeof subscriptionPeriods.$inferInsert;

export interface ListingChunk {
  listings: ListingRow[];
  viewCounts: (typeof listingViewCounts.$inferInsert)[];
  images: ImageRow[];
  safety: SafetyRow[];
  equipment: EquipmentRow[];
  subscriptions: SubscriptionRow[];
  periods: PeriodRow[];
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** One seller per this many listings. */
export const LISTINGS_PER_SELLER = 10;
/** The password of every generated seller. */
export const SELLER_PASSWORD = 'Bench2026';

/** mulberry32: small, fast and good enough for test data. */
export function prng(seed: number): () => number {
  let a = seed >>> 0 || 0x9e3779b9;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A 32-bit hash of the seed, a stream name and an index: each row gets its own PRNG. */
export function mix(seed: number, stream: number, index: number): number {
  let h = (seed ^ Math.imul(stream, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

type Random = () => number;
const int = (r: Random, min: number, max: number) => min + Math.floor(r() * (max - min + 1));
const pick = <T>(r: Random, items: readonly T[]): T => {
  const item = items[Math.floor(r() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
};
/** Picks an item with the given weights (missing weights count 1). */
function weighted<T>(r: Random, items: readonly T[], weights: readonly number[]): T {
  const w = items.map((_, i) => weights[i] ?? 1);
  let x = r() * w.reduce((a, b) => a + b, 0);
  for (const [i, item] of items.entries()) {
    x -= w[i] ?? 1;
    if (x < 0) return item;
  }
  return pick(r, items);
}
/** k distinct items, in the list's order. */
function sample<T>(r: Random, items: readonly T[], k: number): T[] {
  const chosen = new Set<number>();
  const n = Math.min(k, items.length);
  while (chosen.size < n) chosen.add(Math.floor(r() * items.length));
  return [...chosen].sort((a, b) => a - b).map((i) => items[i] as T);
}
const ids = (ref: BenchReference, kind: string): number[] => {
  const list = ref.enumerables[kind];
  if (!list?.length) throw new Error(`bench: no enumerables of kind ${kind}`);
  return list;
};

/** Makes by how often they are sold in Malta, most first; the rest share a small weight. */
const popularMakes = [
  'Toyota',
  'Volkswagen',
  'Kia',
  'Hyundai',
  'Nissan',
  'Peugeot',
  'Mercedes-Benz',
  'BMW',
  'Ford',
  'Audi',
  'Honda',
  'Mazda',
  'Suzuki',
  'Renault',
  'Fiat',
  'Skoda',
  'Citroen',
  'Opel',
  'Mitsubishi',
  'Tesla',
  'Volvo',
  'Dacia',
  'Seat',
  'Mini',
  'Land Rover',
  'Lexus',
  'MG',
  'BYD',
];
const premium: Record<string, number> = {
  'Mercedes-Benz': 1.9,
  BMW: 1.9,
  Audi: 1.8,
  Lexus: 1.9,
  Volvo: 1.6,
  Tesla: 2,
  Polestar: 2,
  'Land Rover': 2.4,
  Jaguar: 2.2,
  Porsche: 3.5,
  Maserati: 3.2,
  Bentley: 6,
  Ferrari: 8,
  Infiniti: 1.6,
  DS: 1.4,
  Cupra: 1.4,
};
const makeWeight = (name: string) => {
  const rank = popularMakes.indexOf(name);
  return rank < 0 ? 0.6 : 40 / (rank + 2);
};

// Weights in the order of the enumerables' ids (server/db/seed/data/enumerables.ts).
const bodyWeights = [34, 15, 8, 28, 3, 2, 5, 2, 1.5, 0.5, 1];
// Petrol, Diesel, Electric, Hybrid (petrol), Plug-in hybrid, LPG, Hybrid (diesel).
const fuelWeights = [45, 22, 9, 15, 5, 1, 3];
const transmissionWeights = [35, 55, 3, 7];
const acWeights = [3, 35, 40, 18, 4];
const originWeights = [30, 35, 20, 13, 2];
const colourWeights = [18, 20, 14, 16, 10, 8, 2, 1, 1, 2, 1, 0.5, 0.5, 1];
const driveWeights = [75, 8, 12, 5];
/** How much more often a promoted listing is seen than a Standard one. */
const promotedViews: Record<number, number> = {
  [listingTypeIds.premium]: 4,
  [listingTypeIds.featured]: 2.5,
};
const ELECTRIC = 3;
const PLUG_IN = 5;

const trims = ['', '', 'SE', 'Sport', 'GT Line', 'Style', 'Comfort', 'Premium', 'Limited', 'S'];
const engines = [998, 1199, 1248, 1398, 1498, 1598, 1798, 1968, 1995, 2198, 2494, 2998];
const firstNames = [
  'Maria',
  'Joseph',
  'Luke',
  'Sarah',
  'Daniel',
  'Rebecca',
  'Matthew',
  'Claire',
  'Mark',
  'Nicole',
  'Andrea',
  'Karl',
  'Francesca',
  'Jean',
  'Roberta',
  'Paul',
  'Elena',
  'Kurt',
  'Stephanie',
  'Neil',
];
const lastNames = [
  'Borg',
  'Camilleri',
  'Vella',
  'Farrugia',
  'Zammit',
  'Galea',
  'Micallef',
  'Grech',
  'Attard',
  'Spiteri',
  'Azzopardi',
  'Mifsud',
  'Agius',
  'Pace',
  'Cassar',
  'Debono',
  'Sammut',
  'Fenech',
  'Caruana',
  'Xuereb',
];
const companyWords = [
  ['Island', 'Harbour', 'Gozo', 'Valletta', 'Mosta', 'Marsa', 'Sliema', 'Qormi', 'Central', 'Blue'],
  ['Motors', 'Cars', 'Autos', 'Car Centre', 'Automotive', 'Car Imports', 'Garage', 'Car Sales'],
];
const streets = ['Triq il-Kbira', 'Triq il-Kappella', 'Triq San Pawl', 'Triq ir-Repubblika'];
const opening = [
  'Well looked after and ready to drive away.',
  'Lovely example, garage kept and never smoked in.',
  'Imported recently, first registration in Malta included.',
  'One careful owner, full service history with stamps.',
  'Economical and easy to park in town.',
  'Clean inside and out, recently valeted.',
];
const middle = [
  'New tyres all round and a fresh service done last month.',
  'Timing belt changed, air conditioning blows cold.',
  'Comes with two keys, owner manuals and the spare wheel.',
  'Road licence paid, VRT tested without advisories.',
  'Finance can be arranged, trade-ins welcome.',
  'Ideal family car with plenty of boot space.',
  'Bluetooth, reversing camera and cruise control.',
  'Low running costs and cheap insurance group.',
];
const closing = [
  'Viewing by appointment, call or message any time.',
  'Price slightly negotiable for a quick sale.',
  'Open Monday to Saturday, come for a test drive.',
  'Serious buyers only please.',
  '',
];

/** How the data set is laid out: counts and the first id of each table. */
export function planDataset(options: {
  seed: number;
  listings: number;
  anchor: Date;
  firstUserId?: number;
  firstListingId?: number;
  firstTransactionId?: number;
  firstSubscriptionId?: number;
}): DatasetPlan {
  return {
    seed: options.seed,
    listings: options.listings,
    sellers: Math.max(1, Math.ceil(options.listings / LISTINGS_PER_SELLER)),
    anchor: options.anchor,
    firstUserId: options.firstUserId ?? 1,
    firstListingId: options.firstListingId ?? 1,
    firstTransactionId: options.firstTransactionId ?? 1,
    firstSubscriptionId: options.firstSubscriptionId ?? 1,
  };
}

/** Three sellers in ten are companies (they hold most listings). */
const isCompany = (seller: number) => seller % 10 < 3;

/** Every seller, with the welcome credits on its wallet as the ledger would have written them. */
export function generateSellers(
  plan: DatasetPlan,
  ref: BenchReference,
  photos: BenchPhotos,
  passwordHash: string,
): { users: UserRow[]; transactions: TransactionRow[]; ledger: LedgerRow[] } {
  const users: UserRow[] = [];
  const transactions: TransactionRow[] = [];
  const ledger: LedgerRow[] = [];
  for (let s = 0; s < plan.sellers; s++) {
    const r = prng(mix(plan.seed, 1, s));
    const id = plan.firstUserId + s;
    const company = isCompany(s);
    const createdAt = new Date(plan.anchor.getTime() - 400 * DAY + s * 60_000);
    const first = pick(r, firstNames);
    const last = pick(r, lastNames);
    const credits = company ? ref.welcomeCredits.company : ref.welcomeCredits.individual;
    users.push({
      id,
      roleId: company ? 3 : 2,
      email: `bench.seller${s + 1}@example.mt`,
      passwordHash,
      firstName: company
        ? `${pick(r, companyWords[0] ?? [])} ${pick(r, companyWords[1] ?? [])}`
        : first,
      lastName: company ? '' : last,
      address: company ? `${int(r, 1, 200)}, ${pick(r, streets)}` : '',
      cityId: pick(r, ref.cityIds),
      phone: `${company ? '21' : pick(r, ['79', '99', '77'])}${String(int(r, 0, 999_999)).padStart(6, '0')}`,
      dateOfBirth: company
        ? null
        : `${int(r, 1955, 2004)}-${String(int(r, 1, 12)).padStart(2, '0')}-${String(int(r, 1, 28)).padStart(2, '0')}`,
      cNumber: company ? String(10_000 + s) : null,
      vatNumber: company ? String(20_000_000 + s) : null,
      imageKey: company ? (photos.logos[s % Math.max(1, photos.logos.length)] ?? null) : null,
      balance: credits,
      createdAt,
      updatedAt: createdAt,
    });
    if (credits > 0) {
      const transactionId = plan.firstTransactionId + s;
      transactions.push({
        id: transactionId,
        userId: id,
        typeId: 6,
        state: 'Done',
        credits,
        createdAt,
        updatedAt: createdAt,
      });
      ledger.push({
        userId: id,
        transactionId,
        reason: 'credit',
        credits,
        balanceAfter: credits,
        createdAt,
      });
    }
  }
  return { users, transactions, ledger };
}

/** The seller of listing `i`: six listings in ten belong to companies. */
function sellerOf(plan: DatasetPlan, r: Random): number {
  const companies = Math.ceil(plan.sellers / 10) * 3;
  const wantCompany = r() < 0.6;
  // Sellers are numbered so that s % 10 < 3 are companies.
  for (let attempt = 0; attempt < 8; attempt++) {
    const s = Math.floor(r() * plan.sellers);
    if (isCompany(s) === wantCompany || companies === 0) return s;
  }
  return Math.floor(r() * plan.sellers);
}

/** Listings [from, to) (0-based) with their photos, features and promotions. */
export function generateListings(
  plan: DatasetPlan,
  ref: BenchReference,
  photos: BenchPhotos,
  from: number,
  to: number,
): ListingChunk {
  const chunk: ListingChunk = {
    listings: [],
    viewCounts: [],
    images: [],
    safety: [],
    equipment: [],
    subscriptions: [],
    periods: [],
  };
  const makeWeights = ref.makes.map((m) => makeWeight(m.name));
  const anchor = plan.anchor.getTime();
  const anchorYear = plan.anchor.getUTCFullYear();
  const cars = Math.max(1, Math.floor(photos.photos.length / photos.perCar));
  const topSpottedShare = Math.min(1, 20 / plan.listings);

  for (let i = from; i < Math.min(to, plan.listings); i++) {
    const r = prng(mix(plan.seed, 2, i));
    const id = plan.firstListingId + i;
    const seller = sellerOf(plan, r);
    const userId = plan.firstUserId + seller;
    const make = weighted(r, ref.makes, makeWeights);
    const modelIndex = Math.floor(r() * make.modelIds.length);
    const modelId = make.modelIds[modelIndex] ?? pick(r, make.modelIds);
    const modelName = make.modelNames[modelIndex] ?? '';

    const fuelId = weighted(r, ids(ref, 'fuels'), fuelWeights);
    const electric = fuelId === ELECTRIC;
    const plugIn = fuelId === PLUG_IN;
    const bodyId = weighted(r, ids(ref, 'bodies'), bodyWeights);
    const age = Math.floor(Math.pow(r(), 1.6) * (electric ? 8 : 18));
    const year = anchorYear - age;
    const cubics = electric ? 0 : pick(r, engines);
    const power = electric ? int(r, 100, 420) : Math.round(cubics * 0.075 + int(r, 0, 60));
    const base = 19_000 * (premium[make.name] ?? 1) * (electric ? 1.4 : 1);
    const price = Math.max(
      1_500,
      Math.round((base * Math.pow(0.87, age) * (0.8 + r() * 0.5)) / 50) * 50,
    );
    const millage = age === 0 ? int(r, 5, 3_000) : age * int(r, 4_000, 11_000) + int(r, 0, 3_000);
    const trim = pick(r, trims);
    const title = [make.name, modelName, electric ? '' : `${(cubics / 1000).toFixed(1)}`, trim]
      .filter(Boolean)
      .join(' ');
    const doorIds = ids(ref, 'doorsNumber');
    const doorNumberId =
      bodyId === 5 || bodyId === 6
        ? (doorIds[0] ?? 1)
        : bodyId === 2
          ? (doorIds[2] ?? 3)
          : bodyId === 1 && r() < 0.2
            ? (doorIds[1] ?? 2)
            : (doorIds[3] ?? 4);
    const emissionIds = ids(ref, 'emissionClasses');
    const emissionClassId = electric
      ? (emissionIds[8] ?? 9)
      : (emissionIds[
          year >= 2021 ? 6 : year >= 2015 ? 5 : year >= 2011 ? 4 : year >= 2006 ? 3 : 2
        ] ?? 1);
    const listingTypeId = weighted(
      r,
      [listingTypeIds.premium, listingTypeIds.featured, listingTypeIds.standard],
      [3, 6, 91],
    );

    // Ids grow with the publication date, as on a real site: oldest first, over half a year.
    const publishedAt = new Date(
      anchor - ((plan.listings - i) / plan.listings) * 180 * DAY - r() * HOUR,
    );
    const createdAt = new Date(publishedAt.getTime() - (1 + r() * 20) * HOUR);
    const days = (anchor - publishedAt.getTime()) / DAY;
    const registered = r() < 0.85;
    const licenceMonth = new Date(
      Date.UTC(anchorYear, plan.anchor.getUTCMonth() + int(r, 1, 12), 1),
    );

    chunk.listings.push({
      id,
      userId,
      originalId: null,
      state: 'ACTIVE',
      listingTypeId,
      categoryId: 1,
      makeId: make.id,
      modelId,
      title,
      bodyId,
      fuelId,
      doorNumberId,
      emissionClassId,
      driveTrainId: electric
        ? null
        : weighted(
            r,
            ids(ref, 'driveTrains'),
            bodyId === 4 || bodyId === 8 ? [40, 5, 35, 20] : driveWeights,
          ),
      transmissionId: electric
        ? (ids(ref, 'transmissions')[1] ?? 2)
        : weighted(r, ids(ref, 'transmissions'), transmissionWeights),
      steeringWheelSideId: r() < 0.97 ? 1 : 2,
      acTypeId: weighted(r, ids(ref, 'acTypes'), acWeights),
      originId: weighted(r, ids(ref, 'origins'), originWeights),
      colorId: weighted(r, ids(ref, 'colors'), colourWeights),
      chargerTypeId: electric || plugIn ? pick(r, ids(ref, 'chargerTypes').slice(1, 3)) : null,
      chassisNumber: r() < 0.5 ? vin(r) : null,
      year,
      price,
      currency: '€',
      isFixedPrice: r() < 0.3,
      isDirectFinanceAvailable: r() < (isCompany(seller) ? 0.5 : 0.05),
      isFirstOwner: r() < 0.25,
      isRedPlate: r() < 0.02,
      cubics,
      power,
      millage,
      batteryCapacity: electric
        ? Math.round((40 + r() * 60) * 10) / 10
        : plugIn
          ? Math.round((10 + r() * 10) * 10) / 10
          : 0,
      batteryRange: electric ? int(r, 250, 550) : plugIn ? int(r, 40, 80) : 0,
      registrationExpiration: registered ? licenceMonth.toISOString().slice(0, 10) : null,
      description: [pick(r, opening), ...sample(r, middle, int(r, 1, 3)), pick(r, closing)]
        .filter(Boolean)
        .join('\n'),
      deniedMessage: null,
      topSpottedAt: r() < topSpottedShare ? new Date(publishedAt.getTime() + 2 * HOUR) : null,
      publishedAt,
      createdAt,
      updatedAt: publishedAt,
    });

    const views = Math.round(days * (2 + r() * 10) * (promotedViews[listingTypeId] ?? 1));
    chunk.viewCounts.push({ listingId: id, views });

    // 3 to 6 photos: the views of one car, and sometimes one more of another.
    const car = Math.floor(r() * cars);
    const count = int(r, 3, 6);
    const own = Array.from({ length: photos.perCar }, (_, v) => car * photos.perCar + v);
    const chosen = own.slice(0, Math.min(count, photos.perCar));
    if (count > chosen.length) chosen.push(((car + 1) % cars) * photos.perCar);
    for (const [position, index] of chosen.entries()) {
      const photo = photos.photos[index] ?? photos.photos[0];
      if (!photo) throw new Error('bench: the photo set is empty');
      chunk.images.push({ ...photo, listingId: id, position, isCover: position === 0 });
    }
    for (const itemId of sample(r, ref.safetyIds, int(r, 3, 8)))
      chunk.safety.push({ listingId: id, itemId });
    for (const itemId of sample(r, ref.equipmentIds, int(r, 4, 12)))
      chunk.equipment.push({ listingId: id, itemId });

    // A promoted listing has its current paid period (renewed by the jobs, which the bench turns off).
    if (listingTypeId !== listingTypeIds.standard) {
      const subscriptionId = plan.firstSubscriptionId + i;
      const expiresAt = new Date(anchor + int(r, 1, 29) * DAY);
      const start = new Date(expiresAt.getTime() - 30 * DAY);
      const credits = ref.listingTypePrices[listingTypeId] ?? 0;
      chunk.subscriptions.push({
        id: subscriptionId,
        listingId: id,
        userId,
        listingTypeId,
        typeId: subscriptionStates.active,
        credits,
        createdAt: start,
        expiresAt,
      });
      chunk.periods.push({
        subscriptionId,
        listingId: id,
        listingTypeId,
        credits,
        periodStart: start,
        periodEnd: expiresAt,
        createdAt: start,
      });
    }
  }
  return chunk;
}

const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
function vin(r: Random): string {
  let s = '';
  for (let k = 0; k < 17; k++) s += VIN_CHARS[Math.floor(r() * VIN_CHARS.length)];
  return s;
}
