import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import sharp from 'sharp';
import { apiOf, dismissBanners, newUser, useSession, type Session } from './support/api.ts';
import { islandsReady, liveListing, photos } from './support/listings.ts';
import { screen } from './support/screens.ts';

/**
 * The listing page beyond the spec: its id and the day it went live, one unit (miles) for every
 * distance, the phone's contact bar, and photos: srcset on the page, a strip to swipe on phones,
 * the full-screen version in the gallery, never shown larger than its pixels, and zoom.
 */

test.beforeEach(({ page }) => dismissBanners(page));

const isMobile = () => test.info().project.name === 'mobile';

/** The id of a live demo listing by its title. */
async function liveId(request: APIRequestContext, title: string) {
  for (let pageNumber = 1; pageNumber < 20; pageNumber++) {
    const res = await apiOf(request).call((r) =>
      r.cars.search.$post({ json: { pageNumber, pageSize: 100 } }),
    );
    const car = res.data.cars.find((c) => c.title === title);
    if (car) return car.id;
    if (res.data.cars.length < 100) break;
  }
  throw new Error(`no live listing titled ${title}`);
}

/** A JPEG of a size, as a listing photo of the API's payload. */
async function upload(width: number, height: number, colour: string, isCover = false) {
  const bytes = await sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  return { image: bytes.toString('base64'), isCover, name: `${width}x${height}.jpg` };
}

/** A listing whose cover is a 2400 x 1800 upload and whose second photo is 600 x 450. */
async function bigAndSmall(request: APIRequestContext, seller: Session) {
  const title = `Photos ${Date.now().toString(36)}`;
  const id = await liveListing(request, seller, title, {
    images: [
      await upload(2400, 1800, '#2a6fb0', true),
      await upload(600, 450, '#b03a2a'),
      ...(await photos(3, { width: 1200, height: 900 })).map((p) => ({ ...p, isCover: false })),
    ],
  });
  return { id, title };
}

const galleryPhoto = (page: Page) => page.locator('.gallery__photo');

test('the page gives the listing id, the day it went live and every distance in miles', async ({
  page,
  request,
}) => {
  const id = await liveId(request, 'Tesla Model 3 Long Range AWD');
  await page.goto(`/car/${id}`);
  await islandsReady(page);
  const head = page.locator('.listing__head');
  await expect(head).toContainText(`Listing ID ${id}`);
  await expect(head.locator('time')).toHaveText(/^\d{2} [A-Z][a-z]{2} \d{4}$/);
  await expect(head).toContainText(/Live since \d{2} [A-Z][a-z]{2} \d{4}/);

  const specs = page.locator('.specs');
  const value = (label: string) => specs.locator('.specs__row', { hasText: label }).locator('dd');
  await expect(value('Mileage')).toHaveText(/^[\d,]+ mi$/);
  await expect(value('Battery range')).toHaveText(/^[\d,]+ mi$/);
  await expect(specs).not.toContainText(/\bkm\b/);
  await screen(page, 'listing-id-and-units');
});

test(
  'on a phone Call, Message and Favorite stay at the bottom of the screen; not for the owner',
  { tag: '@phone' },
  async ({ page, request }) => {
    const seller = await newUser(request, 'Barred');
    const { id } = await bigAndSmall(request, seller);
    await page.goto(`/car/${id}`);
    await islandsReady(page);
    const bar = page.getByRole('group', { name: 'Contact the seller' });
    if (!isMobile()) {
      await expect(bar).toBeHidden();
      await expect(page.getByRole('link', { name: 'Call seller' })).toBeVisible();
      return;
    }
    await expect(bar).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Call' })).toHaveAttribute('href', /^tel:\+356/);
    await expect(bar.getByRole('link', { name: 'Message' })).toHaveAttribute(
      'href',
      new RegExp(`^mailto:${seller.email.replace(/[.+]/g, '\\$&')}\\?subject=Toyota%20Yaris`),
    );
    await expect(bar.getByRole('button', { name: 'Favorite' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    // The price box keeps Share and Report; Call and Favorite are in the bar only.
    await expect(page.getByRole('link', { name: 'Call seller' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Favorite' })).toHaveCount(1);

    await page.mouse.wheel(0, 1500);
    await expect(bar).toBeInViewport();
    const viewport = page.viewportSize()!;
    const box = (await bar.boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(viewport.height);
    await screen(page, 'listing-contact-bar');

    await bar.getByRole('button', { name: 'Favorite' }).click();
    await expect(page.getByRole('status').filter({ hasText: /logged in to save/ })).toBeVisible();

    await useSession(page, seller);
    await page.goto(`/car/${id}`);
    await islandsReady(page);
    await expect(page.getByRole('link', { name: 'Edit' })).toBeVisible();
    await expect(bar).toBeHidden();
  },
);

test(
  'photos come from srcset, the gallery shows the full-screen version no larger than its pixels, and zooms',
  { tag: '@phone' },
  async ({ page, request }) => {
    const seller = await newUser(request, 'Gallery');
    const { id } = await bigAndSmall(request, seller);
    await page.goto(`/car/${id}`);
    await islandsReady(page);

    const grid = page.locator('.photo-grid img');
    // The 840 px photo in WebP: no JPEG in the grid once every width has a WebP version.
    await expect(grid.first()).toHaveAttribute('srcset', /-640\.webp 640w, \S+-840\.webp 840w$/);
    await expect(grid.first()).toHaveAttribute('sizes', /636px$/);
    // No version wider than the photo: the 600 px upload's widest is itself.
    await expect(grid.nth(1)).toHaveAttribute('srcset', /-480\.webp 480w, \S+-640\.webp 600w$/);
    for (const img of await grid.all()) {
      await expect(img).toHaveAttribute('width', /\d+/);
      await expect(img).toHaveAttribute('height', /\d+/);
    }

    // Before the gallery runs, a phone's strip asks for no photo but the first (the largest paint).
    const served = await (await request.get(`/car/${id}`)).text();
    const waiting = /<source media="\(max-width: 1024px\)" srcset="data:image\/gif/gi;
    expect(served.match(waiting)).toHaveLength((await grid.count()) - 1);

    if (isMobile()) {
      // A strip to swipe through: the second photo comes in from the side, itself once running.
      const strip = page.locator('.photo-grid__items');
      await expect(grid.nth(1)).not.toBeInViewport();
      await strip.evaluate((el) => el.scrollBy({ left: el.clientWidth }));
      await expect(grid.nth(1)).toBeInViewport();
      await expect(grid.first()).not.toBeInViewport();
      await expect
        .poll(() => grid.nth(1).evaluate((img: HTMLImageElement) => img.currentSrc))
        .toMatch(/-\d+\.webp$/);
      await screen(page, 'listing-photo-strip');
    }

    await page.getByRole('link', { name: 'See all photos' }).click();
    const gallery = page.getByRole('dialog', { name: 'Photos of Toyota Yaris' });
    await expect(gallery).toBeVisible();
    const photo = galleryPhoto(page);
    await expect(photo).toHaveAttribute('srcset', /\.jpg 840w, \S+-large\.jpg 2048w$/);
    await expect(photo).toHaveAttribute('width', '2048');
    // A phone's screen (412 px at 2.6 device pixels per px) takes the full-screen version.
    if (isMobile()) {
      await expect
        .poll(() => photo.evaluate((img: HTMLImageElement) => img.currentSrc))
        .toMatch(/-large\.jpg$/);
    }
    await screen(page, 'gallery');

    // Zoom: the photo at its own pixels, to be moved around.
    const zoom = gallery.getByRole('button', { name: 'Zoom' });
    await expect(zoom).toBeEnabled();
    await zoom.click();
    await expect(gallery.getByRole('button', { name: 'Fit to screen' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect.poll(() => photo.evaluate((img) => img.clientWidth)).toBe(2048);
    const viewport = page.locator('.gallery__viewport');
    expect(await viewport.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await screen(page, 'gallery-zoomed');
    await gallery.getByRole('button', { name: 'Fit to screen' }).click();
    await expect.poll(() => photo.evaluate((img) => img.clientWidth)).toBeLessThan(2048);

    // The 600 px photo is never stretched: on a wide screen it shows at its size, with no zoom.
    await gallery.getByRole('button', { name: 'Next photo' }).click();
    await expect(gallery.locator('.gallery__counter')).toHaveText('2 / 5');
    const small = await photo.evaluate((img) => ({ w: img.clientWidth, h: img.clientHeight }));
    expect(small.w).toBeLessThanOrEqual(600);
    expect(small.h).toBeLessThanOrEqual(450);
    if (isMobile()) {
      // Narrower than the phone's screen: fitted, so zoom shows its 600 px.
      await expect(gallery.getByRole('button', { name: 'Zoom' })).toBeEnabled();
    } else {
      expect(small.w).toBe(600);
      await expect(gallery.getByRole('button', { name: 'Zoom' })).toBeDisabled();
      await screen(page, 'gallery-small-photo');
    }
  },
);
