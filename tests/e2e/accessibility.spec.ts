import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import { dismissBanners, newUser, useSession } from './support/api.ts';

/**
 * axe-core on the public pages no other journey checks (home, search, listing, seller offer,
 * auth, favorites and the account pages are checked where they are exercised): no serious or
 * critical violation.
 */

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const pages = {
  '/notifications': 'Notifications',
  '/payment/success': null,
  '/about': null,
  '/contact-support': null,
  '/privacy-policy': null,
  '/terms-of-use': null,
  '/no-such-page': 'Page not spotted!',
  '/offline': 'You are offline',
} as const;

test.describe('pages', () => {
  test.beforeEach(async ({ page }) => dismissBanners(page));

  for (const [path, heading] of Object.entries(pages)) {
    test(`${path} has no serious accessibility violation`, async ({ page, request }) => {
      await useSession(page, await newUser(request, 'Axe'));
      await page.goto(path);
      const title = page.getByRole('heading', { level: 1 });
      await expect(heading ? title.filter({ hasText: heading }) : title.first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

test(
  'the open cookie and app banners have no serious accessibility violation',
  { tag: '@phone' },
  async ({ page, isMobile }) => {
    // The store links are set for the run (tests/e2e/setup), so a phone gets the app banner.
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Cookies' })).toBeVisible();
    if (isMobile) await expect(page.getByRole('region', { name: 'Get the app' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  },
);
