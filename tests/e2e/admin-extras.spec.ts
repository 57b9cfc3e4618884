import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import { adminSession, apiOf, newUser, ok, useSession } from './support/api.ts';
import { submitListing } from './support/listings.ts';
import { screen } from './support/screens.ts';

/**
 * The back-office beyond the spec: /admin decides where a visitor goes before its large scripts
 * load (never a blank screen), every CSV is its table as shown with one date format, and the
 * home page's Top Spotted list is named so, apart from the paid Featured type.
 */

/** The spec's 'dd MMM yyyy, HH:mm'. */
const DATE = /\d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/;

/** The panel's scripts never arrive: whatever shows comes from the page itself. */
const withoutPanelScripts = (page: Page) =>
  page.route(/\/_astro\/.+\.js$/, (route) => route.abort());

test('/admin sends a visitor away before anything paints, and an admin sees a loader, never a blank page', async ({
  page,
  request,
}) => {
  await withoutPanelScripts(page);
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/admin-login$/);

  await useSession(page, await newUser(request, 'Notadmin'));
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);

  const admin = await adminSession(request);
  const adminPage = await page.context().newPage();
  await withoutPanelScripts(adminPage);
  await useSession(adminPage, admin);
  await adminPage.goto('/admin');
  await expect(adminPage).toHaveURL(/\/admin$/);
  await expect(adminPage.getByRole('status')).toHaveText('Loading...');
  await screen(adminPage, 'admin-loading');
});

async function download(page: Page, section: string, heading: string | RegExp) {
  await page.goto(`/admin/${section}`);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({
    timeout: 15_000,
  });
  const button = page.getByRole('button', { name: 'Export' });
  await expect(button).toBeEnabled({ timeout: 15_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return (await readFile((await file.path())!, 'utf8')).trim().split(/\r?\n/);
}

test('every CSV is its table as shown: its headers, names rather than ids, one date format', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await adminSession(request);
  const api = apiOf(request, admin);
  const seller = await newUser(request, 'Csvseller');
  const title = `CSV request ${Date.now().toString(36)}`;
  await submitListing(request, seller, title);
  await ok(api.call((r) => r.voucher.add.$post({ json: { credits: 7, daysActive: 3 } })));
  await ok(
    api.call((r) =>
      r.contact.send.$post({
        json: { email: seller.email, phone: '', text: 'Is the CSV request still for sale?' },
      }),
    ),
  );
  await useSession(page, admin);

  const vouchers = await download(page, 'vouchers', 'Vouchers');
  expect(vouchers[0]).toBe('ID,Code,Credits,Created at,Expiration at');
  expect(vouchers[1]).toMatch(
    new RegExp(`^\\d+,[A-Z0-9-]+,\\d+,"?${DATE.source}"?,"?${DATE.source}"?$`),
  );

  const users = await download(page, 'users', 'Users');
  expect(users[0]).toBe('ID,Email,First name,Last name,Role,Email confirmed');
  // A new account has not confirmed its address yet.
  expect(users.find((line) => line.includes(seller.email))).toMatch(
    /,Csvseller,Tester,Individual,No$/,
  );

  const queue = await download(page, 'approve-listings', 'Approve listings');
  expect(queue[0]).toBe('ID,Make,Model,Title,Price,Location,City,Date');
  const row = queue.find((line) => line.includes(title));
  expect(row).toMatch(
    new RegExp(`,Toyota,Yaris,${title},"?€9,500"?,.*,Birkirkara,"?${DATE.source}"?$`),
  );

  const messages = await download(page, 'messages', 'Messages');
  expect(messages[0]).toBe('ID,Email,Phone,Message,Date,Reply');
});

test("the home page's Top Spotted list is named so in the back-office, not 'Featured'", async ({
  page,
  request,
}) => {
  await useSession(page, await adminSession(request));
  await page.goto('/admin');
  const menu = page.getByRole('navigation', { name: 'Admin sections' });
  await expect(menu.getByRole('link', { name: 'Top Spotted' })).toBeVisible({ timeout: 15_000 });
  await expect(menu.getByText('Featured listings')).toHaveCount(0);
  await menu.getByRole('link', { name: 'Top Spotted' }).click();
  await expect(page).toHaveURL(/\/admin\/featured-listings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Top Spotted' })).toBeVisible();
  await expect(page.getByText(/not the paid 'Featured' listing type/)).toBeVisible();
  // The spec's own texts stay.
  await expect(page.getByRole('button', { name: 'Add top spotted car' })).toBeVisible();
  await screen(page, 'admin-top-spotted');
});
