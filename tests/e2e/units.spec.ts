import { expect, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import { apiOf, dismissBanners, newUser, unique, useSession } from './support/api.ts';
import { islandsReady, liveListing } from './support/listings.ts';

/**
 * Kilometres or miles: the spec's miles until a visitor chooses, the choice remembered on every
 * page (the listing, the search and its filters, the listing form), mileages stored in miles.
 */

/** What the listing form stores for 50,000 km (50,000 / 1.609344, to the mile). */
const FIFTY_THOUSAND_KM_IN_MILES = 31_069;

const mileageRow = (page: Page) => page.locator('.listing').getByText(/^[\d,]+ (km|mi)$/);

test('a visitor switches a listing to kilometres, and searches in them to the exact kilometre', async ({
  page,
  request,
}) => {
  const seller = await newUser(request, 'Units');
  const title = `Yaris entered in km ${unique()}`;
  const id = await liveListing(request, seller, title, { millage: FIFTY_THOUSAND_KM_IN_MILES });
  await dismissBanners(page);

  await page.goto(`/car/${id}`);
  await expect(mileageRow(page)).toHaveText('31,069 mi');
  const footer = page.getByRole('group', { name: 'Mileage in' });
  await expect(footer.getByRole('button', { name: 'Miles' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await footer.getByRole('button', { name: 'Kilometres' }).click();
  await expect(page).toHaveURL(new RegExp(`/car/${id}$`));
  await expect(mileageRow(page)).toHaveText('50,000 km');
  await expect(footer.getByRole('button', { name: 'Kilometres' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.reload();
  await expect(mileageRow(page)).toHaveText('50,000 km');

  // Both bounds at exactly 50,000 km find the car entered as 50,000 km, shown so on its card.
  await page.goto('/search');
  await expect(page.locator('astro-island:has(#search-panel)')).not.toHaveAttribute('ssr');
  await page.getByRole('button', { name: 'Detailed search' }).click();
  await page.getByRole('spinbutton', { name: 'Min mileage (km)' }).fill('50000');
  await page.getByRole('spinbutton', { name: 'Max mileage (km)' }).fill('50000');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(
    new RegExp(`minMillage=${FIFTY_THOUSAND_KM_IN_MILES}&maxMillage=${FIFTY_THOUSAND_KM_IN_MILES}`),
  );
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card).toContainText('50,000 km');
  await expect(page.getByRole('link', { name: /Max mileage \(km\): 50,000/ })).toBeVisible();

  // Back in miles, beside the filter: the typed bounds follow.
  await page
    .getByRole('group', { name: 'Mileage unit' })
    .getByRole('button', { name: 'Miles' })
    .click();
  await expect(page.getByRole('spinbutton', { name: 'Max mileage (mi)' })).toHaveValue('31069');
});

test('a seller types the mileage in kilometres in the listing form; it is stored in miles', async ({
  page,
  request,
}) => {
  const seller = await newUser(request, 'Units');
  const id = await liveListing(request, seller, `Yaris to edit ${unique()}`, {
    millage: FIFTY_THOUSAND_KM_IN_MILES,
  });
  await useSession(page, seller);
  await dismissBanners(page);

  await page.goto(`/edit-listing/${id}`);
  await expect(page.getByText('Loading your contact information...')).toBeHidden();
  await islandsReady(page);
  const mileage = page.getByRole('textbox', { name: 'Mileage' });
  await expect(mileage).toHaveValue('31069');
  await expect(mileage).toHaveAccessibleName('Mileage (mi)');

  const units = page.getByRole('group', { name: 'Mileage unit' });
  await units.getByRole('button', { name: 'Kilometres' }).click();
  await expect(mileage).toHaveValue('50000');
  await expect(mileage).toHaveAccessibleName('Mileage (km)');
  await mileage.fill('60000');
  await page.getByRole('button', { name: 'Submit changes' }).click();
  const done = page.getByRole('dialog', { name: 'Success' });
  await expect(done).toContainText('Your listing update has been successfully submitted');
  await done.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/$/);

  const edit = await apiOf(request, seller).call((r) =>
    r.car.edit.details.raw[':id'].$get({ param: { id: String(id) } }),
  );
  expect(edit.data.millage).toBe(37_282);

  // The choice is remembered: the form opens in kilometres, showing what was typed.
  await page.goto(`/edit-listing/${id}`);
  await expect(page.getByText('Loading your contact information...')).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Mileage' })).toHaveValue('60000');
});
