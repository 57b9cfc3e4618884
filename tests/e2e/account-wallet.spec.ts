import AxeBuilder from '@axe-core/playwright';
import {
  expect as baseExpect,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { test } from './support/test.ts';
import {
  adminSession,
  apiOf,
  dismissBanners,
  newUser,
  ok,
  openCheckout,
  unique,
  useSession,
  type Session,
} from './support/api.ts';
import { expectResult } from './support/dialogs.ts';
import { liveListing, submitListing } from './support/listings.ts';

/**
 * The account area's listings, subscriptions and wallet: My listings, promotion and the
 * subscription actions, the sandbox checkout, voucher redemption and the transactions.
 */

// Journeys that cross pages (the checkout, the payment result): patient on a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });
/** A fresh individual account (50 welcome credits), logged in through the API. */
const register = (request: APIRequestContext) => newUser(request, 'Wallet');

/** The session in localStorage before any page script runs, as a real login leaves it. */
async function signIn(page: Page, session: Session) {
  await useSession(page, session);
  await dismissBanners(page);
}

/** Runs a card's action: a button on desktop, an item of the three-dot menu on mobile. */
async function cardAction(page: Page, card: Locator, name: string, isMobile: boolean) {
  if (isMobile) {
    await card.getByRole('button', { name: /^Actions for/ }).click();
    await page.getByRole('menuitem', { name }).click();
  } else {
    await card.getByRole('button', { name, exact: true }).click();
  }
}

/** Closes the result dialog after checking its title and message. */
async function confirmWith(page: Page, message: string) {
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(dialog).toContainText(message);
  await dialog.getByRole('button', { name: "I'm sure" }).click();
}

const balanceCard = (page: Page) => page.getByRole('region', { name: 'Current balance' });

test('logged out, or with a token the server refuses, the account pages ask to log in', async ({
  page,
}) => {
  await page.goto('/my-listings');
  await expect(page.getByRole('heading', { name: 'Please log in to see listings' })).toBeVisible();
  await page.goto('/my-transactions');
  await expect(
    page.getByRole('heading', { name: 'Please log in to see transactions' }),
  ).toBeVisible();
  await page.goto('/credit-balance');
  await expect(page.getByRole('heading', { level: 1, name: 'Credit balance' })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Please log in to see credit balance' }),
  ).toBeVisible();
  await expect(page.locator('main').getByRole('link', { name: 'Log in' }).first()).toHaveAttribute(
    'href',
    '/login',
  );

  await page.addInitScript(() => {
    localStorage.setItem('accessToken', 'expired');
    localStorage.setItem('refreshToken', 'unknown');
    localStorage.setItem('userId', '999999');
  });
  await page.goto('/my-listings');
  await expect(page.getByRole('heading', { name: 'Please log in to see listings' })).toBeVisible();
});

test(
  'my listings: states, filters, empty texts, links and delete with confirmation',
  { tag: '@phone' },
  async ({ page, request, isMobile }) => {
    const user = await register(request);
    await signIn(page, user);
    await page.goto('/my-listings');
    await expect(page.getByRole('heading', { level: 1, name: 'My listings' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No listings found' })).toBeVisible();
    await expect(page.getByText("You don't have any listing.")).toBeVisible();

    const liveTitle = `Live Yaris ${unique()}`;
    const pendingTitle = `Pending Yaris ${unique()}`;
    const live = await liveListing(request, user, liveTitle);
    const pending = await submitListing(request, user, pendingTitle);
    await page.reload();

    const liveCard = page.getByRole('article').filter({ hasText: liveTitle });
    const pendingCard = page.getByRole('article').filter({ hasText: pendingTitle });
    await expect(liveCard.getByText('Active', { exact: true })).toBeVisible();
    await expect(pendingCard.getByText('Pending', { exact: true })).toBeVisible();
    await expect(liveCard.getByRole('link', { name: liveTitle })).toHaveAttribute(
      'href',
      `/car/${live}`,
    );
    await expect(pendingCard.getByRole('link', { name: pendingTitle })).toHaveAttribute(
      'href',
      `/car/pending/${pending}`,
    );

    // Edit leads to the form of a live listing or of a request; Promote only for the active one.
    if (isMobile) {
      await liveCard.getByRole('button', { name: /^Actions for/ }).click();
      await expect(page.getByRole('menuitem', { name: 'Promote' })).toBeVisible();
      await expect(page.getByRole('menuitem', { name: 'Edit' })).toHaveAttribute(
        'href',
        `/edit-listing/${live}`,
      );
      await page.keyboard.press('Escape');
      await pendingCard.getByRole('button', { name: /^Actions for/ }).click();
      await expect(page.getByRole('menuitem', { name: 'Promote' })).toHaveCount(0);
      await expect(page.getByRole('menuitem', { name: 'Edit' })).toHaveAttribute(
        'href',
        `/edit-request-listing/${pending}`,
      );
      await page.keyboard.press('Escape');
    } else {
      await expect(liveCard.getByRole('button', { name: 'Promote' })).toBeVisible();
      await expect(liveCard.getByRole('link', { name: 'Edit' })).toHaveAttribute(
        'href',
        `/edit-listing/${live}`,
      );
      await expect(pendingCard.getByRole('button', { name: 'Promote' })).toHaveCount(0);
      await expect(pendingCard.getByRole('link', { name: 'Edit' })).toHaveAttribute(
        'href',
        `/edit-request-listing/${pending}`,
      );
    }

    const filters = page.getByRole('group', { name: 'Filter by state' });
    await filters.getByRole('button', { name: 'Pending' }).click();
    await expect(pendingCard).toBeVisible();
    await expect(liveCard).toHaveCount(0);
    await expect(page).toHaveURL(/state=pending/);
    await filters.getByRole('button', { name: 'Denied' }).click();
    await expect(page.getByRole('heading', { name: 'No denied listings found' })).toBeVisible();
    await expect(page.getByText("You don't have any denied listing.")).toBeVisible();
    await filters.getByRole('button', { name: 'All' }).click();
    await expect(liveCard).toBeVisible();

    await cardAction(page, pendingCard, 'Delete', isMobile);
    await confirmWith(
      page,
      'Please confirm you want to delete your listing. This action is permanent and irreversible.',
    );
    await expectResult(page, 'Success', 'Car removed');
    await expect(pendingCard).toHaveCount(0);
    await expect(liveCard).toBeVisible();
  },
);

test('buying credits through the sandbox checkout adds them to the balance', async ({
  page,
  request,
}) => {
  const user = await register(request);
  const pack = (await ok(apiOf(request, user).call((r) => r.payment.packages.$get())))[0]!;
  await signIn(page, user);
  await page.goto('/credit-balance');
  await expect(balanceCard(page)).toContainText('50 credits');
  await expect(balanceCard(page)).toContainText(/Last refreshed \d{2} \w{3} \d{4}, \d{2}:\d{2}/);

  await page.getByRole('button', { name: new RegExp(`^${pack.name}`) }).click();
  await expect(page).toHaveURL(/\/api\/payment\/sandbox\//);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/payment\/success/);
  await expectResult(page, 'Success', 'Payment is done successfully!');

  await expect(page).toHaveURL(/\/credit-balance$/);
  await expect(balanceCard(page)).toContainText(`${50 + pack.credits} credits`);
  await page.goto('/my-transactions');
  await expect(page.getByText(`+${pack.credits} credits`).first()).toBeVisible();
  await expect(page.getByText('Top Up Credit', { exact: true }).first()).toBeVisible();
});

test(
  "a Created top-up's 'Check transaction' settles it once it is paid",
  { tag: '@phone' },
  async ({ page, request, isMobile }) => {
    const user = await register(request);
    const { pack, sessionId, transactionId } = await openCheckout(request, user);

    await signIn(page, user);
    await page.goto('/my-transactions');
    await expect(page.getByText('Created', { exact: true }).first()).toBeVisible();
    if (isMobile) {
      await page.getByRole('link', { name: /Top Up Credit/ }).click();
      await expect(page).toHaveURL(`/my-transactions/${transactionId}`);
    } else {
      await page.getByRole('button', { name: 'Top Up Credit' }).click();
      await expect(page.getByRole('complementary', { name: 'Transaction details' })).toContainText(
        'Pending',
      );
    }
    await page.getByRole('button', { name: 'Check transaction' }).click();
    // Closing the result reloads the transaction: paying before that reload answers would hide the
    // button this journey clicks next.
    const reloaded = page.waitForResponse(
      (r) => /\/api\/payment\/transactions?\//.test(r.url()) && !r.url().includes('/check/'),
    );
    await expectResult(page, 'Uh-oh...', 'The payment is not completed yet');
    await reloaded;

    const paid = await request.post(`/api/payment/sandbox/${sessionId}/pay`, {
      maxRedirects: 0,
    });
    expect(paid.status()).toBe(303);
    await page.getByRole('button', { name: 'Check transaction' }).click();
    await expectResult(page, 'Success', 'Successfully processed transaction!');
    await expect(page.getByText(`+${pack.credits} credits`).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Check transaction' })).toHaveCount(0);
  },
);

test('redeeming a voucher: a short code is refused unsent, a good one reloads the balance', async ({
  page,
  request,
}) => {
  const voucher = await ok(
    apiOf(request, await adminSession(request)).call((r) =>
      r.voucher.add.$post({ json: { credits: 25, daysActive: 5 } }),
    ),
  );
  const user = await register(request);
  await signIn(page, user);
  let redeemCalls = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/voucher/redeem')) redeemCalls++;
  });
  await page.goto('/credit-balance');
  await expect(balanceCard(page)).toContainText('50 credits');

  const code = page.getByRole('textbox', { name: 'Code' });
  await code.fill('abc');
  await page.getByRole('button', { name: 'Redeem credit' }).click();
  await expectResult(page, 'Uh-oh...', 'Voucher is not valid!');
  expect(redeemCalls).toBe(0);

  await code.fill(voucher.code);
  await page.getByRole('button', { name: 'Redeem credit' }).click();
  const success = page.getByRole('dialog', { name: 'Success' });
  await expect(success).toContainText('Successfully redeemed code');
  await expect(balanceCard(page)).toContainText('50 credits');
  await success.getByRole('button', { name: 'Close' }).click();
  await expect(balanceCard(page)).toContainText('75 credits');
  expect(redeemCalls).toBe(1);
});

test('a session that ends while the page is open turns an action into the login prompt', async ({
  page,
  request,
}) => {
  const user = await register(request);
  await signIn(page, user);
  await page.goto('/credit-balance');
  await expect(balanceCard(page)).toContainText('50 credits');
  // Logged out elsewhere: the stored tokens no longer work, and the refresh cannot cure it.
  const param = { id: String(user.userId) };
  await ok(apiOf(request, user).call((r) => r.user.logout[':id'].$put({ param })));
  await page.evaluate(() => localStorage.setItem('accessToken', 'expired'));

  await page.getByRole('textbox', { name: 'Code' }).fill('SOMECODE1');
  await page.getByRole('button', { name: 'Redeem credit' }).click();
  await expect(
    page.getByRole('heading', { name: 'Please log in to see credit balance' }),
  ).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toBeNull();
});

test(
  'promote from My listings, then cancel and reactivate the subscription and see its fee',
  { tag: '@phone' },
  async ({ page, request, isMobile }) => {
    const user = await register(request);
    const title = `Promoted Yaris ${unique()}`;
    const carId = await liveListing(request, user, title);
    await signIn(page, user);
    await page.goto('/my-listings');
    await cardAction(
      page,
      page.getByRole('article').filter({ hasText: title }),
      'Promote',
      isMobile,
    );

    const promotion = page.getByRole('dialog', { name: 'Promote listing' });
    await expect(promotion.getByRole('radio', { name: /Featured/ })).toBeVisible();
    await promotion.getByRole('button', { name: 'Promote' }).click();
    await expectResult(page, 'Uh-oh...', 'You have to choose listing type');
    await promotion.getByRole('radio', { name: /Featured/ }).check();
    await promotion.getByRole('button', { name: 'Promote' }).click();
    await expectResult(page, 'Success', 'Successfully promoted listing');

    await page.goto('/my-subscriptions');
    await expect(page.getByRole('heading', { level: 1, name: 'My subscriptions' })).toBeVisible();
    const card = page.getByRole('article').filter({ hasText: title });
    await expect(card.getByText('Active', { exact: true })).toBeVisible();

    // Desktop acts on the card; mobile opens the details route and acts there.
    let scope: Locator = card;
    if (isMobile) {
      await card.getByRole('link', { name: title }).click();
      await expect(page).toHaveURL(/\/my-subscriptions\/\d+$/);
      await expect(page.getByRole('heading', { name: 'Subscription details' })).toBeVisible();
      scope = page.locator('main');
    }
    await scope.getByRole('button', { name: 'Cancel subscription' }).click();
    await confirmWith(
      page,
      'Your subscription will remain active but it will not auto renew when expires. Are you sure that you want to cancel your subscription?',
    );
    await expectResult(page, 'Success', 'Cancelled subscription');
    await expect(scope.getByText('Canceled', { exact: true })).toBeVisible();
    await scope.getByRole('button', { name: 'Reactivate' }).click();
    await expectResult(page, 'Success', 'Reactivated subscription');
    await expect(scope.getByText('Active', { exact: true })).toBeVisible();

    if (!isMobile) {
      await card.getByRole('link', { name: title }).click();
      const details = page.getByRole('dialog', { name: 'Subscription details' });
      await expect(details).toContainText('Featured');
      await expect(details).toContainText('50 credits');
      await expect(details).toContainText(/\d{2} \w{3} \d{4}/);
      scope = details;
    }
    await scope.getByRole('link', { name: /See subscription transactions/ }).click();
    await expect(page).toHaveURL(`/subscription-transactions/${carId}`);
    await expect(page.getByText(title)).toBeVisible();
    await expect(page.getByText('Featured listing fee')).toBeVisible();
    await expect(page.getByText('50 credits', { exact: true })).toBeVisible();
  },
);

test('the account pages have no serious or critical accessibility violations', async ({
  page,
  request,
}) => {
  const user = await register(request);
  await submitListing(request, user, `Accessible Yaris ${unique()}`);
  await signIn(page, user);
  for (const path of ['/my-listings', '/credit-balance', '/my-transactions']) {
    await page.goto(path);
    await expect(page.locator('.account-loading')).toHaveCount(0);
    const results = await new AxeBuilder({ page }).analyze();
    const blocking = results.violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    );
    expect(
      blocking.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target).join(' ')}`),
    ).toEqual([]);
  }
});
