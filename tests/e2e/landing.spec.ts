import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import type { SearchRequest } from '../../shared/schemas/listing-search.ts';
import { apiOf, dismissBanners } from './support/api.ts';

/** Journeys of the landing pages: a make, a model, a town and a make in a town. */

/** Maria's demo Vitz; Maria sells from Sliema. */
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

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The page's schema.org data. */
async function jsonLd(page: Page) {
  const text = await page.locator('script[type="application/ld+json"]').first().textContent();
  return JSON.parse(text ?? 'null') as {
    '@type': string;
    numberOfItems: number;
    itemListElement: { item: { '@type': string; url: string; offers: { price: number } } }[];
  };
}

test.beforeEach(async ({ page }) => dismissBanners(page));

test('a listing leads to its make, its model, its town and the make in that town', async ({
  page,
  request,
}) => {
  const id = await liveId(request, VITZ);
  await page.goto(`/car/${id}`);
  await page.locator('.listing__make').getByRole('link', { name: 'Toyota' }).click();

  await expect(page).toHaveURL(/\/cars\/toyota$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Toyota cars for sale in Malta' }),
  ).toBeVisible();
  await expect(
    page.getByText(/^\d+ Toyota cars are for sale on Spotted .+, priced from €/),
  ).toBeVisible();
  const make = await jsonLd(page);
  expect(make['@type']).toBe('ItemList');
  expect(make.itemListElement.length).toBeGreaterThan(0);
  expect(make.itemListElement[0]?.item['@type']).toBe('Car');
  expect(await seriousViolations(page)).toEqual([]);

  await page
    .getByRole('navigation', { name: 'Toyota models' })
    .getByRole('link', { name: 'Vitz', exact: true })
    .click();
  await expect(page).toHaveURL(/\/cars\/toyota\/vitz$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Toyota Vitz cars for sale in Malta' }),
  ).toBeVisible();
  const vitz = await jsonLd(page);
  expect(vitz.itemListElement.map((e) => e.item.url)).toContainEqual(
    expect.stringMatching(new RegExp(`/car/${id}$`)),
  );
  // Every car of the set is one search away, with the make's and model's filters.
  await page.getByRole('link', { name: /^Search all \d+ Toyota Vitz cars? with filters$/ }).click();
  await expect(page).toHaveURL(/\/search\?make=\d+&model=\d+/);
  await expect(page.getByRole('link', { name: new RegExp(VITZ) }).first()).toBeVisible();

  await page.goto(`/car/${id}`);
  await page.getByRole('link', { name: 'Sliema', exact: true }).click();
  await expect(page).toHaveURL(/\/cars\/in\/sliema$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Cars for sale in Sliema' }),
  ).toBeVisible();
  await expect(page.getByText(/from sellers in Sliema/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page
    .getByRole('navigation', { name: 'Makes in Sliema' })
    .getByRole('link', { name: 'Toyota', exact: true })
    .click();
  await expect(page).toHaveURL(/\/cars\/toyota\/in\/sliema$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Toyota cars for sale in Sliema' }),
  ).toBeVisible();
  await expect(page.locator(`a[href="/car/${id}"]`).first()).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: 'Sliema' })
    .click();
  await expect(page).toHaveURL(/\/cars\/in\/sliema$/);
});

test('the home page links the popular makes to their pages', async ({ page }) => {
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Popular makes' })
    .getByRole('link', { name: 'Toyota', exact: true })
    .click();
  await expect(page).toHaveURL(/\/cars\/toyota$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Toyota cars for sale in Malta' }),
  ).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: 'Home' })
    .click();
  await expect(page).toHaveURL(/\/$/);
});

test('a landing address is canonical, unknown names are not found', async ({ page, request }) => {
  const moved = await page.goto('/cars/Toyota/Vitz');
  expect(moved?.url()).toMatch(/\/cars\/toyota\/vitz$/);
  expect(moved?.request().redirectedFrom()?.url()).toMatch(/\/cars\/Toyota\/Vitz$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    /\/cars\/toyota\/vitz$/,
  );

  const unknown = await page.goto('/cars/no-such-make');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not spotted!' })).toBeVisible();

  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toMatch(/<loc>[^<]+\/cars\/toyota<\/loc>/);
  expect(sitemap).toMatch(/<loc>[^<]+\/cars\/toyota\/vitz<\/loc>/);
  expect(sitemap).toMatch(/<loc>[^<]+\/cars\/in\/sliema<\/loc>/);
  expect(sitemap).toMatch(/<loc>[^<]+\/cars\/toyota\/in\/sliema<\/loc>/);
});
