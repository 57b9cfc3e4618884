import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { signUp, signUpAdmin } from '../../tests/support/factories.ts';
import { wholeList } from '../../tests/support/lists.ts';
import { auditLog, configuration, contactMessages, mailQueue } from '../db/schema/index.ts';
import { deliverQueuedMail } from '../mail/queue.ts';

let ctx: TestContext;
let adminToken: string;
let adminId: number;
let user: { accessToken: string; userId: number; email: string };

/** Every request comes from its own address unless a test says otherwise (rate limit per IP). */
let address = 0;
const nextIp = () => `10.1.${Math.floor(++address / 250)}.${address % 250}`;

beforeAll(async () => {
  ctx = await createTestContext({ TRUST_PROXY: 'true' });
  const admin = await signUpAdmin(ctx);
  adminToken = admin.accessToken;
  adminId = admin.userId;
  const session = await signUp(ctx);
  user = { accessToken: session.accessToken, userId: session.userId, email: session.email };
});
afterAll(() => ctx.close());

let sequence = 0;
const messageBody = (overrides: Record<string, unknown> = {}) => ({
  email: 'visitor@example.mt',
  phone: '79 123 456',
  text: `I would like to know how promotion works (${++sequence}).`,
  ...overrides,
});

function send(json: ReturnType<typeof messageBody>, options: { token?: string; ip?: string } = {}) {
  return ctx
    .client(options.token, undefined, { 'x-forwarded-for': options.ip ?? nextIp() })
    .call((r) => r.contact.send.$post({ json }));
}

async function sendOk(overrides: Record<string, unknown> = {}, token?: string) {
  const res = await send(messageBody(overrides), { token });
  if (res.code !== 0) throw new Error(`contact/send failed: ${res.message}`);
  return res.data.id;
}

const stored = async (id: number) =>
  (await ctx.db.select().from(contactMessages).where(eq(contactMessages.id, id)))[0];

const countMessages = async () => (await ctx.db.select().from(contactMessages)).length;

const mailsTo = (to: string) =>
  ctx.db.select().from(mailQueue).where(eq(mailQueue.to, to)).orderBy(desc(mailQueue.id));

describe('POST /api/contact/send', () => {
  it('stores an anonymous message and queues it for the support address', async () => {
    const text = 'Hello, can I list a motorbike on Spotted as well?';
    const res = await send(messageBody({ email: 'Anon@Example.mt', text }));
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    expect(res.message).toBe('Message sent successfully');
    expect(res.data).toEqual({ id: expect.any(Number) });

    const row = await stored(res.data.id);
    expect(row).toMatchObject({
      userId: null,
      email: 'Anon@Example.mt',
      phone: '79 123 456',
      text,
      replyMessage: null,
      repliedAt: null,
    });

    const [mail] = await mailsTo('support@spotted.mt');
    expect(mail?.subject).toContain(`#${res.data.id}`);
    expect(mail?.text).toContain(text);
    expect(mail?.text).toContain('Anon@Example.mt');
    expect(mail?.text).toContain('79 123 456');
    expect(mail?.sentAt).toBeNull();

    await deliverQueuedMail(ctx.db, ctx.deps.mailer);
    const delivered = ctx.outbox.find(
      (m) => m.to === 'support@spotted.mt' && m.text.includes(text),
    );
    expect(delivered).toBeDefined();
  });

  it('keeps the user of a signed-in sender', async () => {
    const id = await sendOk({ email: user.email }, user.accessToken);
    expect((await stored(id))?.userId).toBe(user.userId);
  });

  it('takes the phone as optional', async () => {
    const withoutPhone = await sendOk({ phone: undefined });
    expect((await stored(withoutPhone))?.phone).toBe('');
    const nullPhone = await sendOk({ phone: null });
    expect((await stored(nullPhone))?.phone).toBe('');
    const anyText = await sendOk({ phone: 'call after 6pm' });
    expect((await stored(anyText))?.phone).toBe('call after 6pm');
  });

  it('sends to the support address of the configuration', async () => {
    await ctx.db
      .update(configuration)
      .set({ supportEmail: 'help@spotted.mt' })
      .where(eq(configuration.id, 1));
    try {
      const text = 'Please send the next message to the new support address.';
      await sendOk({ text });
      const [mail] = await mailsTo('help@spotted.mt');
      expect(mail?.text).toContain(text);
    } finally {
      await ctx.db
        .update(configuration)
        .set({ supportEmail: 'support@spotted.mt' })
        .where(eq(configuration.id, 1));
    }
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['an empty email', { email: '' }, 'You have to enter email field'],
    ['a blank email', { email: '   ' }, 'You have to enter email field'],
    ['no email', { email: undefined }, 'You have to enter email field'],
    [
      'an empty email before a short message',
      { email: '', text: 'hi' },
      'You have to enter email field',
    ],
    ['an email without @', { email: 'visitor.example.mt' }, 'Not valid email'],
    ['an email without domain', { email: 'visitor@example' }, 'Not valid email'],
    ['a bad email before a short message', { email: 'nope', text: 'hi' }, 'Not valid email'],
    ['a message of 9 characters', { text: '123456789' }, 'Message too short'],
    ['an empty message', { text: '' }, 'Message too short'],
    ['no message', { text: undefined }, 'Message too short'],
    ['a message of spaces', { text: ' '.repeat(20) }, 'Message too short'],
    ['a message of 501 characters', { text: 'm'.repeat(501) }, 'Message too long'],
    [
      'a phone over 40 characters',
      { phone: '1'.repeat(41) },
      'Phone number can have at most 40 characters',
    ],
  ];
  for (const [name, overrides, message] of invalid) {
    it(`refuses ${name} with '${message}'`, async () => {
      const before = await countMessages();
      const res = await send(messageBody(overrides));
      expect(res.status).toBe(400);
      expect(res.code).toBe(400);
      expect(res.message).toBe(message);
      expect(res.data).toBeNull();
      expect(await countMessages()).toBe(before);
    });
  }

  it('accepts messages of exactly 10 and 500 characters', async () => {
    const ten = await sendOk({ text: '1234567890' });
    expect((await stored(ten))?.text).toBe('1234567890');
    const fiveHundred = await sendOk({ text: 'x'.repeat(500) });
    expect((await stored(fiveHundred))?.text).toHaveLength(500);
  });

  it('takes at most 10 messages an hour from one address', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < 10; i++) {
      const res = await send(messageBody(), { ip });
      expect(res.code).toBe(0);
    }
    const before = await countMessages();
    const blocked = await send(messageBody(), { ip });
    expect(blocked.status).toBe(429);
    expect(blocked.code).toBe(429);
    expect(await countMessages()).toBe(before);
    const other = await send(messageBody(), { ip: '203.0.113.78' });
    expect(other.code).toBe(0);
  });

  it("knows the client by the proxy's entry in X-Forwarded-For, not by what the client wrote before it", async () => {
    const proxied = (i: number) => ({ ip: `198.51.100.${i}, 203.0.113.90` });
    for (let i = 0; i < 10; i++) {
      expect((await send(messageBody(), proxied(i))).code).toBe(0);
    }
    expect((await send(messageBody(), proxied(10))).status).toBe(429);
  });
});

describe('admin security', () => {
  let messageId: number;
  beforeAll(async () => {
    messageId = await sendOk();
  });

  it('POST /contact/messages answers 401 to anonymous callers and 403 to users', async () => {
    const anonymous = await ctx.client().call((r) => r.contact.messages.$post({ query: {} }));
    expect(anonymous).toMatchObject({ status: 401, code: 401, data: null });
    const normal = await ctx
      .client(user.accessToken)
      .call((r) => r.contact.messages.$post({ query: {} }));
    expect(normal).toMatchObject({ status: 403, code: 403, data: null });
  });

  it('POST /contact/reply answers 401 and 403 and answers nothing', async () => {
    const body = { messageId, messageEmail: 'visitor@example.mt', text: 'Hacked reply' };
    const anonymous = await ctx.client().call((r) => r.contact.reply.$post({ json: body }));
    expect(anonymous).toMatchObject({ status: 401, code: 401, data: null });
    const normal = await ctx
      .client(user.accessToken)
      .call((r) => r.contact.reply.$post({ json: body }));
    expect(normal).toMatchObject({ status: 403, code: 403, data: null });
    expect(await stored(messageId)).toMatchObject({ replyMessage: null, repliedAt: null });
  });
});

describe('POST /api/contact/messages', () => {
  it('lists every message newest first', async () => {
    const first = await sendOk({ text: 'The first of two messages in order.' });
    const second = await sendOk({ text: 'The second of two messages in order.', phone: '' });
    const res = await ctx.client(adminToken).call((r) => r.contact.messages.$post({ query: {} }));
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    const messages = wholeList(res.data);
    const ids = messages.map((m) => m.id);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    const times = messages.map((m) => Date.parse(m.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(messages.find((m) => m.id === second)).toEqual({
      id: second,
      email: 'visitor@example.mt',
      phone: '',
      text: 'The second of two messages in order.',
      replyMessage: null,
      createdAt: expect.any(String),
      repliedAt: null,
    });
  });
});

describe('POST /api/contact/reply', () => {
  it('stores the reply, e-mails it to the sender and audits it', async () => {
    const email = 'asker@example.mt';
    const messageId = await sendOk({ email, text: 'How long does approval take, please?' });
    const reply = 'Approval takes up to 5 business days.';
    const res = await ctx
      .client(adminToken)
      .call((r) =>
        r.contact.reply.$post({ json: { messageId, messageEmail: email, text: reply } }),
      );
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    expect(res.message).toBe('Replied to message successfully');
    expect(res.data).toMatchObject({
      id: messageId,
      email,
      replyMessage: reply,
      repliedAt: expect.any(String),
    });

    const row = await stored(messageId);
    expect(row).toMatchObject({ replyMessage: reply, repliedBy: adminId });
    expect(row?.repliedAt).toBeInstanceOf(Date);

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(reply);
    expect(mails[0]?.text).toContain('How long does approval take, please?');

    const [auditRow] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'contact_message'), eq(auditLog.entityId, messageId)));
    expect(auditRow).toMatchObject({ adminId, action: 'reply' });

    await deliverQueuedMail(ctx.db, ctx.deps.mailer);
    expect(ctx.outbox.find((m) => m.to === email && m.text.includes(reply))).toBeDefined();

    const listed = await ctx
      .client(adminToken)
      .call((r) => r.contact.messages.$post({ query: {} }));
    expect(wholeList(listed.data).find((m) => m.id === messageId)?.replyMessage).toBe(reply);
  });

  it('refuses a second reply with 409 and sends nothing more', async () => {
    const email = 'twice@example.mt';
    const messageId = await sendOk({ email });
    const first = await ctx
      .client(adminToken)
      .call((r) =>
        r.contact.reply.$post({ json: { messageId, messageEmail: email, text: 'First answer.' } }),
      );
    expect(first.code).toBe(0);
    const second = await ctx
      .client(adminToken)
      .call((r) =>
        r.contact.reply.$post({ json: { messageId, messageEmail: email, text: 'Second answer.' } }),
      );
    expect(second.status).toBe(409);
    expect(second.code).toBe(409);
    expect((await stored(messageId))?.replyMessage).toBe('First answer.');
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it("mails the message's own address whatever messageEmail says", async () => {
    const email = 'real.sender@example.mt';
    const messageId = await sendOk({ email });
    const res = await ctx.client(adminToken).call((r) =>
      r.contact.reply.$post({
        json: { messageId, messageEmail: 'someone.else@example.mt', text: 'Thanks for writing.' },
      }),
    );
    expect(res.code).toBe(0);
    expect(await mailsTo(email)).toHaveLength(1);
    expect(await mailsTo('someone.else@example.mt')).toHaveLength(0);
  });

  for (const [name, text] of [
    ['an empty reply', ''],
    ['a blank reply', '   '],
    ['a missing reply', undefined],
  ] as const) {
    it(`refuses ${name} with 'Reply message is empty'`, async () => {
      const messageId = await sendOk();
      const body = { messageId, messageEmail: 'visitor@example.mt' };
      const res =
        text === undefined
          ? // No text at all, which the typed client cannot send.
            await ctx.request('POST', '/api/contact/reply', { body, token: adminToken })
          : await ctx
              .client(adminToken)
              .call((r) => r.contact.reply.$post({ json: { ...body, text } }));
      expect(res).toMatchObject({ status: 400, code: 400, message: 'Reply message is empty' });
      expect(await stored(messageId)).toMatchObject({ replyMessage: null, repliedAt: null });
    });
  }

  it('answers 404 for an unknown message and 400 without a message id', async () => {
    const missing = await ctx.client(adminToken).call((r) =>
      r.contact.reply.$post({
        json: { messageId: 999_999, messageEmail: 'x@example.mt', text: 'Hello there.' },
      }),
    );
    expect(missing).toMatchObject({ status: 404, code: 404, message: 'Message not found' });
    // Without a message id, which the typed client cannot send.
    const noId = await ctx.request('POST', '/api/contact/reply', {
      body: { text: 'Hello there.' },
      token: adminToken,
    });
    expect(noId.status).toBe(400);
  });
});
