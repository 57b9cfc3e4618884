import { expect } from '@playwright/test';
import { test } from './support/test.ts';
import { dismissBanners, newUser, unique } from './support/api.ts';
import { islandsReady, liveListing } from './support/listings.ts';

/** Seller insights: what a visitor does on a listing reaches its owner's statistics. */

test("a visitor's view and call show up in the owner's chart", async ({ page, request }) => {
  // Known gap (#17, open): on a phone the Call in the contact bar reaches no event beacon; the
  // next session fixes it and lets this journey run on the phone too.
  test.skip(test.info().project.name === 'mobile', 'the phone contact bar is not counted yet');
  const seller = await newUser(request, 'Insights');
  const title = `Insights Yaris ${unique()}`;
  const id = await liveListing(request, seller, title);
  await dismissBanners(page);

  // A visitor opens the listing (its beacon counts the view) and presses Call seller.
  const viewed = page.waitForResponse((r) => r.url().endsWith(`/api/car/${id}/view`));
  await page.goto(`/car/${id}`);
  expect((await viewed).ok()).toBe(true);
  await islandsReady(page);
  // A phone would take the tel: link; headless Chromium would stop following links after it.
  await page.evaluate(() =>
    document.addEventListener(
      'click',
      (event) => (event.target as Element).closest('a[href^="tel:"]') && event.preventDefault(),
      true,
    ),
  );
  const called = page.waitForResponse((r) => r.url().endsWith(`/api/car/${id}/event`));
  await page.getByRole('link', { name: 'Call seller' }).click();
  expect((await called).ok()).toBe(true);

  // The owner logs in on the same browser and opens the listing's statistics from My listings.
  await page.evaluate((s) => {
    localStorage.setItem('accessToken', s.accessToken);
    localStorage.setItem('refreshToken', s.refreshToken);
    localStorage.setItem('userId', String(s.userId));
    localStorage.setItem('roleId', String(s.roleId));
    localStorage.setItem('email', s.email);
  }, seller);
  await page.goto('/my-listings');
  await islandsReady(page);
  // The overview table of all listings comes after the list (it moves the page once).
  const overview = page.getByRole('region', { name: 'Statistics of all listings' });
  await expect(overview.getByRole('link', { name: title })).toBeVisible();
  await page.getByRole('link', { name: 'Statistics', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/my-listings/${id}$`));

  // Counts are written every few seconds: the page is reloaded until they are there.
  const today = new Date().toISOString().slice(0, 10);
  await expect(async () => {
    await page.reload();
    await page.getByText('Figures per day').click();
    const row = page.getByRole('table', { name: 'Figures per day' }).getByRole('row', {
      name: new RegExp(`^${today}`),
    });
    await expect(row.getByRole('cell')).toHaveText([today, '0', '1', '1'], { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  const chart = page.getByRole('img', {
    name: `Impressions, views and contacts of Toyota Yaris ${title}`,
  });
  await expect(chart.locator('canvas')).toBeVisible();
  await expect(page.getByRole('definition').first()).toBeVisible();
});
