import AxeBuilder from '@axe-core/playwright';
import { expect, request as requests, type Page } from '@playwright/test';
import { adminStateFile } from '../../playwright.config.ts';
import { test } from './support/test.ts';
import {
  apiOf,
  dismissBanners,
  logInByApi,
  newUser,
  ok,
  PASSWORD,
  PHONE,
  unique,
  useSession,
} from './support/api.ts';
import { islandsReady, liveListing } from './support/listings.ts';

/**
 * Verified dealer reviews: a buyer who messaged a dealer about a car rates it from the listing
 * page, the dealer answers on its seller page, and everyone sees both there. The journeys' server
 * lets a buyer review at once (REVIEW_AFTER_DAYS=0) and takes the client address from
 * X-Forwarded-For (TRUST_PROXY), so the buyer and the dealer each come from an address of their
 * own, as they would from two homes: a review from an address the dealer used is refused.
 */

/** The company's logo: one pixel. */
const logo =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const buyerAddress = { 'X-Forwarded-For': '198.51.100.23' };
const dealerAddress = { 'X-Forwarded-For': '203.0.113.45' };

test.use({ extraHTTPHeaders: buyerAddress });
test.beforeEach(({ page }) => dismissBanners(page));

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * A company with its own mail domain (a dealer's colleagues cannot review it), logged in from
 * the dealer's address, and the request context that speaks for it.
 */
async function newDealer(baseURL: string | undefined) {
  const dealerRequest = await requests.newContext({ baseURL, extraHTTPHeaders: dealerAddress });
  const email = `sales.${unique()}@harbourcars.example.com`;
  const registered = await apiOf(dealerRequest).call((r) =>
    r.user.register.company.$post({
      json: {
        firstName: 'Harbour Cars',
        lastName: '',
        email,
        phone: PHONE,
        city: 'Marsa',
        password: PASSWORD,
        image: logo,
        cNumber: '47211',
        vatNumber: '20472110',
      },
    }),
  );
  expect(registered.code, registered.message).toBe(0);
  return { dealerRequest, dealer: await logInByApi(dealerRequest, email, PASSWORD) };
}

test('a buyer who messaged a dealer reviews it, and the dealer answers on its seller page', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const { dealerRequest, dealer } = await newDealer(baseURL);
  const title = `Reviewed ${unique()}`;
  const car = await liveListing(dealerRequest, dealer, title, {
    chassisNumber: `JTDKB20U${Date.now().toString().slice(-9)}`,
  });
  const buyer = await newUser(request, 'Rita');

  // The buyer messages the dealer from the listing.
  await useSession(page, buyer);
  await page.goto(`/car/${car}`);
  await islandsReady(page);
  await expect(page.getByRole('heading', { name: 'Rate this dealer' })).toBeHidden();
  await page.getByRole('link', { name: 'Message seller' }).click();
  const compose = page.getByRole('article', { name: /New message to Harbour Cars/ });
  await compose.getByLabel('Your message').fill('Is the car still available?');
  await compose.getByRole('button', { name: 'Send' }).click();
  await expect(page).toHaveURL(/\/messages\?c=\d+$/);
  await expect(
    page
      .getByRole('article', { name: /Conversation with Harbour Cars/ })
      .getByText('Is the car still available?'),
  ).toBeVisible();

  // Back on the listing, the buyer may rate the dealer.
  await page.goto(`/car/${car}`);
  const form = page.locator('form', {
    has: page.getByRole('heading', { name: 'Rate this dealer' }),
  });
  await expect(form).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByRole('radio', { name: '4 stars' }).check();
  await form.getByLabel('Your review').fill('Clear answers and the car as described.');
  await form.getByRole('button', { name: 'Send review' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Thank you for your review' }),
  ).toBeVisible();
  await expect(form).toBeHidden();
  await page.reload();
  await expect(page.getByRole('region', { name: 'About the seller' })).toContainText(
    '★ 4.0 from 1 review (last 12 months)',
  );
  await expect(page.getByRole('heading', { name: 'Rate this dealer' })).toBeHidden();

  // The dealer answers on its seller page; no one else gets the answer form.
  const dealerContext = await browser.newContext({ baseURL, extraHTTPHeaders: dealerAddress });
  const own = await dealerContext.newPage();
  await dismissBanners(own);
  await useSession(own, dealer);
  await own.goto(`/seller/offer/${dealer.userId}`);
  const reviews = own.getByRole('region', { name: 'Reviews' });
  const review = reviews.getByRole('listitem').filter({ hasText: title });
  await expect(review).toContainText('Rita T.');
  await expect(review).toContainText('Clear answers and the car as described.');
  const answer = review.getByLabel('Your answer to Rita T.');
  await expect(answer).toBeVisible();
  expect(await seriousViolations(own)).toEqual([]);
  await answer.fill('Thank you, Rita: enjoy the car!');
  await review.getByRole('button', { name: 'Send answer' }).click();
  await expect(own.getByRole('status').filter({ hasText: 'Answer saved' })).toBeVisible();
  await expect(review).toContainText('The dealer answered: Thank you, Rita: enjoy the car!');
  await expect(answer).toHaveCount(0);
  await dealerContext.close();
  await dealerRequest.dispose();

  // Everyone's seller page (left the cache when the review changed) shows the review and answer.
  await page.goto(`/seller/offer/${dealer.userId}`);
  const shown = page.getByRole('region', { name: 'Reviews' }).getByRole('listitem');
  await expect(page.getByRole('region', { name: 'Reviews' })).toContainText(
    '★ 4.0 from 1 review (last 12 months)',
  );
  await expect(shown.filter({ hasText: title })).toContainText(
    'The dealer answered: Thank you, Rita: enjoy the car!',
  );
  await expect(page.getByRole('textbox', { name: /Your answer/ })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test('an admin restores a review three accounts reported, and removes it once reported again', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const { dealerRequest, dealer } = await newDealer(baseURL);
  const car = await liveListing(dealerRequest, dealer, `Reported ${unique()}`);
  await dealerRequest.dispose();
  const buyer = await newUser(request, 'Rita');
  await ok(
    apiOf(request, buyer).call((r) =>
      r.conversations.$post({ json: { carId: car, text: 'Is it still available?' } }),
    ),
  );
  const text = `Rude on the phone ${unique()}`;
  const { id } = await ok(
    apiOf(request, buyer).call((r) =>
      r.review.add.$post({ json: { carId: car, rating: 1, text } }),
    ),
  );
  const report = async () => {
    const reporter = await newUser(request, 'Reporter');
    await ok(
      apiOf(request, reporter).call((r) =>
        r.review.report[':id'].$post({ param: { id: String(id) }, json: { reason: 'Not true' } }),
      ),
    );
  };
  for (let n = 0; n < 3; n++) await report();
  await page.goto(`/seller/offer/${dealer.userId}`);
  await expect(page.getByText(text)).toHaveCount(0);

  const context = await browser.newContext({ storageState: adminStateFile, baseURL });
  const admin = await context.newPage();
  await admin.goto('/admin/reviews');
  await admin.getByRole('textbox', { name: 'Search' }).fill(text);
  const table = admin.getByRole('grid', { name: 'Reported reviews' });
  const row = table.getByRole('row').filter({ hasText: text });
  await expect(row).toContainText('Hidden');
  await expect(row).toContainText('Not true · Not true · Not true');
  await row.click();
  const dialog = admin.getByRole('dialog', { name: 'Review of Harbour Cars' });
  await expect(dialog).toContainText(text);
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(admin.getByText('Review restored')).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Reviews' })).toContainText(text);

  await report();
  await admin.reload();
  await admin.getByRole('textbox', { name: 'Search' }).fill(text);
  await expect(row).toContainText('Shown');
  await row.click();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await admin
    .getByRole('dialog', { name: 'Are you sure?' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(admin.getByText('Review removed')).toBeVisible();
  await expect(row).toHaveCount(0);
  await context.close();
  await page.reload();
  await expect(page.getByText(text)).toHaveCount(0);
});
