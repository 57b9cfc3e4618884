import { eq } from 'drizzle-orm';
import { roles } from '#shared/limits.ts';
import { packageTypes } from '#shared/schemas/payment.ts';
import type { Db } from '../db/client.ts';
import { transactions, transactionTypes } from '../db/schema/index.ts';
import type { Caller } from '../http/env.ts';
import type { Deps } from '../deps.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { credit } from '../ledger/ledger.ts';
import { notificationTypes, notify } from '../notifications/notify.ts';
import { findPackage } from './packages.service.ts';
import type { CheckoutStatus } from './providers/provider.ts';

export const packageTypeFor = (roleId: number) =>
  roleId === roles.company ? packageTypes.company : packageTypes.individual;

/**
 * POST payment/create: records a 'Created' top-up with a copy of the package and opens a
 * checkout at the configured provider; the client sends the payer to `redirectUrl`.
 */
export async function createPayment(deps: Deps, caller: Caller, packageId: number) {
  const pack = await findPackage(deps.db, packageId);
  if (pack.typeId !== packageTypeFor(caller.roleId))
    throw badRequest('This package is not available for your account');
  const [row] = await deps.db
    .insert(transactions)
    .values({
      userId: caller.id,
      typeId: transactionTypes.topUp,
      state: 'Created',
      credits: pack.credits,
      packageId: pack.id,
      packageName: pack.name,
      packageDescription: pack.description,
      amountCents: pack.amountCents,
      currency: pack.currency,
      currencySymbol: pack.currencySymbol,
      provider: deps.payments.name,
    })
    .returning({ id: transactions.id });
  if (!row) throw new Error('transaction insert returned nothing');
  const base = deps.config.PUBLIC_URL;
  const checkout = await deps.payments.createCheckout({
    transactionId: row.id,
    amountCents: pack.amountCents,
    currency: pack.currency,
    description: `${pack.credits} Spotted credits (${pack.name})`,
    customerEmail: caller.email,
    returnUrl: `${base}/payment/success?sessionId={SESSION_ID}`,
    cancelUrl: `${base}/payment/success?transactionId=${row.id}`,
  });
  await deps.db
    .update(transactions)
    .set({ providerSessionId: checkout.sessionId, updatedAt: new Date() })
    .where(eq(transactions.id, row.id));
  return {
    redirectUrl: checkout.redirectUrl,
    sessionId: checkout.sessionId,
    transactionId: row.id,
  };
}

/**
 * Settles a top-up from the provider's word: Paid adds the credits, Cancelled closes it, an open
 * checkout changes nothing. Safe to call any number of times from anywhere (webhook, check, page
 * reload, both at once): the row is locked, and the ledger moves the credits at most once.
 */
export async function settle(db: Db, transactionId: number, status: CheckoutStatus) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(transactions)
      .where(eq(transactions.id, transactionId))
      .for('update');
    if (!row || row.typeId !== transactionTypes.topUp) throw notFound('Transaction not found');
    if (row.state !== 'Created' || status === 'open') return row.state;
    if (status === 'paid') {
      await credit(tx, row, 'credit', 'Paid');
      await notify(tx, row.userId, {
        typeId: notificationTypes.payment,
        title: 'Payment received',
        message: `<p>${row.credits} credits were added to your balance.</p>`,
      });
      return 'Paid';
    }
    await tx
      .update(transactions)
      .set({ state: 'Cancelled', updatedAt: new Date() })
      .where(eq(transactions.id, row.id));
    return 'Cancelled';
  });
}

async function topUpBy(db: Db, where: ReturnType<typeof eq>) {
  const [row] = await db.select().from(transactions).where(where);
  if (!row || row.typeId !== transactionTypes.topUp) throw notFound('Transaction not found');
  return row;
}

/** The payer's check after coming back (by session) or 'Check transaction' (by id). */
export async function check(
  deps: Deps,
  caller: Caller,
  by: { sessionId: string } | { id: number },
) {
  const row = await topUpBy(
    deps.db,
    'sessionId' in by
      ? eq(transactions.providerSessionId, by.sessionId)
      : eq(transactions.id, by.id),
  );
  if (row.userId !== caller.id && caller.roleId !== roles.admin)
    throw notFound('Transaction not found');
  if (row.state !== 'Created' || !row.providerSessionId) return row.state;
  return settle(deps.db, row.id, await deps.payments.status(row.providerSessionId));
}
