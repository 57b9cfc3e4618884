import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportPKCS8, generateKeyPair, jwtVerify } from 'jose';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { privatePayload, signUp } from '../../tests/support/factories.ts';
import { users } from '../db/schema/index.ts';
import { notify } from '../notifications/notify.ts';
import { fcmSender } from './fcm.ts';
import { pushRecentNotifications } from './push-job.ts';

// A stand-in for Google's token endpoint and FCM on loopback: it checks the signed assertion and
// the bearer token, and records each message.
let ctx: TestContext;
let base = '';
const sent: { token: string; title: string; body: string }[] = [];
const server = createServer(async (req, res) => {
  const body = await read(req);
  if (req.url === '/token') {
    const assertion = new URLSearchParams(body).get('assertion') ?? '';
    const { payload } = await jwtVerify(assertion, keys.publicKey, { audience: `${base}/token` });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ access_token: `ok-${payload.iss}`, expires_in: 3600 }));
    return;
  }
  if (req.headers.authorization !== 'Bearer ok-push@spotted-test.iam')
    return void res.writeHead(401).end();
  const { message } = JSON.parse(body) as {
    message: { token: string; notification: { title: string; body: string } };
  };
  if (message.token === 'stale-token') return void res.writeHead(404).end();
  sent.push({ token: message.token, ...message.notification });
  res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
});
const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => resolve(data));
  });
let keys: Awaited<ReturnType<typeof generateKeyPair>>;

beforeAll(async () => {
  ctx = await createTestContext();
  keys = await generateKeyPair('RS256', { extractable: true });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  await ctx.close();
});

const sender = async () =>
  fcmSender(
    {
      project_id: 'spotted-test',
      client_email: 'push@spotted-test.iam',
      private_key: await exportPKCS8(keys.privateKey),
      token_uri: `${base}/token`,
    },
    base,
  );

describe('push notifications', () => {
  it('sends each recent notification once to users with a Firebase token', async () => {
    const withToken = await signUp(ctx, 'private', { firebaseToken: 'device-token-1' });
    const without = await signUp(ctx, 'private', privatePayload({ firebaseToken: '' }));
    await notify(ctx.db, withToken.userId, {
      typeId: 3,
      title: 'Your listing is live',
      message: '<p>It is <b>live</b>.</p>',
    });
    await notify(ctx.db, without.userId, { typeId: 1, title: 'Hello', message: '<p>Hi</p>' });
    const push = await sender();
    expect(await pushRecentNotifications(ctx.db, { fcm: push })).toBe(1);
    expect(sent).toEqual([
      { token: 'device-token-1', title: 'Your listing is live', body: 'It is live.' },
    ]);
    expect(await pushRecentNotifications(ctx.db, { fcm: push })).toBe(0);
    expect(sent).toHaveLength(1);
  });

  it('forgets a token Firebase no longer knows', async () => {
    const stale = await signUp(ctx, 'private', { firebaseToken: 'stale-token' });
    await notify(ctx.db, stale.userId, { typeId: 1, title: 'Hello', message: 'Hi' });
    await pushRecentNotifications(ctx.db, { fcm: await sender() });
    const [row] = await ctx.db
      .select({ token: users.firebaseToken })
      .from(users)
      .where(eq(users.id, stale.userId));
    expect(row?.token).toBeNull();
  });
});
