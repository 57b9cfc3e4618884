import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxCheckouts } from '../../db/schema/index.ts';
import type { CheckoutStatus, PaymentProvider } from './provider.ts';

/**
 * The built-in provider: a checkout page of our own (`/api/payment/sandbox/{sessionId}`) with Pay
 * and Cancel. Nothing is charged; it behaves like a real provider towards the rest of the app.
 */
export function sandboxProvider(db: Db, publicUrl: string): PaymentProvider {
  return {
    name: 'sandbox',
    async createCheckout(input) {
      const sessionId = `sbx_${randomBytes(18).toString('base64url')}`;
      await db.insert(sandboxCheckouts).values({
        sessionId,
        amountCents: input.amountCents,
        currency: input.currency,
        description: input.description,
        successUrl: input.returnUrl.replace('{SESSION_ID}', sessionId),
      });
      return { sessionId, redirectUrl: `${publicUrl}/api/payment/sandbox/${sessionId}` };
    },
    async status(sessionId): Promise<CheckoutStatus> {
      const [row] = await db
        .select()
        .from(sandboxCheckouts)
        .where(eq(sandboxCheckouts.sessionId, sessionId));
      return row?.status ?? 'open';
    },
  };
}
