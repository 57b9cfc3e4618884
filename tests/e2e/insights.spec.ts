import { expect, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import { dismissBanners, newUser, unique, useSession } from './support/api.ts';
import { islandsReady, liveListing } from './support/listings.ts';

/** Seller insights: what a visitor does on a listing reaches its owner's statistics. */

/** The next contact-reveal beacon of listing `id` of this `kind` that the page sends. */
const beacon = (page: Page, id: number, kind: 'phone' | 'email') =>
  page.waitForRequest(
    (r) =>
      r.method() === 'POST' &&
      r.url().endsWith(`/api/car/${id}/event`) &&
      (r.postDataJSON() as { kind?: string } | null)?.kind === kind,
  );

test("a visitor's view, call and e-mail show up in the owner's chart", async ({
  page,
  request,
}) => {
  // On a phone the seller's number and address are the contact bar's Call and Message; on a
  // desktop 'Call seller' and the seller box's e-mail address. Both count as contact reveals.
  const phone = test.info().project.name === 'mobile';
  const seller = await newUser(request, 'Insights');
  const title = `Insights Yaris ${unique()}`;
  const id = await liveListing(request, seller, title);
  const bar = page.getByRole('group', { name: 'Contact the seller' });

  // A visitor opens the listing and calls the seller before the page's buttons have come to life
  // (a phone's idle moment can come late): the actions island, whose beacon counts the view, is
  // held back until the call has been counted.
  await dismissBanners(page);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/ListingActions.*.js', async (route) => {
    await held;
    await route.continue();
  });
  const viewed = page.waitForResponse((r) => r.url().endsWith(`/api/car/${id}/view`));
  await page.goto(`/car/${id}`);
  const callLink = phone
    ? bar.getByRole('link', { name: 'Call', exact: true })
    : page.getByRole('link', { name: 'Call seller' });
  await expect(callLink).toHaveAttribute('href', /^tel:\+356/);
  await expect(page.locator('astro-island[ssr]').filter({ has: callLink })).toHaveCount(1);
  const called = beacon(page, id, 'phone');
  // The real tel: link: the beacon leaves as the dialler would take over (headless Chromium has
  // no dialler and may then follow no further link in this page, so the next steps use new pages).
  await callLink.click();
  expect((await (await called).response())?.ok()).toBe(true);
  release();
  expect((await viewed).ok()).toBe(true);

  // The same visitor, on the listing again, opens an e-mail to the seller.
  const again = await page.context().newPage();
  await dismissBanners(again);
  await again.goto(`/car/${id}`);
  const mailLink = phone
    ? again
        .getByRole('group', { name: 'Contact the seller' })
        .getByRole('link', { name: 'Message', exact: true })
    : again.getByRole('link', { name: seller.email });
  await expect(mailLink).toHaveAttribute('href', new RegExp(`^mailto:${seller.email}`));
  const mailed = beacon(again, id, 'email');
  await mailLink.click();
  expect((await (await mailed).response())?.ok()).toBe(true);

  // The owner logs in on the same browser and opens the listing's statistics from My listings.
  const owner = await page.context().newPage();
  await dismissBanners(owner);
  await useSession(owner, seller);
  await owner.goto('/my-listings');
  await islandsReady(owner);
  // The overview table of all listings comes after the list (it moves the page once).
  const overview = owner.getByRole('region', { name: 'Statistics of all listings' });
  await expect(overview.getByRole('link', { name: title })).toBeVisible();
  // A phone shows a card's actions in its menu, a desktop beside the card.
  if (phone) {
    await owner.getByRole('button', { name: `Actions for ${title}` }).click();
    await owner.getByRole('menuitem', { name: 'Statistics' }).click();
  } else await owner.getByRole('link', { name: 'Statistics', exact: true }).click();
  await expect(owner).toHaveURL(new RegExp(`/my-listings/${id}$`));

  // Counts are written every few seconds: the page is reloaded until they are there. One view
  // (once a visitor a day), and two contacts: the call and the e-mail. Impressions are not this
  // journey's to count: journeys running beside it show the newest listings' cards too.
  const today = new Date().toISOString().slice(0, 10);
  await expect(async () => {
    await owner.reload();
    await owner.getByText('Figures per day').click();
    const row = owner.getByRole('table', { name: 'Figures per day' }).getByRole('row', {
      name: new RegExp(`^${today}`),
    });
    await expect(row.getByRole('cell')).toHaveText([today, /^\d+$/, '1', '2'], { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  const chart = owner.getByRole('img', {
    name: `Impressions, views and contacts of Toyota Yaris ${title}`,
  });
  await expect(chart.locator('canvas')).toBeVisible();
  // The day under the cursor reads day, month and year, as in Malta: the listing's only day.
  await chart.locator('.u-over').hover();
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const shown = `${day} ${new Date(Date.UTC(year, month - 1, day)).toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' }).slice(0, 3)} ${year}`;
  await expect(chart.locator('.u-legend .u-series').first().locator('.u-value')).toHaveText(shown);
  await expect(owner.getByRole('definition').first()).toBeVisible();
});
