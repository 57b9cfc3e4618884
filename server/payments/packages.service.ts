import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { adminSorts, ListPage, ListQuery } from '#shared/schemas/list.ts';
import { packageTypes, type PaymentPackage } from '#shared/schemas/payment.ts';
import { audit } from '../audit/audit.ts';
import type { Db } from '../db/client.ts';
import { listPage, picked, orderOf, pageWindow, wantsPage, type SortColumn } from '../db/lists.ts';
import { configuration, paymentPackages } from '../db/schema/index.ts';
import { notFound } from '../http/errors.ts';

type Row = typeof paymentPackages.$inferSelect;

export const toPackage = (p: Row): PaymentPackage => ({
  id: p.id,
  name: p.name,
  description: p.description,
  amount: p.amountCents / 100,
  longAmount: p.amountCents,
  credits: p.credits,
  currency: p.currency,
  currencySymbol: p.currencySymbol,
  typeId: p.typeId,
  typeName: p.typeId === packageTypes.company ? 'Company' : 'Individual',
});

export type PackageSort = (typeof adminSorts.packages)[number];

const packageSorts: Record<PackageSort, SortColumn> = {
  id: paymentPackages.id,
  name: sql`lower(${paymentPackages.name})`,
  amount: paymentPackages.amountCents,
  credits: paymentPackages.credits,
};

const cheapestFirst = [asc(paymentPackages.amountCents), asc(paymentPackages.id)];

/**
 * The packages on sale for one kind of account (removed ones are kept only for history),
 * cheapest first; or, with any list parameter, one page and the total (`q` finds a name or
 * description anywhere, or an id).
 */
export async function listPackages(db: Db, typeId: number): Promise<PaymentPackage[]>;
export async function listPackages(
  db: Db,
  typeId: number,
  query: ListQuery<PackageSort>,
): Promise<PaymentPackage[] | ListPage<PaymentPackage>>;
export async function listPackages(db: Db, typeId: number, query: ListQuery<PackageSort> = {}) {
  const onSale = and(eq(paymentPackages.typeId, typeId), isNull(paymentPackages.removedAt));
  if (!wantsPage(query))
    return (
      await db
        .select()
        .from(paymentPackages)
        .where(onSale)
        .orderBy(...cheapestFirst)
    ).map(toPackage);
  const where = and(
    onSale,
    picked(query, paymentPackages.id, [paymentPackages.name, paymentPackages.description]),
  );
  const { limit, offset } = pageWindow(query);
  return listPage(
    db
      .select()
      .from(paymentPackages)
      .where(where)
      .orderBy(...orderOf(query, packageSorts, paymentPackages.id, cheapestFirst))
      .limit(limit)
      .offset(offset)
      .then((rows) => rows.map(toPackage)),
    db
      .select({ n: count() })
      .from(paymentPackages)
      .where(where)
      .then(([row]) => row?.n ?? 0),
  );
}

export async function findPackage(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(paymentPackages)
    .where(and(eq(paymentPackages.id, id), isNull(paymentPackages.removedAt)));
  if (!row) throw notFound('Package not found');
  return row;
}

interface PackageInput {
  name: string;
  description?: string | null;
  amount: number;
  credits: number;
  typeId: number;
}

async function currency(db: Db) {
  const [config] = await db
    .select({ symbol: configuration.currency, name: configuration.currencyName })
    .from(configuration);
  return { currency: config?.name ?? 'EUR', currencySymbol: config?.symbol ?? '€' };
}

const columns = (input: PackageInput) => ({
  name: input.name,
  description: input.description ?? '',
  amountCents: Math.round(input.amount * 100),
  credits: input.credits,
  typeId: input.typeId,
});

export async function addPackage(db: Db, adminId: number, input: PackageInput) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(paymentPackages)
      .values({ ...columns(input), ...(await currency(tx)) })
      .returning();
    if (!row) throw new Error('package insert returned nothing');
    await audit(tx, adminId, 'create', 'payment-package', row.id, { ...input });
    return toPackage(row);
  });
}

/**
 * Changes a package. Past top-ups keep the name, price and credits they were bought with: a
 * transaction copies them when it is created.
 */
export async function updatePackage(db: Db, adminId: number, input: PackageInput & { id: number }) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(paymentPackages)
      .set(columns(input))
      .where(and(eq(paymentPackages.id, input.id), isNull(paymentPackages.removedAt)))
      .returning();
    if (!row) throw notFound('Package not found');
    await audit(tx, adminId, 'update', 'payment-package', row.id, { ...input });
    return toPackage(row);
  });
}

/** Takes a package off sale; it stays readable in the transactions that bought it. */
export async function removePackage(db: Db, adminId: number, id: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(paymentPackages)
      .set({ removedAt: new Date() })
      .where(and(eq(paymentPackages.id, id), isNull(paymentPackages.removedAt)))
      .returning({ id: paymentPackages.id });
    if (!row) throw notFound('Package not found');
    await audit(tx, adminId, 'remove', 'payment-package', id);
  });
}
