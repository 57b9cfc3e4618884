import { listingTypeIds } from '#shared/promotion.ts';
import { INSUFFICIENT_CREDITS } from '../../server/ledger/ledger.ts';
import { limits } from '../../server/http/rate-limit.ts';

/**
 * What each user's money and the things it pays for should be, as a client was told: a few plain
 * records and the rules of each operation. Every rule takes the model and the parameters the
 * request was sent with, changes the model as the server should have, and answers what the client
 * should have seen. The model holds plain data only, so a step that raced can be tried in each
 * order on copies (structuredClone).
 */

export type ListingState = 'PENDING' | 'DENIED' | 'ACTIVE' | 'SUSPENDED' | 'GONE';

export interface ListingModel {
  /** The listing's id on the server. */
  id: number;
  /** Index of the owner in `users`. */
  owner: number;
  state: ListingState;
  /** Listing type id: 1 Premium, 2 Featured, 3 Standard. */
  type: number;
  /** Credits held by the listing's open reservation (0: none). */
  reserved: number;
  /** The listing's current subscription; an expired one is no longer current. */
  subscription: 'active' | 'canceled' | null;
}

export interface PaymentModel {
  /** The top-up transaction's id and its sandbox checkout session. */
  id: number;
  sessionId: string;
  owner: number;
  credits: number;
  state: 'Created' | 'Paid' | 'Cancelled';
}

export interface VoucherModel {
  id: number;
  code: string;
  credits: number;
  active: boolean;
  /** Indexes of the users who redeemed it. */
  redeemedBy: number[];
}

export interface UserModel {
  balance: number;
  /** Wrong or dead codes tried this hour: the tenth refuses every attempt after it. */
  voucherFailures: number;
}

export interface MoneyModel {
  users: UserModel[];
  listings: ListingModel[];
  payments: PaymentModel[];
  vouchers: VoucherModel[];
  /** Listing type id -> price in credits. */
  prices: Record<number, number>;
}

/** What a client should have been answered: the status, and the message where it matters. */
export interface Expected {
  status: number;
  message?: string;
}

/** What the client was answered. */
export interface Observed {
  status: number;
  message: string;
  data: unknown;
}

export const INSUFFICIENT = INSUFFICIENT_CREDITS;
export const VOUCHER_FAILURES_PER_HOUR = limits.voucherFailuresPerAccount.max;

const ok: Expected = { status: 200 };
const short: Expected = { status: 409, message: INSUFFICIENT };

/** A number or string the answer's data carries under `key` (NaN or '' when it does not). */
export function dataNumber(observed: Observed, key: string): number {
  const value = (observed.data as Record<string, unknown> | null)?.[key];
  return typeof value === 'number' ? value : Number.NaN;
}
export function dataString(observed: Observed, key: string): string {
  const value = (observed.data as Record<string, unknown> | null)?.[key];
  return typeof value === 'string' ? value : '';
}

const listingAt = (m: MoneyModel, index: number) => {
  const listing = m.listings[index];
  if (!listing) throw new Error(`the model has no listing ${index}`);
  return listing;
};
const userAt = (m: MoneyModel, index: number) => {
  const user = m.users[index];
  if (!user) throw new Error(`the model has no user ${index}`);
  return user;
};

/** cars/add: a paid type reserves its price; short of it, nothing is written. */
export function submit(m: MoneyModel, user: number, type: number, observed: Observed): Expected {
  const price = m.prices[type] ?? 0;
  const owner = userAt(m, user);
  if (price > owner.balance) return short;
  owner.balance -= price;
  m.listings.push({
    id: dataNumber(observed, 'id'),
    owner: user,
    state: 'PENDING',
    type,
    reserved: price,
    subscription: null,
  });
  return ok;
}

/** An admin's approval: the reservation is spent and a paid type's subscription starts. */
export function approve(m: MoneyModel, index: number): Expected {
  const listing = listingAt(m, index);
  if (listing.state === 'GONE') return { status: 404 };
  if (listing.state !== 'PENDING') return { status: 409 };
  listing.state = 'ACTIVE';
  if (listing.reserved > 0) listing.subscription = 'active';
  listing.reserved = 0;
  return ok;
}

/** An admin's denial: the reserved credits go back. */
export function deny(m: MoneyModel, index: number): Expected {
  const listing = listingAt(m, index);
  if (listing.state === 'GONE') return { status: 404 };
  if (listing.state !== 'PENDING') return { status: 409 };
  listing.state = 'DENIED';
  userAt(m, listing.owner).balance += listing.reserved;
  listing.reserved = 0;
  return ok;
}

/** The owner withdraws a pending or denied request: the reserved credits go back. */
export function withdraw(m: MoneyModel, index: number): Expected {
  const listing = listingAt(m, index);
  if (listing.state === 'GONE') return { status: 404 };
  if (listing.state !== 'PENDING' && listing.state !== 'DENIED') return { status: 400 };
  userAt(m, listing.owner).balance += listing.reserved;
  listing.reserved = 0;
  listing.state = 'GONE';
  return ok;
}

/** The owner edits a request: a denied one asks for review again and reserves its price again. */
export function resubmit(m: MoneyModel, index: number): Expected {
  const listing = listingAt(m, index);
  if (listing.state === 'GONE') return { status: 404 };
  if (listing.state !== 'PENDING' && listing.state !== 'DENIED') return { status: 400 };
  if (listing.state === 'DENIED') {
    const price = m.prices[listing.type] ?? 0;
    const owner = userAt(m, listing.owner);
    if (price > owner.balance) return short;
    owner.balance -= price;
    listing.reserved = price;
    listing.state = 'PENDING';
  }
  return ok;
}

/** The owner takes a live (or suspended) listing down; what it paid stays spent. */
export function removeLive(m: MoneyModel, index: number): Expected {
  const listing = listingAt(m, index);
  if (listing.state === 'GONE') return { status: 404 };
  if (listing.state === 'PENDING' || listing.state === 'DENIED') return { status: 400 };
  listing.state = 'GONE';
  listing.subscription = null;
  return ok;
}

/** car/promote: an active listing moves up for the difference of the two types' prices. */
export function promote(m: MoneyModel, index: number, to: number): Expected {
  const listing = listingAt(m, index);
  if (listing.state === 'GONE') return { status: 404 };
  if (listing.state !== 'ACTIVE') return { status: 400 };
  if (listing.type === listingTypeIds.premium || to >= listing.type) return { status: 400 };
  const cost = Math.max(0, (m.prices[to] ?? 0) - (m.prices[listing.type] ?? 0));
  const owner = userAt(m, listing.owner);
  if (cost > owner.balance) return short;
  owner.balance -= cost;
  listing.type = to;
  listing.subscription = 'active';
  return ok;
}

/** Cancel (active -> canceled) or reactivate (canceled -> active) a listing's subscription. */
export function setSubscription(
  m: MoneyModel,
  index: number,
  from: 'active' | 'canceled',
  to: 'active' | 'canceled',
): Expected {
  const listing = listingAt(m, index);
  if (listing.state === 'GONE') return { status: 404 };
  if (listing.subscription !== from) return { status: 400 };
  listing.subscription = to;
  return ok;
}

/** An admin suspends a live listing, or puts a suspended one back live. */
export function moderate(
  m: MoneyModel,
  index: number,
  from: 'ACTIVE' | 'SUSPENDED',
  to: 'ACTIVE' | 'SUSPENDED',
): Expected {
  const listing = listingAt(m, index);
  if (listing.state === 'GONE') return { status: 404 };
  if (listing.state !== from) return { status: 409 };
  listing.state = to;
  return ok;
}

/** payment/create: a Created top-up; with `then`, its checkout is paid or cancelled at once. */
export function topUp(
  m: MoneyModel,
  user: number,
  credits: number,
  then: 'pay' | 'cancel' | 'open',
  observed: Observed,
): Expected {
  const payment: PaymentModel = {
    id: dataNumber(observed, 'transactionId'),
    sessionId: dataString(observed, 'sessionId'),
    owner: user,
    credits,
    state: 'Created',
  };
  m.payments.push(payment);
  if (then !== 'open') settle(m, m.payments.length - 1, then);
  return ok;
}

/** The sandbox checkout's Pay or Cancel: only the first word on a checkout counts. */
export function settle(m: MoneyModel, index: number, action: 'pay' | 'cancel'): Expected {
  const payment = m.payments[index];
  if (!payment) throw new Error(`the model has no payment ${index}`);
  if (payment.state === 'Created') {
    payment.state = action === 'pay' ? 'Paid' : 'Cancelled';
    if (action === 'pay') userAt(m, payment.owner).balance += payment.credits;
  }
  return { status: 303 };
}

/** The payer's check of a top-up: code 0 once paid, 409 otherwise. */
export function check(m: MoneyModel, index: number): Expected {
  const payment = m.payments[index];
  if (!payment) throw new Error(`the model has no payment ${index}`);
  if (payment.state === 'Paid') return ok;
  return {
    status: 409,
    message:
      payment.state === 'Cancelled'
        ? 'The payment was cancelled'
        : 'The payment is not completed yet',
  };
}

export function addVoucher(m: MoneyModel, credits: number, observed: Observed): Expected {
  m.vouchers.push({
    id: dataNumber(observed, 'id'),
    code: dataString(observed, 'code'),
    credits,
    active: true,
    redeemedBy: [],
  });
  return ok;
}

export function deactivateVoucher(m: MoneyModel, index: number): Expected {
  const voucher = m.vouchers[index];
  if (!voucher) throw new Error(`the model has no voucher ${index}`);
  if (!voucher.active) return { status: 404 };
  voucher.active = false;
  return ok;
}

/**
 * voucher/redeem: once per user while active. A wrong or dead code counts against the account;
 * past the hour's limit every attempt is refused before it is looked at.
 */
export function redeem(
  m: MoneyModel,
  user: number,
  index: number | null,
  wrongCode: boolean,
): Expected {
  const redeemer = userAt(m, user);
  if (redeemer.voucherFailures >= VOUCHER_FAILURES_PER_HOUR) return { status: 429 };
  const voucher = index === null ? undefined : m.vouchers[index];
  if (wrongCode || !voucher) {
    redeemer.voucherFailures++;
    return { status: 400 };
  }
  if (!voucher.active) {
    redeemer.voucherFailures++;
    return { status: 400, message: 'This voucher has been deactivated' };
  }
  if (voucher.redeemedBy.includes(user))
    return { status: 409, message: 'You have already redeemed this voucher' };
  voucher.redeemedBy.push(user);
  redeemer.balance += voucher.credits;
  return ok;
}

/** Whether an answer is what the model expected (the message only where the model names one). */
export const matches = (expected: Expected, observed: Observed) =>
  expected.status === observed.status &&
  (expected.message === undefined || expected.message === observed.message);
