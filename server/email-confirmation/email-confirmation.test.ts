import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import type { Session } from '#shared/schemas/auth.ts';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { alertsCaughtUp } from '../../tests/support/alerts.ts';
import {
  companyPayload,
  login,
  newAddress,
  privatePayload,
  signUp,
  signUpAdmin,
} from '../../tests/support/factories.ts';
import { liveListing, modelId } from '../../tests/support/listings.ts';
import { notifications, users } from '../db/schema/index.ts';
import { deliverQueuedMail } from '../mail/queue.ts';
import { signUnsubscribeToken } from '../saved-searches/unsubscribe-token.ts';
import { signConfirmationToken } from './confirmation-token.ts';

const t = messages.emailConfirmation;

let ctx: TestContext;
let admin: Session;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx);
});
afterAll(() => ctx.close());

/** Sends the mail queue to the test outbox; returns what left for `to`. */
async function sentMail(to: string) {
  const before = ctx.outbox.length;
  await deliverQueuedMail(ctx.db, ctx.deps.mailer);
  return ctx.outbox.slice(before).filter((m) => m.to === to);
}

/** The token of the confirmation link in an e-mail's text. */
function tokenIn(text: string) {
  const link = /(\S+\/confirm-email\?token=)(\S+)/.exec(text);
  expect(link?.[1]).toBe(`${ctx.deps.config.PUBLIC_URL}/confirm-email?token=`);
  return decodeURIComponent(link?.[2] ?? '');
}

const confirm = (token: string) =>
  ctx.client().call((r) => r.user.email.confirm.$post({ json: { token } }));
const resend = (session: Session, from = '192.0.2.10') =>
  ctx.client(session.accessToken, from).call((r) => r.user.email.confirmation.$post());

async function confirmedAt(userId: number) {
  const [row] = await ctx.db
    .select({ at: users.emailConfirmedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row?.at ?? null;
}

const profileOf = (session: Session) =>
  ctx
    .client(session.accessToken)
    .call((r) => r.user[':id'].$get({ param: { id: String(session.userId) } }));

describe('the welcome e-mail', () => {
  it('goes to a new individual with a link whose token confirms the address, once', async () => {
    const json = privatePayload();
    const registered = await ctx
      .client(undefined, newAddress())
      .call((r) => r.user.register.private.$post({ json }));
    expect(registered.code).toBe(0);
    const [mail] = await sentMail(json.email);
    expect(mail?.subject).toBe('Welcome to Spotted: confirm your e-mail address');
    expect(mail?.html).toContain('/confirm-email?token=');
    const session = await login(ctx, json.email);
    expect((await profileOf(session)).data.emailConfirmedAt).toBeNull();

    const done = await confirm(tokenIn(mail!.text));
    expect(done).toMatchObject({ code: 0, message: t.confirmed, status: 200 });
    expect(done.data.alreadyConfirmed).toBe(false);
    const at = await confirmedAt(session.userId);
    expect(at?.toISOString()).toBe(done.data.emailConfirmedAt);
    expect((await profileOf(session)).data.emailConfirmedAt).toBe(done.data.emailConfirmedAt);

    const again = await confirm(tokenIn(mail!.text));
    expect(again).toMatchObject({ code: 0, message: t.alreadyConfirmed });
    expect(again.data).toEqual({
      emailConfirmedAt: done.data.emailConfirmedAt,
      alreadyConfirmed: true,
    });
  });

  it('goes to a new company too', async () => {
    const json = companyPayload();
    const registered = await ctx
      .client(undefined, newAddress())
      .call((r) => r.user.register.company.$post({ json }));
    expect(registered.code).toBe(0);
    const [mail] = await sentMail(json.email);
    expect(mail?.text).toContain(`Hello ${json.firstName},`);
    expect((await confirm(tokenIn(mail!.text))).code).toBe(0);
    expect(await confirmedAt(registered.data.id)).not.toBeNull();
  });

  it('has a link that fetching confirms nothing: only the POST of the page’s button does', async () => {
    const person = await signUp(ctx, 'private', {}, { confirmed: false });
    const [mail] = await sentMail(person.email);
    const token = tokenIn(mail!.text);
    // A mail scanner follows links: GETs of the API path (with or without the token) change nothing.
    const fetched = await ctx.request('GET', `/api/user/email/confirm?token=${token}`);
    expect(fetched.code).not.toBe(0);
    expect(await confirmedAt(person.userId)).toBeNull();
    expect((await confirm(token)).code).toBe(0);
    expect(await confirmedAt(person.userId)).not.toBeNull();
  });
});

describe('a bad link', () => {
  it('answers 400 for a token that is forged, for another purpose or for another address', async () => {
    const person = await signUp(ctx, 'private', {}, { confirmed: false });
    const otherKey = new TextEncoder().encode('another key that this server never used');
    const tokens = [
      'not-a-token',
      await signConfirmationToken(otherKey, { userId: person.userId, email: person.email }),
      await signUnsubscribeToken(ctx.deps.jwtKey, { savedSearchId: 1, userId: person.userId }),
      await signConfirmationToken(ctx.deps.jwtKey, {
        userId: person.userId,
        email: 'someone.else@example.mt',
      }),
      person.accessToken,
    ];
    for (const token of tokens) {
      const res = await confirm(token);
      expect(res).toMatchObject({ status: 400, message: t.linkInvalid });
    }
    expect(await confirmedAt(person.userId)).toBeNull();
  });

  it('answers 400 with its own message once the 7 days have passed', async () => {
    const person = await signUp(ctx, 'private', {}, { confirmed: false });
    const claims = { userId: person.userId, email: person.email };
    const expired = await signConfirmationToken(
      ctx.deps.jwtKey,
      claims,
      new Date(Date.now() - 1000),
    );
    expect(await confirm(expired)).toMatchObject({ status: 400, message: t.linkExpired });
    expect(await confirmedAt(person.userId)).toBeNull();
    const inSixDays = await signConfirmationToken(
      ctx.deps.jwtKey,
      claims,
      new Date(Date.now() + 6 * 86_400_000),
    );
    expect((await confirm(inSixDays)).code).toBe(0);
  });
});

describe('sending the link again', () => {
  it('mails a new link to the caller, a few an hour, and nothing once confirmed', async () => {
    const person = await signUp(ctx, 'private', {}, { confirmed: false });
    await sentMail(person.email);
    const from = newAddress();
    for (let i = 0; i < 5; i++) {
      const res = await resend(person, from);
      expect(res).toMatchObject({ code: 0, message: t.linkSent, data: { sent: true } });
    }
    expect(await sentMail(person.email)).toHaveLength(5);
    const refused = await resend(person, newAddress());
    expect(refused).toMatchObject({ status: 429, message: t.tooMany });
    expect(await sentMail(person.email)).toHaveLength(0);

    const other = await signUp(ctx, 'private', {}, { confirmed: false });
    const [mail] = await sentMail(other.email);
    expect((await resend(other, from)).code).toBe(0);
    expect((await confirm(tokenIn(mail!.text))).code).toBe(0);
    expect(await resend(other, from)).toMatchObject({
      code: 0,
      message: t.alreadyConfirmed,
      data: { sent: false },
    });
  });

  it('needs a session', async () => {
    const res = await ctx.request('POST', '/api/user/email/confirmation');
    expect(res.status).toBe(401);
  });

  it('is in the OpenAPI document, with the confirmation', async () => {
    const doc = (await (await ctx.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, { post?: { operationId?: string } }>;
    };
    expect(doc.paths['/api/user/email/confirm']?.post?.operationId).toBe('confirmEmail');
    expect(doc.paths['/api/user/email/confirmation']?.post?.operationId).toBe(
      'resendEmailConfirmation',
    );
  });
});

describe('an unconfirmed address', () => {
  it('gets the bell but no e-mail of a saved search’s alerts, and the e-mails once confirmed', async () => {
    const seller = await signUp(ctx, 'company');
    const buyer = await signUp(ctx, 'private', {}, { confirmed: false });
    const [welcome] = await sentMail(buyer.email);
    const toyota = (await modelId(ctx, 'Toyota', 'Yaris')).makeId;
    const save = await ctx.client(buyer.accessToken).call((r) =>
      r['saved-searches'].$post({
        json: {
          name: 'Yaris around 7k',
          alert: 'instant',
          filters: { brand: toyota, minPrice: 7_000, maxPrice: 7_200 },
        },
      }),
    );
    expect(save.code).toBe(0);
    await alertsCaughtUp(ctx);

    await liveListing(ctx, seller.accessToken, admin.accessToken, { price: 7_100 });
    await alertsCaughtUp(ctx);
    const notices = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, buyer.userId));
    expect(notices.map((n) => n.title)).toEqual(['1 new car for "Yaris around 7k"']);
    expect(await sentMail(buyer.email)).toEqual([]);

    expect((await confirm(tokenIn(welcome!.text))).code).toBe(0);
    await liveListing(ctx, seller.accessToken, admin.accessToken, { price: 7_150 });
    await alertsCaughtUp(ctx);
    expect((await sentMail(buyer.email)).map((m) => m.subject)).toEqual([
      '1 new car for "Yaris around 7k"',
    ]);
  });

  it('gets the bell but no e-mail of a new message, and the e-mails once confirmed', async () => {
    const seller = await signUp(
      ctx,
      'private',
      { firstName: 'Sina', lastName: 'Zammit' },
      {
        confirmed: false,
      },
    );
    const [welcome] = await sentMail(seller.email);
    const buyer = await signUp(ctx, 'private', { firstName: 'Bernard', lastName: 'Xuereb' });
    const car = await liveListing(ctx, seller.accessToken, admin.accessToken);
    const title = 'New message from Bernard X.';
    const noticesOfSeller = async () =>
      (
        await ctx.db.select().from(notifications).where(eq(notifications.userId, seller.userId))
      ).filter((n) => n.title === title);

    const started = await ctx
      .client(buyer.accessToken)
      .call((r) => r.conversations.$post({ json: { carId: car, text: 'Is it still for sale?' } }));
    expect(started.code).toBe(0);
    expect(await noticesOfSeller()).toHaveLength(1);
    // Other notices (the listing went live) still go by e-mail.
    const noticeMail = async () =>
      (await sentMail(seller.email)).map((m) => m.subject).filter((s) => s === title);
    expect(await noticeMail()).toEqual([]);

    expect((await confirm(tokenIn(welcome!.text))).code).toBe(0);
    const param = { id: String(started.data.conversationId) };
    await ctx.client(seller.accessToken).call((r) => r.conversations[':id'].read.$put({ param }));
    const again = await ctx
      .client(buyer.accessToken)
      .call((r) =>
        r.conversations[':id'].messages.$post({ param, json: { text: 'Could I see it today?' } }),
      );
    expect(again.code).toBe(0);
    expect(await noticesOfSeller()).toHaveLength(2);
    expect(await noticeMail()).toEqual([title]);
  });
});
