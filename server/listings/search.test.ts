import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromStoredMileage, toStoredMileage } from '#shared/mileage.ts';
import type { Session } from '#shared/schemas/auth.ts';
import type { ListingPayloadInput } from '#shared/schemas/listing-payload.ts';
import type { SearchRequest } from '#shared/schemas/listing-search.ts';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { signUp, signUpAdmin } from '../../tests/support/factories.ts';
import {
  listingPayload,
  liveListing,
  modelId,
  submitListing,
} from '../../tests/support/listings.ts';

// A generated set of 30 live listings from three sellers, kept in memory as `live`; every search
// is checked against the same filter applied to that copy.

interface Car {
  id: number;
  seller: number;
  /** Approval order: a higher rank was approved later (is newer). */
  rank: number;
  typeId: number;
  title: string;
  brand: number;
  model: number;
  price: number;
  year: number;
  body: number;
  fuel: number;
  doorNumber: number;
  emissionClass: number;
  driveTrain: number | null;
  transmission: number;
  steeringWheelSide: number;
  acType: number;
  origin: number;
  carColor: number;
  chassisNumber: string | null;
  /** As stored: electric cars have engine size 0. */
  cubics: number;
  power: number;
  millage: number;
  safety: number[];
  equipment: number[];
  isFixedPrice: boolean;
  isDirectFinanceAvailable: boolean;
  isFirstOwner: boolean;
  isRedPlate: boolean;
}
type Draft = Omit<Car, 'id' | 'seller' | 'rank'>;

interface Filters {
  brand?: number;
  model?: number;
  minPrice?: number;
  maxPrice?: number;
  minYear?: number;
  maxYear?: number;
  bodyFilter?: number[];
  fuelFilter?: number[];
  chassisNumber?: string;
  minCubic?: number;
  maxCubic?: number;
  minPower?: number;
  maxPower?: number;
  minMillage?: number;
  maxMillage?: number;
  emissionClassFilter?: number[];
  driveTrainFilter?: number[];
  transmissionFilter?: number[];
  doorNumber?: number;
  steeringWheelSide?: number;
  acType?: number;
  origin?: number;
  carColor?: number[];
  safety?: number[];
  equipment?: number[];
  onlyFixedPrice?: boolean;
  onlyDirectFinanceAvailable?: boolean;
  onlyFirstOwner?: boolean;
  onlyRedPlate?: boolean;
}

const COUNT = 30;
const ELECTRIC = 3;
const MODELS = ['Toyota/Yaris', 'Toyota/Corolla', 'Volkswagen/Golf', 'BMW/3 Series'];
const ELECTRIC_MODELS = ['Tesla/Model 3', 'Nissan/Leaf'];
const VIN_PREFIX: Record<string, string> = {
  Toyota: 'JTD',
  Volkswagen: 'WVW',
  BMW: 'WBA',
  Tesla: '5YJ',
  Nissan: 'SJN',
};
/** Premium (100 credits) and Featured (50) listings, paid from the sellers' welcome credits. */
const PREMIUM = [0, 1];
const FEATURED = [3, 4, 5, 6];

let ctx: TestContext;
let admin: Session;
let sellers: Session[];
const catalog = new Map<string, { makeId: number; modelId: number }>();
const live: Car[] = [];
const hidden: { pending: number; denied: number; suspended: number; edit: number } = {
  pending: 0,
  denied: 0,
  suspended: 0,
  edit: 0,
};
let topSpotted: Car;
let withPendingEdit: Car;

const makeOf = (make: string) =>
  [...catalog].find(([name]) => name.startsWith(`${make}/`))![1].makeId;
const modelOf = (name: string) => catalog.get(name)!.modelId;
const bits = (n: number, size: number) =>
  Array.from({ length: size }, (_, k) => k + 1).filter((k) => (n >> (k - 1)) & 1);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Listing `i` of the set: every field varies with `i`, three of them are electric. */
function draft(i: number): Draft {
  const electric = i % 10 === 7;
  const name = electric ? ELECTRIC_MODELS[i === 17 ? 1 : 0]! : MODELS[i % MODELS.length]!;
  const make = name.split('/')[0]!;
  const ids = catalog.get(name)!;
  return {
    typeId: PREMIUM.includes(i) ? 1 : FEATURED.includes(i) ? 2 : 3,
    title: `${name.replace('/', ' ')} no. ${i}`,
    brand: ids.makeId,
    model: ids.modelId,
    price: 2500 + ((i * 37) % COUNT) * 1000,
    year: 2004 + ((i * 7) % 20),
    body: 1 + (i % 5),
    fuel: electric ? ELECTRIC : [1, 2, 4, 5, 6, 7][i % 6]!,
    doorNumber: 1 + ((i * 3) % 5),
    emissionClass: electric ? 9 : 1 + (i % 8),
    driveTrain: electric ? null : 1 + (i % 4),
    transmission: 1 + ((i + 1) % 4),
    steeringWheelSide: i % 4 === 1 ? 2 : 1,
    acType: 1 + ((i * 2) % 5),
    origin: 1 + ((i + 2) % 5),
    carColor: 1 + ((i * 5) % 14),
    chassisNumber: i % 5 === 4 ? null : `${VIN_PREFIX[make]}ZZZ${10_000 + i * 731}`,
    cubics: electric ? 0 : 1000 + (i % 6) * 200,
    power: 70 + ((i * 13) % 230),
    millage: (i * 9173) % 240_000,
    safety: bits(i, 5),
    equipment: bits((i * 11) % 32, 5),
    isFixedPrice: i % 2 === 0,
    isDirectFinanceAvailable: i % 3 === 0,
    isFirstOwner: i % 4 < 2,
    isRedPlate: i % 5 === 0,
  };
}

/** The listing form's fields for a draft (electric cars send battery data instead of cc). */
function payloadOf(d: Draft): Partial<ListingPayloadInput> {
  const electric = d.fuel === ELECTRIC;
  return {
    brand: d.brand,
    model: d.model,
    title: d.title,
    adTypeId: d.typeId,
    price: d.price,
    year: d.year,
    body: d.body,
    fuel: d.fuel,
    doorNumber: d.doorNumber,
    emissionClass: d.emissionClass,
    driveTrain: d.driveTrain,
    transmission: d.transmission,
    steeringWheelSide: d.steeringWheelSide,
    acType: d.acType,
    origin: d.origin,
    carColor: d.carColor,
    chassisNumber: d.chassisNumber,
    cubics: electric ? null : d.cubics,
    batteryCapacity: electric ? 75.5 : 0,
    batteryRange: electric ? 480 : 0,
    chargerType: electric ? 3 : null,
    power: d.power,
    millage: d.millage,
    safety: d.safety,
    equipment: d.equipment,
    isFixedPrice: d.isFixedPrice,
    isDirectFinanceAvailable: d.isDirectFinanceAvailable,
    isFirstOwner: d.isFirstOwner,
    isRedPlate: d.isRedPlate,
  };
}

const within = (v: number, min?: number, max?: number) =>
  (min === undefined || v >= min) && (max === undefined || v <= max);
const oneOf = (list: number[] | undefined, v: number | null) =>
  !list?.length || (v !== null && list.includes(v));
const same = (want: number | undefined, v: number) => want === undefined || want === v;
const hasAll = (want: number[] | undefined, have: number[]) =>
  !want || want.every((x) => have.includes(x));
const flag = (only: boolean | undefined, v: boolean) => !only || v;

/** The spec's meaning of every filter, applied to the in-memory copy. */
function matches(c: Car, f: Filters): boolean {
  const chassis = f.chassisNumber?.toLowerCase();
  return (
    same(f.brand, c.brand) &&
    same(f.model, c.model) &&
    within(c.price, f.minPrice, f.maxPrice) &&
    within(c.year, f.minYear, f.maxYear) &&
    oneOf(f.bodyFilter, c.body) &&
    oneOf(f.fuelFilter, c.fuel) &&
    (!chassis || (c.chassisNumber ?? '').toLowerCase().includes(chassis)) &&
    within(c.cubics, f.minCubic, f.maxCubic) &&
    within(c.power, f.minPower, f.maxPower) &&
    within(c.millage, f.minMillage, f.maxMillage) &&
    oneOf(f.emissionClassFilter, c.emissionClass) &&
    oneOf(f.driveTrainFilter, c.driveTrain) &&
    oneOf(f.transmissionFilter, c.transmission) &&
    same(f.doorNumber, c.doorNumber) &&
    same(f.steeringWheelSide, c.steeringWheelSide) &&
    same(f.acType, c.acType) &&
    same(f.origin, c.origin) &&
    oneOf(f.carColor, c.carColor) &&
    hasAll(f.safety, c.safety) &&
    hasAll(f.equipment, c.equipment) &&
    flag(f.onlyFixedPrice, c.isFixedPrice) &&
    flag(f.onlyDirectFinanceAvailable, c.isDirectFinanceAvailable) &&
    flag(f.onlyFirstOwner, c.isFirstOwner) &&
    flag(f.onlyRedPlate, c.isRedPlate)
  );
}

/** Default order: premium, featured, standard; within a tier the newest approval first. */
const defaultOrder = (a: Car, b: Car) => a.typeId - b.typeId || b.rank - a.rank;
const orderBy = (key: 'price' | 'year', direction: 'ASC' | 'DESC') => (a: Car, b: Car) =>
  (direction === 'ASC' ? a[key] - b[key] : b[key] - a[key]) || b.rank - a.rank;
const ids = (cars: { id: number }[]) => cars.map((c) => c.id);
const sortedIds = (cars: { id: number }[]) => ids(cars).sort((a, b) => a - b);

const search = (body: object) =>
  ctx.client().call((r) => r.cars.search.$post({ json: body as SearchRequest }));

/** Searches with `filters` and checks the result set and count against the copy. */
async function expectSearch(filters: object, expected: Car[]) {
  const res = await search({ ...filters, pageSize: 100 });
  expect(res).toMatchObject({ status: 200, code: 0 });
  expect(sortedIds(res.data.cars)).toEqual(sortedIds(expected));
  expect(res.data.totalCount).toBe(expected.length);
  return res.data;
}

async function approve(id: number) {
  const res = await ctx
    .client(admin.accessToken)
    .call((r) => r.cars.requests.approve[':id'].$post({ param: { id: String(id) } }));
  expect(res.code).toBe(0);
}

/** A full edit of a live listing (POST cars/edit) from its draft with `changes`. */
async function submitEdit(car: Car, changes: Partial<ListingPayloadInput>) {
  const owner = sellers.find((s) => s.userId === car.seller)!;
  const body = {
    ...(await listingPayload(ctx, { ...payloadOf(car), ...changes })),
    originalId: car.id,
  };
  const res = await ctx.client(owner.accessToken).call((r) => r.cars.edit.$post({ json: body }));
  expect(res.code).toBe(0);
  return res.data.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx);
  sellers = [await signUp(ctx, 'company'), await signUp(ctx, 'company'), await signUp(ctx)];
  for (const name of [...MODELS, ...ELECTRIC_MODELS]) {
    const [make, model] = name.split('/') as [string, string];
    catalog.set(name, await modelId(ctx, make, model));
  }

  const drafts = Array.from({ length: COUNT }, (_, i) => draft(i));
  const created: number[] = [];
  for (const [i, d] of drafts.entries()) {
    created.push(await submitListing(ctx, sellers[i % 3]!.accessToken, payloadOf(d)));
  }
  // Approved in an order unlike the order of submission, so "newest" means newest approval.
  for (let rank = 0; rank < COUNT; rank++) {
    const i = (rank * 7) % COUNT;
    await approve(created[i]!);
    live.push({ ...drafts[i]!, id: created[i]!, seller: sellers[i % 3]!.userId, rank });
    await sleep(2);
  }

  // Listings no search may show: each would match a search for 'HIDDEN'.
  const extra = (k: number, chassisNumber: string) => ({
    ...payloadOf(draft(k)),
    adTypeId: 3,
    chassisNumber,
  });
  const [a, b, c] = sellers.map((s) => s.accessToken) as [string, string, string];
  hidden.pending = await submitListing(ctx, a, extra(10, 'HIDDEN-PENDING'));
  hidden.denied = await submitListing(ctx, b, extra(11, 'HIDDEN-DENIED'));
  const denied = await ctx.client(admin.accessToken).call((r) =>
    r.cars.request.deny.$post({
      json: { id: hidden.denied, message: 'Photos do not show the car' },
    }),
  );
  expect(denied.code).toBe(0);
  hidden.suspended = await liveListing(ctx, c, admin.accessToken, extra(12, 'HIDDEN-SUSPENDED'));
  expect(
    (
      await ctx
        .client(admin.accessToken)
        .call((r) =>
          r.cars.suspend[':id'].$post({ param: { id: String(hidden.suspended) }, json: {} }),
        )
    ).code,
  ).toBe(0);
  withPendingEdit = live.find((car) => car.seller === sellers[0]!.userId && car.typeId === 3)!;
  hidden.edit = await submitEdit(withPendingEdit, {
    title: 'Edited title waiting for approval',
    chassisNumber: 'HIDDEN-EDIT',
  });

  topSpotted = [...live].reverse().find((c) => c.typeId === 3 && c.id !== withPendingEdit.id)!;
  const top = await ctx
    .client(admin.accessToken)
    .call((r) => r.cars['top-spotted'].add[':id'].$put({ param: { id: String(topSpotted.id) } }));
  expect(top.code).toBe(0);
});
afterAll(() => ctx.close());

type Case = [string, () => Filters];

const filterCases: Case[] = [
  ['brand', () => ({ brand: makeOf('Toyota') })],
  ['brand and model', () => ({ brand: makeOf('Volkswagen'), model: modelOf('Volkswagen/Golf') })],
  ['model alone', () => ({ model: modelOf('Toyota/Corolla') })],
  ['minPrice (inclusive)', () => ({ minPrice: 15_500 })],
  ['maxPrice (inclusive)', () => ({ maxPrice: 9_500 })],
  ['price range', () => ({ minPrice: 10_000, maxPrice: 20_000 })],
  ['minYear', () => ({ minYear: 2015 })],
  ['maxYear', () => ({ maxYear: 2010 })],
  ['year range', () => ({ minYear: 2008, maxYear: 2012 })],
  ['bodyFilter, one body', () => ({ bodyFilter: [2] })],
  ['bodyFilter, several bodies', () => ({ bodyFilter: [1, 4] })],
  ['fuelFilter, electric', () => ({ fuelFilter: [ELECTRIC] })],
  ['fuelFilter, petrol or diesel', () => ({ fuelFilter: [1, 2] })],
  ['chassisNumber, lower case prefix', () => ({ chassisNumber: 'wvw' })],
  ['chassisNumber, a part inside', () => ({ chassisNumber: 'zzz1' })],
  ['chassisNumber, a whole number', () => ({ chassisNumber: live[3]!.chassisNumber! })],
  ['minCubic', () => ({ minCubic: 1400 })],
  ['maxCubic', () => ({ maxCubic: 1200 })],
  ['minPower', () => ({ minPower: 150 })],
  ['maxPower', () => ({ maxPower: 120 })],
  ['power range', () => ({ minPower: 100, maxPower: 200 })],
  ['minMillage', () => ({ minMillage: 100_000 })],
  ['maxMillage', () => ({ maxMillage: 50_000 })],
  [
    'mileage bounds typed in km as a car shows them, which include that car',
    () => {
      const shown = fromStoredMileage(live[7]!.millage, 'km');
      return { minMillage: toStoredMileage(shown, 'km'), maxMillage: toStoredMileage(shown, 'km') };
    },
  ],
  ['emissionClassFilter', () => ({ emissionClassFilter: [6, 9] })],
  ['driveTrainFilter, one', () => ({ driveTrainFilter: [1] })],
  ['driveTrainFilter, several', () => ({ driveTrainFilter: [2, 3] })],
  ['transmissionFilter, one', () => ({ transmissionFilter: [2] })],
  ['transmissionFilter, several', () => ({ transmissionFilter: [1, 4] })],
  ['doorNumber', () => ({ doorNumber: 3 })],
  ['steeringWheelSide', () => ({ steeringWheelSide: 2 })],
  ['acType', () => ({ acType: 4 })],
  ['origin', () => ({ origin: 2 })],
  ['carColor', () => ({ carColor: [1, 6] })],
  ['safety, one item', () => ({ safety: [1] })],
  ['safety, all of two items', () => ({ safety: [1, 3] })],
  ['safety, an item given twice', () => ({ safety: [2, 2, 4] })],
  ['equipment, one item', () => ({ equipment: [2] })],
  ['equipment, all of three items', () => ({ equipment: [2, 4, 5] })],
  ['onlyFixedPrice', () => ({ onlyFixedPrice: true })],
  ['onlyDirectFinanceAvailable', () => ({ onlyDirectFinanceAvailable: true })],
  ['onlyFirstOwner', () => ({ onlyFirstOwner: true })],
  ['onlyRedPlate', () => ({ onlyRedPlate: true })],
  [
    'brand, maxPrice and onlyFixedPrice',
    () => ({ brand: makeOf('Toyota'), maxPrice: 25_000, onlyFixedPrice: true }),
  ],
  [
    'fuel, body, year and safety',
    () => ({ fuelFilter: [1, 2, 4], bodyFilter: [1, 2, 3], minYear: 2010, safety: [1] }),
  ],
  [
    'electric with power and steering side',
    () => ({ fuelFilter: [ELECTRIC], minPower: 100, steeringWheelSide: 1 }),
  ],
  [
    'ranges of cc, mileage and price',
    () => ({ minCubic: 1200, maxCubic: 1800, maxMillage: 150_000, minPrice: 5_000 }),
  ],
  [
    'equipment, colour and first owner',
    () => ({ equipment: [1], carColor: [1, 2, 3, 4, 5, 6, 7], onlyFirstOwner: true }),
  ],
];

describe('POST /api/cars/search filters', () => {
  it('answers every live listing, and only those, without filters', async () => {
    const data = await expectSearch({}, live);
    expect(data.totalCount).toBe(COUNT);
  });

  it.each(filterCases)('filters by %s', async (_, filters) => {
    const f = filters();
    const expected = live.filter((car) => matches(car, f));
    // A case must tell listings apart to prove anything.
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(COUNT);
    await expectSearch(f, expected);
  });

  it('answers each of many searches of one shape by its own values', async () => {
    // More runs of one statement than PostgreSQL plans for their values (five) before it may keep
    // one plan for all: every run must still answer its own lowest price, highest first.
    const prices = [...new Set(live.map((car) => car.price))].sort((a, b) => a - b);
    for (const minPrice of prices.filter((_, i) => i % 3 === 0)) {
      const f = { minPrice };
      const expected = live.filter((car) => matches(car, f)).sort(orderBy('price', 'DESC'));
      const res = await search({ ...f, sortBy: 'price', sortDirection: 'DESC', pageSize: 5 });
      expect(res.data.totalCount).toBe(expected.length);
      expect(ids(res.data.cars)).toEqual(ids(expected.slice(0, 5)));
    }
  });

  it('finds nothing for a make and a model of another make', async () => {
    await expectSearch({ brand: makeOf('BMW'), model: modelOf('Toyota/Yaris') }, []);
  });

  it('reads % and _ in a chassis number literally', async () => {
    await expectSearch({ chassisNumber: '%' }, []);
    await expectSearch({ chassisNumber: 'ZZZ1_' }, []);
  });

  it('treats empty values as "any" and accepts numbers sent as strings', async () => {
    await expectSearch(
      { brand: '', minPrice: null, bodyFilter: [], chassisNumber: '', onlyRedPlate: false },
      live,
    );
    const f = { minPrice: 10_000, maxYear: 2018, onlyFixedPrice: true };
    await expectSearch(
      { minPrice: '10000', maxYear: '2018', onlyFixedPrice: 'true' },
      live.filter((car) => matches(car, f)),
    );
  });

  it('never shows pending, denied, suspended listings or a pending edit', async () => {
    const { cars } = await expectSearch({}, live);
    const shown = ids(cars);
    for (const id of Object.values(hidden)) expect(shown).not.toContain(id);
    const edited = cars.filter((c) => c.id === withPendingEdit.id);
    expect(edited).toHaveLength(1);
    expect(edited[0]).toMatchObject({ title: withPendingEdit.title, state: 'ACTIVE' });
    await expectSearch({ chassisNumber: 'hidden' }, []);
  });
});

describe('POST /api/cars/search order and paging', () => {
  it('orders by default premium, featured, standard, newest approval first', async () => {
    const res = await search({ pageSize: 100 });
    expect(ids(res.data.cars)).toEqual(ids([...live].sort(defaultOrder)));
    expect(res.data.cars.map((c) => c.typeId)).toEqual(
      [...live].sort(defaultOrder).map((c) => c.typeId),
    );
    expect(res.data.cars.slice(0, 6).map((c) => c.typeId)).toEqual([1, 1, 2, 2, 2, 2]);
  });

  it.each([
    ['price', 'ASC'],
    ['price', 'DESC'],
    ['year', 'ASC'],
    ['year', 'DESC'],
  ] as const)('sorts by %s %s, newest first among equals', async (sortBy, sortDirection) => {
    const res = await search({ sortBy, sortDirection, pageSize: 100 });
    expect(res.code).toBe(0);
    const values = res.data.cars.map((c) => c[sortBy]);
    const monotonic = values.every((v, k) =>
      k === 0 ? true : sortDirection === 'ASC' ? v >= values[k - 1]! : v <= values[k - 1]!,
    );
    expect(monotonic).toBe(true);
    expect(ids(res.data.cars)).toEqual(ids([...live].sort(orderBy(sortBy, sortDirection))));
  });

  it('reads a blank sort (sortBy and sortDirection empty) as the default order', async () => {
    const res = await search({ sortBy: '', sortDirection: '', pageSize: 100 });
    expect(res).toMatchObject({ status: 200, code: 0 });
    expect(ids(res.data.cars)).toEqual(ids([...live].sort(defaultOrder)));
  });

  it('sorts filtered results too, and takes the direction in any case', async () => {
    const f = { brand: makeOf('Toyota') };
    const res = await search({ ...f, sortBy: 'price', sortDirection: 'desc', pageSize: 100 });
    const expected = live.filter((car) => matches(car, f)).sort(orderBy('price', 'DESC'));
    expect(ids(res.data.cars)).toEqual(ids(expected));
  });

  it('pages of 7 add up to the whole set without duplicates', async () => {
    const seen: number[] = [];
    for (let pageNumber = 1; pageNumber <= 5; pageNumber++) {
      const res = await search({ pageSize: 7, pageNumber });
      expect(res.data.totalCount).toBe(COUNT);
      expect(res.data.cars).toHaveLength(pageNumber < 5 ? 7 : COUNT - 28);
      seen.push(...ids(res.data.cars));
    }
    expect(seen).toEqual(ids([...live].sort(defaultOrder)));
    expect(new Set(seen).size).toBe(COUNT);
    const past = await search({ pageSize: 7, pageNumber: 6 });
    expect(past.data).toEqual({ cars: [], totalCount: COUNT });
  });

  it('pages a sorted, filtered search', async () => {
    const f = { fuelFilter: [1, 2, 4, 5] };
    const expected = live.filter((car) => matches(car, f)).sort(orderBy('year', 'ASC'));
    const first = await search({ ...f, sortBy: 'year', sortDirection: 'ASC', pageSize: 4 });
    const second = await search({
      ...f,
      sortBy: 'year',
      sortDirection: 'ASC',
      pageSize: 4,
      pageNumber: 2,
    });
    expect(first.data.totalCount).toBe(expected.length);
    expect(ids([...first.data.cars, ...second.data.cars])).toEqual(ids(expected.slice(0, 8)));
  });

  it('cards carry the listing type and the top-spotted flag', async () => {
    const { cars } = await expectSearch({}, live);
    for (const card of cars) {
      const car = live.find((c) => c.id === card.id)!;
      expect(card).toMatchObject({ typeId: car.typeId, price: car.price, year: car.year });
      expect(card.isTopSpotted).toBe(card.id === topSpotted.id);
    }
  });

  it('keeps the place of a listing whose edit is approved', async () => {
    const oldest = live.find((c) => c.typeId === 3 && c.id !== withPendingEdit.id)!;
    const editId = await submitEdit(oldest, { title: 'Approved new title' });
    const before = await search({ pageSize: 100 });
    const res = await ctx
      .client(admin.accessToken)
      .call((r) => r.cars.edit.approve[':id'].$post({ param: { id: String(editId) } }));
    expect(res).toMatchObject({
      status: 200,
      code: 0,
      message: 'Successfully approved the changes',
    });
    oldest.title = 'Approved new title';
    const after = await search({ pageSize: 100 });
    expect(ids(after.data.cars)).toEqual(ids(before.data.cars));
    expect(ids(after.data.cars)).toEqual(ids([...live].sort(defaultOrder)));
    expect(after.data.cars.find((c) => c.id === oldest.id)?.title).toBe('Approved new title');
    expect(ids(after.data.cars)).not.toContain(editId);
  });
});

describe('POST /api/cars/search bad input', () => {
  it('answers 400 naming the field for a price that is not a number', async () => {
    const res = await search({ minPrice: 'abc' });
    expect(res).toMatchObject({ status: 400, code: 400, data: null });
    expect(res.message).toContain('minPrice');
  });

  it('answers 400 for an unknown sort', async () => {
    const res = await search({ sortBy: 'color' });
    expect(res).toMatchObject({ status: 400, code: 400 });
    expect(res.message).toContain('sortBy');
  });

  it('answers 400 for a page size out of range', async () => {
    expect((await search({ pageSize: 0 })).status).toBe(400);
    expect((await search({ pageSize: 101 })).status).toBe(400);
  });
});

describe('the other public lists', () => {
  it('POST /api/cars answers the home page in the default order with ads and Top Spotted', async () => {
    const res = await ctx
      .client()
      .call((r) => r.cars.$post({ json: { pageNumber: 1, pageSize: 50 } }));
    expect(res).toMatchObject({ status: 200, code: 0 });
    expect(ids(res.data.cars.cars)).toEqual(ids([...live].sort(defaultOrder)));
    expect(res.data.cars.totalCount).toBe(COUNT);
    expect(Array.isArray(res.data.cars.ads)).toBe(true);
    expect(ids(res.data.topSpottedCars)).toEqual([topSpotted.id]);
    expect(res.data.topSpottedCars[0]).toMatchObject({ isTopSpotted: true, state: 'ACTIVE' });
  });

  it('POST /api/cars pages the home list', async () => {
    const res = await ctx
      .client()
      .call((r) => r.cars.$post({ json: { pageNumber: 2, pageSize: 10 } }));
    expect(ids(res.data.cars.cars)).toEqual(ids([...live].sort(defaultOrder).slice(10, 20)));
    expect(res.data.cars.totalCount).toBe(COUNT);
  });

  it("POST /api/cars/user/{userId} answers only that seller's live listings", async () => {
    for (const seller of sellers) {
      const res = await ctx.client().call((r) =>
        r.cars.user[':userId'].$post({
          param: { userId: String(seller.userId) },
          json: {
            pageNumber: 1,
            pageSize: 50,
          },
        }),
      );
      const own = live.filter((c) => c.seller === seller.userId).sort(defaultOrder);
      expect(res).toMatchObject({ status: 200, code: 0 });
      expect(ids(res.data.cars)).toEqual(ids(own));
      expect(res.data.totalCount).toBe(own.length);
      for (const id of Object.values(hidden)) expect(ids(res.data.cars)).not.toContain(id);
    }
  });
});
