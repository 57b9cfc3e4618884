/** What the app needs from a card payment provider. */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /** Opens a checkout for one top-up; the payer is sent to `redirectUrl`. */
  createCheckout(input: CheckoutInput): Promise<{ sessionId: string; redirectUrl: string }>;
  /** The provider's word on a checkout: paid, cancelled (or expired), or still open. */
  status(sessionId: string): Promise<CheckoutStatus>;
}

export type CheckoutStatus = 'paid' | 'cancelled' | 'open';

export interface CheckoutInput {
  transactionId: number;
  amountCents: number;
  currency: string;
  description: string;
  customerEmail: string;
  /** Where the payer comes back to, with `{SESSION_ID}` in place of the session's id. */
  returnUrl: string;
  /** Where a payer who gives up comes back to (the provider may not know the session id there). */
  cancelUrl: string;
}
