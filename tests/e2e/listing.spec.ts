import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import type { SearchRequest } from '../../shared/schemas/listing-search.ts';
import { apiOf, logInByApi, ok, PASSWORD, useSession } from './support/api.ts';
import { expectToast } from './support/dialogs.ts';
import { islandsReady, liveListing, submitListing } from './support/listings.ts';
import { screen } from './support/screens.ts';

/** Journeys of the listing details (/car/{id}, /car/pending/{id}), the seller offer and SEO. */

const maria = 'maria.borg@example.mt';
const joseph = 'joseph.camilleri@example.mt';
/** Maria's demo car: five photos, a second car of hers and similar cars. */
const VITZ = 'Toyota Vitz 1.0 CVT, low mileage';

const login = (request: APIRequestContext, email: string) => logInByApi(request, email, PASSWORD);

/** The id of a live demo listing by its title. */
async function liveId(request: APIRequestContext, title: string) {
  for (let pageNumber = 1; pageNumber < 20; pageNumber++) {
    const res = await apiOf(request).call((r) =>
      r.cars.search.$post({ json: { pageNumber, pageSize: 100 } as SearchRequest }),
    );
    const car = res.data.cars.find((c) => c.title === title);
    if (car) return car.id;
    if (res.data.cars.length < 100) break;
  }
  throw new Error(`no live listing titled ${title}`);
}

/** The result dialog of site/lib/dialogs.ts showing `text`; closes it. */
async function expectResult(page: Page, text: string) {
  const dialog = page.getByRole('dialog').filter({ hasText: text });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
}

test.beforeEach(async ({ page }) => {
  // The cookie and app banners are the shell's business, not these journeys'.
  await page.addInitScript(() => {
    localStorage.setItem('cookiesAccepted', 'true');
    sessionStorage.setItem('appBannerClosed', 'true');
  });
});

/** The home page that shows a live listing (other journeys add listings in front of the demo's). */
async function homePageOf(request: APIRequestContext, id: number) {
  for (let pageNumber = 1; pageNumber < 20; pageNumber++) {
    const home = await apiOf(request).call((r) =>
      r.cars.$post({ json: { pageNumber, pageSize: 50 } }),
    );
    if (home.data.cars.cars.some((c) => c.id === id))
      return pageNumber === 1 ? '/' : `/?page=${pageNumber}`;
  }
  throw new Error(`listing ${id} is on no home page`);
}

test(
  'a visitor opens a listing from home, sees every section, browses the photos and reaches the seller',
  { tag: '@phone' },
  async ({ page, request }) => {
    await page.goto(await homePageOf(request, await liveId(request, VITZ)));
    await page
      .getByRole('link', { name: new RegExp(VITZ) })
      .first()
      .click();
    await expect(page).toHaveURL(/\/car\/\d+$/);
    // The title starts with the make and model, which the page title says once.
    await expect(page).toHaveTitle(`${VITZ} · €6,900 · Spotted`);

    await expect(page.getByRole('heading', { level: 1, name: VITZ })).toBeVisible();
    await expect(
      page.locator('.listing__price-box').getByText('€6,900', { exact: true }),
    ).toBeVisible();
    await expect(page.getByText(/\d+ views/)).toBeVisible();
    const features = page.getByRole('list', { name: 'Features' });
    for (const flag of ['First owner', 'Fixed price', 'Red plate', 'Direct finance'])
      await expect(features.getByText(flag)).toBeVisible();
    await expect(features.locator('.flag--on')).toHaveText(['First owner: yes']);

    const specs = page.locator('.specs');
    for (const [label, value] of [
      // The demo seller's 78,000 km, listed in miles like every distance.
      ['Mileage', '48,467 mi'],
      ['Fuel', 'Petrol'],
      ['Year', '2014'],
      ['Transmission', 'CVT'],
      ['Body', 'Hatchback'],
      ['Engine size', '996 CC'],
      ['Power', '69 HP'],
      ['Color', 'Silver'],
      ['Origin', 'Imported from Japan'],
    ] as const)
      await expect(specs.locator('.specs__row', { hasText: label }).locator('dd')).toHaveText(
        value,
      );
    await expect(specs.locator('.specs__row', { hasText: 'Registered until' })).toContainText(
      /[A-Z][a-z]+ \d{4}/,
    );
    await expect(page.getByRole('heading', { name: 'Safety', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Equipment', exact: true })).toBeVisible();
    const description = page.locator('.listing__description');
    await expect(description).toHaveCSS('white-space', 'pre-line');
    expect(await description.evaluate((p) => p.textContent)).toContain(
      'VRT paid.\nVery economical',
    );

    const seller = page.getByRole('region', { name: 'Seller' });
    await expect(seller.getByText('Maria Borg')).toBeVisible();
    await expect(seller.getByRole('link', { name: maria })).toHaveAttribute(
      'href',
      `mailto:${maria}`,
    );
    await expect(seller.getByRole('link', { name: '+356 7912 3456' })).toHaveAttribute(
      'href',
      'tel:+35679123456',
    );
    // On a phone Call sits in the contact bar at the bottom of the screen.
    const call =
      test.info().project.name === 'mobile'
        ? page
            .getByRole('group', { name: 'Contact the seller' })
            .getByRole('link', { name: 'Call' })
        : page.getByRole('link', { name: 'Call seller' });
    await expect(call).toHaveAttribute('href', 'tel:+35679123456');
    await expect(page.getByRole('heading', { name: 'More from this seller' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Similar vehicles' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Report' })).toBeVisible();

    // A carousel step is 355 px (once the page's script has bound the buttons).
    const similar = page.getByRole('region', { name: 'Similar vehicles' });
    await similar.scrollIntoViewIfNeeded();
    await expect(page.locator('listing-carousels')).toHaveAttribute('data-ready');
    const track = similar.getByRole('list');
    await similar.getByRole('button', { name: 'Scroll Similar vehicles forward' }).click();
    await expect.poll(() => track.evaluate((list) => list.scrollLeft)).toBe(355);
    await page.evaluate(() => window.scrollTo(0, 0));

    // The gallery: counter, arrow keys, arrows, thumbnails, Escape.
    await page.getByRole('link', { name: 'See all photos' }).click();
    const gallery = page.getByRole('dialog', { name: 'Photos of Toyota Vitz' });
    await expect(gallery).toBeVisible();
    const counter = gallery.locator('.gallery__counter');
    await expect(counter).toHaveText('1 / 5');
    await page.keyboard.press('ArrowRight');
    await expect(counter).toHaveText('2 / 5');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(counter).toHaveText('5 / 5');
    await gallery.getByRole('button', { name: 'Next photo' }).click();
    await expect(counter).toHaveText('1 / 5');
    await gallery.getByRole('button', { name: 'Show photo 3' }).click();
    await expect(counter).toHaveText('3 / 5');
    await expect(gallery.getByRole('img', { name: 'Toyota Vitz, photo 3 of 5' })).toBeVisible();
    if (test.info().project.name === 'mobile') {
      // A swipe to the left longer than 50 px shows the next photo; a shorter one does nothing.
      const swipe = (dx: number) =>
        gallery.locator('.gallery__photo').evaluate((img, dx) => {
          const touch = (x: number) => new Touch({ identifier: 1, target: img, clientX: x });
          img.dispatchEvent(new TouchEvent('touchstart', { bubbles: true, touches: [touch(200)] }));
          img.dispatchEvent(
            new TouchEvent('touchend', { bubbles: true, changedTouches: [touch(200 + dx)] }),
          );
        }, dx);
      await swipe(-40);
      await expect(counter).toHaveText('3 / 5');
      await swipe(-80);
      await expect(counter).toHaveText('4 / 5');
    }
    await page.keyboard.press('Escape');
    await expect(gallery).toBeHidden();

    await page.getByRole('link', { name: 'See all vehicles from this seller' }).click();
    await expect(page).toHaveURL(/\/seller\/offer\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Seller offer' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Maria Borg' })).toBeVisible();
    await expect(page.getByRole('link', { name: '+356 7912 3456' })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(VITZ) })).toHaveAttribute(
      'href',
      /^\/car\/\d+$/,
    );
  },
);

test(
  "the seller's buttons hold their labels on laptops and on the smallest phones",
  { tag: '@phone' },
  async ({ page, request, isMobile }) => {
    const id = await liveId(request, VITZ);
    // Every button of the visitor's actions and the phone's contact bar: no label spills out.
    const spilled = () =>
      page.evaluate(() =>
        [
          ...document.querySelectorAll<HTMLElement>(
            '.listing-actions .button, .contact-bar .button',
          ),
        ]
          .filter((b) => b.offsetParent !== null && b.scrollWidth > b.clientWidth)
          .map((b) => b.textContent?.trim()),
      );
    for (const width of isMobile ? [360, 412] : [1280, 1366]) {
      await page.setViewportSize({ width, height: isMobile ? 780 : 900 });
      await page.goto(`/car/${id}`);
      if (isMobile) {
        const bar = page.getByRole('group', { name: 'Contact the seller' });
        await expect(bar.getByRole('link', { name: 'Message' })).toBeVisible();
      } else {
        const message = page.getByRole('link', { name: 'Message seller' });
        await expect(message).toBeVisible();
        // The icon beside its label, on one line.
        expect((await message.boundingBox())!.height).toBeLessThanOrEqual(48);
        const row = ['Favorite', 'Share', 'Report'].map((name) =>
          page.locator('.listing-actions').getByRole('button', { name }),
        );
        const heights = await Promise.all(row.map(async (b) => (await b.boundingBox())!.height));
        expect(new Set(heights).size).toBe(1);
      }
      expect(await spilled()).toEqual([]);
    }
  },
);

test(
  'a phone shows the price on the first screen, above the contact bar',
  { tag: '@phone-only' },
  async ({ page, request }) => {
    const id = await liveId(request, VITZ);
    for (const size of [
      { width: 412, height: 839 },
      { width: 360, height: 740 },
    ]) {
      await page.setViewportSize(size);
      await page.goto(`/car/${id}`);
      const boxPrice = await page.locator('.listing__price').textContent();
      const headPrice = page.locator('.listing__head-price');
      await expect(headPrice).toBeVisible();
      await expect(headPrice).toHaveText(boxPrice!);
      const bar = (await page.getByRole('group', { name: 'Contact the seller' }).boundingBox())!;
      const shown = (await headPrice.boundingBox())!;
      expect(shown.y + shown.height).toBeLessThanOrEqual(bar.y);
    }
  },
);

test("share copies the listing's address and says so in a toast that blocks nothing", async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/car/${await liveId(request, VITZ)}`);
  await islandsReady(page);
  await page.getByRole('button', { name: 'Share' }).click();
  await expectToast(page, 'Copied to clipboard');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  await screen(page, 'listing-share-toast');
  // The page goes on working under the toast, which then goes by itself.
  await page.getByRole('button', { name: 'Report' }).click();
  const report = page.getByRole('dialog', { name: 'Report listing' });
  await expect(report).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(report).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Copied to clipboard' })).toHaveCount(0, {
    timeout: 6000,
  });
});

test('favorite offers a visitor to log in, and adds and removes for a user', async ({
  page,
  request,
}) => {
  const id = await liveId(request, VITZ);
  await page.goto(`/car/${id}`);
  await islandsReady(page);
  await page.getByRole('button', { name: 'Favorite' }).click();
  const toast = page
    .getByRole('status')
    .filter({ hasText: 'You need to be logged in to save this to your favorites' });
  await expectToast(page, 'You need to be logged in to save this to your favorites');
  await screen(page, 'listing-favorite-log-in');
  await toast.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login$/);

  const session = await login(request, joseph);
  await ok(
    apiOf(request, session).call((r) =>
      r.favorite.remove.$post({ json: { carId: id, userId: session.userId } }),
    ),
  );
  await useSession(page, session);
  await page.goto(`/car/${id}`);
  await islandsReady(page);
  const favorite = page.getByRole('button', { name: 'Favorite' });
  await expect(favorite).toHaveAttribute('aria-pressed', 'false');
  await favorite.click();
  await expectToast(page, 'Added to favorites');
  await expect(favorite).toHaveAttribute('aria-pressed', 'true');
  await screen(page, 'listing-favorite-toast');
  await page.reload();
  await expect(favorite).toHaveAttribute('aria-pressed', 'true');
  await favorite.click();
  await expectToast(page, 'Removed from favorites');
  await expect(favorite).toHaveAttribute('aria-pressed', 'false');
});

test('a report needs details, then a reason, and is sent', async ({ page, request }) => {
  // One open report per visitor and listing: each project reports its own car.
  const title =
    test.info().project.name === 'mobile' ? 'Hyundai i10 1.0 Classic' : 'Suzuki Jimny 1.5 SZ5 4x4';
  await page.goto(`/car/${await liveId(request, title)}`);
  await islandsReady(page);
  await page.getByRole('button', { name: 'Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report listing' });
  await expect(dialog).toBeVisible();
  const send = dialog.getByRole('button', { name: 'Report' });
  await send.click();
  await expect(dialog.getByRole('alert')).toHaveText('You need to enter at least 10 characters.');
  await dialog.getByLabel('Details').fill('Too short');
  await send.click();
  await expect(dialog.getByRole('alert')).toHaveText('You need to enter at least 10 characters.');
  await dialog.getByLabel('Details').fill('The photos are of a different car.');
  await send.click();
  await expect(dialog.getByRole('alert')).toHaveText('You need to choose one category for report');
  for (const reason of [
    "It's inaccurate or incorrect",
    "It's not a real vehicle",
    "It's a scam",
    "It's offensive",
    'Something else',
  ])
    await expect(dialog.getByRole('radio', { name: reason })).toBeVisible();
  await dialog.getByRole('radio', { name: "It's inaccurate or incorrect" }).check();
  const sent = page.waitForRequest(/\/api\/cars\/report\/\d+$/);
  await send.click();
  expect((await sent).postDataJSON()).toEqual({
    message: "It's inaccurate or incorrect - The photos are of a different car.",
  });
  await expectResult(page, 'Car reported');
  await expect(dialog).toBeHidden();
});

test('the owner sees Edit, Delete and Promote instead of the seller block, and deletes', async ({
  page,
  request,
}) => {
  const owner = await login(request, maria);
  const id = await liveListing(request, owner, 'Yaris to delete');
  await useSession(page, owner);
  await page.goto(`/car/${id}`);
  await islandsReady(page);

  await expect(page.getByRole('link', { name: 'Edit' })).toHaveAttribute(
    'href',
    `/edit-listing/${id}`,
  );
  await expect(page.getByRole('button', { name: 'Promote' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Seller' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Report' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Call seller' })).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Similar vehicles' })).toBeHidden();

  await page.getByRole('button', { name: 'Delete' }).click();
  const confirmation = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirmation).toContainText(
    'Please confirm you want to delete your listing. This action is permanent and irreversible.',
  );
  await confirmation.getByRole('button', { name: "I'm sure" }).click();
  await expectResult(page, 'Car removed');
  await expect(page).toHaveURL(/\/my-listings$/);
  const gone = await request.get(`/api/car/${id}`);
  expect(gone.status()).toBe(404);
});

test('the promotion dialog offers only higher tiers and asks for a choice', async ({
  page,
  request,
}) => {
  const owner = await login(request, maria);
  const balance = await apiOf(request, owner).call((r) =>
    r.user.balance[':id'].$get({ param: { id: String(owner.userId) } }),
  );
  await useSession(page, owner);
  await page.goto(`/car/${await liveId(request, VITZ)}`);
  await islandsReady(page);
  await page.getByRole('button', { name: 'Promote' }).click();

  const dialog = page.getByRole('dialog', { name: 'Promote listing' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio')).toHaveCount(2);
  await expect(dialog.getByRole('radio', { name: /Featured/ })).toBeVisible();
  await expect(dialog.getByRole('radio', { name: /Premium/ })).toBeVisible();
  await expect(dialog.getByRole('radio', { name: /Standard/ })).toHaveCount(0);
  await expect(dialog.locator('.promotion__type', { hasText: 'Featured' })).toContainText(
    '50 credits',
  );
  await expect(dialog.locator('.promotion__type', { hasText: 'Premium' })).toContainText(
    '100 credits',
  );
  await expect(dialog).toContainText('lasts 30 days, renews automatically');
  await expect(dialog.getByRole('definition').last()).toHaveText(`${balance.data.balance} credits`);

  await dialog.getByRole('button', { name: 'Promote' }).click();
  await expectResult(page, 'You have to choose listing type');

  await dialog.getByRole('radio', { name: /Premium/ }).check();
  const topUp = dialog.getByRole('link', { name: 'Top up' });
  if (balance.data.balance < 100) await expect(topUp).toHaveAttribute('href', '/credit-balance');
  else await expect(topUp).toBeHidden();

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('a listing request shows its owner the PENDING banner', async ({ page, request }) => {
  const owner = await login(request, maria);
  const id = await submitListing(request, owner, 'Yaris waiting for review');

  await page.goto(`/car/pending/${id}`);
  await expect(page.getByRole('heading', { name: 'Listing not spotted!' })).toBeVisible();

  await useSession(page, owner);
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Yaris waiting for review' }),
  ).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'waiting approval' })).toHaveText(
    'Your listing is waiting approval from our review team. This process takes up to 5 business days. If you wish to make any changes now, approval process will be initiated from the start.',
  );
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveAttribute(
    'href',
    `/edit-request-listing/${id}`,
  );
  await expect(page.getByRole('button', { name: 'Delete' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Promote' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Seller' })).toHaveCount(0);
  await ok(
    apiOf(request, owner).call((r) =>
      r.car.request.remove[':id'].$delete({ param: { id: String(id) } }),
    ),
  );
});

test("an unknown listing is 'Listing not spotted!' with a 404 status", async ({ page }) => {
  const response = await page.goto('/car/987654');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Listing not spotted!' })).toBeVisible();
  await expect(
    page.getByText(
      'Ooops, we cannot spot the listing you are looking for. Please check URL or try loading again later.',
    ),
  ).toBeVisible();
  expect((await page.goto('/seller/offer/987654'))?.status()).toBe(404);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the listing is all there, with its SEO', async ({ page, request }) => {
    const id = await liveId(request, VITZ);
    await page.goto(`/car/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: VITZ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Specifications' })).toBeVisible();
    await expect(page.getByText('Maria Borg')).toBeVisible();
    await expect(
      page.locator('.listing__price-box').getByText('€6,900', { exact: true }),
    ).toBeVisible();

    const images = page.locator('.photo-grid img');
    await expect(images).toHaveCount(5);
    await expect(images.first()).toHaveAttribute('fetchpriority', 'high');
    await expect(images.first()).toHaveAttribute('loading', 'eager');
    await expect(images.nth(1)).toHaveAttribute('loading', 'lazy');
    for (const img of await page.locator('.listing img').all()) {
      await expect(img).toHaveAttribute('width', /\d+/);
      await expect(img).toHaveAttribute('height', /\d+/);
    }

    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`/car/${id}$`),
    );
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      /\/images\/.+\.jpg$/,
    );
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    ) as Record<string, unknown> & { offers: Record<string, unknown> };
    expect(jsonLd).toMatchObject({
      '@type': 'Car',
      brand: { name: 'Toyota' },
      model: 'Vitz',
      vehicleModelDate: '2014',
      fuelType: 'Petrol',
      color: 'Silver',
      mileageFromOdometer: { value: 48467 },
    });
    expect(jsonLd.offers).toMatchObject({
      price: 6900,
      priceCurrency: 'EUR',
      availability: 'https://schema.org/InStock',
    });
  });
});

test('the listing and the seller offer have no serious accessibility problems', async ({
  page,
  request,
}) => {
  const id = await liveId(request, VITZ);
  const seller = await login(request, maria);
  for (const path of [`/car/${id}`, `/seller/offer/${seller.userId}`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious, path).toEqual([]);
  }
});

test('the sitemap lists the live listings and robots.txt points to it', async ({ request }) => {
  const id = await liveId(request, VITZ);
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toContain('xml');
  const xml = await sitemap.text();
  expect(xml).toMatch(new RegExp(`<loc>[^<]+/car/${id}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}`));
  expect(xml).toMatch(/<loc>[^<]+\/search<\/loc>/);

  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/^Sitemap: http.+\/sitemap\.xml$/m);
  expect(robots).toContain('Disallow: /admin');
  expect(robots).toContain('Disallow: /api/');
});
