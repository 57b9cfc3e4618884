import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { loadConfig } from '../config.ts';
import { signUp, signUpAdmin } from '../../tests/support/factories.ts';
import { liveListing } from '../../tests/support/listings.ts';
import { browserSubscription } from '../../tests/support/push.ts';
import type { PushSubscriptionInput } from '#shared/schemas/push.ts';
import { webPushSubscriptions } from '../db/schema/index.ts';
import { notify } from '../notifications/notify.ts';
import { pushRecentNotifications } from './push-job.ts';
import { BROWSERS_PER_USER } from './push.service.ts';
import { loadVapidKeys } from './vapid.ts';
import {
  checkPushEndpoint,
  isKnownPushService,
  isPublicAddress,
  pushReach,
} from './push-address.ts';
import { webPushSender } from './web-push.ts';

// A push service on loopback over HTTPS (web-push speaks nothing else), with a certificate made
// for the test: it records what each request carries, and answers 410 for /gone/… endpoints.
const certDir = mkdtempSync(path.join(tmpdir(), 'spotted-push-'));
execFileSync('openssl', [
  'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
  '-keyout', path.join(certDir, 'key.pem'), '-out', path.join(certDir, 'cert.pem'),
  '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
], { stdio: 'ignore' }); // prettier-ignore
const cert = readFileSync(path.join(certDir, 'cert.pem'));
const received: { path: string; headers: Record<string, unknown>; body: Buffer }[] = [];
const pushService = createServer(
  { key: readFileSync(path.join(certDir, 'key.pem')), cert },
  (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url?.startsWith('/gone/')) return void res.writeHead(410).end();
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(201).end();
    });
  },
);
let ctx: TestContext;
let base = '';

beforeAll(async () => {
  // The push service here is on loopback, which only a setting lets the server reach.
  ctx = await createTestContext({ PUSH_SERVICES: '127.0.0.1', PUSH_PRIVATE_ADDRESSES: 'true' });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  base = `https://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
});
afterAll(async () => {
  pushService.close();
  rmSync(certDir, { recursive: true, force: true });
  await ctx.close();
});

const subscribe = (token: string | undefined, json: PushSubscriptionInput) =>
  ctx.client(token).call((r) => r.push.subscriptions.$post({ json }));
const unsubscribe = (token: string, endpoint: string) =>
  ctx.client(token).call((r) => r.push.subscriptions.remove.$post({ json: { endpoint } }));
const rowsOf = (endpoint: string) =>
  ctx.db
    .select({ userId: webPushSubscriptions.userId })
    .from(webPushSubscriptions)
    .where(eq(webPushSubscriptions.endpoint, endpoint));
const push = () =>
  pushRecentNotifications(ctx.db, {
    web: webPushSender(ctx.deps.vapid, pushReach(ctx.deps.config), cert),
  });

describe('VAPID keys', () => {
  it('are generated once and kept, and the public one is served to browsers', async () => {
    const again = await loadVapidKeys(ctx.db, ctx.deps.config);
    expect(again).toEqual(ctx.deps.vapid);
    expect(again.subject).toBe('mailto:no-reply@spotted.mt');
    const res = await ctx.client().call((r) => r.push.key.$get());
    expect(res.status).toBe(200);
    expect(res.data.publicKey).toBe(ctx.deps.vapid.publicKey);
    const key = Buffer.from(res.data.publicKey, 'base64url');
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
  });

  it('come from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set', async () => {
    const keys = await loadVapidKeys(ctx.db, {
      ...ctx.deps.config,
      VAPID_PUBLIC_KEY: 'B' + 'A'.repeat(86),
      VAPID_PRIVATE_KEY: 'C'.repeat(43),
      VAPID_SUBJECT: 'https://spotted.mt/contact-support',
    });
    expect(keys).toEqual({
      publicKey: 'B' + 'A'.repeat(86),
      privateKey: 'C'.repeat(43),
      subject: 'https://spotted.mt/contact-support',
    });
  });
});

describe('web push subscriptions', () => {
  it('need a session and a well-formed subscription', async () => {
    const user = await signUp(ctx);
    const { subscription } = browserSubscription(`${base}/send/a`);
    expect((await subscribe(undefined, subscription)).status).toBe(401);
    const http = await subscribe(user.accessToken, {
      ...subscription,
      endpoint: 'http://x.test/1',
    });
    expect([http.status, http.message]).toEqual([
      400,
      'The push endpoint must be an https:// address',
    ]);
    const key = await subscribe(user.accessToken, {
      ...subscription,
      keys: { ...subscription.keys, p256dh: 'short' },
    });
    expect([key.status, key.message]).toEqual([
      400,
      'The browser key must be a P-256 public key (65 bytes, base64url)',
    ]);
    // Without its auth secret: a body the typed client cannot send.
    const auth = await ctx.request('POST', '/api/push/subscriptions', {
      body: { ...subscription, keys: { ...subscription.keys, auth: undefined } },
      token: user.accessToken,
    });
    expect(auth.status).toBe(400);
    expect(await rowsOf(subscription.endpoint)).toEqual([]);
  });

  it('are stored once per browser, for whoever subscribed it last', async () => {
    const first = await signUp(ctx);
    const second = await signUp(ctx);
    const { subscription } = browserSubscription(`${base}/send/shared`);
    const res = await subscribe(first.accessToken, subscription);
    expect([res.status, res.code, res.message]).toEqual([200, 0, 'Push notifications turned on']);
    expect((await subscribe(first.accessToken, subscription)).status).toBe(200);
    expect(await rowsOf(subscription.endpoint)).toEqual([{ userId: first.userId }]);
    expect((await subscribe(second.accessToken, subscription)).status).toBe(200);
    expect(await rowsOf(subscription.endpoint)).toEqual([{ userId: second.userId }]);
  });

  it('are not taken over through their address alone: other keys are another browser', async () => {
    const owner = await signUp(ctx);
    const other = await signUp(ctx);
    const { subscription } = browserSubscription(`${base}/send/owned-${owner.userId}`);
    await subscribe(owner.accessToken, subscription);
    const impostor = browserSubscription(subscription.endpoint).subscription;
    const res = await subscribe(other.accessToken, impostor);
    expect(res).toMatchObject({
      status: 409,
      message: 'This push address belongs to another browser',
    });
    expect(await rowsOf(subscription.endpoint)).toEqual([{ userId: owner.userId }]);
    // The owner's own browser may renew its keys.
    expect((await subscribe(owner.accessToken, impostor)).status).toBe(200);
  });

  it('are removed only by their owner', async () => {
    const owner = await signUp(ctx);
    const other = await signUp(ctx);
    const { subscription } = browserSubscription(`${base}/send/own`);
    await subscribe(owner.accessToken, subscription);
    const foreign = await unsubscribe(other.accessToken, subscription.endpoint);
    expect([foreign.status, foreign.message]).toEqual([404, 'This browser is not subscribed']);
    expect(await rowsOf(subscription.endpoint)).toHaveLength(1);
    const removed = await unsubscribe(owner.accessToken, subscription.endpoint);
    expect([removed.status, removed.message]).toEqual([200, 'Push notifications turned off']);
    expect(await rowsOf(subscription.endpoint)).toEqual([]);
    expect((await unsubscribe(owner.accessToken, subscription.endpoint)).status).toBe(404);
  });

  it(`keep the ${BROWSERS_PER_USER} browsers subscribed last`, async () => {
    const user = await signUp(ctx);
    const endpoints = Array.from(
      { length: BROWSERS_PER_USER + 1 },
      (_, i) => `${base}/send/many-${user.userId}-${i}`,
    );
    for (const endpoint of endpoints)
      expect(
        (await subscribe(user.accessToken, browserSubscription(endpoint).subscription)).status,
      ).toBe(200);
    expect(await rowsOf(endpoints[0]!)).toEqual([]);
    expect(await rowsOf(endpoints.at(-1)!)).toEqual([{ userId: user.userId }]);
    const kept = await ctx.db
      .select()
      .from(webPushSubscriptions)
      .where(eq(webPushSubscriptions.userId, user.userId));
    expect(kept).toHaveLength(BROWSERS_PER_USER);
  });
});

describe('web push delivery', () => {
  it('pushes a new message to the seller’s browser once, encrypted for it and signed', async () => {
    const admin = await signUpAdmin(ctx);
    const seller = await signUp(ctx);
    const buyer = await signUp(ctx, 'private', { firstName: 'Maria' });
    const car = await liveListing(ctx, seller.accessToken, admin.accessToken);
    const browser = browserSubscription(`${base}/send/seller-${seller.userId}`);
    await subscribe(seller.accessToken, browser.subscription);
    await push(); // what the listing's approval told the seller
    received.length = 0;

    const opened = await ctx
      .client(buyer.accessToken)
      .call((r) => r.conversations.$post({ json: { carId: car, text: 'Is it still available?' } }));
    expect(opened.code).toBe(0);
    expect(await push()).toBe(1);
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.path).toBe(`/send/seller-${seller.userId}`);
    expect(request!.headers['content-encoding']).toBe('aes128gcm');
    expect(request!.headers.ttl).toBe('86400');
    expect(JSON.parse(browser.decrypt(request!.body))).toEqual({
      title: expect.stringMatching(/^New message from Maria/),
      body: expect.stringContaining('sent you a message about'),
      url: `/messages?c=${opened.data.conversationId}`,
    });

    // The VAPID signature: a JWT for this push service's origin, by the key GET push/key serves.
    const [, jwt, k] = /^vapid t=([^,]+), k=(.+)$/.exec(String(request!.headers.authorization))!;
    expect(k).toBe(ctx.deps.vapid.publicKey);
    const raw = Buffer.from(k!, 'base64url');
    const key = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33).toString('base64url'),
      },
      'ES256',
    );
    const { payload } = await jwtVerify(jwt!, key, { audience: base });
    expect(payload.sub).toBe('mailto:no-reply@spotted.mt');

    expect(await push()).toBe(0);
    expect(received).toHaveLength(1);
  });

  it('pushes other notifications to every browser of the user, and forgets a gone one', async () => {
    const user = await signUp(ctx);
    const laptop = browserSubscription(`${base}/send/laptop-${user.userId}`);
    const gone = browserSubscription(`${base}/gone/phone-${user.userId}`);
    await subscribe(user.accessToken, laptop.subscription);
    await subscribe(user.accessToken, gone.subscription);
    await push();
    received.length = 0;

    await notify(ctx.db, user.userId, {
      typeId: 3,
      title: 'Your listing is live',
      message: '<p>It is <b>live</b>.</p>',
    });
    expect(await push()).toBe(1);
    expect(received).toHaveLength(1);
    expect(JSON.parse(laptop.decrypt(received[0]!.body))).toEqual({
      title: 'Your listing is live',
      body: 'It is live.',
      url: expect.stringMatching(/^\/notifications\/\d+$/),
    });
    expect(await rowsOf(gone.subscription.endpoint)).toEqual([]);
    expect(await rowsOf(laptop.subscription.endpoint)).toEqual([{ userId: user.userId }]);
  });
});

describe('push endpoints the server will not reach', () => {
  const notPublic = 'The push endpoint must be on the public internet';
  let strict: TestContext;
  beforeAll(async () => {
    // Any host, but only at public addresses.
    strict = await createTestContext({ PUSH_SERVICES: '*' });
  });
  afterAll(() => strict.close());

  it('refuses loopback, link-local, private and reserved addresses, by literal or by name', async () => {
    const user = await signUp(strict);
    const endpoints = [
      'https://127.0.0.1:6299/probe',
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.7/send/x',
      'https://172.20.1.1/send/x',
      'https://192.168.1.1/send/x',
      'https://100.64.0.1/send/x',
      'https://0.0.0.0/send/x',
      'https://[::1]/send/x',
      'https://[::ffff:127.0.0.1]/send/x',
      'https://[fe80::1]/send/x',
      'https://[fd00::1]/send/x',
      'https://localhost:6299/send/x',
    ];
    for (const endpoint of endpoints) {
      const res = await strict
        .client(user.accessToken)
        .call((r) =>
          r.push.subscriptions.$post({ json: browserSubscription(endpoint).subscription }),
        );
      expect([res.status, res.message], endpoint).toEqual([422, notPublic]);
      expect(await rowsOf(endpoint)).toEqual([]);
    }
    const unknown = await strict.client(user.accessToken).call((r) =>
      r.push.subscriptions.$post({
        json: browserSubscription('https://no-such-host.invalid/send/x').subscription,
      }),
    );
    expect([unknown.status, unknown.message]).toEqual([422, 'The push endpoint cannot be reached']);
    // A public address is a push service's.
    const endpoint = 'https://8.8.8.8/send/public';
    const res = await strict
      .client(user.accessToken)
      .call((r) =>
        r.push.subscriptions.$post({ json: browserSubscription(endpoint).subscription }),
      );
    expect(res.code, res.message).toBe(0);
  });

  it("takes the browsers' push services only, unless the setting names others", async () => {
    const reach = pushReach(loadConfig({}));
    for (const host of ['fcm.googleapis.com', 'web.push.apple.com', 'wns2-by3p.notify.windows.com'])
      expect(isKnownPushService(host, reach.services), host).toBe(true);
    for (const host of ['fcm.googleapis.com.evil.test', 'evilpush.apple.com', 'googleapis.com'])
      expect(isKnownPushService(host, reach.services), host).toBe(false);
    await expect(checkPushEndpoint('https://8.8.8.8/send/x', reach)).rejects.toMatchObject({
      status: 422,
      message: "The push endpoint is not one of the browsers' push services",
    });
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('2001:4860:4860::8888')).toBe(true);
    expect(isPublicAddress('::ffff:8.8.8.8')).toBe(true);
    for (const address of ['192.0.2.1', '198.18.0.1', '224.0.0.1', '2001:db8::1', '64:ff9b::a00:1'])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('never connects to an address that is not public, whatever the name said before', async () => {
    const { subscription } = browserSubscription(`${base}/send/rebound`);
    const target = (endpoint: string) => ({ endpoint, ...subscription.keys });
    const message = { title: 'Hello', body: 'A notice', url: '/notifications' };
    const port = new URL(base).port;
    const before = received.length;
    const publicOnly = webPushSender(
      ctx.deps.vapid,
      { services: ['*'], privateAddresses: false },
      cert,
    );
    // A name that pointed outside when the browser subscribed and points at loopback now.
    await expect(
      publicOnly.send(target(`https://localhost:${port}/send/rebound`), message),
    ).rejects.toThrow(/not a public address/);
    // A loopback literal is never asked, and the subscription counts as gone.
    expect(await publicOnly.send(target(`${base}/send/literal`), message)).toBe(false);
    // Nor is a host the setting does not name.
    const listed = webPushSender(
      ctx.deps.vapid,
      { services: ['fcm.googleapis.com'], privateAddresses: true },
      cert,
    );
    expect(await listed.send(target(`${base}/send/unlisted`), message)).toBe(false);
    expect(received.length).toBe(before);
    // Where the setting allows a push service of the network, the same name is reached.
    const network = webPushSender(
      ctx.deps.vapid,
      { services: ['localhost'], privateAddresses: true },
      cert,
    );
    expect(await network.send(target(`https://localhost:${port}/send/network`), message)).toBe(
      true,
    );
    expect(received.at(-1)?.path).toBe('/send/network');
  });
});
