import { gzipSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import sharp from 'sharp';
import { messages } from '../../shared/messages.ts';
import { adminSession, apiOf, dismissBanners, unique } from './support/api.ts';
import { expectToast } from './support/dialogs.ts';

/**
 * Public pages stay light: on a first visit (empty cache) each loads at most 100 KB of
 * JavaScript, gzipped, counting every script the page fetches, and images below the fold wait.
 */

const BUDGET = 100 * 1024;

/** Gzipped bytes of every script the page loads until the network is idle. */
async function scriptBytes(page: Page, path: string) {
  // As on a first visit: nothing from the cache of the page before.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const bodies: Promise<Buffer>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.body());
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  page.removeAllListeners('response');
  const sizes = (await Promise.all(bodies)).map((body) => gzipSync(body).length);
  return sizes.reduce((sum, size) => sum + size, 0);
}

/** The scripts the page asks for and the images it has received, in order. */
function scriptsAndPhotos(page: Page) {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') seen.push(`script ${r.url()}`);
  });
  page.on('requestfinished', (r) => {
    if (r.resourceType() === 'image') seen.push(`image ${r.url()}`);
  });
  return seen;
}

/** The page left with every module script inside an after-photo template. */
function expectScriptsHeldBack(html: string) {
  const scripts = html.match(/<script type="module"[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  expect(html.match(/<template data-after-photo><script type="module"/g)).toHaveLength(
    scripts.length,
  );
}

/** The first script was asked for only once the page's high-priority photo had arrived. */
async function expectScriptsAfterPhoto(page: Page, seen: string[]) {
  const photo = await page
    .locator('img[fetchpriority="high"]')
    .evaluate((img: HTMLImageElement) => img.currentSrc);
  const photoAt = seen.indexOf(`image ${photo}`);
  const firstScript = seen.findIndex((entry) => entry.startsWith('script '));
  expect(photoAt, seen.join('\n')).toBeGreaterThanOrEqual(0);
  expect(firstScript, seen.join('\n')).toBeGreaterThan(photoAt);
}

test.beforeEach(async ({ page }) => dismissBanners(page));

test('home, search and a listing each load at most 100 KB of JavaScript', async ({
  page,
  request,
}) => {
  const cars = await apiOf(request).call((r) =>
    r.cars.$post({ json: { pageNumber: 1, pageSize: 1 } }),
  );
  const pages = { home: '/', search: '/search', listing: `/car/${cars.data.cars.cars[0]!.id}` };
  for (const [name, path] of Object.entries(pages)) {
    const bytes = await scriptBytes(page, path);
    test.info().annotations.push({
      type: 'javascript',
      description: `${name}: ${(bytes / 1024).toFixed(1)} KB gzip`,
    });
    expect(bytes, `${name} (${path})`).toBeLessThanOrEqual(BUDGET);
    expect(bytes, `${name} (${path}) loads its scripts`).toBeGreaterThan(0);
  }
});

test('images below the fold load lazily and every image has its size', async ({ page }) => {
  await page.goto('/');
  const images = page.locator('main img');
  expect(await images.count()).toBeGreaterThan(10);
  for (const image of await images.all()) {
    await expect(image).toHaveAttribute('width', /^\d+$/);
    await expect(image).toHaveAttribute('height', /^\d+$/);
  }
  await expect(images.last()).toHaveAttribute('loading', 'lazy');
});

test('a listing page asks for its scripts only once its cover photo has painted, then runs them', async ({
  page,
  request,
}) => {
  const cars = await apiOf(request).call((r) =>
    r.cars.$post({ json: { pageNumber: 1, pageSize: 24 } }),
  );
  const car = cars.data.cars.cars.find((card) => card.image);
  expect(car, 'a listing with photos').toBeTruthy();
  const seen = scriptsAndPhotos(page);
  const response = await page.goto(`/car/${car!.id}`);
  expectScriptsHeldBack(await response!.text());

  // Then they run: the carousels' buttons, the gallery and the actions (client:painted).
  await expect(page.locator('html')).toHaveAttribute('data-painted', '');
  await expect(page.locator('[data-carousels]')).toHaveAttribute('data-carousels', 'ready');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  // The shell: the menu button opens its menu (a phone's; a click event on a wide screen too).
  await page.locator('#burger').dispatchEvent('click');
  await expect(page.locator('#burger')).toHaveAttribute('aria-expanded', 'true');

  await expectScriptsAfterPhoto(page, seen);
});

test("the home page asks for its scripts once its first photo has painted; the phone's search bar, an ad's click, a heart and the menu work before them", async ({
  page,
  request,
  baseURL,
  isMobile,
}) => {
  const admin = apiOf(request, await adminSession(request));
  const image = await sharp({
    create: { width: 480, height: 360, channels: 3, background: '#36c' },
  })
    .png()
    .toBuffer();
  const added = await admin.call((r) =>
    r.ad.add.$post({
      json: {
        title: `Gozo ferry ${unique()}`,
        description: 'Ċirkewwa to Mġarr in twenty-five minutes',
        url: `${baseURL}/about`,
        client: 'Gozo Channel',
        daysActive: 1,
        image: image.toString('base64'),
      },
    }),
  );
  expect(added.code, added.message).toBe(0);
  const adId = String(added.data.id);
  const seen = scriptsAndPhotos(page);
  // The page's modules are held back until the visitor has tapped and clicked.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/*.js', async (route) => {
    await held;
    await route.continue();
  });
  // Not until 'load': the modules held back are part of it once they join the page.
  const response = await page.goto('/', { waitUntil: 'domcontentloaded' });
  expectScriptsHeldBack(await response!.text());
  await expect(page.locator('html')).toHaveAttribute('data-painted', '');

  // Before the modules run: a phone's search bar opens the search...
  if (isMobile) {
    const bar = page.getByRole('button', { name: 'Search by make, model, price' });
    await bar.click();
    await expect(bar).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('combobox', { name: 'Make' })).toBeVisible();
  }
  // ...a tap on the menu (a phone) or a heart (a desktop) takes effect once the modules run...
  const burger = page.locator('#burger');
  if (isMobile) await burger.click();
  else await page.locator('button[data-favorite]').first().click();
  // ...and an ad opens its page, its click counted once the modules run.
  const ad = page.locator(`[data-ad-id="${adId}"]`).first();
  const clicked = page.waitForRequest(
    (r) => r.method() === 'PUT' && r.url().endsWith(`/api/ad/clicked/${adId}`),
  );
  const [tab] = await Promise.all([page.context().waitForEvent('page'), ad.click()]);
  await tab.close();
  release();
  await clicked;
  if (isMobile) await expect(burger).toHaveAttribute('aria-expanded', 'true');
  else await expectToast(page, messages.listing.favoritesNeedLogin);

  await expectScriptsAfterPhoto(page, seen);
  expect((await admin.call((r) => r.ad.deactivate[':id'].$put({ param: { id: adId } }))).code).toBe(
    0,
  );
});

test('the search page asks for its scripts once its first photo has painted, then runs them', async ({
  page,
}) => {
  const seen = scriptsAndPhotos(page);
  const response = await page.goto('/search');
  expectScriptsHeldBack(await response!.text());
  // Then they run: the filter panel and the save button hydrate (client:painted).
  await expect(page.locator('html')).toHaveAttribute('data-painted', '');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);

  await expectScriptsAfterPhoto(page, seen);
});
