import { expect, test, type Page } from '@playwright/test';
import { adminStateFile } from '../../../playwright.config.ts';
import { dismissBanners } from '../support/api.ts';

/**
 * The README's two pictures (docs/images/), taken on the demo data before any journey changes it:
 * the home page as a visitor first sees it, and the back-office's home. A screen that no longer
 * looks like its picture fails here; `npm run screenshots` takes them again.
 */

/** Every image on the screen has arrived, so the picture shows photos, not their placeholders. */
async function photosLoaded(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.images]
          .filter((img) => img.getBoundingClientRect().top < window.innerHeight)
          .every((img) => img.complete && img.naturalWidth > 0),
      ),
    )
    .toBe(true);
}

test.use({ viewport: { width: 1280, height: 800 } });

test('the home page as a visitor first sees it', async ({ page }) => {
  await dismissBanners(page);
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Top Spotted' }).getByRole('link')).toHaveCount(4);
  await photosLoaded(page);
  await expect(page).toHaveScreenshot('home.png');
});

test.describe('the back-office', () => {
  test.use({ storageState: adminStateFile });

  test("the back-office's home", async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Moderation' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Site today' })).toBeVisible();
    await expect(page.getByRole('cell', { name: /^\d{4}-\d{2}-\d{2}$/ }).first()).toBeVisible();
    await expect(page).toHaveScreenshot('back-office.png');
  });
});
