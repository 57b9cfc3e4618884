import { expect } from '@playwright/test';
import { test } from './support/test.ts';
import { apiOf, dismissBanners, newUser, useSession } from './support/api.ts';
import { islandsReady, liveListing } from './support/listings.ts';

/**
 * Knowing the car and the seller: a car's mileage history across listings and sellers, with a
 * warning and the seller's explanation; what the site tells of a seller; comparing cars and
 * finding the ones viewed last. The layout differs on a phone (the table scrolls sideways).
 */

test.beforeEach(({ page }) => dismissBanners(page));

const chassisOf = () => `JTDKB20U${Date.now().toString().slice(-9)}`;

test(
  'a listing shows its car’s mileage history, and its seller explains a lower reading',
  { tag: '@phone' },
  async ({ page, browser, request }) => {
    const chassis = chassisOf();
    const earlier = await newUser(request, 'Earlier');
    const seller = await newUser(request, 'Later');
    const first = await liveListing(request, earlier, 'Mileage history, first owner', {
      chassisNumber: chassis,
      millage: 120_000,
    });
    const sold = await apiOf(request, earlier).call((r) =>
      r.car.sold[':id'].$delete({ param: { id: String(first) } }),
    );
    expect(sold.code, sold.message).toBe(0);
    const id = await liveListing(request, seller, 'Mileage history, second owner', {
      chassisNumber: chassis,
      millage: 80_000,
    });

    await page.goto(`/car/${id}`);
    const history = page.getByRole('region', { name: 'Mileage history' });
    await expect(history).toContainText(`Chassis number ${'•'.repeat(11)}${chassis.slice(-6)}`);
    await expect(page.getByText(chassis)).toHaveCount(0);
    await expect(history.getByRole('alert')).toContainText('lower than one recorded earlier');
    const entries = history.getByRole('listitem');
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toContainText('120,000 mi');
    await expect(entries.nth(0)).toContainText('Sold through Spotted');
    await expect(entries.nth(1)).toContainText('80,000 mi');
    await expect(entries.nth(1)).toContainText('Lower than 120,000 mi recorded earlier');
    await expect(history.getByRole('textbox', { name: 'Explain this reading' })).toBeHidden();
    await expect(page.getByRole('region', { name: 'About the seller' })).toContainText(
      /Member since \w+ \d{4}/,
    );

    const own = await browser.newPage();
    await useSession(own, seller);
    await own.goto(`/car/${id}`);
    await islandsReady(own);
    const explain = own.getByRole('textbox', { name: 'Explain this reading' });
    await explain.fill('Instrument cluster replaced at 78,000 mi; invoice available');
    await own.getByRole('button', { name: 'Save explanation' }).click();
    await expect(own.getByRole('status').filter({ hasText: 'Explanation saved' })).toBeVisible();
    await own.close();

    // The page everyone gets was dropped from the cache: the explanation is in it.
    await page.reload();
    await expect(entries.nth(1)).toContainText(
      'Instrument cluster replaced at 78,000 mi; invoice available',
    );
  },
);

test(
  'cars compare side by side from cards and listing pages, and come back as recently viewed',
  { tag: '@phone' },
  async ({ page, request }) => {
    const seller = await newUser(request, 'Compared');
    const older = await liveListing(request, seller, 'Compared older', { millage: 90_000 });
    const newer = await liveListing(request, seller, 'Compared newer', { millage: 15_000 });

    await page.goto(`/seller/offer/${seller.userId}`);
    await expect(page.getByRole('list', { name: 'About the seller' })).toContainText(
      'Member since',
    );
    await page.getByRole('button', { name: 'Compare Toyota Yaris Compared older' }).click();
    const tray = page.getByRole('link', { name: 'Compare 1 car' });
    await expect(tray).toBeVisible();

    await page.goto(`/car/${newer}`);
    const toggle = page.getByRole('button', { name: 'Compare this car' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('link', { name: 'Compare 2 cars' }).click();

    await expect(page).toHaveURL(`/compare?ids=${older},${newer}`);
    const table = page.getByRole('region', { name: 'Comparison' });
    await expect(table.getByRole('columnheader')).toHaveCount(2);
    await expect(table.getByRole('row', { name: /Mileage \(differs\)/ })).toContainText(
      '90,000 mi',
    );
    await expect(table.getByRole('row', { name: /^Fuel/ })).not.toContainText('differs');
    await expect(table.getByRole('row', { name: /^Price rating/ })).toBeVisible();
    await page.getByRole('link', { name: 'Remove Compared older' }).click();
    await expect(page).toHaveURL(`/compare?ids=${newer}`);
    await expect(table.getByRole('columnheader')).toHaveCount(1);

    await page.goto('/');
    const recent = page.getByRole('region', { name: 'Recently viewed' });
    await expect(recent.getByRole('link', { name: /Compared newer/ })).toHaveAttribute(
      'href',
      `/car/${newer}`,
    );
    await expect(recent.getByRole('link', { name: /Compared older/ })).toHaveCount(0);
  },
);
