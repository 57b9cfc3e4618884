import Stripe from 'stripe';
import type { PaymentProvider } from './provider.ts';
import { statusOf } from './stripe-status.ts';

/** Stripe Checkout Sessions through the official SDK; settled by its signed webhook or a check. */
export function stripeProvider(secretKey: string): PaymentProvider & { client: Stripe } {
  const client = new Stripe(secretKey);
  return {
    name: 'stripe',
    client,
    async createCheckout(input) {
      const session = await client.checkout.sessions.create({
        mode: 'payment',
        customer_email: input.customerEmail,
        client_reference_id: String(input.transactionId),
        metadata: { transactionId: String(input.transactionId) },
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: input.currency.toLowerCase(),
              unit_amount: input.amountCents,
              product_data: { name: input.description },
            },
          },
        ],
        success_url: input.returnUrl.replace('{SESSION_ID}', '{CHECKOUT_SESSION_ID}'),
        cancel_url: input.cancelUrl,
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { sessionId: session.id, redirectUrl: session.url };
    },
    async status(sessionId) {
      return statusOf(await client.checkout.sessions.retrieve(sessionId));
    },
  };
}
