import { expect, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import { apiOf, dismissBanners, newUser, useSession } from './support/api.ts';

/**
 * The installable site (docs/behaviour.md, "Installable site and web push"): the manifest and its icons,
 * the service worker's offline page and kept listings, and web push's opt-in up to the browser's
 * permission (headless Chromium reaches no real push service, so a subscription is not made here;
 * server/push/web-push.test.ts delivers to a real subscription).
 */

// The other journeys block the service worker (playwright.config.ts); this one is about it.
test.use({ serviceWorkers: 'allow' });

test.beforeEach(async ({ page }) => dismissBanners(page));

/** The worker is active and controls the page (it registers once the page has loaded). */
async function controlled(page: Page) {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'), {
      timeout: 20_000,
    })
    .toBe('activated');
}

test('the site has a web app manifest with icons', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await request.get(href!);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await res.json()) as {
    name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; type: string }[];
  };
  expect(manifest).toMatchObject({ start_url: '/', display: 'standalone', theme_color: '#0a6cff' });
  expect(manifest.icons.map((i) => i.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512']),
  );
  for (const icon of manifest.icons.filter((i) => i.type === 'image/png')) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect((await file.body()).subarray(1, 4).toString(), icon.src).toBe('PNG');
  }
  // The worker's own policy: it may fetch this origin, and nothing else.
  const worker = await request.get('/sw.js');
  expect(worker.headers()['content-security-policy']).toContain(
    "default-src 'none'; connect-src 'self'",
  );
  expect(worker.headers()['cache-control']).toBe('no-cache');
});

test('offline, a listing seen before still opens and any other page is the offline page', async ({
  page,
  context,
  request,
}) => {
  const cars = await apiOf(request).call((r) =>
    r.cars.$post({ json: { pageNumber: 1, pageSize: 2 } }),
  );
  const [seen, unseen] = cars.data.cars.cars;
  await page.goto('/');
  await controlled(page);
  await page.goto(`/car/${seen!.id}`);
  const heading = page.getByRole('heading', { level: 1 });
  const title = (await heading.textContent())!.trim();
  await expect
    .poll(
      () =>
        page.evaluate(async () =>
          (await (await caches.open('spotted-listings')).keys()).map(
            (r) => new URL(r.url).pathname,
          ),
        ),
      { timeout: 10_000 },
    )
    .toContain(`/car/${seen!.id}`);

  await context.setOffline(true);
  await page.goto(`/car/${seen!.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);

  await page.goto(`/car/${unseen!.id}`);
  await expect(page.getByRole('heading', { name: 'You are offline', level: 1 })).toBeVisible();
  const kept = page.getByRole('region', { name: 'Listings you viewed recently' });
  await expect(kept.getByRole('link')).toHaveAttribute('href', `/car/${seen!.id}`);
  await page.goto('/search');
  await expect(page.getByRole('heading', { name: 'You are offline', level: 1 })).toBeVisible();
  await context.setOffline(false);
  await page.goto(`/car/${unseen!.id}`);
  await expect(page.getByRole('heading', { name: 'You are offline' })).toHaveCount(0);
});

test('push notifications are offered on the notifications page and ask the browser', async ({
  page,
  context,
  request,
}) => {
  const user = await newUser(request);
  await useSession(page, user);
  await page.goto('/notifications');
  const push = page.getByRole('region', { name: 'Push notifications' });
  await expect(push).toContainText('Push notifications are off in this browser.');
  const button = push.getByRole('button', { name: 'Turn on' });
  await expect(button).toHaveAttribute('aria-pressed', 'false');

  // Not granted (headless Chromium refuses what no one allowed), the page says where to allow them.
  await context.clearPermissions();
  await button.click();
  await expect(push).toContainText('Notifications are blocked for Spotted in this browser');
  await expect(button).toBeHidden();

  // Granted, the browser is asked for a subscription with the server's key.
  await context.grantPermissions(['notifications']);
  await page.reload();
  const asked = page.waitForResponse((r) => r.url().endsWith('/api/push/key'));
  await push.getByRole('button', { name: 'Turn on' }).click();
  expect((await asked).status()).toBe(200);
  expect(await page.evaluate(() => Notification.permission)).toBe('granted');
  // Then the browser's push service decides: a subscription the page hands to the API, or (with no
  // push service, as in headless Chromium) the failure said in the dialog.
  const on = push.getByText('Push notifications are on in this browser.');
  const failed = page.getByRole('dialog', { name: 'Uh-oh...' });
  await expect(on.or(failed)).toBeVisible({ timeout: 20_000 });
  test.info().annotations.push({
    type: 'push',
    description: (await on.isVisible()) ? 'subscribed' : 'no push service',
  });
  if (await failed.isVisible())
    await expect(failed).toContainText('Push notifications could not be changed in this browser.');
});
