import { devices, expect, type Locator, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import {
  adminSession,
  apiOf,
  dismissBanners,
  newUser,
  setStoreLinks,
  STORE_LINKS,
  unique,
  useSession,
} from './support/api.ts';
import { screen } from './support/screens.ts';

/** The frame around every public page: header, menus, footer, banners, bell and logout. */

const { appStoreUrl: APP_STORE, playStoreUrl: PLAY_STORE } = STORE_LINKS;

/** Whether the element's middle is really what a tap there reaches (nothing covers it). */
const uncovered = (locator: Locator) =>
  locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && (el === hit || el.contains(hit));
  });

const header = (page: Page) => page.getByRole('banner');
const cookieBanner = (page: Page) => page.getByRole('region', { name: 'Cookies' });
const appBanner = (page: Page) => page.getByRole('region', { name: 'Get the app' });

test.describe('logged out', () => {
  test.beforeEach(async ({ page }) => dismissBanners(page));

  test(
    'the header offers Register and Login and marks the page the visitor is on',
    { tag: '@phone' },
    async ({ page, isMobile }) => {
      await page.goto('/search');
      if (isMobile) {
        await expect(header(page).getByRole('navigation', { name: 'Main' })).toBeHidden();
        await expect(header(page).getByRole('link', { name: 'Login' })).toHaveAttribute(
          'href',
          '/login',
        );
        const burger = header(page).getByRole('button', { name: 'Menu' });
        const menu = page.getByRole('navigation', { name: 'Mobile' });
        await expect(menu).toBeHidden();
        await burger.click();
        await expect(burger).toHaveAttribute('aria-expanded', 'true');
        await expect(menu.getByRole('link')).toHaveText([
          'Home',
          'Add listing',
          'Search',
          'My favorites',
          'Account',
          // The language switch, as the header shows it at desktop size.
          'English',
          'Malti',
          'Italiano',
        ]);
        await page.keyboard.press('Escape');
        await expect(menu).toBeHidden();
        await burger.click();
        await menu.getByRole('link', { name: 'My favorites' }).click();
        await expect(page).toHaveURL(/\/favorites$/);
      } else {
        const nav = header(page).getByRole('navigation', { name: 'Main' });
        await expect(nav.getByRole('link')).toHaveText([
          'Home',
          'Add listing',
          'Search',
          'Favorites',
        ]);
        await expect(nav.getByRole('link', { name: 'Search' })).toHaveAttribute(
          'aria-current',
          'page',
        );
        await expect(nav.locator('[aria-current]')).toHaveCount(1);
        await expect(header(page).getByRole('button', { name: 'Menu' })).toBeHidden();
        await expect(header(page).getByRole('link', { name: 'Register' })).toBeVisible();
        await header(page).getByRole('link', { name: 'Login' }).click();
        await expect(page).toHaveURL(/\/login$/);
      }
      await expect(header(page).getByRole('button', { name: 'Notifications' })).toBeHidden();
    },
  );

  test('the footer has its three groups and both store badges', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('navigation', { name: 'Company' }).getByRole('link')).toHaveText([
      'Home',
      'Add listing',
      'Search',
      'My favorites',
    ]);
    await expect(footer.getByRole('navigation', { name: 'Legal' }).getByRole('link')).toHaveText([
      'About',
      'Contact support',
      'Privacy policy',
      'Transparency report',
      'Terms of Use',
    ]);
    await expect(footer.getByRole('navigation', { name: 'Account' }).getByRole('link')).toHaveText([
      'Personal',
      'Wallet',
    ]);
    await expect(footer.getByRole('link', { name: /App Store/ })).toHaveAttribute(
      'href',
      APP_STORE,
    );
    await expect(footer.getByRole('link', { name: /Google Play/ })).toHaveAttribute(
      'href',
      PLAY_STORE,
    );
  });

  for (const path of ['/login', '/register', '/forgot-password', '/admin-login']) {
    test(`${path} shows neither header nor footer`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('banner')).toHaveCount(0);
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
    });
  }
});

test.describe('cookie banner', () => {
  test(
    'shows on every page until accepted, in its own space; closing it only hides it for that page',
    { tag: '@phone' },
    async ({ page, isMobile }) => {
      await page.addInitScript(() => sessionStorage.setItem('appBannerClosed', 'true'));
      await page.goto('/');
      const banner = cookieBanner(page);
      await expect(banner).toContainText('We use essential cookies');
      await expect(banner).toContainText('By clicking accept, you agree');
      await expect(banner.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
        'href',
        '/privacy-policy',
      );
      // Above the header, taking its own place: it covers neither the header nor the search.
      const box = (await banner.boundingBox())!;
      const top = (await header(page).boundingBox())!;
      expect(box.y).toBe(0);
      expect(box.y + box.height).toBeLessThanOrEqual(top.y + 1);
      // A few lines of a phone's first screen, not a fifth of it.
      const screenHeight = page.viewportSize()!.height;
      expect(box.height).toBeLessThanOrEqual(isMobile ? screenHeight * 0.1 : 64);
      await expect(banner).not.toHaveCSS('position', 'fixed');
      const search = isMobile
        ? page.getByRole('searchbox', { name: 'Keywords' })
        : page.getByRole('button', { name: 'Show results' });
      expect(await uncovered(search)).toBe(true);
      await screen(page, 'cookie-banner');

      await banner.getByRole('button', { name: 'Close' }).click();
      await expect(banner).toBeHidden();
      await page.goto('/search');
      await expect(cookieBanner(page)).toBeVisible();

      await cookieBanner(page).getByRole('button', { name: 'Accept' }).click();
      await expect(cookieBanner(page)).toBeHidden();
      expect(await page.evaluate(() => localStorage.getItem('cookiesAccepted'))).toBe('true');
      await page.goto('/about');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(cookieBanner(page)).toBeHidden();
    },
  );
});

test.describe("'Get the app'", () => {
  test(
    'shows on a phone with the store of its system, in its own space, until dismissed',
    { tag: '@phone' },
    async ({ page, isMobile }) => {
      await page.addInitScript(() => localStorage.setItem('cookiesAccepted', 'true'));
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Top Spotted' })).toBeVisible();
      if (!isMobile) {
        // A desktop browser is not asked to install the app.
        await expect(appBanner(page)).toBeHidden();
        return;
      }
      // The Pixel's browser says Android: the play store.
      const banner = appBanner(page);
      await expect(banner).toBeVisible();
      await expect(banner.getByRole('link', { name: 'Use app' })).toHaveAttribute(
        'href',
        PLAY_STORE,
      );
      // A strip above the header: the home search and the header stay free.
      const box = (await banner.boundingBox())!;
      expect(box.y).toBe(0);
      expect(box.height).toBeLessThanOrEqual(56);
      expect(box.y + box.height).toBeLessThanOrEqual((await header(page).boundingBox())!.y + 1);
      expect(await uncovered(page.getByRole('searchbox', { name: 'Keywords' }))).toBe(true);
      expect(await uncovered(header(page).getByRole('link', { name: 'Login' }))).toBe(true);
      await screen(page, 'app-banner-home');

      await page.goto('/admin-login');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(appBanner(page)).toHaveCount(0);

      // The top of the search is free too.
      await page.goto('/search');
      await expect(appBanner(page)).toBeVisible();
      expect(await uncovered(page.getByRole('heading', { level: 1, name: 'Search car' }))).toBe(
        true,
      );
      expect(await uncovered(page.getByRole('combobox', { name: 'Make' }))).toBe(true);
      await screen(page, 'app-banner-search');
      await appBanner(page).getByRole('button', { name: 'Close' }).click();
      await expect(appBanner(page)).toBeHidden();
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Top Spotted' })).toBeVisible();
      await expect(appBanner(page)).toBeHidden();
    },
  );

  test(
    'a fresh phone sees both banners at the top, compactly, with the page below them',
    { tag: '@phone-only' },
    async ({ page }) => {
      await page.goto('/');
      await expect(appBanner(page)).toBeVisible();
      await expect(cookieBanner(page)).toBeVisible();
      const app = (await appBanner(page).boundingBox())!;
      const cookies = (await cookieBanner(page).boundingBox())!;
      const top = (await header(page).boundingBox())!;
      // Together less than a fifth of the screen, and nothing under them.
      expect(app.height + cookies.height).toBeLessThanOrEqual(page.viewportSize()!.height / 5);
      expect(cookies.y).toBeGreaterThanOrEqual(app.y + app.height - 1);
      expect(top.y).toBeGreaterThanOrEqual(cookies.y + cookies.height - 1);
      expect(await uncovered(page.getByRole('searchbox', { name: 'Keywords' }))).toBe(true);
      await screen(page, 'banners-home');

      // The menu opens under the header, wherever the banners leave it, and the burger closes it.
      const burger = header(page).getByRole('button', { name: 'Menu' });
      await burger.click();
      const menu = page.getByRole('navigation', { name: 'Mobile' });
      await expect(menu).toBeVisible();
      const below = (await menu.boundingBox())!.y - (top.y + top.height);
      expect(Math.abs(below)).toBeLessThanOrEqual(1);
      expect(await uncovered(burger)).toBe(true);
      await burger.click();
      await expect(menu).toBeHidden();
    },
  );

  test('an iPhone is sent to the app store', async ({ browser }) => {
    const { defaultBrowserType: _, ...iPhone } = devices['iPhone 13'];
    const context = await browser.newContext(iPhone);
    const page = await context.newPage();
    await page.goto('/');
    await expect(appBanner(page).getByRole('link', { name: 'Use app' })).toHaveAttribute(
      'href',
      APP_STORE,
    );
    await context.close();
  });

  test(
    'without store links in the configuration there is no banner and no badge',
    { tag: ['@shared-state', '@phone'] },
    async ({ page, request, isMobile }) => {
      await setStoreLinks(request, { appStoreUrl: '', playStoreUrl: '' });
      try {
        await page.goto('/');
        await expect(page.getByRole('heading', { name: 'Top Spotted' })).toBeVisible();
        await expect(page.locator('#app-banner')).toHaveCount(0);
        const footer = page.getByRole('contentinfo');
        await expect(footer.getByRole('link', { name: /App Store|Google Play/ })).toHaveCount(0);
        // Only the play store: an Android phone gets the banner, an iPhone does not.
        await setStoreLinks(request, { appStoreUrl: '', playStoreUrl: PLAY_STORE });
        await page.goto('/');
        await expect(page.locator('#app-banner')).toHaveCount(1);
        if (isMobile) {
          await expect(appBanner(page).getByRole('link', { name: 'Use app' })).toHaveAttribute(
            'href',
            PLAY_STORE,
          );
        }
        const { defaultBrowserType: _, ...iPhone } = devices['iPhone 13'];
        const context = await page.context().browser()!.newContext(iPhone);
        const iphone = await context.newPage();
        await iphone.goto('/');
        await expect(iphone.getByRole('heading', { name: 'Top Spotted' })).toBeVisible();
        await expect(appBanner(iphone)).toBeHidden();
        await context.close();
      } finally {
        await setStoreLinks(request);
      }
    },
  );
});

test.describe('logged in', () => {
  test.beforeEach(async ({ page }) => dismissBanners(page));

  test(
    'the bell counts unread notifications and lists them; one opens its page',
    { tag: ['@shared-state', '@phone'] },
    async ({ page, request }) => {
      const user = await newUser(request, 'Bell');
      const title = `Road works in Msida ${unique()}`;
      const sent = await apiOf(request, await adminSession(request)).call((r) =>
        r.notifications.send.$post({
          json: {
            typeId: 1,
            title,
            message:
              '<p>Expect <em>delays</em> on <a href="https://www.transport.gov.mt/">Triq Ġorġ ' +
              'Borg Olivier</a>.</p><ul><li>Buses go through Gżira.</li></ul>',
          },
        }),
      );
      expect(sent.code).toBe(0);
      const unread = await apiOf(request, user).call((r) => r.notifications.unread.count.$get());
      expect(unread.data.count).toBeGreaterThan(0);

      await useSession(page, user);
      await page.goto('/');
      const bell = header(page).getByRole('button', { name: 'Notifications' });
      await expect(page.locator('#bell-count')).toHaveText(String(unread.data.count));
      await expect(page.locator('#bell-count')).toBeVisible();
      await expect(header(page).getByRole('link', { name: 'Login' })).toHaveCount(0);

      await bell.click();
      await expect(bell).toHaveAttribute('aria-expanded', 'true');
      const dropdown = page.locator('#notifications-menu');
      const item = dropdown.getByRole('link', { name: new RegExp(title) });
      // The message is one line of text: no link inside the item's link, no list breaking it up.
      const preview = item.locator('.notification-item__text');
      await expect(preview).toHaveText(
        'Expect delays on Triq Ġorġ Borg Olivier. Buses go through Gżira.',
      );
      await expect(item.locator('a, ul, p')).toHaveCount(0);
      const line = await preview.evaluate((el) => ({
        height: el.getBoundingClientRect().height,
        lineHeight: parseFloat(getComputedStyle(el).lineHeight),
      }));
      expect(line.height).toBeLessThan(line.lineHeight * 1.5);
      // The type's icon is drawn (an SVG, as on the notifications page), not an emoji a phone
      // without an emoji font shows as an empty box.
      await expect(item.locator('.type-icon svg')).toBeVisible();
      await expect(item.locator('.type-icon')).toHaveAttribute('title', 'Information');
      await expect(item.getByLabel('Unread')).toBeAttached();
      await expect(dropdown.getByRole('link', { name: 'See all notifications' })).toBeVisible();
      const box = (await dropdown.boundingBox())!;
      expect(box.height).toBeLessThanOrEqual(350);
      // Clear of the screen's edges, on a phone too.
      const width = page.viewportSize()!.width;
      expect(box.x).toBeGreaterThanOrEqual(4);
      expect(box.x + box.width).toBeLessThanOrEqual(width - 4);

      await item.click();
      await expect(page).toHaveURL(/\/notifications\/\d+$/);
      await expect(page.getByRole('article').getByRole('heading', { name: title })).toBeVisible();
      // Opening it read it: the badge counts one less, and disappears at none.
      const badge = page.locator('#bell-count');
      if (unread.data.count > 1) await expect(badge).toHaveText(String(unread.data.count - 1));
      else await expect(badge).toBeHidden();
    },
  );

  test(
    'the account menu has its groups; logout asks first',
    { tag: '@phone' },
    async ({ page, request, isMobile }) => {
      const user = await newUser(request, 'Leaving');
      await useSession(page, user, { once: true });
      await page.goto(isMobile ? '/account' : '/');
      const menu = page.locator('#account-menu');
      const askToLogOut = async () => {
        // On a phone the account page's sidebar has Logout; on a desktop the Account menu.
        if (isMobile) return page.getByRole('button', { name: 'Logout' }).click();
        await header(page).getByRole('button', { name: 'Account' }).click();
        await menu.getByRole('button', { name: 'Logout' }).click();
      };
      if (!isMobile) {
        await header(page).getByRole('button', { name: 'Account' }).click();
        await expect(menu.getByRole('heading')).toHaveText(['Personal', 'Wallet', 'About us']);
        await expect(menu.getByRole('link')).toHaveText([
          'Profile information',
          'My listings',
          'My subscriptions',
          'Messages',
          'Saved searches',
          'Credit balance',
          'My transactions',
          'About',
          'Contact support',
          'Privacy policy',
          'Terms of Use',
        ]);
        await page.keyboard.press('Escape');
        await expect(menu).toBeHidden();
      }

      await askToLogOut();
      const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
      await expect(dialog).toContainText('Are you sure that you want to log out?');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
      expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBe(user.accessToken);

      await askToLogOut();
      const reloaded = page.waitForEvent('load');
      await dialog.getByRole('button', { name: "I'm sure" }).click();
      await reloaded;
      await expect(page).toHaveURL(/:\d+\/$/);
      await expect(page.getByRole('heading', { name: 'Top Spotted' })).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
      await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
      // The server forgot the session too: its refresh token no longer works.
      const refreshed = await apiOf(request).call((r) =>
        r.user.refresh.$post({ json: { id: user.userId, refreshToken: user.refreshToken } }),
      );
      expect(refreshed.code).not.toBe(0);
    },
  );
});
