import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/schemas/auth.ts';
import { reportNotices } from '#shared/schemas/trust.ts';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { newAddress, signUp, signUpAdmin } from '../../tests/support/factories.ts';
import { liveListing, submitListing } from '../../tests/support/listings.ts';
import { auditLog, mailQueue, notifications, users } from '../db/schema/index.ts';

let ctx: TestContext;
let admin: Session;
let owner: Session;

beforeAll(async () => {
  ctx = await createTestContext({ REPORTS_TO_HIDE: '2' });
  admin = await signUpAdmin(ctx);
  owner = await signUp(ctx);
});
afterAll(() => ctx.close());

const asAdmin = () => ctx.client(admin.accessToken);
const TITLE = 'Toyota Yaris 1.3 automatic, one owner';

const lastNotice = async (userId: number) => {
  const [row] = await ctx.db
    .select({ title: notifications.title, message: notifications.message })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.id))
    .limit(1);
  return row;
};
const lastMail = async (to: string) => {
  const [row] = await ctx.db
    .select({ subject: mailQueue.subject, text: mailQueue.text })
    .from(mailQueue)
    .where(eq(mailQueue.to, to))
    .orderBy(desc(mailQueue.id))
    .limit(1);
  return row;
};
const lastLogged = async (action: string, listingId: number) => {
  const [row] = await ctx.db
    .select({ details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, listingId)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row?.details;
};
const report = (
  id: number,
  json: { message: string; ground?: 'illegal' | 'terms'; contact?: string },
  token?: string,
) =>
  ctx
    .client(token, newAddress())
    .call((r) => r.cars.report[':id'].$post({ param: { id: String(id) }, json }));

const appeal = (id: number) =>
  `How to appeal: within 6 months, choose <a href="/appeal/${id}">Appeal this decision</a>; a moderator who did not take this decision reviews it and tells you the outcome.`;
const appealByMail = (id: number) =>
  `How to appeal: within 6 months, choose Appeal this decision at ${ctx.deps.config.PUBLIC_URL}/appeal/${id}; a moderator who did not take this decision reviews it and tells you the outcome.`;

describe('statements of reasons', () => {
  it('tell a denied seller the template’s ground, the automated detection and how to appeal, in the app and by e-mail', async () => {
    const template = await asAdmin().call((r) =>
      r.moderation.reasons.$post({
        json: {
          kind: 'deny',
          ground: 'illegal',
          text: 'The listing asks for a deposit by bank transfer before a viewing.',
        },
      }),
    );
    expect(template.data).toMatchObject({ ground: 'illegal' });
    // A description with an e-mail address and a bank transfer: the scam check flags it.
    const id = await submitListing(ctx, owner.accessToken, {
      description: 'Send a deposit by Western Union to cars4u@example.com before viewing.',
    });
    const reason = `${template.data.text} Please remove it.`;
    const denied = await asAdmin().call((r) =>
      r.cars.request.deny.$post({ json: { id, message: reason } }),
    );
    expect(denied.code).toBe(0);

    const notice = await lastNotice(owner.userId);
    expect(notice?.title).toBe('Your listing was denied');
    expect(notice?.message).toContain(`<p>Ground: Illegal content (${reason}).</p>`);
    expect(notice?.message).toContain(
      '<p>Automated means: flagged by automated scam detection. A moderator took the decision.</p>',
    );
    expect(notice?.message).toContain(appeal(id));
    const mail = await lastMail(owner.email);
    expect(mail?.subject).toBe('Your listing was denied');
    expect(mail?.text).toContain(`Ground: Illegal content (${reason}).`);
    expect(mail?.text).toContain(appealByMail(id));
    expect(await lastLogged('deny', id)).toMatchObject({
      ground: 'illegal',
      automatedDetection: ['scam'],
      reports: 0,
      decidedAutomatically: false,
    });
    // A template edited without naming its ground keeps it.
    const edited = await asAdmin().call((r) =>
      r.moderation.reasons[':id'].$put({
        param: { id: String(template.data.id) },
        json: { kind: 'deny', text: 'The listing asks for a deposit before a viewing.' },
      }),
    );
    expect(edited.data).toMatchObject({ ground: 'illegal' });
  });

  it('tell a suspended seller that reports prompted it; a ground sent by the moderator wins', async () => {
    const id = await liveListing(ctx, owner.accessToken, admin.accessToken);
    const reporter = await signUp(ctx);
    expect(
      (
        await report(
          id,
          { message: 'Fraud - the seller asked me for money upfront', ground: 'illegal' },
          reporter.accessToken,
        )
      ).code,
    ).toBe(0);
    const suspended = await asAdmin().call((r) =>
      r.cars.suspend[':id'].$post({
        param: { id: String(id) },
        json: { message: 'Stolen car', ground: 'illegal' },
      }),
    );
    expect(suspended.code).toBe(0);
    const notice = await lastNotice(owner.userId);
    expect(notice?.message).toContain('<p>Ground: Illegal content (Stolen car).</p>');
    expect(notice?.message).toContain(
      '<p>Automated means: prompted by 1 report from users. A moderator took the decision.</p>',
    );
    expect(await lastLogged('suspend', id)).toMatchObject({ ground: 'illegal', reports: 1 });

    // Without a reason or a ground: a breach of the terms, nothing automated.
    const plain = await liveListing(ctx, owner.accessToken, admin.accessToken);
    await asAdmin().call((r) =>
      r.cars.suspend[':id'].$post({ param: { id: String(plain) }, json: {} }),
    );
    const bare = await lastNotice(owner.userId);
    expect(bare?.message).toContain('<p>Ground: Breach of the terms of use.</p>');
    expect(bare?.message).toContain(
      'No automated detection was involved. A moderator took the decision.',
    );
    expect(bare?.message).toContain(appeal(plain));
  });

  it('tell the seller of a listing hidden by reports that the decision was automatic', async () => {
    const id = await liveListing(ctx, owner.accessToken, admin.accessToken);
    const [a, b] = await Promise.all([signUp(ctx), signUp(ctx)]);
    await ctx.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(inArray(users.id, [a!.userId, b!.userId]));
    await report(id, { message: 'Scam - the photos are of another car' }, a!.accessToken);
    await report(
      id,
      { message: 'Illegal - the car is stolen, see the chassis', ground: 'illegal' },
      b!.accessToken,
    );
    const notice = await lastNotice(owner.userId);
    expect(notice?.title).toBe('Your listing is under review');
    expect(notice?.message).toContain('<p>Ground: Illegal content (reported by 2 people).</p>');
    expect(notice?.message).toContain(
      'prompted by 2 reports from users. The decision was taken automatically; a moderator reviews it.',
    );
  });
});

describe('notice and action', () => {
  it('confirms a report to the reporter and tells them the outcome, once', async () => {
    const id = await liveListing(ctx, owner.accessToken, admin.accessToken);
    const reporter = await signUp(ctx);
    const what = reportNotices.listing(TITLE);
    const sent = await report(
      id,
      { message: 'Illegal - this car was reported stolen last week', ground: 'illegal' },
      reporter.accessToken,
    );
    expect(sent).toMatchObject({ code: 0, message: 'Car reported' });
    expect(await lastNotice(reporter.userId)).toEqual({
      title: reportNotices.receivedTitle,
      message: `<p>${reportNotices.received(what, 'illegal').replaceAll('"', '&quot;')}</p>`,
    });
    expect((await lastMail(reporter.email))?.text).toContain(
      reportNotices.received(what, 'illegal'),
    );

    await asAdmin().call((r) =>
      r.cars.suspend[':id'].$post({ param: { id: String(id) }, json: {} }),
    );
    expect((await lastNotice(reporter.userId))?.title).toBe(reportNotices.outcomeTitle);
    expect((await lastMail(reporter.email))?.text).toContain(reportNotices.actioned(what));
    const told = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, reporter.userId));
    // Activating it again sends no second outcome.
    await asAdmin().call((r) => r.cars.activate[':id'].$post({ param: { id: String(id) } }));
    expect(
      await ctx.db.select().from(notifications).where(eq(notifications.userId, reporter.userId)),
    ).toHaveLength(told.length);
  });

  it('lets a visitor report with an optional contact, which hears the confirmation and the outcome', async () => {
    const id = await liveListing(ctx, owner.accessToken, admin.accessToken);
    const contact = `witness.${Date.now()}@example.mt`;
    const what = reportNotices.listing(TITLE);
    expect(
      await report(id, {
        message: 'Illegal - odometer rolled back',
        ground: 'illegal',
        contact: 'nope',
      }),
    ).toMatchObject({ status: 400, message: 'Not valid email' });
    expect(
      (await report(id, { message: 'Illegal - odometer rolled back', ground: 'illegal', contact }))
        .code,
    ).toBe(0);
    expect((await lastMail(contact))?.text).toContain(reportNotices.received(what, 'illegal'));
    await asAdmin().call((r) => r.car[':id'].report.delete.$post({ param: { id: String(id) } }));
    expect((await lastMail(contact))?.text).toContain(reportNotices.noAction(what));
  });

  it('confirms a report of a conversation and tells the outcome when an administrator resolves it', async () => {
    const id = await liveListing(ctx, owner.accessToken, admin.accessToken);
    const buyer = await signUp(ctx);
    const started = await ctx
      .client(buyer.accessToken)
      .call((r) => r.conversations.$post({ json: { carId: id, text: 'Is it still for sale?' } }));
    const conversation = String(started.data.conversationId);
    const reported = await ctx.client(owner.accessToken).call((r) =>
      r.conversations[':id'].report.$post({
        param: { id: conversation },
        json: { reason: 'The buyer sent a threatening message', ground: 'illegal' },
      }),
    );
    expect(reported.code).toBe(0);
    const what = reportNotices.conversation(TITLE);
    expect((await lastMail(owner.email))?.text).toContain(reportNotices.received(what, 'illegal'));
    const list = await asAdmin().call((r) => r.conversations.reports.$get());
    const open = list.data.find((row) => row.conversationId === Number(conversation));
    await asAdmin().call((r) =>
      r.conversations.reports[':id'].resolve.$put({ param: { id: String(open?.id) } }),
    );
    expect((await lastMail(owner.email))?.text).toContain(reportNotices.reviewed(what));
  });
});
