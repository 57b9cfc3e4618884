import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type Stripe from 'stripe';
import { html, raw } from 'hono/html';
import { sandboxCheckouts, transactions } from '../db/schema/index.ts';
import type { AppEnv } from '../http/env.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { cspHash, pagePolicy } from '../http/security-headers.ts';
import { settle } from './payments.service.ts';
import { statusOf } from './providers/stripe-status.ts';

const checkoutStyle = `
  body {
    font-family: system-ui, sans-serif;
    background: #f3f5f8;
    display: grid;
    place-items: center;
    min-height: 100vh;
    margin: 0;
  }
  main {
    background: #fff;
    padding: 2rem;
    border-radius: 12px;
    box-shadow: 0 4px 24px #0002;
    max-width: 360px;
    width: 100%;
  }
  h1 {
    font-size: 1.25rem;
    margin: 0 0 0.5rem;
  }
  .amount {
    font-size: 2rem;
    font-weight: 700;
    margin: 1rem 0;
  }
  form {
    display: inline;
  }
  button {
    font-size: 1rem;
    padding: 0.7rem 1.4rem;
    border-radius: 8px;
    border: 0;
    cursor: pointer;
    margin-right: 0.5rem;
  }
  .pay {
    background: #0b5fff;
    color: #fff;
  }
  .cancel {
    background: #e4e7ec;
  }
  p.note {
    color: #667085;
    font-size: 0.85rem;
  }
`;
/** The checkout page runs no script; its one style element is allowed by hash. */
const checkoutPolicy = pagePolicy({ style: [cspHash(checkoutStyle)] });

/**
 * The provider-facing routes: the sandbox's checkout page (Pay / Cancel), and Stripe's signed
 * webhook. Both settle through the same idempotent `settle`.
 */
export const checkoutRouter = new Hono<AppEnv>()
  .get('/payment/sandbox/:sessionId', async (c) => {
    const checkout = await findCheckout(c.var.deps.db, c.req.param('sessionId'));
    const amount = new Intl.NumberFormat('en-MT', {
      style: 'currency',
      currency: checkout.currency,
    }).format(checkout.amountCents / 100);
    c.header('Content-Security-Policy', checkoutPolicy);
    return c.html(
      html`<!doctype html>
        <html lang="en">
          <head>
            <meta charset="utf-8" />
            <meta name="viewport" content="width=device-width, initial-scale=1" />
            <title>Sandbox checkout · Spotted</title>
            ${raw(`<style>${checkoutStyle}</style>`)}
          </head>
          <body>
            <main>
              <h1>Sandbox checkout</h1>
              <div>${checkout.description}</div>
              <div class="amount">${amount}</div>
              ${
                checkout.status === 'open'
                  ? html`<form
                        method="post"
                        action="/api/payment/sandbox/${checkout.sessionId}/pay"
                      >
                        <button class="pay" type="submit">Pay</button>
                      </form>
                      <form
                        method="post"
                        action="/api/payment/sandbox/${checkout.sessionId}/cancel"
                      >
                        <button class="cancel" type="submit">Cancel</button>
                      </form>`
                  : html`<p>This checkout is ${checkout.status}.</p>`
              }
              <p class="note">Test payments only: no card is charged.</p>
            </main>
          </body>
        </html>`,
    );
  })
  .post('/payment/sandbox/:sessionId/:action{pay|cancel}', async (c) => {
    const { db } = c.var.deps;
    const checkout = await findCheckout(db, c.req.param('sessionId'));
    const status = c.req.param('action') === 'pay' ? 'paid' : 'cancelled';
    // Only the first of Pay and Cancel closes the checkout (a conditional update, so two at once
    // cannot both win); the transaction is then settled from that same word.
    const [closed] = await db
      .update(sandboxCheckouts)
      .set({ status })
      .where(
        and(
          eq(sandboxCheckouts.sessionId, checkout.sessionId),
          eq(sandboxCheckouts.status, 'open'),
        ),
      )
      .returning({ status: sandboxCheckouts.status });
    if (closed) {
      // Like a provider's webhook: settle now, whatever the payer's browser does next.
      const [row] = await db
        .select({ id: transactions.id })
        .from(transactions)
        .where(eq(transactions.providerSessionId, checkout.sessionId));
      if (row) await settle(db, row.id, closed.status);
    }
    return c.redirect(checkout.successUrl, 303);
  })
  .post('/payment/webhook/stripe', async (c) => {
    const { payments, config, db } = c.var.deps;
    if (payments.name !== 'stripe' || !config.STRIPE_WEBHOOK_SECRET || !('client' in payments)) {
      throw notFound('Stripe is not the configured payment provider');
    }
    const client = (payments as unknown as { client: Stripe }).client;
    let event: Stripe.Event;
    try {
      event = await client.webhooks.constructEventAsync(
        await c.req.text(),
        c.req.header('stripe-signature') ?? '',
        config.STRIPE_WEBHOOK_SECRET,
      );
    } catch {
      throw badRequest('Invalid webhook signature');
    }
    if (event.type.startsWith('checkout.session.')) {
      const session = event.data.object as Stripe.Checkout.Session;
      const status =
        event.type === 'checkout.session.async_payment_failed' ? 'cancelled' : statusOf(session);
      const [row] = await db
        .select({ id: transactions.id })
        .from(transactions)
        .where(eq(transactions.providerSessionId, session.id));
      if (row) await settle(db, row.id, status);
    }
    return c.json({ code: 0, message: '', data: { received: true } });
  });

async function findCheckout(db: AppEnv['Variables']['deps']['db'], sessionId: string) {
  const [checkout] = await db
    .select()
    .from(sandboxCheckouts)
    .where(eq(sandboxCheckouts.sessionId, sessionId));
  if (!checkout) throw notFound('Checkout not found');
  return checkout;
}
