import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedColumns, type FeedRunDetail } from '#shared/schemas/feed.ts';
import { messages } from '#shared/messages.ts';
import { dealerFeeds, feedRuns, listingImages, listings } from '../db/schema/index.ts';
import { fetchDueFeeds } from './feeds.service.ts';
import { importQueuedRuns } from './import-job.ts';
import { INSUFFICIENT_CREDITS } from '../ledger/ledger.ts';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { signUp, signUpAdmin } from '../../tests/support/factories.ts';
import { photos } from '../../tests/support/listings.ts';
import { walletOf } from '../../tests/support/money.ts';

let ctx: TestContext;
let adminToken: string;

beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = (await signUpAdmin(ctx)).accessToken;
});
afterAll(() => ctx.close());

type Line = Partial<Record<(typeof feedColumns)[number], string>>;

/** A complete feed line (a petrol Toyota Yaris) with five photos of the ZIP. */
const car = (stockNumber: string, overrides: Line = {}): Line => ({
  stockNumber,
  make: 'Toyota',
  model: 'Yaris',
  title: `Toyota Yaris ${stockNumber}`,
  body: 'Hatchback',
  fuel: 'Petrol',
  doors: '5',
  emissionClass: 'Euro 6',
  driveTrain: 'Front-wheel drive (FWD)',
  transmission: 'Automatic',
  steeringWheelSide: 'Right',
  acType: 'Manual A/C',
  origin: '1',
  color: '1',
  listingType: 'Standard',
  price: '9500',
  engineSize: '1300',
  power: '99',
  mileage: '42000',
  year: '2018',
  registrationExpiration: '06.2027',
  description: 'Serviced every year.',
  fixedPrice: 'yes',
  photos: [1, 2, 3, 4, 5].map((n) => `${stockNumber}-${n}.jpg`).join('|'),
  ...overrides,
});

const quote = (v: string) => (/[",;\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
const csv = (lines: Line[]) =>
  [
    feedColumns.join(','),
    ...lines.map((l) => feedColumns.map((c) => quote(l[c] ?? '')).join(',')),
  ].join('\n');

/** A ZIP with five photos for each stock number. */
async function photoZip(stockNumbers: string[]) {
  const files: Record<string, Uint8Array> = {};
  for (const stock of stockNumbers) {
    const made = await photos(5);
    made.forEach((p, i) => (files[`${stock}-${i + 1}.jpg`] = Buffer.from(p.image, 'base64')));
  }
  return Buffer.from(zipSync(files)).toString('base64');
}

async function upload(token: string, content: string, photosZip?: string, fileName = 'stock.csv') {
  return ctx
    .client(token)
    .call((r) => r.feeds.runs.$post({ json: { fileName, content, photosZip } }));
}

/** The run as its dealer reads it once the import job has run. */
async function afterJob(token: string, id: number, context: TestContext = ctx) {
  await importQueuedRuns(context.deps);
  const res = await context
    .client(token)
    .call((r) => r.feeds.runs[':id'].$get({ param: { id: String(id) } }));
  expect(res.code).toBe(0);
  return res.data as FeedRunDetail;
}

/** Uploads a file, which is queued at once, then runs the import job. */
async function imported(token: string, content: string, photosZip?: string) {
  const res = await upload(token, content, photosZip);
  expect(res.message).toBe('');
  expect(res.code).toBe(0);
  expect((res.data as FeedRunDetail).status).toBe('queued');
  return afterJob(token, (res.data as FeedRunDetail).id);
}

const confirmed = async (token: string, id: number) => {
  const res = await ctx
    .client(token)
    .call((r) => r.feeds.runs[':id'].confirm.$post({ param: { id: String(id) } }));
  expect(res.code).toBe(0);
  expect((res.data as FeedRunDetail).status).toBe('queued');
  return afterJob(token, id);
};

const outcomes = (run: FeedRunDetail) =>
  Object.fromEntries(run.report.map((l) => [l.stockNumber, l.outcome]));

async function approve(id: number) {
  const res = await ctx
    .client(adminToken)
    .call((r) => r.cars.requests.approve[':id'].$post({ param: { id: String(id) } }));
  expect(res.code).toBe(0);
}

async function stateOf(id: number) {
  const [row] = await ctx.db
    .select({ state: listings.state, price: listings.price })
    .from(listings)
    .where(eq(listings.id, id));
  return row;
}

describe('stock feed import', () => {
  it('creates a pending listing for each line, then reports the same file as unchanged and charges nothing', async () => {
    const dealer = await signUp(ctx, 'company');
    const zip = await photoZip(['A1', 'A2']);
    const file = csv([car('A1'), car('A2', { listingType: 'Featured' })]);
    const before = await walletOf(ctx, dealer.userId);

    const first = await imported(dealer.accessToken, file, zip);
    expect(first.status).toBe('done');
    expect(outcomes(first)).toEqual({ A1: 'created', A2: 'created' });
    expect(first.counts).toMatchObject({ created: 2, refused: 0 });
    for (const line of first.report)
      expect((await stateOf(line.listingId ?? 0))?.state).toBe('PENDING');
    const charged = await walletOf(ctx, dealer.userId);
    expect(charged.balance).toBe((before.balance ?? 0) - 50);
    expect(charged.ledger).toBe(charged.balance);

    const again = await imported(dealer.accessToken, file, zip);
    expect(outcomes(again)).toEqual({ A1: 'unchanged', A2: 'unchanged' });
    expect(again.report.map((l) => l.listingId)).toEqual(first.report.map((l) => l.listingId));
    expect(await walletOf(ctx, dealer.userId)).toEqual(charged);
  });

  it('updates a changed car through moderation, adds new ones and withdraws the ones no longer named', async () => {
    const dealer = await signUp(ctx, 'company');
    const stock = ['B1', 'B2', 'B3', 'B4', 'B5', 'B6', 'B7'];
    const zip = await photoZip([...stock, 'B8']);
    const first = await imported(dealer.accessToken, csv(stock.map((s) => car(s))), zip);
    const ids = Object.fromEntries(first.report.map((l) => [l.stockNumber, l.listingId ?? 0]));
    for (const s of stock) await approve(ids[s] ?? 0);

    // Two of seven live cars touched: under the 30 % lock.
    const kept = ['B2', 'B3', 'B4', 'B5', 'B6'].map((s) => car(s));
    const next = await imported(
      dealer.accessToken,
      csv([car('B1', { price: '8900' }), ...kept, car('B8')]),
      zip,
    );
    expect(next.status).toBe('done');
    expect(next.counts).toEqual({ created: 1, updated: 1, unchanged: 5, withdrawn: 1, refused: 0 });
    expect(outcomes(next)).toMatchObject({ B1: 'updated', B7: 'withdrawn', B8: 'created' });
    // The live car stays as it is until the edit is approved, as the form's edits do.
    expect(await stateOf(ids.B1 ?? 0)).toEqual({ state: 'ACTIVE', price: 9500 });
    const [edit] = await ctx.db
      .select({ state: listings.state, price: listings.price })
      .from(listings)
      .where(eq(listings.originalId, ids.B1 ?? 0));
    expect(edit).toEqual({ state: 'PENDING', price: 8900 });
    expect(await stateOf(ids.B7 ?? 0)).toBeUndefined();
  });

  it("refuses a line that breaks a form rule with its column and the form's message; the rest goes on", async () => {
    const dealer = await signUp(ctx, 'company');
    const zip = await photoZip(['C1', 'C2', 'C3', 'C4']);
    const run = await imported(
      dealer.accessToken,
      csv([
        car('C1', { price: '' }),
        car('C2', { make: 'Trabant' }),
        car('C3', { photos: 'C3-1.jpg' }),
        car('C4'),
        car('C4'),
        car('', { title: 'No stock number' }),
      ]),
      zip,
    );
    const byLine = run.report.map((l) => [l.line, l.outcome, l.field, l.message]);
    expect(byLine).toEqual([
      [2, 'refused', 'price', messages.listing.price],
      [3, 'refused', 'make', 'Unknown make'],
      [4, 'refused', 'photos', messages.listing.imagesMin],
      [5, 'created', null, null],
      [6, 'refused', 'stockNumber', 'This stock number is on an earlier line too'],
      [7, 'refused', 'stockNumber', 'Stock number is required'],
    ]);
  });

  it("refuses a paid line the balance cannot pay with the form's message, and imports the others", async () => {
    const dealer = await signUp(ctx, 'company');
    const { balance } = await walletOf(ctx, dealer.userId);
    const premiums = Math.floor((balance ?? 0) / 100) + 1;
    const stock = Array.from({ length: premiums }, (_, i) => `D${i + 1}`);
    const run = await imported(
      dealer.accessToken,
      csv([...stock.map((s) => car(s, { listingType: 'Premium' })), car('DX')]),
      await photoZip([...stock, 'DX']),
    );
    const refused = run.report.filter((l) => l.outcome === 'refused');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ field: 'listingType', message: INSUFFICIENT_CREDITS });
    expect(run.counts.created).toBe(premiums);
    const after = await walletOf(ctx, dealer.userId);
    expect(after.balance).toBe((balance ?? 0) - (premiums - 1) * 100);
    expect(after.ledger).toBe(after.balance);
  });

  it('stops before changing anything when too many live cars would go, and goes on once confirmed', async () => {
    const dealer = await signUp(ctx, 'company');
    const stock = ['E1', 'E2', 'E3'];
    const zip = await photoZip(stock);
    const first = await imported(dealer.accessToken, csv(stock.map((s) => car(s))), zip);
    for (const line of first.report) await approve(line.listingId ?? 0);

    const stopped = await imported(dealer.accessToken, csv([car('E1')]), zip);
    expect(stopped.status).toBe('awaiting_confirmation');
    expect(stopped.message).toBe(
      'This import would withdraw or change 2 of your 3 live cars, more than 30 %. Nothing was ' +
        'changed: confirm the import to go on.',
    );
    expect(stopped.report).toEqual([]);
    for (const line of first.report)
      expect((await stateOf(line.listingId ?? 0))?.state).toBe('ACTIVE');

    const goneOn = await confirmed(dealer.accessToken, stopped.id);
    expect(outcomes(goneOn)).toEqual({
      E1: 'unchanged',
      E2: 'withdrawn',
      E3: 'withdrawn',
    });
    const twice = await ctx
      .client(dealer.accessToken)
      .call((r) => r.feeds.runs[':id'].confirm.$post({ param: { id: String(stopped.id) } }));
    expect([twice.status, twice.message]).toEqual([
      400,
      'This import is not waiting for a confirmation',
    ]);
  });

  it('takes photos by address, asks again only whether they changed, and refuses private addresses by default', async () => {
    const [photo, newer] = await photos(2);
    const served: { url: string; ifNoneMatch: string | undefined; status: number }[] = [];
    let version = 'v1';
    const server: Server = createServer((req, res) => {
      const etag = req.url === '/f5.jpg' ? `"${version}"` : '"v1"';
      const status = req.headers['if-none-match'] === etag ? 304 : 200;
      served.push({ url: req.url ?? '', ifNoneMatch: req.headers['if-none-match'], status });
      res.writeHead(status, { 'content-type': 'image/jpeg', etag });
      const bytes = etag === '"v2"' ? newer : photo;
      res.end(status === 304 ? undefined : Buffer.from(bytes?.image ?? '', 'base64'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const local = await createTestContext({ FEED_PRIVATE_ADDRESSES: 'true' });
    const imagesOf = async (listingId: number) => {
      const [edit] = await local.db
        .select({ id: listings.id })
        .from(listings)
        .where(eq(listings.originalId, listingId));
      const rows = await local.db
        .select({ id: listingImages.id, key: listingImages.key })
        .from(listingImages)
        .where(eq(listingImages.listingId, edit?.id ?? listingId))
        .orderBy(listingImages.position);
      return rows.map((r) => r.key);
    };
    try {
      const dealer = await signUp(local, 'company');
      const line = car('F1', { photos: [1, 2, 3, 4, 5].map((n) => `${base}/f${n}.jpg`).join('|') });
      const send = async (l: Line) => {
        const res = await local
          .client(dealer.accessToken)
          .call((r) => r.feeds.runs.$post({ json: { fileName: 'stock.csv', content: csv([l]) } }));
        return afterJob(dealer.accessToken, (res.data as FeedRunDetail).id, local);
      };
      const first = await send(line);
      expect(first.report[0]?.outcome).toBe('created');
      const id = first.report[0]?.listingId ?? 0;
      expect(served.map((s) => [s.ifNoneMatch, s.status])).toEqual(
        Array.from({ length: 5 }, () => [undefined, 200]),
      );
      const stored = await imagesOf(id);

      // A changed line asks for each photo with its ETag: 304 keeps the stored photo as it is.
      served.length = 0;
      const changed = await send({ ...line, price: '9100' });
      expect(changed.report[0]?.outcome).toBe('updated');
      expect(served.map((s) => [s.ifNoneMatch, s.status])).toEqual(
        Array.from({ length: 5 }, () => ['"v1"', 304]),
      );
      expect(await imagesOf(id)).toEqual(stored);

      // A photo that changed at its address is taken again; the others stay.
      served.length = 0;
      version = 'v2';
      const again = await send({ ...line, price: '9000' });
      expect(again.report[0]?.outcome).toBe('updated');
      expect(served.find((s) => s.url === '/f5.jpg')).toMatchObject({ status: 200 });
      const keys = await imagesOf(id);
      expect(keys.slice(0, 4)).toEqual(stored.slice(0, 4));
      expect(keys[4]).not.toBe(stored[4]);

      const elsewhere = await signUp(ctx, 'company');
      served.length = 0;
      const refused = await imported(
        elsewhere.accessToken,
        csv([car('F2', { photos: line.photos })]),
      );
      expect(refused.report[0]).toMatchObject({
        outcome: 'refused',
        field: 'photos',
        message: `Photo ${base}/f1.jpg could not be fetched: not a public address`,
      });
      expect(served).toEqual([]);
    } finally {
      await local.close();
      server.close();
    }
  });

  it('refuses private accounts, unknown columns and files that are neither CSV nor XML', async () => {
    const person = await signUp(ctx, 'private');
    const dealer = await signUp(ctx, 'company');
    const privateTry = await upload(person.accessToken, csv([car('G1')]));
    expect([privateTry.status, privateTry.message]).toEqual([
      403,
      'Stock feeds are for business accounts',
    ]);
    const column = await upload(dealer.accessToken, 'stockNumber,colour\nG1,red');
    expect([column.status, column.message]).toEqual([400, 'Unknown column: colour']);
    const format = await upload(dealer.accessToken, csv([car('G1')]), undefined, 'stock.xlsx');
    expect([format.status, format.message]).toEqual([400, 'Send a .csv or an .xml file']);
    const other = await ctx
      .client(person.accessToken)
      .call((r) => r.feeds.runs[':id'].$get({ param: { id: '1' } }));
    expect(other.status).toBe(404);
  });

  it('reads an XML feed with list columns as child elements', async () => {
    const dealer = await signUp(ctx, 'company');
    const zip = await photoZip(['H1']);
    const fields = Object.entries(car('H1', { photos: '' }))
      .filter(([, v]) => v)
      .map(([k, v]) => `<${k}>${v}</${k}>`)
      .join('');
    const xml = `<?xml version="1.0"?>\n<cars>\n<car>${fields}<photos>${[1, 2, 3, 4, 5].map((n) => `<photo>H1-${n}.jpg</photo>`).join('')}</photos></car>\n</cars>`;
    const res = await upload(dealer.accessToken, xml, zip, 'stock.xml');
    expect(res.code).toBe(0);
    const run = await afterJob(dealer.accessToken, (res.data as FeedRunDetail).id);
    expect(run.report).toMatchObject([{ line: 3, stockNumber: 'H1', outcome: 'created' }]);
  });

  it('imports the sample the account area offers, every car created, and the template is its header', async () => {
    const dealer = await signUp(ctx, 'company');
    const sample = await readFile('public/feeds/spotted-stock-sample.csv', 'utf8');
    const zip = await readFile('public/feeds/spotted-stock-sample-photos.zip');
    const run = await imported(dealer.accessToken, sample, zip.toString('base64'));
    expect(run.report.map((l) => [l.stockNumber, l.outcome, l.message])).toEqual([
      ['SP-1001', 'created', null],
      ['SP-1002', 'created', null],
      ['SP-1003', 'created', null],
    ]);
    const template = await readFile('public/feeds/spotted-stock-template.csv', 'utf8');
    expect(template.trim()).toBe(feedColumns.join(','));
  });

  it('fetches a scheduled feed at most hourly, imports it, and an administrator can pause it', async () => {
    const [photo] = await photos(1);
    let served = 0;
    const server: Server = createServer((req, res) => {
      if (req.url === '/stock.csv') {
        served++;
        res.writeHead(200, { 'content-type': 'text/csv' });
        return res.end(
          csv([car('S1', { photos: [1, 2, 3, 4, 5].map((n) => `${base}/${n}.jpg`).join('|') })]),
        );
      }
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      res.end(Buffer.from(photo?.image ?? '', 'base64'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const local = await createTestContext({ FEED_PRIVATE_ADDRESSES: 'true' });
    try {
      const dealer = await signUp(local, 'company');
      const admin = await signUpAdmin(local);
      const http = await local
        .client(dealer.accessToken)
        .call((r) => r.feeds.url.$put({ json: { url: `${base}/stock.csv` } }));
      expect([http.status, http.message]).toEqual([
        400,
        'The feed address must start with https://',
      ]);
      // The address rule is the account area's; the job fetches whatever is stored.
      const [feed] = await local.db
        .insert(dealerFeeds)
        .values({ userId: dealer.userId, url: `${base}/stock.csv` })
        .returning();
      expect(await fetchDueFeeds(local.deps)).toBe(1);
      expect(await importQueuedRuns(local.deps)).toBe(1);
      const runs = await local
        .client(dealer.accessToken)
        .call((r) => r.feeds.runs.$get({ query: {} }));
      expect(runs.data[0]).toMatchObject({ status: 'done', counts: { created: 1 } });
      expect(await fetchDueFeeds(local.deps)).toBe(0);
      expect(served).toBe(1);

      const pause = (paused: boolean) =>
        local.client(admin.accessToken).call((r) =>
          r.feeds.dealers[':id'].pause.$put({
            param: { id: String(feed?.id) },
            json: { paused },
          }),
        );
      expect((await pause(true)).data.paused).toBe(true);
      await local.db
        .update(dealerFeeds)
        .set({ lastFetchedAt: new Date(Date.now() - 2 * 3600_000) });
      expect(await fetchDueFeeds(local.deps)).toBe(0);
      const listed = await local.client(admin.accessToken).call((r) => r.feeds.dealers.$get());
      expect(listed.data).toMatchObject([
        { id: feed?.id, paused: true, userId: dealer.userId, lastRun: { status: 'done' } },
      ]);
      await pause(false);
      expect(await fetchDueFeeds(local.deps)).toBe(1);
      expect(await importQueuedRuns(local.deps)).toBe(1);
      const second = await local
        .client(dealer.accessToken)
        .call((r) => r.feeds.runs.$get({ query: {} }));
      expect(second.data[0]).toMatchObject({ status: 'done', counts: { unchanged: 1 } });
    } finally {
      await local.close();
      server.close();
    }
  });

  it('fetches a scheduled feed again only if it changed since (Last-Modified): 304 keeps the cars', async () => {
    const [photo] = await photos(1);
    let modified = 'Wed, 02 Dec 2026 08:00:00 GMT';
    let price = '9500';
    const asked: (string | undefined)[] = [];
    const server: Server = createServer((req, res) => {
      if (req.url !== '/stock.csv') {
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        return res.end(Buffer.from(photo?.image ?? '', 'base64'));
      }
      asked.push(req.headers['if-modified-since']);
      if (req.headers['if-modified-since'] === modified) {
        res.writeHead(304, { 'last-modified': modified });
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'text/csv', 'last-modified': modified });
      const photoUrls = [1, 2, 3, 4, 5].map((n) => `${base}/${n}.jpg`).join('|');
      res.end(csv([car('L1', { price, photos: photoUrls })]));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const local = await createTestContext({ FEED_PRIVATE_ADDRESSES: 'true' });
    try {
      const dealer = await signUp(local, 'company');
      await local.db
        .insert(dealerFeeds)
        .values({ userId: dealer.userId, url: `${base}/stock.csv` });
      const runs = async () =>
        (await local.client(dealer.accessToken).call((r) => r.feeds.runs.$get({ query: {} }))).data;
      const dueAgain = () =>
        local.db
          .update(dealerFeeds)
          .set({ lastFetchedAt: new Date(Date.now() - 2 * 3600_000) })
          .where(eq(dealerFeeds.userId, dealer.userId));

      expect(await fetchDueFeeds(local.deps)).toBe(1);
      expect(await importQueuedRuns(local.deps)).toBe(1);
      expect(await runs()).toMatchObject([{ status: 'done', counts: { created: 1 } }]);

      await dueAgain();
      expect(await fetchDueFeeds(local.deps)).toBe(1);
      expect(await importQueuedRuns(local.deps)).toBe(0);
      expect(await runs()).toHaveLength(1);

      modified = 'Thu, 03 Dec 2026 08:00:00 GMT';
      price = '9200';
      await dueAgain();
      expect(await fetchDueFeeds(local.deps)).toBe(1);
      expect(await importQueuedRuns(local.deps)).toBe(1);
      expect((await runs())[0]).toMatchObject({ status: 'done', counts: { updated: 1 } });
      expect(asked).toEqual([
        undefined,
        'Wed, 02 Dec 2026 08:00:00 GMT',
        'Wed, 02 Dec 2026 08:00:00 GMT',
      ]);
    } finally {
      await local.close();
      server.close();
    }
  });

  it('refuses a feed address that is not on the public internet', async () => {
    const dealer = await signUp(ctx, 'company');
    const res = await ctx
      .client(dealer.accessToken)
      .call((r) => r.feeds.url.$put({ json: { url: 'https://127.0.0.1/stock.csv' } }));
    expect([res.status, res.message]).toEqual([
      422,
      'The feed address must be on the public internet',
    ]);
  });

  it('answers an upload at once with its id, and its progress until the job has imported it', async () => {
    const dealer = await signUp(ctx, 'company');
    const other = await signUp(ctx, 'company');
    const res = await upload(
      dealer.accessToken,
      csv([car('P1'), car('P2', { price: '' })]),
      await photoZip(['P1']),
    );
    const queued = res.data as FeedRunDetail;
    expect(queued).toMatchObject({ status: 'queued', linesDone: 0, linesTotal: 2, report: [] });
    const progress = (token: string) =>
      ctx
        .client(token)
        .call((r) => r.feeds.runs[':id'].progress.$get({ param: { id: String(queued.id) } }));
    expect((await progress(dealer.accessToken)).data).toEqual({
      id: queued.id,
      status: 'queued',
      message: null,
      linesDone: 0,
      linesTotal: 2,
    });
    const second = await upload(dealer.accessToken, csv([car('P3')]));
    expect([second.status, second.message]).toEqual([
      409,
      'An import of your stock is already running',
    ]);
    expect((await progress(other.accessToken)).status).toBe(404);

    const done = await afterJob(dealer.accessToken, queued.id);
    expect(outcomes(done)).toEqual({ P1: 'created', P2: 'refused' });
    expect((await progress(dealer.accessToken)).data).toMatchObject({
      status: 'done',
      linesDone: 2,
      linesTotal: 2,
    });
  });

  it('takes up an import whose instance stopped, without writing any car twice', async () => {
    const dealer = await signUp(ctx, 'company');
    const zip = await photoZip(['R1', 'R2']);
    const first = await imported(dealer.accessToken, csv([car('R1')]), zip);
    expect(outcomes(first)).toEqual({ R1: 'created' });
    // As an instance leaves it when it stops after writing R1 of this file.
    const [cut] = await ctx.db
      .insert(feedRuns)
      .values({
        userId: dealer.userId,
        status: 'running',
        fileName: 'stock.csv',
        content: csv([car('R1'), car('R2')]),
        photosZip: Buffer.from(zip, 'base64'),
        attempts: 1,
        heartbeatAt: new Date(),
      })
      .returning();
    const id = cut?.id ?? 0;
    // Its instance still beats: nobody else takes it.
    expect(await importQueuedRuns(ctx.deps)).toBe(0);
    await ctx.db
      .update(feedRuns)
      .set({ heartbeatAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(feedRuns.id, id));
    const resumed = await afterJob(dealer.accessToken, id);
    expect(resumed.status).toBe('done');
    expect(outcomes(resumed)).toEqual({ R1: 'unchanged', R2: 'created' });
    const cars = await ctx.db
      .select({ id: listings.id })
      .from(listings)
      .where(eq(listings.userId, dealer.userId));
    expect(cars).toHaveLength(2);
  });

  it('fails an import that stopped its instance every time, and the dealer may run it again', async () => {
    const dealer = await signUp(ctx, 'company');
    const zip = await photoZip(['T1']);
    const [cut] = await ctx.db
      .insert(feedRuns)
      .values({
        userId: dealer.userId,
        status: 'running',
        fileName: 'stock.csv',
        content: csv([car('T1')]),
        photosZip: Buffer.from(zip, 'base64'),
        attempts: 3,
        heartbeatAt: new Date(Date.now() - 5 * 60_000),
      })
      .returning();
    const id = cut?.id ?? 0;
    const failed = await afterJob(dealer.accessToken, id);
    expect([failed.status, failed.message]).toEqual([
      'failed',
      'The import stopped unexpectedly: run it again to go on',
    ]);
    expect(outcomes(await confirmed(dealer.accessToken, id))).toEqual({ T1: 'created' });
  });
});
