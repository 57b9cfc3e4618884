import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import { dismissBanners, newUser, useSession, type Session } from './support/api.ts';
import { expectToast } from './support/dialogs.ts';
import { liveListing, photos } from './support/listings.ts';
import { screen } from './support/screens.ts';

/**
 * The result cards of home, search, the seller offer and favourites: mileage in miles, the
 * gearbox and the listing's age besides the spec's fields, a favourite heart, and a photo from
 * WebP versions as wide as the card shows it.
 */

test.beforeEach(({ page }) => dismissBanners(page));

/** A live listing with photos large enough for every card version (1200 x 900). */
const listed = async (request: APIRequestContext, seller: Session, title: string) =>
  liveListing(request, seller, title, { images: await photos(5, { width: 1200, height: 900 }) });

/** The card of a listing by its title. */
const cardOf = (page: Page, title: string) =>
  page
    .locator('.car-card, .favorite-card')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });

const heartOf = (page: Page, title: string) =>
  page.getByRole('button', { name: `Favorite Toyota Yaris ${title}` });

test(
  'home, search and seller cards show mileage, gearbox and age, with photos as wide as they show',
  { tag: '@phone' },
  async ({ page, request }) => {
    const seller = await newUser(request, 'Carder');
    const title = `Card facts ${Date.now().toString(36)}`;
    await listed(request, seller, title);

    await page.goto('/');
    const card = cardOf(page, title);
    await expect(card).toContainText('42,000 mi · Automatic');
    // The cached page says the day; the browser turns it into the age.
    await expect(card.locator('time[data-listed]')).toHaveText('Listed today');
    await expect(heartOf(page, title)).toHaveAttribute('aria-pressed', 'false');

    const photo = card.locator('img');
    await expect(photo).toHaveAttribute('width', '480');
    await expect(photo).toHaveAttribute('height', '360');
    await expect(photo).toHaveAttribute(
      'srcset',
      /-320\.webp 320w, .+-480\.webp 480w, .+-640\.webp 640w$/,
    );
    await expect(photo).toHaveAttribute('sizes', /\(max-width: 560px\) calc\(100vw - 2rem\)/);
    // A phone's single column (about 380 px at 2.6 device pixels per px) takes the widest version;
    // a desktop's five columns (245 px) the narrowest.
    const wanted = test.info().project.name === 'mobile' ? '-640.webp' : '-320.webp';
    await photo.scrollIntoViewIfNeeded();
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.currentSrc))
      .toContain(wanted);
    await screen(page, 'cards-home');

    // A search (filters in the address) shows its results first, on phones too.
    await page.goto('/search?minPrice=1');
    await expect(cardOf(page, title)).toContainText('42,000 mi · Automatic');
    await expect(cardOf(page, title).locator('img')).toHaveAttribute(
      'sizes',
      /\(max-width: 1024px\) min\(calc\(100vw - 2rem\), 560px\)/,
    );
    await cardOf(page, title).scrollIntoViewIfNeeded();
    await screen(page, 'cards-search');

    await page.goto(`/seller/offer/${seller.userId}`);
    await expect(cardOf(page, title)).toContainText('Listed today');
  },
);

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a card states the day the listing went live, the same for every visitor', async ({
    page,
    request,
  }) => {
    const seller = await newUser(request, 'Dater');
    const title = `Card day ${Date.now().toString(36)}`;
    await listed(request, seller, title);
    await page.goto(`/seller/offer/${seller.userId}`);
    await expect(cardOf(page, title).locator('time')).toHaveText(
      /^Listed \d{2} [A-Z][a-z]{2} \d{4}$/,
    );
    await expect(heartOf(page, title)).toHaveAttribute('aria-pressed', 'false');
  });
});

test('the heart on a card saves the car, stays filled and unsaves it; logged out it offers Log in', async ({
  page,
  request,
}) => {
  const seller = await newUser(request, 'Hearted');
  const title = `Card heart ${Date.now().toString(36)}`;
  await listed(request, seller, title);

  await page.goto(`/seller/offer/${seller.userId}`);
  await heartOf(page, title).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'You need to be logged in to save this to your favorites' }),
  ).toBeVisible();
  await expect(page.getByRole('status').getByRole('link', { name: 'Log in' })).toHaveAttribute(
    'href',
    '/login',
  );

  const buyer = await newUser(request, 'Buyer');
  await useSession(page, buyer);
  await page.goto(`/seller/offer/${seller.userId}`);
  await heartOf(page, title).click();
  await expectToast(page, 'Added to favorites');
  await expect(heartOf(page, title)).toHaveAttribute('aria-pressed', 'true');
  await screen(page, 'cards-heart-saved');

  // Another page of cards knows it too (the visitor's favourites, read in the browser).
  await page.goto('/');
  await expect(heartOf(page, title)).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/favorites');
  const saved = cardOf(page, title);
  await expect(saved).toContainText('42,000 mi · Automatic');
  await expect(saved).toContainText('Listed today');
  await expect(saved.locator('img')).toHaveAttribute('srcset', /-640\.webp 640w$/);
  await screen(page, 'cards-favorites');

  await page.goto(`/seller/offer/${seller.userId}`);
  await expect(heartOf(page, title)).toHaveAttribute('aria-pressed', 'true');
  await heartOf(page, title).click();
  await expectToast(page, 'Removed from favorites');
  await expect(heartOf(page, title)).toHaveAttribute('aria-pressed', 'false');
  await page.reload({ waitUntil: 'networkidle' });
  await expect(cardOf(page, title)).toBeVisible();
  await expect(heartOf(page, title)).toHaveAttribute('aria-pressed', 'false');
});
