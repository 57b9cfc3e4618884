import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext } from '@playwright/test';
import { test } from './support/test.ts';
import { newUser as newAccount, useSession } from './support/api.ts';
import { expectToast } from './support/dialogs.ts';

interface Car {
  id: number;
  title: string;
  price: number;
  year: number;
}

/** A new individual account, logged in through the API (favourites of its own). */
const newUser = (request: APIRequestContext) => newAccount(request, 'Fav');

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('cookiesAccepted', 'true');
    sessionStorage.setItem('appBannerClosed', 'true');
  });
});

test('logged out, favourites ask to log in', async ({ page }) => {
  await page.goto('/favorites');
  await expect(page.getByRole('heading', { name: 'My favorites', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Please log in to see favorites' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Ffavorites$/);
});

test('a saved car shows on /favorites, sorts, and removing the last one empties the page', async ({
  page,
  request,
}) => {
  const session = await newUser(request);
  const home = await (
    await request.post('/api/cars', { data: { pageNumber: 1, pageSize: 50 } })
  ).json();
  const cars = (home.data.cars.cars as Car[]).toSorted((a, b) => a.price - b.price);
  const cheap = cars[0]!;
  const dear = cars.at(-1)!;
  for (const car of [cheap, dear]) {
    const res = await request.post('/api/favorite/add', {
      data: { carId: car.id, userId: session.userId },
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect((await res.json()).code).toBe(0);
  }
  await useSession(page, session);
  await page.goto('/favorites');

  const cards = page.getByRole('main').getByRole('listitem');
  await expect(cards).toHaveCount(2);
  await expect(page.getByText('2 saved cars')).toBeVisible();
  const chips = page.getByRole('radiogroup', { name: 'Category' });
  await expect(chips.getByRole('radio', { name: 'Car' })).toHaveAttribute('aria-checked', 'true');
  await expect(chips.getByRole('radio', { name: 'Truck' })).toBeDisabled();

  const sort = page.getByLabel('Sort by');
  await expect(sort.locator('option')).toHaveText([
    'Default',
    'Price ascending',
    'Price descending',
    'Year ascending',
    'Year descending',
  ]);
  const sent = page.waitForRequest('**/api/favorite/get');
  await sort.selectOption({ label: 'Price descending' });
  expect((await sent).postDataJSON()).toEqual({
    userId: session.userId,
    sortBy: 'price',
    sortDirection: 'DESC',
    pageNumber: 1,
    pageSize: 50,
  });
  await expect(page).toHaveURL(/sort=price-desc/);
  await expect(cards.first()).toContainText(dear.title);
  await sort.selectOption({ label: 'Price ascending' });
  await expect(cards.first()).toContainText(cheap.title);

  // The sort survives a reload (it lives in the address).
  await page.reload();
  await expect(page.getByLabel('Sort by')).toHaveValue('price-asc');
  await expect(cards.first()).toContainText(cheap.title);

  for (const car of [cheap, dear]) {
    await page
      .getByRole('button', { name: new RegExp(`Remove .*${escape(car.title)} from favorites`) })
      .click();
    await expectToast(page, 'Removed from favorites');
  }
  await expect(page.getByRole('heading', { name: 'No cars found' })).toBeVisible();
  await expect(page.getByText("We couldn't find any car in favorites.")).toBeVisible();
});

test('a 401 from the server shows the login prompt', async ({ page }) => {
  await useSession(page, {
    userId: 999999,
    roleId: 2,
    email: 'ghost@example.mt',
    accessToken: 'not-a-token',
    refreshToken: 'not-a-token',
  });
  await page.goto('/favorites');
  await expect(page.getByRole('heading', { name: 'Please log in to see favorites' })).toBeVisible();
});

test('/favorites has no serious accessibility violations', async ({ page, request }) => {
  const session = await newUser(request);
  const home = await (
    await request.post('/api/cars', { data: { pageNumber: 1, pageSize: 5 } })
  ).json();
  await request.post('/api/favorite/add', {
    data: { carId: (home.data.cars.cars as Car[])[0]!.id, userId: session.userId },
    headers: { authorization: `Bearer ${session.accessToken}` },
  });
  await useSession(page, session);
  await page.goto('/favorites');
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(1);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
});

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
