import { expect } from '@playwright/test';
import { test } from './support/test.ts';
import { e2eAdmin } from '../../playwright.config.ts';
import { adminCode, dismissBanners } from './support/api.ts';
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

  // A seller not found says so in the same heading, not a greyer one.
  const heading = page.getByRole('heading', { level: 1 });
  const look = async () =>
    heading.evaluate((h) => {
      const style = getComputedStyle(h);
      return { color: style.color, size: style.fontSize };
    });
  const pageNotFound = await look();
  expect((await page.goto('/seller/offer/999999'))?.status()).toBe(404);
  await expect(heading).toHaveText('Seller not spotted!');
  expect(await look()).toEqual(pageNotFound);
});

test('the islands rendered on the server hydrate as they were rendered', async ({
  page,
  request,
}) => {
  // React reports an island whose server HTML differs from its first render in the browser (a
  // text) as a recoverable error, then renders the island again from scratch.
  const mismatches: string[] = [];
  const hydration = /Minified React error #(418|419|423|425)|[Hh]ydrat/;
  page.on('pageerror', (error) => {
    if (hydration.test(error.message)) mismatches.push(`${page.url()}: ${error.message}`);
  });
  await dismissBanners(page);
  await page.goto('/');
  const listing = await page.locator('a[href^="/car/"]').first().getAttribute('href');
  let ids = 0;
  for (const path of ['/login', '/register', '/search', listing ?? '/car/1']) {
    // A differing attribute is kept as the server wrote it, without a report: useId's ids (a
    // label's `for`, a menu's `aria-controls`) must carry the prefix the island hydrates with.
    const html = await (await request.get(path)).text();
    for (const [, prefix, island = ''] of html.matchAll(
      /<astro-island[^>]* prefix="(\w+)"[^>]*>([\s\S]*?)<\/astro-island>/g,
    ))
      for (const [, id] of island.matchAll(/ (?:id|for|aria-[a-z]+)="(_[^"]*R_[^"]*)"/g)) {
        ids += 1;
        expect(id, `${path}: an id in the island of prefix ${prefix}`).toMatch(
          new RegExp(`^_${prefix}R_`),
        );
      }
    await page.goto(path);
    await expect(page.locator('astro-island').first()).toBeAttached();
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  }
  expect(ids, 'ids made by useId on these pages').toBeGreaterThan(0);
  expect(mismatches).toEqual([]);
});

test('the API reference lists the routes', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.getByText('Spotted API').first()).toBeVisible();
  await expect(page.getByText('/api/user/login').first()).toBeVisible();
});

test('the configured administrator can log in through the API, with a code', async ({
  request,
}) => {
  const res = await request.post('/api/user/login', { data: e2eAdmin });
  const body = (await res.json()) as { code: number; data: { challengeToken: string } };
  expect(body.code).toBe(0);
  expect(body.data).not.toHaveProperty('accessToken');
  const second = await request.post('/api/user/login/code', {
    data: { challengeToken: body.data.challengeToken, code: await adminCode() },
  });
  const session = (await second.json()) as { code: number; data: { roleId: number } };
  expect(session.code).toBe(0);
  expect(session.data.roleId).toBe(1);
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
