import fc from 'fast-check';
import type { ClientResponse } from 'hono/client';
import type { ApiResult, ApiRoutes, DataOf } from '#shared/api/client.ts';
import type { Session } from '#shared/schemas/auth.ts';
import type { PaymentPackage } from '#shared/schemas/payment.ts';
import { listingTypeIds } from '#shared/promotion.ts';
import type { Db } from '../../server/db/client.ts';
import { photos, yarisListing } from '../support/listing-payload.ts';
import * as rules from './model.ts';
import type { ListingModel, MoneyModel, Observed } from './model.ts';

/** One app instance as a test reaches it: its typed client and its raw `request`. */
export interface Side {
  client(
    token?: string,
    from?: string,
  ): {
    call<R extends ClientResponse<unknown, number, string>>(
      request: (api: ApiRoutes) => Promise<R>,
    ): Promise<ApiResult<DataOf<R>>>;
  };
  request(path: string, init: RequestInit): Promise<Response> | Response;
}

export interface WorldUser {
  session: Session;
  /** The address the user's requests come from (the per-address limits count by it). */
  from: string;
  kind: 'private' | 'company';
}

/** The real system of one run: two instances on one database, an admin and fresh users. */
export interface World {
  sides: [Side, Side];
  /** Each instance's own connection pool, for the jobs each instance runs. */
  dbs: [Db, Db];
  admin: Session;
  users: WorldUser[];
  packages: Record<WorldUser['kind'], PaymentPackage[]>;
  car: { brand: number; model: number };
  /** Operations sent so far in this run (a race or a retry counts each request). */
  operations: number;
  /** The renewal job's clock in this run: it starts at the real time and only moves ahead. */
  jobClock: number;
}

export type Via = 0 | 1;
export const sideName = (via: Via) => (via === 0 ? 'A' : 'B');

type ListingKind =
  | 'approve'
  | 'deny'
  | 'withdraw'
  | 'resubmit'
  | 'removeLive'
  | 'cancel'
  | 'reactivate'
  | 'suspend'
  | 'activate';

/**
 * One operation as fast-check draws it. Entities are named by a number that is resolved against
 * the model when the step runs (the listings, payments and vouchers of the run so far), so a
 * sequence stays meaningful when fast-check shrinks it.
 */
export type Spec =
  | { kind: 'topUp'; user: number; pack: number; then: 'pay' | 'cancel' | 'open'; via: Via }
  | { kind: 'checkout'; payment: number; action: 'pay' | 'cancel'; open: boolean; via: Via }
  | { kind: 'check'; payment: number; bySession: boolean; open: boolean; via: Via }
  | { kind: 'addVoucher'; credits: number; via: Via }
  | { kind: 'deactivate'; voucher: number; via: Via }
  | { kind: 'redeem'; user: number; voucher: number; wrongCode: boolean; via: Via }
  | { kind: 'submit'; user: number; type: number; via: Via }
  | { kind: 'promote'; listing: number; to: number; stray: boolean; via: Via }
  | { kind: ListingKind; listing: number; stray: boolean; via: Via };

/** What an operation acts on, once resolved: a race's second operation shares the first's. */
export interface Target {
  user?: number;
  listing?: number;
  payment?: number;
  voucher?: number;
}

/** An operation ready to send: the request, and its rule in the model. */
export interface Op {
  label: string;
  /** The instance it is sent to. */
  via: Via;
  /** The user whose money it may move (null: none, as an admin creating a voucher). */
  user: number | null;
  target: Target;
  send(w: World): Promise<Observed>;
  apply(m: MoneyModel, observed: Observed): rules.Expected;
}

const via = fc.constantFrom<Via>(0, 1);
const pick = fc.nat({ max: 9999 });
/** About one in six picks ignores what the operation needs, to send it where it must be refused. */
const stray = fc.nat({ max: 5 }).map((n) => n === 0);
const listingOp = (kind: ListingKind, weight: number) => ({
  weight,
  arbitrary: fc.record({ kind: fc.constant(kind), listing: pick, stray, via }),
});

/** The operations and how often each is drawn. */
export const specArbitrary: fc.Arbitrary<Spec> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('topUp' as const),
      user: pick,
      pack: pick,
      then: fc.constantFrom('pay' as const, 'pay' as const, 'cancel' as const, 'open' as const),
      via,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('checkout' as const),
      payment: pick,
      action: fc.constantFrom('pay' as const, 'pay' as const, 'cancel' as const),
      open: fc.boolean(),
      via,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('check' as const),
      payment: pick,
      bySession: fc.boolean(),
      open: fc.boolean(),
      via,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('addVoucher' as const),
      credits: fc.integer({ min: 1, max: 150 }),
      via,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('deactivate' as const), voucher: pick, via }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('redeem' as const),
      user: pick,
      voucher: pick,
      wrongCode: fc.nat({ max: 7 }).map((n) => n === 0),
      via,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('submit' as const),
      user: pick,
      type: fc.constantFrom(1, 2, 2, 3),
      via,
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('promote' as const),
      listing: pick,
      to: fc.constantFrom(1, 1, 2, 3),
      stray,
      via,
    }),
  },
  listingOp('approve', 5),
  listingOp('deny', 2),
  listingOp('withdraw', 2),
  listingOp('resubmit', 1),
  listingOp('removeLive', 1),
  listingOp('cancel', 1),
  listingOp('reactivate', 1),
  listingOp('suspend', 1),
  listingOp('activate', 1),
);

/** What each listing operation is for: the listings it picks unless the pick strays. */
const meantFor: Record<ListingKind | 'promote', (l: ListingModel) => boolean> = {
  approve: (l) => l.state === 'PENDING',
  deny: (l) => l.state === 'PENDING',
  withdraw: (l) => l.state === 'PENDING' || l.state === 'DENIED',
  resubmit: (l) => l.state === 'DENIED' || l.state === 'PENDING',
  removeLive: (l) => l.state === 'ACTIVE' || l.state === 'SUSPENDED',
  promote: (l) => l.state === 'ACTIVE' && l.type !== listingTypeIds.premium,
  cancel: (l) => l.subscription === 'active',
  reactivate: (l) => l.subscription === 'canceled',
  suspend: (l) => l.state === 'ACTIVE',
  activate: (l) => l.state === 'SUSPENDED',
};

/** The index of the `n`th of the items that pass the first filter that any passes. */
function choose<T>(items: T[], n: number, ...filters: ((item: T) => boolean)[]) {
  for (const filter of filters) {
    const indexes = items.flatMap((item, i) => (filter(item) ? [i] : []));
    if (indexes.length) return indexes[n % indexes.length];
  }
  return undefined;
}

const any = () => true;

/**
 * The entities an operation acts on in model `m`: `given` ones first (a race's shared target),
 * then the pick among those the operation is meant for, the given user's first. Null when there
 * is nothing to act on yet.
 */
export function resolve(spec: Spec, m: MoneyModel, given: Target = {}): Target | null {
  const mine = <T extends { owner: number }>(item: T) =>
    given.user === undefined || item.owner === given.user;
  switch (spec.kind) {
    case 'topUp':
    case 'submit':
      return { user: given.user ?? spec.user % m.users.length };
    case 'checkout':
    case 'check': {
      const open = (p: { state: string }) => !spec.open || p.state === 'Created';
      const payment =
        given.payment ??
        choose(m.payments, spec.payment, (p) => mine(p) && open(p), open, mine, any);
      if (payment === undefined) return null;
      return { payment, user: m.payments[payment]?.owner };
    }
    case 'addVoucher':
      return {};
    case 'deactivate': {
      const voucher = given.voucher ?? choose(m.vouchers, spec.voucher, (v) => v.active, any);
      return voucher === undefined ? null : { voucher };
    }
    case 'redeem': {
      const user = given.user ?? spec.user % m.users.length;
      const voucher =
        given.voucher ??
        choose(m.vouchers, spec.voucher, (v) => v.active && !v.redeemedBy.includes(user), any);
      return voucher === undefined ? { user } : { user, voucher };
    }
    default: {
      const meant = meantFor[spec.kind];
      const listing =
        given.listing ??
        (spec.stray
          ? choose(m.listings, spec.listing, any)
          : choose(m.listings, spec.listing, (l) => mine(l) && meant(l), meant, any));
      if (listing === undefined) return null;
      return { listing, user: m.listings[listing]?.owner };
    }
  }
}

const TYPE_NAMES: Record<number, string> = { 1: 'Premium', 2: 'Featured', 3: 'Standard' };

/** A step's name in a failure report: what fast-check drew (entities as picks, not yet resolved). */
export function describeSpec(spec: Spec): string {
  const on = `via ${sideName(spec.via)}`;
  switch (spec.kind) {
    case 'topUp':
      return `topUp(user ${spec.user}, package ${spec.pack}, then ${spec.then}, ${on})`;
    case 'checkout':
      return `checkout(${spec.action} payment ${spec.payment}${spec.open ? ' open' : ''}, ${on})`;
    case 'check':
      return `check(payment ${spec.payment}${spec.open ? ' open' : ''} by ${spec.bySession ? 'session' : 'id'}, ${on})`;
    case 'addVoucher':
      return `addVoucher(${spec.credits} credits, ${on})`;
    case 'deactivate':
      return `deactivate(voucher ${spec.voucher}, ${on})`;
    case 'redeem':
      return `redeem(user ${spec.user}, ${spec.wrongCode ? 'a wrong code' : `voucher ${spec.voucher}`}, ${on})`;
    case 'submit':
      return `submit(user ${spec.user}, ${TYPE_NAMES[spec.type]}, ${on})`;
    case 'promote':
      return `promote(listing ${spec.listing}${spec.stray ? ' stray' : ''} to ${TYPE_NAMES[spec.to]}, ${on})`;
    default:
      return `${spec.kind}(listing ${spec.listing}${spec.stray ? ' stray' : ''}, ${on})`;
  }
}

const observe = (res: { status: number; message: string; data: unknown }): Observed => ({
  status: res.status,
  message: res.message,
  data: res.data,
});

let chassis = 0;
/** A valid listing of `type` with photos and a chassis number of its own (no copy flags). */
async function listingJson(w: World, type: number) {
  chassis++;
  return yarisListing(w.car, {
    adTypeId: type,
    images: await photos(5),
    chassisNumber: `SPM${String(chassis).padStart(10, '0')}`,
  });
}

/** The operation `spec` on `target` in model `m` and world `world`, as a request and a rule. */
export function operation(spec: Spec, target: Target, m: MoneyModel, world: World): Op {
  const side = (w: World) => w.sides[spec.via];
  const userOf = (w: World, index: number) => {
    const user = w.users[index];
    if (!user) throw new Error(`the world has no user ${index}`);
    return user;
  };
  const asUser = (w: World, index: number) => {
    const user = userOf(w, index);
    return side(w).client(user.session.accessToken, user.from);
  };
  const asAdmin = (w: World) => side(w).client(w.admin.accessToken);
  const base = { label: describeSpec(spec), via: spec.via, target, user: target.user ?? null };
  const listing = target.listing === undefined ? undefined : m.listings[target.listing];
  const listingIndex = target.listing ?? -1;
  const param = { id: String(listing?.id) };

  switch (spec.kind) {
    case 'topUp': {
      const user = target.user ?? 0;
      const who = userOf(world, user);
      const packs = world.packages[who.kind];
      const pack = packs[spec.pack % packs.length];
      if (!pack) throw new Error(`no ${who.kind} packages`);
      return {
        ...base,
        async send(w) {
          const created = await asUser(w, user).call((r) =>
            r.payment.create.$post({ json: { userId: who.session.userId, paymentId: pack.id } }),
          );
          if (created.code === 0 && spec.then !== 'open') {
            // The payer's browser on the provider's page, answered by the other instance.
            const back = await w.sides[spec.via === 0 ? 1 : 0].request(
              `/api/payment/sandbox/${created.data.sessionId}/${spec.then}`,
              { method: 'POST' },
            );
            if (back.status !== 303)
              throw new Error(`the sandbox checkout answered ${back.status}, not 303`);
          }
          return observe(created);
        },
        apply: (model, observed) => rules.topUp(model, user, pack.credits, spec.then, observed),
      };
    }
    case 'checkout': {
      const payment = target.payment ?? -1;
      const sessionId = m.payments[payment]?.sessionId;
      return {
        ...base,
        async send(w) {
          const res = await side(w).request(`/api/payment/sandbox/${sessionId}/${spec.action}`, {
            method: 'POST',
          });
          return { status: res.status, message: '', data: null };
        },
        apply: (model) => rules.settle(model, payment, spec.action),
      };
    }
    case 'check': {
      const payment = target.payment ?? -1;
      const row = m.payments[payment];
      return {
        ...base,
        send: async (w) =>
          observe(
            await asUser(w, row?.owner ?? -1).call((r) =>
              spec.bySession
                ? r.payment.transaction.check.$post({ json: { sessionId: row?.sessionId ?? '' } })
                : r.payment.transaction.check[':id'].$post({ param: { id: String(row?.id) } }),
            ),
          ),
        apply: (model) => rules.check(model, payment),
      };
    }
    case 'addVoucher':
      return {
        ...base,
        send: async (w) =>
          observe(
            await asAdmin(w).call((r) =>
              r.voucher.add.$post({ json: { credits: spec.credits, daysActive: 30 } }),
            ),
          ),
        apply: (model, observed) => rules.addVoucher(model, spec.credits, observed),
      };
    case 'deactivate': {
      const voucher = target.voucher ?? -1;
      const id = String(m.vouchers[voucher]?.id);
      return {
        ...base,
        send: async (w) =>
          observe(
            await asAdmin(w).call((r) => r.voucher.deactivate[':id'].$put({ param: { id } })),
          ),
        apply: (model) => rules.deactivateVoucher(model, voucher),
      };
    }
    case 'redeem': {
      const user = target.user ?? 0;
      const voucher = target.voucher ?? null;
      const wrongCode = spec.wrongCode || voucher === null;
      // Not a code the server made: its alphabet has no I, L, O, 0 or 1.
      const code = wrongCode ? 'LOIL-0101-LOIL' : (m.vouchers[voucher ?? -1]?.code ?? '');
      return {
        ...base,
        send: async (w) =>
          observe(
            await asUser(w, user).call((r) =>
              r.voucher.redeem.$post({ json: { userId: userOf(w, user).session.userId, code } }),
            ),
          ),
        apply: (model) => rules.redeem(model, user, voucher, wrongCode),
      };
    }
    case 'submit': {
      const user = target.user ?? 0;
      return {
        ...base,
        async send(w) {
          const json = await listingJson(w, spec.type);
          return observe(await asUser(w, user).call((r) => r.cars.add.$post({ json })));
        },
        apply: (model, observed) => rules.submit(model, user, spec.type, observed),
      };
    }
    case 'promote':
      return {
        ...base,
        send: async (w) =>
          observe(
            await asUser(w, listing?.owner ?? -1).call((r) =>
              r.car.promote.$post({
                json: { carId: listing?.id ?? 0, listingTypeId: spec.to },
              }),
            ),
          ),
        apply: (model) => rules.promote(model, listingIndex, spec.to),
      };
    case 'approve':
      return {
        ...base,
        send: async (w) =>
          observe(await asAdmin(w).call((r) => r.cars.requests.approve[':id'].$post({ param }))),
        apply: (model) => rules.approve(model, listingIndex),
      };
    case 'deny':
      return {
        ...base,
        send: async (w) =>
          observe(
            await asAdmin(w).call((r) =>
              r.cars.request.deny.$post({
                json: { id: listing?.id ?? 0, message: 'The photos show another car.' },
              }),
            ),
          ),
        apply: (model) => rules.deny(model, listingIndex),
      };
    case 'withdraw':
      return {
        ...base,
        send: async (w) =>
          observe(
            await asUser(w, listing?.owner ?? -1).call((r) =>
              r.car.request.remove[':id'].$delete({ param }),
            ),
          ),
        apply: (model) => rules.withdraw(model, listingIndex),
      };
    case 'resubmit': {
      const type = listing?.type ?? listingTypeIds.standard;
      return {
        ...base,
        async send(w) {
          const json = { ...(await listingJson(w, type)), id: listing?.id ?? 0 };
          return observe(
            await asUser(w, listing?.owner ?? -1).call((r) => r.cars.request.edit.$post({ json })),
          );
        },
        apply: (model) => rules.resubmit(model, listingIndex),
      };
    }
    case 'removeLive':
      return {
        ...base,
        send: async (w) =>
          observe(
            await asUser(w, listing?.owner ?? -1).call((r) =>
              r.car.remove[':id'].$delete({ param }),
            ),
          ),
        apply: (model) => rules.removeLive(model, listingIndex),
      };
    case 'cancel':
    case 'reactivate': {
      const carId = String(listing?.id);
      return {
        ...base,
        send: async (w) =>
          observe(
            await asUser(w, listing?.owner ?? -1).call((r) =>
              spec.kind === 'cancel'
                ? r.subscription.cancel[':carId'].$put({ param: { carId } })
                : r.subscription.reactivate[':carId'].$put({ param: { carId } }),
            ),
          ),
        apply: (model) =>
          spec.kind === 'cancel'
            ? rules.setSubscription(model, listingIndex, 'active', 'canceled')
            : rules.setSubscription(model, listingIndex, 'canceled', 'active'),
      };
    }
    case 'suspend':
      return {
        ...base,
        send: async (w) =>
          observe(await asAdmin(w).call((r) => r.cars.suspend[':id'].$post({ param, json: {} }))),
        apply: (model) => rules.moderate(model, listingIndex, 'ACTIVE', 'SUSPENDED'),
      };
    case 'activate':
      return {
        ...base,
        send: async (w) =>
          observe(await asAdmin(w).call((r) => r.cars.activate[':id'].$post({ param }))),
        apply: (model) => rules.moderate(model, listingIndex, 'SUSPENDED', 'ACTIVE'),
      };
  }
}
