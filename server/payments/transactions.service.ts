import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { SortOrder } from '#shared/schemas/list.ts';
import { transactionTypeNames, type Transaction } from '#shared/schemas/payment.ts';
import type { Db } from '../db/client.ts';
import { byDescendingIndex } from '../db/lists.ts';
import { ledgerEntries, listings, transactions, users, vouchers } from '../db/schema/index.ts';
import { notFound } from '../http/errors.ts';

const listingPriceTypes = new Set([2, 4, 5, 7, 8]);

function query(db: Db) {
  return db
    .select({
      t: transactions,
      userEmail: users.email,
      listingTitle: listings.title,
      voucherCredits: vouchers.credits,
      balanceChange: sql<number>`coalesce((select sum(${ledgerEntries.credits}) from ${ledgerEntries} where ${ledgerEntries.transactionId} = ${transactions.id}), 0)::int`,
      // The owner's entries up to this transaction's last one (ledger_entries_user_idx).
      balanceAfter: sql<
        number | null
      >`(select sum(before.credits) from ledger_entries before where before.user_id = ${transactions.userId} and before.id <= (select max(own.id) from ledger_entries own where own.transaction_id = ${transactions.id}))::int`,
    })
    .from(transactions)
    .innerJoin(users, eq(users.id, transactions.userId))
    .leftJoin(listings, eq(listings.id, transactions.listingId))
    .leftJoin(vouchers, eq(vouchers.id, transactions.voucherId));
}

type Row = Awaited<ReturnType<ReturnType<typeof query>['execute']>>[number];

function toTransaction({
  t,
  userEmail,
  listingTitle,
  voucherCredits,
  balanceChange,
  balanceAfter,
}: Row): Transaction {
  return {
    id: t.id,
    userId: t.userId,
    typeId: t.typeId,
    typeName: transactionTypeNames[t.typeId] ?? 'Transaction',
    state: t.state,
    date: t.createdAt.toISOString(),
    packageName: t.packageName,
    packageDescription: t.packageDescription,
    amount: t.amountCents === null ? null : t.amountCents / 100,
    currencySymbol: t.currencySymbol,
    credits: t.credits,
    balanceChange,
    balanceAfter,
    listingPrice: listingPriceTypes.has(t.typeId) ? t.credits : null,
    voucherCredits: t.typeId === 3 ? (voucherCredits ?? t.credits) : null,
    listingId: t.listingId,
    listingTitle,
    userEmail,
  };
}

/** Date order, read from the transactions' date indexes (every one, or one type's). */
const byDate = byDescendingIndex(transactions.createdAt, transactions.id);

/** A page of transactions, newest first (or oldest first), with the total count. */
export async function listTransactions(
  db: Db,
  where: SQL | undefined,
  page: { pageNumber: number; pageSize: number; order?: SortOrder; ids?: number[] },
) {
  const filter = and(where, page.ids ? inArray(transactions.id, page.ids) : undefined);
  const [rows, [total]] = await Promise.all([
    query(db)
      .where(filter)
      .orderBy(...byDate(page.order ?? 'DESC'))
      .limit(page.pageSize)
      .offset((page.pageNumber - 1) * page.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(transactions)
      .where(filter),
  ]);
  return { transactions: rows.map(toTransaction), totalCount: total?.n ?? 0 };
}

export async function getTransaction(db: Db, id: number) {
  const [row] = await query(db).where(eq(transactions.id, id));
  if (!row) throw notFound('Transaction not found');
  return toTransaction(row);
}

export const byUser = (userId: number) => eq(transactions.userId, userId);
export const byType = (typeId: number) => and(eq(transactions.typeId, typeId));
