import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { PaymentProvider } from './provider.ts';
import { sandboxProvider } from './sandbox.ts';
import { stripeProvider } from './stripe.ts';

/** The provider PAYMENT_PROVIDER names (the configuration check made sure Stripe has its keys). */
export function paymentProvider(config: Config, db: Db): PaymentProvider {
  if (config.PAYMENT_PROVIDER === 'stripe' && config.STRIPE_SECRET_KEY)
    return stripeProvider(config.STRIPE_SECRET_KEY);
  return sandboxProvider(db, config.PUBLIC_URL);
}
