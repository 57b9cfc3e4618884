import type Stripe from 'stripe';
import type { CheckoutStatus } from './provider.ts';

/**
 * A Checkout Session's state as ours. Apart from `stripe.ts` so that the webhook's route reads it
 * without loading Stripe's SDK, which is loaded only when Stripe is the configured provider.
 */
export function statusOf(
  session: Pick<Stripe.Checkout.Session, 'payment_status' | 'status'>,
): CheckoutStatus {
  if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required')
    return 'paid';
  if (session.status === 'expired') return 'cancelled';
  return 'open';
}
