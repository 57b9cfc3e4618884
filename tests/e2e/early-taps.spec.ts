import { expect, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import { dismissBanners, newUser, useSession } from './support/api.ts';
import { expectToast } from './support/dialogs.ts';
import { liveListing } from './support/listings.ts';

/**
 * A phone on a slow network with a slow processor: each button is tapped as soon as the page has
 * painted, before its scripts may have run, and each tap takes effect. The buttons are plain HTML
 * (links, popovers) or are worked by the page's own scripts, not by islands that hydrate later.
 */
async function throttle(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

/** Opens `path` and returns once the page has painted something, without waiting for its load. */
async function openPainted(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'commit' });
  await page.waitForFunction(
    () => performance.getEntriesByName('first-contentful-paint').length > 0,
    null,
    { polling: 'raf' },
  );
}

test(
  'every tap counts from the first paint on a slow phone',
  { tag: '@phone-only' },
  async ({ page, request }) => {
    test.setTimeout(120_000);
    await dismissBanners(page);
    const seller = await newUser(request, 'Early');
    const buyer = await newUser(request, 'Tapper');
    const car = await liveListing(request, seller, 'Honda Jazz for early taps');
    await useSession(page, buyer);
    await throttle(page);

    // Favorite: saved in place once the page's script runs, or by the favourites page before.
    await openPainted(page, `/car/${car}`);
    const added = page.waitForRequest((r) => r.url().endsWith('/api/favorite/add'));
    await page
      .getByRole('button', { name: 'Favorite', exact: true })
      .locator('visible=true')
      .first()
      .click();
    await added;
    await page.goto('/favorites');
    await expect(page.getByText('Honda Jazz for early taps')).toBeVisible();

    // Call and Message in the contact bar and 'Message seller' are links: they go where they say.
    await openPainted(page, `/car/${car}`);
    const bar = page.getByRole('group', { name: 'Contact the seller' });
    await expect(bar.getByRole('link', { name: 'Call' })).toHaveAttribute('href', /^tel:/);
    await expect(bar.getByRole('link', { name: 'Message' })).toHaveAttribute('href', /^mailto:/);
    await page.getByRole('link', { name: 'Message seller' }).click();
    await expect(page).toHaveURL(new RegExp(`/messages\\?car=${car}`));

    // The menus and the bell are popovers: they open at the first tap.
    await openPainted(page, '/');
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    await expect(page.locator('#burger-menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('banner').getByRole('button', { name: 'Notifications' }).click();
    await expect(page.locator('#notifications-menu')).toBeVisible();
    await expect(page.locator('#notifications-menu')).toContainText('No notifications yet');
    await page.keyboard.press('Escape');

    // Save search opens its form at once, and the form saves.
    await openPainted(page, '/search?body=Hatchback');
    await page.getByRole('button', { name: 'Save search' }).click();
    const form = page.getByRole('form', { name: 'Save search' });
    await expect(form).toBeVisible();
    await form.getByLabel('Name').fill('Early hatchbacks');
    await form.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Search saved');
  },
);
