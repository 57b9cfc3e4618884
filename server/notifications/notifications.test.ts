import { and, count, eq, isNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '#shared/limits.ts';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { signUp, signUpAdmin } from '../../tests/support/factories.ts';
import { auditLog, mailQueue, notifications, users } from '../db/schema/index.ts';
import { deliverQueuedMail } from '../mail/queue.ts';
import { notificationTypes, notify } from './notify.ts';
import { htmlToText, safeUrl, sanitizeHtml } from './sanitize.ts';

let ctx: TestContext;
let adminToken: string;
let adminId: number;
let alice: { id: number; token: string };
let bob: { id: number; token: string };

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await signUpAdmin(ctx);
  adminToken = admin.accessToken;
  adminId = admin.userId;
  const a = await signUp(ctx);
  const b = await signUp(ctx, 'company');
  alice = { id: a.userId, token: a.accessToken };
  bob = { id: b.userId, token: b.accessToken };
});
afterAll(() => ctx.close());

const listOf = (userId: number, token?: string, body: Record<string, unknown> = {}) =>
  ctx
    .client(token)
    .call((r) =>
      r.notifications.user[':userId'].$post({ param: { userId: String(userId) }, json: body }),
    );

/** A notification for `userId` through notify(), as the other modules send them. */
async function noticeFor(userId: number, title = 'Listing approved', typeId = 3) {
  await notify(ctx.db, userId, { typeId, title, message: `<p>${title}</p>` });
  const [row] = await ctx.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.title, title)));
  return row!.id;
}

const unread = async (token: string) =>
  (await ctx.client(token).call((r) => r.notifications.unread.count.$get())).data.count;

describe('POST /api/notifications/user/{userId}', () => {
  it('answers the newest 50 first, then the rest, in the shape the screens read', async () => {
    const carol = await signUp(ctx);
    for (let n = 0; n < 60; n++) {
      await notify(ctx.db, carol.userId, {
        typeId: notificationTypes.payment,
        title: `Notice ${n}`,
        message: `<b>Number ${n}</b>`,
      });
    }
    const first = await listOf(carol.userId, carol.accessToken, { pageNumber: 1, pageSize: 50 });
    expect(first.status).toBe(200);
    expect(first.code).toBe(0);
    expect(first.data).toHaveLength(50);
    expect(first.data[0]).toEqual({
      id: expect.any(Number),
      typeId: 2,
      title: 'Notice 59',
      message: '<b>Number 59</b>',
      isRead: false,
      sentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    const second = await listOf(carol.userId, carol.accessToken, { pageNumber: 2, pageSize: 50 });
    expect(second.data).toHaveLength(10);
    expect(second.data.at(-1)!.title).toBe('Notice 0');
    const titles = [...first.data, ...second.data].map((n) => n.title);
    expect(new Set(titles).size).toBe(60);
    expect(titles).toEqual(Array.from({ length: 60 }, (_, n) => `Notice ${59 - n}`));
    const times = [...first.data, ...second.data].map((n) => Date.parse(n.sentAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));

    // Page 1 of 50 when the body leaves them out; nothing past the end.
    expect((await listOf(carol.userId, carol.accessToken)).data).toHaveLength(50);
    const third = await listOf(carol.userId, carol.accessToken, { pageNumber: 3 });
    expect(third.data).toEqual([]);
  });

  it("shows only the user's own notifications", async () => {
    await noticeFor(bob.id, 'For Bob only');
    const res = await listOf(alice.id, alice.token);
    expect(res.data.map((n) => n.title)).not.toContain('For Bob only');
  });

  it("lets an administrator read a user's notifications", async () => {
    await noticeFor(alice.id, 'Admin can see this');
    const res = await listOf(alice.id, adminToken);
    expect(res.status).toBe(200);
    expect(res.data.map((n) => n.title)).toContain('Admin can see this');
  });

  it('answers 401 without a token and 403 for another user', async () => {
    const anonymous = await listOf(alice.id);
    expect(anonymous.status).toBe(401);
    expect(anonymous.code).toBe(401);
    expect(anonymous.data).toBeNull();
    const other = await listOf(alice.id, bob.token);
    expect(other.status).toBe(403);
    expect(other.code).toBe(403);
    expect(other.data).toBeNull();
  });

  it('answers 400 for a bad page or user id', async () => {
    for (const body of [
      { pageNumber: 0 },
      { pageSize: 0 },
      { pageSize: 501 },
      { pageNumber: 'x' },
    ]) {
      const res = await listOf(alice.id, alice.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.code).toBe(400);
    }
    const res = await ctx
      .client(alice.token)
      .call((r) => r.notifications.user[':userId'].$post({ param: { userId: 'abc' }, json: {} }));
    expect(res.status).toBe(400);
    expect(res.message).toBe('Id must be a number');
  });
});

describe('GET /api/notifications/{id}', () => {
  it('answers the own notification', async () => {
    const id = await noticeFor(alice.id, 'Your listing was approved');
    const res = await ctx
      .client(alice.token)
      .call((r) => r.notifications[':id'].$get({ param: { id: String(id) } }));
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    expect(res.data).toEqual({
      id,
      typeId: 3,
      title: 'Your listing was approved',
      message: '<p>Your listing was approved</p>',
      isRead: false,
      sentAt: expect.any(String),
    });
  });

  it('answers 401 anonymous, 403 for someone else (admins too), 404 unknown, 400 bad id', async () => {
    const id = await noticeFor(alice.id, 'Private to Alice');
    expect(
      (await ctx.client().call((r) => r.notifications[':id'].$get({ param: { id: String(id) } })))
        .status,
    ).toBe(401);
    const other = await ctx
      .client(bob.token)
      .call((r) => r.notifications[':id'].$get({ param: { id: String(id) } }));
    expect(other.status).toBe(403);
    expect(other.code).toBe(403);
    expect(
      (
        await ctx
          .client(adminToken)
          .call((r) => r.notifications[':id'].$get({ param: { id: String(id) } }))
      ).status,
    ).toBe(403);
    const unknown = await ctx
      .client(alice.token)
      .call((r) => r.notifications[':id'].$get({ param: { id: '999999' } }));
    expect(unknown.status).toBe(404);
    expect(unknown.message).toBe('Notification not found');
    expect(
      (
        await ctx
          .client(alice.token)
          .call((r) => r.notifications[':id'].$get({ param: { id: 'abc' } }))
      ).status,
    ).toBe(400);
  });
});

describe('PUT /api/notifications/read/{id} and the unread count', () => {
  it('marks the notification read, once or twice, and the badge goes down', async () => {
    const dave = await signUp(ctx);
    const first = await noticeFor(dave.userId, 'First');
    await noticeFor(dave.userId, 'Second');
    expect(await unread(dave.accessToken)).toBe(2);

    for (let attempt = 0; attempt < 2; attempt++) {
      const res = await ctx
        .client(dave.accessToken)
        .call((r) => r.notifications.read[':id'].$put({ param: { id: String(first) } }));
      expect(res.status).toBe(200);
      expect(res.code).toBe(0);
      expect(res.data).toMatchObject({ id: first, title: 'First', isRead: true });
      expect(await unread(dave.accessToken)).toBe(1);
    }
    const list = await listOf(dave.userId, dave.accessToken);
    expect(list.data.find((n) => n.id === first)!.isRead).toBe(true);
    expect(list.data.find((n) => n.title === 'Second')!.isRead).toBe(false);
  });

  it('counts only the caller’s notifications', async () => {
    const erin = await signUp(ctx);
    expect(await unread(erin.accessToken)).toBe(0);
    await noticeFor(erin.userId, 'Welcome', 4);
    expect(await unread(erin.accessToken)).toBe(1);
    const res = await ctx.client(erin.accessToken).call((r) => r.notifications.unread.count.$get());
    expect(res).toMatchObject({ status: 200, code: 0, data: { count: 1 } });
  });

  it('answers 401 anonymous, 403 for someone else’s, 404 unknown', async () => {
    const id = await noticeFor(alice.id, 'Not for Bob to read');
    expect(
      (
        await ctx
          .client()
          .call((r) => r.notifications.read[':id'].$put({ param: { id: String(id) } }))
      ).status,
    ).toBe(401);
    expect((await ctx.client().call((r) => r.notifications.unread.count.$get())).status).toBe(401);
    const other = await ctx
      .client(bob.token)
      .call((r) => r.notifications.read[':id'].$put({ param: { id: String(id) } }));
    expect(other.status).toBe(403);
    const [row] = await ctx.db
      .select({ isRead: notifications.isRead })
      .from(notifications)
      .where(eq(notifications.id, id));
    expect(row!.isRead).toBe(false);
    expect(
      (
        await ctx
          .client(alice.token)
          .call((r) => r.notifications.read[':id'].$put({ param: { id: '999999' } }))
      ).status,
    ).toBe(404);
    expect(
      (
        await ctx
          .client(alice.token)
          .call((r) => r.notifications.read[':id'].$put({ param: { id: '0' } }))
      ).status,
    ).toBe(400);
  });
});

describe('PUT /api/notifications/remove/{id}', () => {
  it('removes it from the list, the detail and the unread count; again is fine', async () => {
    const frank = await signUp(ctx);
    const id = await noticeFor(frank.userId, 'Remove me');
    await noticeFor(frank.userId, 'Keep me');
    expect(await unread(frank.accessToken)).toBe(2);

    const res = await ctx
      .client(frank.accessToken)
      .call((r) => r.notifications.remove[':id'].$put({ param: { id: String(id) } }));
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    expect(res.data).toBeNull();
    const titles = (await listOf(frank.userId, frank.accessToken)).data.map((n) => n.title);
    expect(titles).toEqual(['Keep me']);
    expect(await unread(frank.accessToken)).toBe(1);
    expect(
      (
        await ctx
          .client(frank.accessToken)
          .call((r) => r.notifications[':id'].$get({ param: { id: String(id) } }))
      ).status,
    ).toBe(404);
    expect(
      (
        await ctx
          .client(frank.accessToken)
          .call((r) => r.notifications.read[':id'].$put({ param: { id: String(id) } }))
      ).status,
    ).toBe(404);
    expect(
      (
        await ctx
          .client(frank.accessToken)
          .call((r) => r.notifications.remove[':id'].$put({ param: { id: String(id) } }))
      ).status,
    ).toBe(200);

    // Soft: the row stays for the record.
    const [row] = await ctx.db
      .select({ removedAt: notifications.removedAt })
      .from(notifications)
      .where(eq(notifications.id, id));
    expect(row!.removedAt).toBeInstanceOf(Date);
  });

  it('answers 401 anonymous, 403 for someone else’s, 404 unknown', async () => {
    const id = await noticeFor(alice.id, 'Bob may not remove this');
    expect(
      (
        await ctx
          .client()
          .call((r) => r.notifications.remove[':id'].$put({ param: { id: String(id) } }))
      ).status,
    ).toBe(401);
    expect(
      (
        await ctx
          .client(bob.token)
          .call((r) => r.notifications.remove[':id'].$put({ param: { id: String(id) } }))
      ).status,
    ).toBe(403);
    expect(
      (
        await ctx
          .client(adminToken)
          .call((r) => r.notifications.remove[':id'].$put({ param: { id: String(id) } }))
      ).status,
    ).toBe(403);
    expect(
      (
        await ctx
          .client(alice.token)
          .call((r) => r.notifications[':id'].$get({ param: { id: String(id) } }))
      ).status,
    ).toBe(200);
    expect(
      (
        await ctx
          .client(alice.token)
          .call((r) => r.notifications.remove[':id'].$put({ param: { id: '999999' } }))
      ).status,
    ).toBe(404);
  });
});

describe('POST /api/notifications/send', () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    typeId: 1,
    title: 'Summer sale',
    message: '<p>Premium listings are <b>half price</b> this week.</p>',
    mailMessage: '',
    allUsers: true,
    topic: 'general',
    ...overrides,
  });

  it('answers 401 anonymous and 403 for users, and sends nothing', async () => {
    const anonymous = await ctx
      .client()
      .call((r) => r.notifications.send.$post({ json: body({ title: 'Anon' }) }));
    expect(anonymous.status).toBe(401);
    const user = await ctx
      .client(alice.token)
      .call((r) => r.notifications.send.$post({ json: body({ title: 'By user' }) }));
    expect(user.status).toBe(403);
    expect(user.code).toBe(403);
    const [sent] = await ctx.db
      .select({ n: count() })
      .from(notifications)
      .where(eq(notifications.title, 'By user'));
    expect(sent!.n).toBe(0);
  });

  it('answers 400 with the message of the broken rule', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, 'Please enter title'],
      [{ title: '   ' }, 'Please enter title'],
      [{ title: undefined }, 'Please enter title'],
      [{ title: 'x'.repeat(101) }, 'Title can have at most 100 characters'],
      [{ message: '' }, 'Please enter message'],
      [{ message: 'x'.repeat(501) }, 'Message can have at most 500 characters'],
      [{ message: '<script>alert(1)</script>' }, 'Please enter message'],
      [{ allUsers: false }, 'Only notifications to all users are supported'],
      [{ typeId: 9 }, 'Unknown notification type'],
    ];
    for (const [overrides, message] of cases) {
      const res = await ctx
        .client(adminToken)
        .call((r) => r.notifications.send.$post({ json: body(overrides) }));
      expect(res.status, message).toBe(400);
      expect(res.code).toBe(400);
      expect(res.message).toBe(message);
      expect(res.data).toBeNull();
    }
    expect(
      (
        await ctx
          .client(adminToken)
          .call((r) => r.notifications.send.$post({ json: body({ message: 'x'.repeat(500) }) }))
      ).status,
    ).toBe(200);
  });

  it('reaches every user in-app but no admin or deleted user, and queues one mail each', async () => {
    // Sixty more users (inserted directly: hashing sixty passwords would only slow the test).
    const many = await ctx.db
      .insert(users)
      .values(
        Array.from({ length: 60 }, (_, n) => ({
          roleId: n % 2 ? roles.individual : roles.company,
          email: `broadcast.${n}@example.mt`,
          passwordHash: 'not-a-hash',
          firstName: `User ${n}`,
        })),
      )
      .returning({ id: users.id });
    const [gone] = await ctx.db
      .insert(users)
      .values({
        roleId: roles.individual,
        email: 'deleted-gone@deleted.invalid',
        passwordHash: 'not-a-hash',
        firstName: 'Gone',
        deletedAt: new Date(),
      })
      .returning({ id: users.id });
    const expected = await ctx.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(isNull(users.deletedAt), ne(users.roleId, roles.admin)));
    expect(expected.length).toBeGreaterThanOrEqual(many.length + 2);

    const res = await ctx.client(adminToken).call((r) =>
      r.notifications.send.$post({
        json: body({
          typeId: 2,
          title: 'New prices',
          message:
            '<p onclick="steal()">See <a href="https://spotted.mt/prices">prices</a>' +
            '<script>steal()</script><img src=x onerror="steal()"></p>',
        }),
      }),
    );
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    expect(res.message).toBe('Successfully sent notification');
    expect(res.data).toEqual({ recipients: expected.length });

    const rows = await ctx.db
      .select({
        userId: notifications.userId,
        typeId: notifications.typeId,
        message: notifications.message,
        broadcastId: notifications.broadcastId,
      })
      .from(notifications)
      .where(eq(notifications.title, 'New prices'));
    expect(rows.map((r) => r.userId).sort((x, y) => x - y)).toEqual(
      expected.map((u) => u.id).sort((x, y) => x - y),
    );
    expect(rows.map((r) => r.userId)).not.toContain(adminId);
    expect(rows.map((r) => r.userId)).not.toContain(gone!.id);
    const stored =
      '<p>See <a href="https://spotted.mt/prices" target="_blank" rel="noopener noreferrer nofollow">prices</a></p>';
    for (const row of rows) {
      expect(row.typeId).toBe(2);
      expect(row.message).toBe(stored);
      expect(row.broadcastId).toBe(rows[0]!.broadcastId);
    }

    // Users see it in their list and badge.
    const aliceList = await listOf(alice.id, alice.token);
    expect(aliceList.data[0]).toMatchObject({ title: 'New prices', typeId: 2, message: stored });
    const adminList = await listOf(adminId, adminToken);
    expect(adminList.data.map((n) => n.title)).not.toContain('New prices');

    // One mail each, plain text by default.
    const mails = await ctx.db
      .select({ to: mailQueue.to, text: mailQueue.text, sentAt: mailQueue.sentAt })
      .from(mailQueue)
      .where(eq(mailQueue.subject, 'New prices'));
    expect(mails.map((m) => m.to).sort()).toEqual(expected.map((u) => u.email).sort());
    for (const mail of mails) {
      expect(mail.text).toBe('See prices (https://spotted.mt/prices)');
      expect(mail.sentAt).toBeNull();
    }

    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, 'notification'), eq(auditLog.entityId, rows[0]!.broadcastId!)),
      );
    expect(entry).toMatchObject({ adminId, action: 'send' });
    expect(entry!.details).toMatchObject({ title: 'New prices', recipients: expected.length });

    // The mail job sends the queue 50 at a time.
    const before = ctx.outbox.length;
    const batches: number[] = [];
    for (let sent = -1; sent !== 0;) {
      sent = await deliverQueuedMail(ctx.db, ctx.deps.mailer, 50);
      batches.push(sent);
    }
    expect(batches[0]).toBe(50);
    expect(Math.max(...batches)).toBeLessThanOrEqual(50);
    const delivered = ctx.outbox.slice(before).filter((m) => m.subject === 'New prices');
    expect(delivered.map((m) => m.to).sort()).toEqual(expected.map((u) => u.email).sort());
    const [pending] = await ctx.db
      .select({ n: count() })
      .from(mailQueue)
      .where(and(eq(mailQueue.subject, 'New prices'), isNull(mailQueue.sentAt)));
    expect(pending!.n).toBe(0);
  });

  it('uses the mail message when given, and type info and topic general by default', async () => {
    const res = await ctx.client(adminToken).call((r) =>
      r.notifications.send.$post({
        json: {
          title: 'Defaults',
          message: 'Hello <i>everyone</i>',
          mailMessage: 'Hello by mail',
        },
      }),
    );
    expect(res.status).toBe(200);
    const [row] = await ctx.db
      .select({ typeId: notifications.typeId, message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.title, 'Defaults'), eq(notifications.userId, alice.id)));
    expect(row).toEqual({ typeId: 1, message: 'Hello <i>everyone</i>' });
    const mails = await ctx.db
      .select({ text: mailQueue.text })
      .from(mailQueue)
      .where(eq(mailQueue.subject, 'Defaults'));
    expect(mails).toHaveLength(res.data.recipients);
    expect(new Set(mails.map((m) => m.text))).toEqual(new Set(['Hello by mail']));
  });
});

describe('the OpenAPI document', () => {
  it('lists the notification routes', async () => {
    const doc = (await (await ctx.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths['/api/notifications/user/{userId}'] ?? {})).toEqual(['post']);
    expect(doc.paths['/api/notifications/unread/count']).toHaveProperty('get');
    expect(doc.paths['/api/notifications/send']).toHaveProperty('post');
    expect(doc.paths['/api/notifications/read/{id}']).toHaveProperty('put');
    expect(doc.paths['/api/notifications/remove/{id}']).toHaveProperty('put');
    expect(doc.paths['/api/notifications/{id}']).toHaveProperty('get');
  });
});

describe('sanitizeHtml', () => {
  it('removes scripts, styles and event handlers', () => {
    expect(sanitizeHtml('Hi<script>alert(1)</script> there')).toBe('Hi there');
    expect(sanitizeHtml('<SCRIPT type="x">a</b></SCRIPT >ok')).toBe('ok');
    expect(sanitizeHtml('<style>body{display:none}</style><p>x</p>')).toBe('<p>x</p>');
    expect(sanitizeHtml('<img src=x onerror="alert(1)">pic')).toBe('pic');
    expect(sanitizeHtml('<b onmouseover="alert(1)" style="color:red">bold</b>')).toBe(
      '<b>bold</b>',
    );
    expect(sanitizeHtml('<p ONCLICK=alert(1)>x</p>')).toBe('<p>x</p>');
    expect(sanitizeHtml('<iframe src="https://evil.example"></iframe>x')).toBe('x');
    expect(sanitizeHtml('<svg><script>alert(1)</script></svg>x')).toBe('x');
    expect(sanitizeHtml('<script>never closed')).toBe('');
  });

  it('keeps simple formatting and safe links', () => {
    expect(sanitizeHtml('<b>bold</b> and <strong>strong</strong>')).toBe(
      '<b>bold</b> and <strong>strong</strong>',
    );
    expect(sanitizeHtml('<p>One<br>two<br/></p><ul><li>a</li></ul>')).toBe(
      '<p>One<br />two<br /></p><ul><li>a</li></ul>',
    );
    expect(sanitizeHtml('<a href="https://spotted.mt/car/1" title="Car">car</a>')).toBe(
      '<a href="https://spotted.mt/car/1" title="Car" target="_blank" rel="noopener noreferrer nofollow">car</a>',
    );
    expect(sanitizeHtml('<a href="/my-listings">mine</a>')).toContain('href="/my-listings"');
    expect(sanitizeHtml('<a href="mailto:help@spotted.mt">mail</a>')).toContain(
      'href="mailto:help@spotted.mt"',
    );
    expect(sanitizeHtml('Caf&eacute; &amp; bar')).toBe('Café &amp; bar');
  });

  it('drops javascript: and other unsafe link targets however they are written', () => {
    for (const href of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'jav&#x09;ascript:alert(1)',
      'jav\tascript:alert(1)',
      '&#106;avascript:alert(1)',
      '&#x6A;avascript:alert(1)',
      'javascript&colon;alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'vbscript:msgbox(1)',
    ]) {
      const out = sanitizeHtml(`<a href="${href}">x</a>`);
      expect(out, href).not.toMatch(/javascript:|data:|vbscript:/i);
      expect(out, href).toMatch(/^<a( href="[^"]*")?( target="_blank" rel="[^"]*")?>x<\/a>$/);
    }
    expect(safeUrl('javascript&colon;alert(1)')).toBeUndefined();
    expect(safeUrl('https://spotted.mt/a?b=c:d')).toBe('https://spotted.mt/a?b=c:d');
    expect(safeUrl('/search?x=1:2')).toBe('/search?x=1:2');
  });

  it('escapes stray markup and closes what it opens', () => {
    expect(sanitizeHtml('1 < 2 > 0')).toBe('1 &lt; 2 &gt; 0');
    expect(sanitizeHtml('<b>open')).toBe('<b>open</b>');
    // A stray </p> is an empty paragraph, as browsers read it; a stray </div> is nothing.
    expect(sanitizeHtml('</div></p>text')).toBe('<p></p>text');
    expect(sanitizeHtml('<b><i>x</b>y')).toBe('<b><i>x</i></b>y');
    expect(sanitizeHtml('<!-- secret --><p>x</p><!-- <script>')).toBe('<p>x</p>');
    expect(sanitizeHtml('<a href="https://x.mt" title="&quot;><script>">x</a>')).toContain(
      'title="&quot;&gt;&lt;script&gt;"',
    );
    expect(sanitizeHtml('<custom-tag>kept text</custom-tag>')).toBe('kept text');
    expect(sanitizeHtml('<img src="x" onerror="alert(1)"')).toBe('');
  });
});

describe('htmlToText', () => {
  it('gives the plain text of the mail', () => {
    expect(htmlToText('<p>Hello <b>there</b></p><p>Second&nbsp;line &amp; more</p>')).toBe(
      'Hello there\n\nSecond line & more',
    );
    expect(htmlToText('One<br>Two<ul><li>a</li><li>b</li></ul>')).toBe('One\nTwo\n\n- a\n- b');
    expect(htmlToText('See <a href="https://spotted.mt">the site</a>')).toBe(
      'See the site (https://spotted.mt)',
    );
    expect(htmlToText('<a href="https://spotted.mt">https://spotted.mt</a>')).toBe(
      'https://spotted.mt',
    );
    expect(htmlToText('<script>x</script>')).toBe('');
  });
});
