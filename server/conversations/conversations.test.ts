import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { conversationTexts } from '#shared/schemas/conversation.ts';
import { signUp, signUpAdmin } from '../../tests/support/factories.ts';
import { liveListing } from '../../tests/support/listings.ts';
import { mailQueue, notifications, users } from '../db/schema/index.ts';
import { looksLikeScam } from '../trust/scam.ts';

type Person = Awaited<ReturnType<typeof signUp>>;

let ctx: TestContext;
let admin: Person;
let seller: Person;
let buyer: Person;
let car: number;

beforeAll(async () => {
  ctx = await createTestContext({ CONVERSATIONS_PER_HOUR: '2', MESSAGES_PER_HOUR: '8' });
  admin = await signUpAdmin(ctx);
  seller = await signUp(ctx, 'private', { firstName: 'Sandra', lastName: 'Vella' });
  buyer = await signUp(ctx, 'private', { firstName: 'Brian', lastName: 'Borg' });
  car = await liveListing(ctx, seller.accessToken, admin.accessToken);
});
afterAll(() => ctx.close());

const as = (who: Person) => ctx.client(who.accessToken);
const id = (n: number) => ({ id: String(n) });

const start = (who: Person, carId: number, text: string) =>
  as(who).call((r) => r.conversations.$post({ json: { carId, text } }));
const reply = (who: Person, conversation: number, text: string) =>
  as(who).call((r) =>
    r.conversations[':id'].messages.$post({ param: id(conversation), json: { text } }),
  );
const messages = (who: Person, conversation: number, after?: number) =>
  as(who).call((r) =>
    r.conversations[':id'].messages.$get({
      param: id(conversation),
      query: after === undefined ? {} : { after: String(after) },
    }),
  );
const inbox = (who: Person) => as(who).call((r) => r.conversations.$get());
const unread = async (who: Person) =>
  (await as(who).call((r) => r.conversations.unread.count.$get())).data.count;

describe('a buyer messages a seller', () => {
  let conversation: number;

  it('opens one conversation per listing and buyer, with the car and no contact data', async () => {
    const info = await as(buyer).call((r) =>
      r.conversations.car[':carId'].$get({ param: { carId: String(car) } }),
    );
    expect(info.data).toMatchObject({ conversationId: null, otherName: 'Sandra V.' });
    expect(info.data.car.id).toBe(car);

    const first = await start(buyer, car, 'Hello, is the car still available?');
    expect(first.code).toBe(0);
    conversation = first.data.conversationId;
    expect(first.data.message).toMatchObject({ mine: true, warning: false });
    const again = await start(buyer, car, 'And has it been serviced?');
    expect(again.data.conversationId).toBe(conversation);

    const view = await as(seller).call((r) =>
      r.conversations[':id'].$get({ param: id(conversation) }),
    );
    expect(view.data).toMatchObject({ role: 'seller', otherName: 'Brian B.', canWrite: true });
    expect(view.data.car?.id).toBe(car);
    const [buyerRow] = await ctx.db.select().from(users).where(eq(users.id, buyer.userId));
    expect(JSON.stringify(view.data)).not.toContain(buyerRow!.email);
    expect(JSON.stringify(view.data)).not.toContain(buyerRow!.phone);
  });

  it('counts unread messages, tells the seller once per unread streak, and reads them', async () => {
    expect(await unread(seller)).toBe(2);
    expect(await unread(buyer)).toBe(0);
    const [summary] = (await inbox(seller)).data;
    expect(summary).toMatchObject({ id: conversation, role: 'seller', unread: 2 });
    expect(summary?.lastMessage).toBe('And has it been serviced?');

    const notices = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, seller.userId));
    const about = notices.filter((n) => n.title === 'New message from Brian B.');
    expect(about).toHaveLength(1);
    expect(about[0]?.message).toContain(`/messages?c=${conversation}`);
    const [sellerRow] = await ctx.db.select().from(users).where(eq(users.id, seller.userId));
    const mails = await ctx.db
      .select()
      .from(mailQueue)
      .where(
        and(eq(mailQueue.to, sellerRow!.email), eq(mailQueue.subject, 'New message from Brian B.')),
      );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`/messages?c=${conversation}`);

    await as(seller).call((r) => r.conversations[':id'].read.$put({ param: id(conversation) }));
    expect(await unread(seller)).toBe(0);
  });

  it('delivers a reply to the buyer, who polls for messages after the last one seen', async () => {
    const seen = (await messages(buyer, conversation)).data;
    expect(seen.map((m) => m.text)).toEqual([
      'Hello, is the car still available?',
      'And has it been serviced?',
    ]);
    const answer = await reply(seller, conversation, 'Yes, it is. Come and see it on Saturday.');
    expect(answer.code).toBe(0);
    const polled = await messages(buyer, conversation, seen.at(-1)!.id);
    expect(polled.data).toEqual([
      expect.objectContaining({ text: 'Yes, it is. Come and see it on Saturday.', mine: false }),
    ]);
    expect(await unread(buyer)).toBe(1);
  });

  it('warns the recipient, not the sender, of a message asking for a deposit or moving off-site', async () => {
    const sent = await reply(seller, conversation, 'Send a deposit by Western Union first.');
    expect(sent.data.warning).toBe(false);
    const got = await messages(buyer, conversation, sent.data.id - 1);
    expect(got.data[0]).toMatchObject({ warning: true });
  });

  it('answers nobody else, administrators included, with 404', async () => {
    const stranger = await signUp(ctx);
    for (const who of [stranger, admin]) {
      const res = await as(who).call((r) =>
        r.conversations[':id'].$get({ param: id(conversation) }),
      );
      expect(res.status).toBe(404);
      const wrote = await reply(who, conversation, 'Hi');
      expect(wrote.status).toBe(404);
    }
  });

  it('refuses an own listing and an empty message', async () => {
    expect((await start(seller, car, 'Hi')).message).toBe(conversationTexts.ownListing);
    const empty = await reply(buyer, conversation, '   ');
    expect(empty).toMatchObject({ status: 400, message: conversationTexts.enterMessage });
  });
});

describe('blocking and reporting', () => {
  it('a blocked buyer cannot write, in this or a new conversation, until unblocked', async () => {
    const other = await signUp(ctx);
    const first = await start(other, car, 'Is the price negotiable?');
    const conversation = first.data.conversationId;
    await as(seller).call((r) => r.conversations[':id'].block.$put({ param: id(conversation) }));
    const refused = await reply(other, conversation, 'Hello?');
    expect(refused).toMatchObject({ status: 403, message: conversationTexts.blocked });
    expect((await start(other, car, 'Hello?')).status).toBe(403);
    const view = await as(other).call((r) =>
      r.conversations[':id'].$get({ param: id(conversation) }),
    );
    expect(view.data).toMatchObject({ canWrite: false, blockedByMe: false });
    await as(seller).call((r) => r.conversations[':id'].unblock.$put({ param: id(conversation) }));
    expect((await reply(other, conversation, 'Hello again')).code).toBe(0);
  });

  it('a report shows the conversation to administrators, and only to them', async () => {
    const reporter = await signUp(ctx);
    const { data } = await start(reporter, car, 'Hi, can I see it tomorrow?');
    const conversation = data.conversationId;
    await reply(seller, conversation, 'Pay a deposit to my account first.');
    const reason = { reason: 'The seller asks for money before a viewing' };
    const reported = await as(reporter).call((r) =>
      r.conversations[':id'].report.$post({ param: id(conversation), json: reason }),
    );
    expect(reported).toMatchObject({ code: 0, message: conversationTexts.reported });
    const twice = await as(reporter).call((r) =>
      r.conversations[':id'].report.$post({ param: id(conversation), json: reason }),
    );
    expect(twice.status).toBe(409);

    const list = await as(admin).call((r) => r.conversations.reports.$get());
    const row = list.data.find((x) => x.conversationId === conversation);
    expect(row).toMatchObject({ reporterId: reporter.userId, resolvedAt: null });
    const detail = await as(admin).call((r) =>
      r.conversations.reports[':id'].$get({ param: id(row!.id) }),
    );
    expect(detail.data.messages.map((m) => [m.senderId, m.text, m.flagged])).toEqual([
      [reporter.userId, 'Hi, can I see it tomorrow?', false],
      [seller.userId, 'Pay a deposit to my account first.', true],
    ]);
    expect((await as(seller).call((r) => r.conversations.reports.$get())).status).toBe(403);
    const resolved = await as(admin).call((r) =>
      r.conversations.reports[':id'].resolve.$put({ param: id(row!.id) }),
    );
    expect(resolved.data.resolvedAt).not.toBeNull();
  });
});

describe('rate limits', () => {
  it('limits new conversations and messages per hour (CONVERSATIONS_PER_HOUR, MESSAGES_PER_HOUR)', async () => {
    const eager = await signUp(ctx);
    const cars = [
      car,
      await liveListing(ctx, seller.accessToken, admin.accessToken),
      await liveListing(ctx, seller.accessToken, admin.accessToken),
    ];
    expect((await start(eager, cars[0]!, 'One')).code).toBe(0);
    expect((await start(eager, cars[1]!, 'Two')).code).toBe(0);
    const third = await start(eager, cars[2]!, 'Three');
    expect(third).toMatchObject({ status: 429, message: conversationTexts.tooMany });
    const statuses: number[] = [];
    for (let n = 0; n < 7; n++) statuses.push((await start(eager, cars[0]!, `More ${n}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
  });
});

// The check is the trust module's (server/trust/scam.ts), the same patterns as listings'.
describe('the scam-pattern check', () => {
  it.each([
    'Please pay a deposit first',
    'A down payment by bank transfer, please',
    'Call 79 12 34 56 after six',
    'The delivery agent takes bitcoin',
    'Add me on Telegram @fastcars',
    'Payment by gift card only',
    'Write to me at seller@example.com',
    'Call me on +356 7912 3456',
    'Details on www.cheap-cars.example',
    'Text me on WhatsApp',
  ])('warns of %j', (text) => expect(looksLikeScam(text)).toBe(true));

  it.each(['Is it still available?', 'It has 120000 miles, from 2015', 'Price is €12,500'])(
    'lets %j pass',
    (text) => expect(looksLikeScam(text)).toBe(false),
  );
});
