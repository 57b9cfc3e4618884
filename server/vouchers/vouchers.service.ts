import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { messages } from '#shared/messages.ts';
import { audit } from '../audit/audit.ts';
import type { Db } from '../db/client.ts';
import { transactionTypes, voucherRedemptions, vouchers } from '../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
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
        expiresAt: new Date(Date.now() + input.daysActive * 86_400_000),
        createdBy: adminId,
      })
      .returning();
    if (!row) throw new Error('voucher insert returned nothing');
    await audit(tx, adminId, 'create', 'voucher', row.id, input);
    return toVoucher(row);
  });
}

/** Vouchers not deactivated and not expired, newest first, with how often each was redeemed. */
export async function activeVouchers(db: Db) {
  const rows = await db
    .select({
      voucher: vouchers,
      redemptions: sql<number>`(select count(*) from voucher_redemptions r where r.voucher_id = "vouchers"."id")::int`,
    })
    .from(vouchers)
    .where(and(isNull(vouchers.deactivatedAt), gt(vouchers.expiresAt, new Date())))
    .orderBy(desc(vouchers.createdAt), desc(vouchers.id));
  return rows.map((r) => toVoucher(r.voucher, r.redemptions));
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

/**
 * Redeems a code for a user: once per user, while active and unexpired. The redemption row's
 * unique key makes a second attempt (or fifty at once) fail without crediting twice.
 */
export async function redeem(db: Db, userId: number, code: string) {
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
