import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { PaymentProvider } from './provider.ts';
import { sandboxProvider } from './sandbox.ts';

/**
 * The provider PAYMENT_PROVIDER names (the configuration check made sure Stripe has its keys).
 * Stripe's SDK (about 6 MB of heap and its code) is loaded only when it is the one.
 */
export async function paymentProvider(config: Config, db: Db): Promise<PaymentProvider> {
  if (config.PAYMENT_PROVIDER === 'stripe' && config.STRIPE_SECRET_KEY) {
    const { stripeProvider } = await import('./stripe.ts');
    return stripeProvider(config.STRIPE_SECRET_KEY);
  }
  return sandboxProvider(db, config.PUBLIC_URL);
}
