import { expect } from '@playwright/test';
import { test } from './support/test.ts';
import { e2eAdmin } from '../../playwright.config.ts';
import { dismissBanners } from './support/api.ts';
import { screen } from './support/screens.ts';

test('the home page is served by the one process', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/Spotted/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cars for sale in Malta');
  await expect(page.getByRole('heading', { name: 'Top Spotted' })).toBeVisible();
  await expect(page.locator('a[href^="/car/"]').first()).toBeVisible();
});

test("an unknown route shows 'Page not spotted!' with a 404 status", async ({ page }) => {
  await dismissBanners(page);
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not spotted!' })).toBeVisible();
  await expect(
    page.getByText(
      'Ooops, we cannot spot the page you are looking for. Please check URL or try loading again later.',
    ),
  ).toBeVisible();
  // In the site's layout: one main, inside the header and footer, centred like the other pages.
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeAttached();
  await expect(page.getByRole('main').getByRole('link', { name: 'Home' })).toHaveClass(/button/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCSS('text-align', 'center');
  await screen(page, 'not-found');
});

test('the API reference lists the routes', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.getByText('Spotted API').first()).toBeVisible();
  await expect(page.getByText('/api/user/login').first()).toBeVisible();
});

test('the configured administrator can log in through the API', async ({ request }) => {
  const res = await request.post('/api/user/login', { data: e2eAdmin });
  const body = (await res.json()) as { code: number; data: { roleId: number } };
  expect(body.code).toBe(0);
  expect(body.data.roleId).toBe(1);
});

test("the configuration's legal links lead to the site's own pages, whatever its host and port", async ({
  page,
  request,
}) => {
  await dismissBanners(page);
  const res = await request.get('/api/configuration');
  const config = ((await res.json()) as { data: Record<string, string> }).data;
  expect(config.privacyPolicyUrl).toBe('/privacy-policy');
  expect(config.paymentTermsUrl).toBe('/terms-of-use');
  expect(config.registrationTermsUrl).toBe('/terms-of-use');
  for (const [link, heading] of [
    [config.privacyPolicyUrl, 'Privacy policy'],
    [config.registrationTermsUrl, 'Terms of use'],
  ] as const) {
    const response = await page.goto(link!);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }).first()).toContainText(heading);
  }
});
