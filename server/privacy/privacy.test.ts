import { eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privacyMessages } from '#shared/schemas/privacy.ts';
import { twoFactorMessages } from '#shared/schemas/two-factor.ts';
import { createTestContext, type Session, type TestContext } from '../../tests/support/context.ts';
import { login, PASSWORD, signUp, signUpAdmin } from '../../tests/support/factories.ts';
import { liveListing } from '../../tests/support/listings.ts';
import { grant, walletOf } from '../../tests/support/money.ts';
import { totpCode } from '../../tests/support/two-factor.ts';
import { statusOf } from '../../tests/support/calls.ts';
import { auditLog, ledgerEntries, listingImages, users } from '../db/schema/index.ts';
import { deliverQueuedMail } from '../mail/queue.ts';
import { expireExports, prepareExports } from './export.ts';

let ctx: TestContext;
let admin: Session & { totpSecret: string };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx);
});
afterAll(() => ctx.close());

const as = (who: Pick<Session, 'accessToken'>) => ctx.client(who.accessToken);
const removeAccount = (who: Session, json: { password: string; code?: string }) =>
  as(who).call((r) => r.user.remove.$post({ json }));

async function storedKeys() {
  const keys: string[] = [];
  for await (const object of ctx.deps.storage.list()) keys.push(object.key);
  return keys;
}

async function photoKeysOf(listingId: number) {
  const rows = await ctx.db
    .select({ key: listingImages.key })
    .from(listingImages)
    .where(eq(listingImages.listingId, listingId));
  return rows.map((row) => row.key);
}

/** Every text-like column of every table in which `value` occurs, as `table.column`. */
async function placesHolding(value: string) {
  const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
    ((await ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
  const columns = await rowsOf<{ table_name: string; column_name: string }>(sql`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      and c.data_type in ('text', 'character varying', 'jsonb', 'json', 'date', 'ARRAY')`);
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const hits = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)} where strpos(lower(${sql.identifier(column)}::text), ${value.toLowerCase()}) > 0`,
    );
    if ((hits[0]?.n ?? 0) > 0) found.push(`${table}.${column}`);
  }
  return found;
}

describe('deleting one’s account', () => {
  it('asks for the second factor when two-factor login is on', async () => {
    const session = await signUp(ctx);
    const setup = await as(session).call((r) =>
      r.user['two-factor'].setup.$post({ json: { password: PASSWORD } }),
    );
    const secret = setup.data.secret;
    await as(session).call((r) =>
      r.user['two-factor'].enable.$post({ json: { code: totpCode(secret) } }),
    );
    const fresh = session;

    expect(await removeAccount(fresh, { password: PASSWORD })).toMatchObject({
      status: 400,
      message: twoFactorMessages.codeRequired,
    });
    expect(await removeAccount(fresh, { password: PASSWORD, code: '000000' })).toMatchObject({
      status: 400,
      message: twoFactorMessages.codeInvalid,
    });
    expect(
      await removeAccount(fresh, { password: 'Wrong1234', code: totpCode(secret, 1) }),
    ).toMatchObject({
      status: 400,
      message: 'Password is not valid',
    });
    const done = await removeAccount(fresh, { password: PASSWORD, code: totpCode(secret, 1) });
    expect(done).toMatchObject({ code: 0, message: 'Deleted account successfully' });
    await expect(login(ctx, session.email, PASSWORD, secret)).rejects.toThrow(
      'Invalid credentials',
    );
  });

  it('keeps the conversation for the other party, from a former user, and withdraws the listing', async () => {
    const seller = await signUp(ctx, 'private', { firstName: 'Sandra', lastName: 'Vella' });
    const buyer = await signUp(ctx);
    const car = await liveListing(ctx, seller.accessToken, admin.accessToken);
    const started = await as(buyer).call((r) =>
      r.conversations.$post({ json: { carId: car, text: 'Is the car still available?' } }),
    );
    const conversation = String(started.data.conversationId);
    await as(seller).call((r) =>
      r.conversations[':id'].messages.$post({
        param: { id: conversation },
        json: { text: 'Yes, come and see it on Saturday.' },
      }),
    );
    const photos = await photoKeysOf(car);
    expect(photos.length).toBeGreaterThan(0);
    expect(await storedKeys()).toEqual(expect.arrayContaining(photos));

    expect((await removeAccount(seller, { password: PASSWORD })).code).toBe(0);

    const thread = await as(buyer).call((r) =>
      r.conversations[':id'].messages.$get({ param: { id: conversation }, query: {} }),
    );
    expect(thread.code).toBe(0);
    expect(thread.data.map((m) => m.text)).toEqual([
      'Is the car still available?',
      'Yes, come and see it on Saturday.',
    ]);
    const inbox = await as(buyer).call((r) => r.conversations.$get());
    expect(inbox.data.find((c) => c.id === Number(conversation))).toMatchObject({
      otherName: 'Former user',
    });
    expect(
      await statusOf(ctx, undefined, (r) => r.car[':id'].$get({ param: { id: String(car) } })),
    ).toBe(404);
    const left = await storedKeys();
    for (const key of photos)
      expect(left.some((stored) => stored.startsWith(key.replace(/\.jpg$/, '')))).toBe(false);
  });

  it('leaves nothing personal in any table or in storage', async () => {
    const values = {
      firstName: 'Zephyrine Motors',
      email: `zephyrine.${Date.now()}@quellbrook.mt`,
      phone: '79441237',
      phone2: '21448899',
      address: 'Triq il-Quellbrook 17',
      cNumber: '98765',
      vatNumber: '31415926',
    };
    const company = await signUp(ctx, 'company', values);
    const profile = await as(company).call((r) =>
      r.user[':id'].$get({ param: { id: String(company.userId) } }),
    );
    const logoKey = profile.data.imageUrl?.replace('/images/', '') ?? '';
    expect(await storedKeys()).toContain(logoKey);
    const car = await liveListing(ctx, company.accessToken, admin.accessToken);
    const photos = await photoKeysOf(car);
    await as(company).call((r) =>
      r['saved-searches'].$post({ json: { name: 'Quellbrook vans', filters: {} } }),
    );
    await as(company).call((r) =>
      r.contact.send.$post({
        json: { email: values.email, phone: values.phone, text: 'Please call me back soon.' },
      }),
    );
    // A failed login keeps a counter named by the address typed.
    await ctx
      .client()
      .call((r) => r.user.login.$post({ json: { email: values.email, password: 'Nope12345' } }));
    for (const value of Object.values(values)) expect(await placesHolding(value)).not.toEqual([]);

    expect((await removeAccount(company, { password: PASSWORD })).code).toBe(0);

    for (const value of [...Object.values(values), 'Quellbrook vans', 'Please call me back']) {
      expect(await placesHolding(value), value).toEqual([]);
    }
    const left = await storedKeys();
    expect(left).not.toContain(logoKey);
    for (const key of photos) expect(left).not.toContain(key);
    expect(
      await statusOf(ctx, undefined, (r) =>
        r.user.info[':id'].$get({ param: { id: String(company.userId) } }),
      ),
    ).toBe(404);
  });

  it('keeps the ledger’s rows with the anonymised user, and the balance still adds up', async () => {
    const session = await signUp(ctx);
    const balance = async () =>
      (
        await as(session).call((r) =>
          r.user.balance[':id'].$get({ param: { id: String(session.userId) } }),
        )
      ).data.balance;
    const welcome = await balance();
    await grant(ctx, session.userId, 25);
    const stated = await balance();
    expect(stated).toBe(welcome + 25);
    const before = await ctx.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, session.userId));

    expect((await removeAccount(session, { password: PASSWORD })).code).toBe(0);

    const after = await ctx.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, session.userId));
    expect(after).toEqual(before);
    expect(await walletOf(ctx, session.userId)).toEqual({ balance: stated, ledger: stated });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, session.userId));
    expect(row).toMatchObject({
      firstName: 'Deleted user',
      email: `deleted-${session.userId}@deleted.invalid`,
    });
  });
});

describe('an administrator erases an account on a written request', () => {
  it('erases it, logs the request, and refuses others and administrator accounts', async () => {
    const owner = await signUp(ctx);
    const other = await signUp(ctx);
    const erase = (who: Session, id: number, reason: string) =>
      as(who).call((r) =>
        r.user.remove[':id'].$post({ param: { id: String(id) }, json: { reason } }),
      );
    expect((await erase(other, owner.userId, 'Letter of 3 December')).status).toBe(403);
    expect(await erase(admin, owner.userId, 'short')).toMatchObject({
      status: 400,
      message: privacyMessages.erasureReasonShort,
    });
    expect(await erase(admin, admin.userId, 'Asked for it in writing')).toMatchObject({
      status: 403,
      message: privacyMessages.erasureOfAdmin,
    });

    const done = await erase(admin, owner.userId, 'Letter of 3 December asking for erasure');
    expect(done).toMatchObject({ code: 0, message: 'Account erased' });
    await expect(login(ctx, owner.email)).rejects.toThrow('Invalid credentials');
    const logged = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, owner.userId));
    expect(logged).toEqual([
      expect.objectContaining({
        adminId: admin.userId,
        action: 'erase',
        entity: 'user',
        details: { reason: 'Letter of 3 December asking for erasure' },
      }),
    ]);
    expect((await erase(admin, owner.userId, 'Letter of 3 December again')).status).toBe(404);
  });
});

describe('a copy of one’s data', () => {
  const linkIn = (text: string) => {
    const match = /download-my-data\?token=([^\s]+)/.exec(text);
    if (!match?.[1]) throw new Error(`no download link in: ${text}`);
    return decodeURIComponent(match[1]);
  };
  const download = (token: string) =>
    ctx.app.request(`/api/user/data-export/download?token=${encodeURIComponent(token)}`);

  it('is prepared by a job, mailed as a link, and downloads once as a ZIP of everything', async () => {
    const seller = await signUp(ctx, 'company', { firstName: 'Harbour Cars' });
    const buyer = await signUp(ctx);
    const car = await liveListing(ctx, seller.accessToken, admin.accessToken);
    const other = await liveListing(ctx, buyer.accessToken, admin.accessToken);
    await as(seller).call((r) => r.favorite.add.$post({ json: { carId: other } }));
    await as(seller).call((r) =>
      r['saved-searches'].$post({ json: { name: 'Family cars', filters: {} } }),
    );
    const started = await as(buyer).call((r) =>
      r.conversations.$post({ json: { carId: car, text: 'Would you take 9000 euro?' } }),
    );
    await as(seller).call((r) =>
      r.conversations[':id'].messages.$post({
        param: { id: String(started.data.conversationId) },
        json: { text: 'Sorry, the price is fixed.' },
      }),
    );
    await grant(ctx, seller.userId, 40);
    const balance = (
      await as(seller).call((r) =>
        r.user.balance[':id'].$get({ param: { id: String(seller.userId) } }),
      )
    ).data.balance;

    expect(await statusOf(ctx, undefined, (r) => r.user['data-export'].$post())).toBe(401);
    const asked = await as(seller).call((r) => r.user['data-export'].$post());
    expect(asked).toMatchObject({
      code: 0,
      message: privacyMessages.exportRequested,
      data: { state: 'pending' },
    });
    expect(await prepareExports(ctx.deps)).toBe(1);
    const latest = await as(seller).call((r) => r.user['data-export'].$get());
    expect(latest.data).toMatchObject({ state: 'ready' });

    await deliverQueuedMail(ctx.db, ctx.deps.mailer);
    const mail = ctx.outbox.find(
      (m) => m.to === seller.email && m.subject === privacyMessages.exportMailSubject,
    );
    expect(mail?.text).toContain('works once, for 24 hours');
    const token = linkIn(mail?.text ?? '');

    const response = await download(token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const read = (name: string) =>
      JSON.parse(strFromU8(files[name] ?? new Uint8Array())) as unknown;
    expect(read('profile.json')).toMatchObject({
      firstName: 'Harbour Cars',
      email: seller.email,
      balance,
    });
    expect(read('profile.json')).not.toHaveProperty('passwordHash');
    expect(read('listings.json')).toEqual([
      expect.objectContaining({
        id: car,
        state: 'ACTIVE',
        priceHistory: [expect.objectContaining({ price: expect.any(Number) })],
      }),
    ]);
    expect(read('favourites.json')).toEqual([expect.objectContaining({ listingId: other })]);
    expect(read('saved-searches.json')).toEqual([expect.objectContaining({ name: 'Family cars' })]);
    expect(read('messages.json')).toEqual([
      expect.objectContaining({
        listingId: car,
        role: 'seller',
        messages: [
          expect.objectContaining({ sentByMe: false, text: 'Would you take 9000 euro?' }),
          expect.objectContaining({ sentByMe: true, text: 'Sorry, the price is fixed.' }),
        ],
      }),
    ]);
    expect((read('notifications.json') as unknown[]).length).toBeGreaterThan(0);
    expect(read('ledger.json')).toMatchObject({
      balance,
      entries: expect.arrayContaining([
        expect.objectContaining({ credits: 40, balanceAfter: balance }),
      ]),
    });
    expect(read('transactions.json')).toEqual(
      expect.arrayContaining([expect.objectContaining({ credits: 40 })]),
    );
    expect((read('sessions.json') as unknown[]).length).toBeGreaterThan(0);
    expect(read('consents.json')).toMatchObject({ emailConfirmedAt: expect.any(String) });
    expect(read('statistics.json')).toEqual([expect.objectContaining({ listingId: car })]);
    const photoNames = Object.keys(files).filter((name) => name.startsWith(`photos/${car}/`));
    expect(photoNames.length).toBe((await photoKeysOf(car)).length);
    for (const name of [...photoNames, 'logo.jpg']) {
      expect([...(files[name] ?? new Uint8Array()).subarray(0, 3)], name).toEqual([
        0xff, 0xd8, 0xff,
      ]);
    }
    expect((await storedKeys()).filter((key) => key.startsWith('exports/'))).toEqual([]);

    const again = await download(token);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: privacyMessages.exportLinkUsed });
  });

  it('refuses a link that expired or was not signed here, and removes its file', async () => {
    const session = await signUp(ctx);
    await as(session).call((r) => r.user['data-export'].$post());
    await prepareExports(ctx.deps);
    await deliverQueuedMail(ctx.db, ctx.deps.mailer);
    const mail = ctx.outbox.find(
      (m) => m.to === session.email && m.subject === privacyMessages.exportMailSubject,
    );
    const token = linkIn(mail?.text ?? '');
    expect((await storedKeys()).some((key) => key.startsWith('exports/'))).toBe(true);

    const forged = await download(`${token.slice(0, -4)}abcd`);
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ message: privacyMessages.exportLinkInvalid });

    const dayLater = new Date(Date.now() + 25 * 3600_000);
    expect(await expireExports(ctx.deps, dayLater)).toBe(1);
    expect((await storedKeys()).some((key) => key.startsWith('exports/'))).toBe(false);
    const late = await download(token);
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ message: privacyMessages.exportLinkExpired });
  });

  it('is limited to three requests a day', async () => {
    const session = await signUp(ctx);
    for (let i = 0; i < 3; i++) {
      expect((await as(session).call((r) => r.user['data-export'].$post())).code).toBe(0);
    }
    expect(await as(session).call((r) => r.user['data-export'].$post())).toMatchObject({
      status: 429,
      message: privacyMessages.exportTooMany,
    });
  });
});
