import { expect, type APIRequestContext } from '@playwright/test';
import { test } from './support/test.ts';
import type { SearchRequest } from '../../shared/schemas/listing-search.ts';
import { apiOf } from './support/api.ts';

/** Journeys of the three languages: the switch, the remembered choice, the offer, the addresses. */

/** Maria's demo car: a second car of hers and similar cars. */
const VITZ = 'Toyota Vitz 1.0 CVT, low mileage';

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

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('cookiesAccepted', 'true');
    sessionStorage.setItem('appBannerClosed', 'true');
  });
});

test('a visitor switches a listing to Maltese and the next pages stay in Maltese', async ({
  page,
  request,
}) => {
  const id = await liveId(request, VITZ);
  await page.goto(`/car/${id}`);
  await expect(page.getByRole('heading', { name: 'Specifications' })).toBeVisible();

  await page
    .getByRole('contentinfo')
    .getByRole('navigation', { name: 'Language' })
    .getByRole('link', { name: 'Malti' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/mt/car/${id}$`));
  await expect(page.locator('html')).toHaveAttribute('lang', 'mt');
  await expect(page.getByRole('heading', { name: 'Speċifikazzjonijiet' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bejjiegħ', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Vetturi simili' })).toBeVisible();

  // The header's links stay in Maltese.
  await page
    .getByRole('navigation', { name: 'Ewlieni' })
    .getByRole('link', { name: 'Fittex' })
    .click();
  await expect(page).toHaveURL(/\/mt\/search$/);

  // An English address typed or followed later opens in the language chosen.
  await page.goto('/');
  await expect(page).toHaveURL(/\/mt\/$/);
  await expect(
    page.getByRole('heading', { name: 'Karozzi għall-bejgħ', exact: true }),
  ).toBeVisible();

  // Choosing English again is remembered too.
  await page
    .getByRole('contentinfo')
    .getByRole('navigation', { name: 'Lingwa' })
    .getByRole('link', { name: 'English' })
    .click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/car/${id}`);
  await expect(page.getByRole('heading', { name: 'Specifications' })).toBeVisible();
});

test('an Italian listing shows Italian numbers and links to its other languages', async ({
  page,
  request,
}) => {
  const id = await liveId(request, VITZ);
  await page.goto(`/it/car/${id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(page.getByRole('heading', { name: 'Specifiche' })).toBeVisible();
  // Italian groups thousands with a point ('€12.500'), four digits not at all ('€6900').
  await expect(page.locator('.listing__price')).toHaveText(/^€(\d{4}|\d{1,3}(\.\d{3})+)$/);

  const alternate = (lang: string) => page.locator(`link[rel="alternate"][hreflang="${lang}"]`);
  await expect(alternate('en')).toHaveAttribute('href', new RegExp(`[^/]/car/${id}$`));
  await expect(alternate('mt')).toHaveAttribute('href', new RegExp(`/mt/car/${id}$`));
  await expect(alternate('it')).toHaveAttribute('href', new RegExp(`/it/car/${id}$`));
  await expect(alternate('x-default')).toHaveAttribute('href', new RegExp(`[^/]/car/${id}$`));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new RegExp(`/it/car/${id}$`),
  );
});

test.describe('a browser that prefers Italian', () => {
  test.use({ locale: 'it-IT' });

  test('is offered Italian on an English page, never moved there by itself', async ({ page }) => {
    await page.goto('/search');
    const offer = page.getByRole('complementary', { name: 'Lingua' });
    await expect(offer).toContainText('Spotted è disponibile anche in italiano.');
    await expect(page).toHaveURL(/\/search$/);

    await offer.getByRole('button', { name: 'Continua in inglese' }).click();
    await expect(offer).toBeHidden();
    await page.goto('/');
    await expect(page.getByRole('complementary', { name: 'Lingua' })).toHaveCount(0);
    await expect(page).toHaveURL(/:\d+\/$/);
  });
});

test('the sitemap names every page in each language', async ({ request }) => {
  const id = await liveId(request, VITZ);
  const xml = await (await request.get('/sitemap.xml')).text();
  for (const prefix of ['', '/mt', '/it'])
    expect(xml).toMatch(new RegExp(`<loc>[^<]+:\\d+${prefix}/car/${id}</loc>`));
  expect(xml).toContain(`hreflang="mt" href="`);
});
