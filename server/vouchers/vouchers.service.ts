import { addMilliseconds } from 'date-fns/addMilliseconds';
import { milliseconds } from 'date-fns/milliseconds';
import { randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { messages } from '#shared/messages.ts';
import type { adminSorts, ListQuery } from '#shared/schemas/list.ts';
import { audit } from '../audit/audit.ts';
import type { Db } from '../db/client.ts';
import {
  asId,
  containing,
  listPage,
  orderOf,
  pageWindow,
  wantsPage,
  type SortColumn,
} from '../db/lists.ts';
import { transactionTypes, voucherRedemptions, vouchers } from '../db/schema/index.ts';
import { ApiError, badRequest, conflict, notFound } from '../http/errors.ts';
import { bucket, throttle } from '../http/rate-limit.ts';
import { record } from '../ledger/ledger.ts';

// No 0/O or 1/I/L: codes are read off paper and typed on phones.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** 12 characters from a 31-letter alphabet: about 59 bits, far beyond guessing through the API. */
export function newVoucherCode(): string {
  const chars = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4, 8).join('')}-${chars.slice(8).join('')}`;
}

const toVoucher = (v: typeof vouchers.$inferSelect, redemptions = 0) => ({
  id: v.id,
  code: v.code,
  credits: v.credits,
  daysActive: v.daysActive,
  createDate: v.createdAt.toISOString(),
  expirationDate: v.expiresAt.toISOString(),
  isActive: v.deactivatedAt === null && v.expiresAt > new Date(),
  redemptions,
});

export async function addVoucher(
  db: Db,
  adminId: number,
  input: { credits: number; daysActive: number },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(vouchers)
      .values({
        code: newVoucherCode(),
        credits: input.credits,
        daysActive: input.daysActive,
        expiresAt: addMilliseconds(new Date(), milliseconds({ days: input.daysActive })),
        createdBy: adminId,
      })
      .returning();
    if (!row) throw new Error('voucher insert returned nothing');
    await audit(tx, adminId, 'create', 'voucher', row.id, input);
    return toVoucher(row);
  });
}

export type VoucherSort = (typeof adminSorts.vouchers)[number];

const voucherSorts: Record<VoucherSort, SortColumn> = {
  id: vouchers.id,
  code: vouchers.code,
  credits: vouchers.credits,
  createDate: vouchers.createdAt,
  expirationDate: vouchers.expiresAt,
};

const newestFirst = [desc(vouchers.createdAt), desc(vouchers.id)];

/**
 * Vouchers not deactivated and not expired, newest first, with how often each was redeemed; or,
 * with any list parameter, one page and the total (`q` finds a code, with or without its
 * dashes, or an id).
 */
export async function activeVouchers(db: Db, query: ListQuery<VoucherSort> = {}) {
  const columns = {
    voucher: vouchers,
    redemptions: sql<number>`(select count(*) from voucher_redemptions r where r.voucher_id = "vouchers"."id")::int`,
  };
  const active = and(isNull(vouchers.deactivatedAt), gt(vouchers.expiresAt, new Date()));
  const toVouchers = (rows: { voucher: typeof vouchers.$inferSelect; redemptions: number }[]) =>
    rows.map((r) => toVoucher(r.voucher, r.redemptions));
  if (!wantsPage(query))
    return toVouchers(
      await db
        .select(columns)
        .from(vouchers)
        .where(active)
        .orderBy(...newestFirst),
    );
  const id = query.q ? asId(query.q) : null;
  const where = and(
    active,
    query.ids ? inArray(vouchers.id, query.ids) : undefined,
    query.q
      ? or(
          ilike(vouchers.code, containing(query.q)),
          ilike(sql`replace(${vouchers.code}, '-', '')`, containing(query.q.replace(/-/g, ''))),
          id === null ? undefined : eq(vouchers.id, id),
        )
      : undefined,
  );
  const { limit, offset } = pageWindow(query);
  return listPage(
    db
      .select(columns)
      .from(vouchers)
      .where(where)
      .orderBy(...orderOf(query, voucherSorts, vouchers.id, newestFirst))
      .limit(limit)
      .offset(offset)
      .then(toVouchers),
    db
      .select({ n: count() })
      .from(vouchers)
      .where(where)
      .then(([row]) => row?.n ?? 0),
  );
}

export async function deactivateVoucher(db: Db, adminId: number, id: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(vouchers)
      .set({ deactivatedAt: new Date() })
      .where(and(eq(vouchers.id, id), isNull(vouchers.deactivatedAt)))
      .returning({ id: vouchers.id });
    if (!row) throw notFound('Voucher not found or already deactivated');
    await audit(tx, adminId, 'deactivate', 'voucher', id);
  });
}

const TOO_MANY_CODES = 'Too many wrong codes. Please try again in an hour.';

/**
 * Redeems a code for a user: once per user, while active and unexpired. The redemption row's
 * unique key makes a second attempt (or fifty at once) fail without crediting twice. Failed
 * attempts count per account and per address (counted before the attempt runs, so parallel
 * guesses cannot slip past), so codes cannot be guessed through the API.
 */
export async function redeem(db: Db, userId: number, code: string, ip: string) {
  const attempt = await throttle(
    db,
    [bucket('voucherFailuresPerAccount', userId), bucket('voucherFailuresPerAddress', ip)],
    TOO_MANY_CODES,
  );
  try {
    const redeemed = await redeemOnce(db, userId, code);
    await attempt.undo();
    return redeemed;
  } catch (err) {
    // A code this account already redeemed is known to it, not guessed.
    if (err instanceof ApiError && err.status === 409) await attempt.undo();
    throw err;
  }
}

async function redeemOnce(db: Db, userId: number, code: string) {
  const normalized = code.trim().toUpperCase().replace(/\s+/g, '');
  const withDashes = normalized.includes('-')
    ? normalized
    : normalized.replace(/^(.{4})(.{4})(.{4})$/, '$1-$2-$3');
  return db.transaction(async (tx) => {
    const [voucher] = await tx.select().from(vouchers).where(eq(vouchers.code, withDashes));
    if (!voucher) throw badRequest(messages.voucher.invalid);
    if (voucher.deactivatedAt) throw badRequest('This voucher has been deactivated');
    if (voucher.expiresAt <= new Date()) throw badRequest('This voucher has expired');
    const [claimed] = await tx
      .insert(voucherRedemptions)
      .values({ voucherId: voucher.id, userId })
      .onConflictDoNothing()
      .returning({ id: voucherRedemptions.id });
    if (!claimed) throw conflict('You have already redeemed this voucher');
    const { transactionId, balance } = await record(
      tx,
      {
        userId,
        typeId: transactionTypes.voucher,
        state: 'Done',
        credits: voucher.credits,
        voucherId: voucher.id,
      },
      'credit',
      voucher.credits,
    );
    await tx
      .update(voucherRedemptions)
      .set({ transactionId })
      .where(eq(voucherRedemptions.id, claimed.id));
    return { credits: voucher.credits, balance };
  });
}
