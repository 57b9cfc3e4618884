import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Envelope } from '#shared/schemas/envelope.ts';
import type { Session, TestContext } from '../support/context.ts';
import { signUp, signUpAdmin } from '../support/factories.ts';
import { liveListing, submitListing } from '../support/listings.ts';
import { grant } from '../support/money.ts';
import { browserSubscription, pushSettings, TEST_PUSH_SERVICE } from '../support/push.ts';
import {
  feedRuns,
  notifications,
  subscriptions,
  transactions,
} from '../../server/db/schema/index.ts';

/** The settings of a context the world is built in. */
export const worldSettings = { ...pushSettings };

/**
 * Who the attack suite plays and what they own: an admin, a seller (`owner`) with one of
 * everything a seller can own, another seller who tries to reach it, a dealer, the buyer who is
 * a party to the owner's conversation and a buyer the owner blocked.
 */
export interface World {
  admin: Session;
  owner: Session;
  other: Session;
  dealer: Session;
  /** The buyer of the owner's conversation. */
  buyer: Session;
  /** A buyer whose conversation about the owner's car the owner blocked. */
  blocked: Session;
  /** The first message of the owner's conversation, which only its two parties may read. */
  privateMessage: string;
  /** The owner's objects, by the name a path or body uses for them. */
  own: {
    userId: number;
    car: number;
    paidCar: number;
    request: number;
    subscription: number;
    notification: number;
    topUp: number;
    sessionId: string;
    /** A buyer's conversation with the owner about the owner's car. */
    conversation: number;
    savedSearch: number;
    /** The endpoint of a browser the owner subscribed to web push. */
    pushEndpoint: string;
    /** A stock import of the owner's that waits for a confirmation. */
    feedRun: number;
  };
}

export async function buildWorld(ctx: TestContext): Promise<World> {
  const admin = await signUpAdmin(ctx);
  const owner = await signUp(ctx, 'private');
  const other = await signUp(ctx, 'private');
  const userId = owner.userId;

  await grant(ctx, userId, 1000);
  const car = await liveListing(ctx, owner.accessToken, admin.accessToken);
  const paidCar = await liveListing(ctx, owner.accessToken, admin.accessToken, { adTypeId: 2 });
  const request = await submitListing(ctx, owner.accessToken);

  const packages = await ctx.client(owner.accessToken).call((r) => r.payment.packages.$get());
  const packageId = packages.data[0]?.id;
  if (!packageId) throw new Error('no credit package for individuals in the reference data');
  const created = await ctx
    .client(owner.accessToken)
    .call((r) => r.payment.create.$post({ json: { userId, paymentId: packageId } }));
  if (created.code !== 0) throw new Error(`payment/create failed: ${created.message}`);

  const [buyer, blocked, dealer] = await Promise.all([
    signUp(ctx, 'private'),
    signUp(ctx, 'private'),
    signUp(ctx, 'company'),
  ]);
  const privateMessage = `Is it still available? ${randomUUID()}`;
  const opened = await ctx
    .client(buyer.accessToken)
    .call((r) => r.conversations.$post({ json: { carId: car, text: privateMessage } }));
  if (opened.code !== 0) throw new Error(`conversations failed: ${opened.message}`);
  const refused = await ctx
    .client(blocked.accessToken)
    .call((r) => r.conversations.$post({ json: { carId: car, text: 'Send a deposit first?' } }));
  if (refused.code !== 0) throw new Error(`conversations failed: ${refused.message}`);
  const block = await ctx.client(owner.accessToken).call((r) =>
    r.conversations[':id'].block.$put({
      param: { id: String(refused.data.conversationId) },
    }),
  );
  if (block.code !== 0) throw new Error(`block failed: ${block.message}`);
  const saved = await ctx
    .client(owner.accessToken)
    .call((r) => r['saved-searches'].$post({ json: { name: 'Owner search', filters: {} } }));
  if (saved.code !== 0) throw new Error(`saved-searches failed: ${saved.message}`);
  const pushEndpoint = `https://${TEST_PUSH_SERVICE}/send/owner-browser`;
  const pushed = await ctx
    .client(owner.accessToken)
    .call((r) =>
      r.push.subscriptions.$post({ json: browserSubscription(pushEndpoint).subscription }),
    );
  if (pushed.code !== 0) throw new Error(`push/subscriptions failed: ${pushed.message}`);

  const [subscription] = await ctx.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.listingId, paidCar));
  const [notification] = await ctx.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .limit(1);
  const [topUp] = await ctx.db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.state, 'Created')))
    .orderBy(desc(transactions.id))
    .limit(1);
  // Written directly: the owner is a private seller, and feeds are business accounts' only.
  const [feedRun] = await ctx.db
    .insert(feedRuns)
    .values({
      userId,
      status: 'awaiting_confirmation',
      fileName: 'stock.csv',
      content: 'stockNumber\nA1',
    })
    .returning({ id: feedRuns.id });
  if (!subscription || !notification || !topUp || !feedRun)
    throw new Error('the owner lacks a subscription, a notification or a top-up');

  return {
    admin,
    owner,
    other,
    dealer,
    buyer,
    blocked,
    privateMessage,
    own: {
      userId,
      car,
      paidCar,
      request,
      subscription: subscription.id,
      notification: notification.id,
      topUp: topUp.id,
      sessionId: created.data.sessionId,
      conversation: opened.data.conversationId,
      savedSearch: saved.data.id,
      pushEndpoint,
      feedRun: feedRun.id,
    },
  };
}

/** What every failure of the API looks like: the envelope with the status as its code. */
export function isErrorEnvelope(status: number, body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const { code, message, data } = body as Partial<Envelope<unknown>>;
  return (
    code === status &&
    typeof message === 'string' &&
    message.length > 0 &&
    data === null &&
    Object.keys(body).length === 3
  );
}
