import { expect } from '@playwright/test';
import type { CarDetail } from '#shared/schemas/listing-display.ts';
import { test } from './support/test.ts';
import { adminSession, apiOf, dismissBanners, newUser } from './support/api.ts';
import { listingPayload, liveListing } from './support/listings.ts';

/**
 * A buyer reads a car's price rating, where it sits among comparable cars, its price history and
 * how long it has been listed, then how the rating is made; a car without comparables says so.
 */

test.beforeEach(({ page }) => dismissBanners(page));

test('a listing shows its price rating, chart, price history and days listed', async ({
  page,
  request,
}) => {
  const seller = await newUser(request, 'Dealer');
  // Old cars with high mileage: no other journey's cars are comparable to them.
  const older = { year: 2004, millage: 150_000 };
  const prices = [9_600, 10_000, 10_000, 11_000, 14_000];
  for (const [i, price] of prices.entries())
    await liveListing(request, seller, `Comparable ${i}`, {
      ...older,
      price,
      millage: 151_000 + i,
    });
  const id = await liveListing(request, seller, 'Yaris priced to sell', { ...older, price: 8_500 });

  const changed = await listingPayload(request, 'Yaris priced to sell', { ...older, price: 8_000 });
  const edit = await apiOf(request, seller).call((r) =>
    r.cars.edit.$post({ json: { ...changed, originalId: id } }),
  );
  expect(edit.code, edit.message).toBe(0);
  const admin = apiOf(request, await adminSession(request));
  const approved = await admin.call((r) =>
    r.cars.edit.approve[':id'].$post({ param: { id: String(edit.data.id) } }),
  );
  expect(approved.code, approved.message).toBe(0);

  // The price job runs every 2 seconds in the journeys' server.
  const band = async () =>
    (await apiOf(request).call((r) => r.car[':id'].$get({ param: { id: String(id) } }))).data as
      CarDetail | undefined;
  await expect
    .poll(async () => (await band())?.priceInsight.band, { timeout: 30_000 })
    .toBe('GREAT');

  await page.goto(`/car/${id}`);
  const insight = page.getByRole('region', { name: 'Price insight' });
  await expect(insight.getByText('Great price')).toBeVisible();
  await expect(insight).toContainText(/based on \d+ comparable cars/);
  await expect(insight.getByRole('img', { name: /This car's price, €8,000, among/ })).toBeVisible();

  const history = page.getByRole('region', { name: 'Price history' }).getByRole('listitem');
  await expect(history).toHaveCount(2);
  await expect(history.nth(0)).toContainText('€8,000');
  await expect(history.nth(0)).toContainText('−€500');
  await expect(history.nth(1)).toContainText('€8,500');
  await expect(page.locator('.listing__meta').getByText('Listed today')).toBeVisible();

  await insight.getByRole('link', { name: 'How we rate prices' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'How we rate prices' })).toBeVisible();
  await expect(page.getByText('The estimate is the median price')).toBeVisible();
});

test('a car without enough comparable cars is not rated', async ({ page, request }) => {
  const seller = await newUser(request, 'Owner');
  const id = await liveListing(request, seller, 'A rare old Yaris', { year: 1995, price: 2_000 });
  await page.goto(`/car/${id}`);
  await expect(
    page
      .getByRole('region', { name: 'Price insight' })
      .getByText('Not enough comparable cars to rate this price'),
  ).toBeVisible();
});
