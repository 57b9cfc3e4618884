import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import sharp from 'sharp';
import { adminStateFile } from '../../playwright.config.ts';
import { rowsOf } from '#shared/api/rows.ts';
import { adminSession, apiOf, newUser as newSeller, ok, unique } from './support/api.ts';
import { screen } from './support/screens.ts';

/**
 * The back-office sections beyond the moderation queues: what an administrator does in each,
 * and where the result shows (the home page, the about page, the API as a user sees it).
 */

/** The administrator logged in once for the run (the setup project); admin.spec tests the login. */
test.use({ storageState: adminStateFile });

async function openSection(page: Page, section: string, title: string | RegExp) {
  await page.goto(`/admin/${section}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({
    timeout: 15_000,
  });
}

const notification = (page: Page, text: string) =>
  expect(page.getByText(text, { exact: true })).toBeVisible({ timeout: 15_000 });

const grid = (page: Page, name: string) => page.getByRole('grid', { name });

/** A grid row by its text (the grid renders rows as role=row; the header row has none). */
const row = (table: Locator, text: string) => table.getByRole('row').filter({ hasText: text });

/** Narrow screens render only the columns in view: bring the last ones in. */
async function scrollGridRight(table: Locator) {
  await table
    .locator('.MuiDataGrid-virtualScroller')
    .evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
}

async function search(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Search' }).fill(text);
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('cookiesAccepted', 'true');
    sessionStorage.setItem('appBannerClosed', 'true');
  });
});

test(
  'a car added to featured shows in Top Spotted on the home page until it is removed',
  { tag: '@shared-state' },
  async ({ page, request }) => {
    const home = await apiOf(request).call((r) =>
      r.cars.$post({ json: { pageNumber: 1, pageSize: 50 } }),
    );
    const car = home.data.cars.cars.find((c) => !c.isTopSpotted)!;
    const label = `${car.brand} ${car.model}: ${car.title}`;

    await openSection(page, 'featured-listings', 'Top Spotted');
    await page.getByRole('button', { name: 'Add top spotted car' }).click();
    const picker = page.getByRole('dialog', { name: 'Add top spotted car' });
    const item = picker.getByRole('listitem', { name: label, exact: true });
    await item.getByRole('button', { name: 'Add as featured car' }).click();
    await notification(page, 'Successfully promoted car to featured');
    await expect(item.getByText('Top Spotted')).toBeVisible();
    await picker.getByRole('button', { name: 'Close' }).click();

    const remove = page.getByRole('button', { name: `Remove ${label}`, exact: true });
    await expect(remove).toBeVisible();

    await page.goto('/');
    const topSpotted = page.getByRole('region', { name: 'Top Spotted' });
    await expect(topSpotted.getByText(car.title, { exact: true })).toBeVisible();

    await openSection(page, 'featured-listings', 'Top Spotted');
    await remove.click();
    const confirm = page.getByRole('dialog', {
      name: 'Please confirm you want to remove listing from featured?',
    });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await notification(page, 'Successfully removed car from featured');
    await expect(remove).toHaveCount(0);

    await page.goto('/');
    await expect(
      page.getByRole('region', { name: 'Top Spotted' }).getByText(car.title, { exact: true }),
    ).toHaveCount(0);
  },
);

test('active listings show their count and open the listing on the site', async ({ page }) => {
  await openSection(page, 'active-listings', /^Active listings \(\d+\)$/);
  const table = grid(page, 'Active listings');
  const first = table.getByRole('row').nth(1);
  const id = await first.getAttribute('data-id');
  await first.getByRole('gridcell').first().click();
  await expect(page).toHaveURL(new RegExp(`/car/${id}$`));
});

test(
  'a payment package is created, edited and removed',
  { tag: '@shared-state' },
  async ({ page, request }) => {
    const admin = apiOf(request, await adminSession(request));
    const name = `Weekend ${unique()}`;
    const individual = async () =>
      rowsOf(
        (await admin.call((r) => r.payment.packages.individual.$get({ query: {} }))).data,
      ).find((p) => p.name === name);

    await openSection(page, 'payment-packages', 'Payment packages');
    await expect(page.getByRole('tab', { name: 'Individual' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.getByRole('button', { name: 'Create package' }).click();
    const create = page.getByRole('dialog', { name: 'Create package' });
    await create.getByLabel('Name').fill(name);
    await create.getByLabel('Description').fill('Two weekends of Featured');
    await create.getByLabel('Amount').fill('7.50');
    await create.getByLabel('Credits').fill('75');
    await create.getByRole('button', { name: 'Create' }).click();
    await notification(page, 'Payment package created');
    expect(await individual()).toMatchObject({ name, credits: 75 });

    const table = grid(page, 'Payment packages');
    await row(table, name).getByRole('gridcell').nth(1).click();
    const edit = page.getByRole('dialog', { name: 'Edit package' });
    await edit.getByLabel('Credits').fill('80');
    await edit.getByRole('button', { name: 'Save' }).click();
    await notification(page, 'Payment package updated');
    expect(await individual()).toMatchObject({ credits: 80 });

    await scrollGridRight(table);
    await table.getByRole('button', { name: `Remove ${name}` }).click();
    await page
      .getByRole('dialog', { name: 'Are you sure?' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await notification(page, 'Successfully removed package');
    await expect(row(table, name)).toHaveCount(0);
    expect(await individual()).toBeUndefined();

    await page.getByRole('tab', { name: 'Company' }).click();
    await expect(row(table, 'Dealer')).not.toHaveCount(0);
  },
);

test('a voucher is created, redeemed by a seller and deactivated', async ({ page, request }) => {
  await openSection(page, 'vouchers', 'Vouchers');
  await page.getByRole('button', { name: 'Create voucher' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create voucher' });
  await dialog.getByLabel('Credits').fill('15');
  await dialog.getByLabel('Days active').fill('10');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await notification(page, 'Voucher created');

  const table = grid(page, 'Vouchers');
  const newest = table.getByRole('row').nth(1);
  await expect(newest.locator('[data-field="credits"]')).toHaveText('15');
  const code = (await newest.locator('[data-field="code"]').innerText()).trim();

  const seller = await newSeller(request);
  const redeemed = await apiOf(request, seller).call((r) =>
    r.voucher.redeem.$post({ json: { userId: seller.userId, code } }),
  );
  expect(redeemed.code).toBe(0);
  expect(redeemed.data.credits).toBe(15);

  await scrollGridRight(table);
  await table.getByRole('button', { name: `Deactivate ${code}` }).click();
  await page
    .getByRole('dialog', { name: 'Are you sure?' })
    .getByRole('button', { name: 'Deactivate' })
    .click();
  await notification(page, 'Voucher deactivated');
  await expect(row(table, code)).toHaveCount(0);
});

test(
  'an ad shows on the home page after the 4th car, its whole image, until it is deactivated',
  { tag: '@shared-state' },
  async ({ page }) => {
    const title = `Ferry to Gozo ${unique()}`;
    // A 3:1 banner with its words up to the edges: the card must show all of them.
    const image = await sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="1500" height="500">
        <rect width="1500" height="500" fill="#0a6cff"/>
        <rect x="8" y="8" width="1484" height="484" fill="none" stroke="#ffbf47" stroke-width="16"/>
        <text x="750" y="320" font-size="210" font-family="sans-serif" font-weight="700"
          fill="#fff" text-anchor="middle">Car Centre Malta</text>
      </svg>`,
      ),
    )
      .png()
      .toBuffer();

    await openSection(page, 'ads', 'Ads');
    await page.getByRole('button', { name: 'Create ad' }).click();
    const create = page.getByRole('dialog', { name: 'Create ad' });
    await create.getByLabel('Title').fill(title);
    await create.getByLabel('Description').fill('Daily crossings from Ċirkewwa');
    await create.getByLabel('Url').fill('https://ferry.example.mt');
    await create.getByLabel('Client').fill('Gozo Channel');
    await create.getByLabel('Location (city)').fill('Mellieħa');
    await create.getByLabel('Days active').fill('14');
    await create.locator('input[type="file"]').setInputFiles({
      name: 'ferry.png',
      mimeType: 'image/png',
      buffer: image,
    });
    await expect(create.getByRole('img', { name: 'Ad image' })).toBeVisible();
    // The admin sees the frame the site uses and how this image sits in it.
    await expect(
      create.getByText(
        'Shown whole in a 4:3 frame on the site: a 4:3 image (for example 1200 × 900 px) fills it.',
      ),
    ).toBeVisible();
    await expect(
      create.getByText(
        'This image is 3:1 (1500 × 500 px), not 4:3: it shows whole, with empty bands above and below.',
      ),
    ).toBeVisible();
    await create.getByRole('img', { name: 'Ad image' }).scrollIntoViewIfNeeded();
    await screen(page, 'admin-ad-image');
    await create.getByRole('button', { name: 'Create' }).click();
    await notification(page, 'Ad created');
    const table = grid(page, 'Ads');
    await expect(row(table, title)).toContainText('Gozo Channel');

    await page.goto('/');
    const card = page.locator('[data-ad-id]', { hasText: title });
    await expect(card.first()).toBeVisible();
    // Ads cycle through the places after every 4th car (other journeys' ads may come first).
    const place = await card.first().evaluate((el) => [...el.parentElement!.children].indexOf(el));
    expect(place % 5).toBe(4);
    // The whole banner, at its own shape, inside the card's frame: nothing cropped.
    const shown = card.first().locator('img');
    await shown.scrollIntoViewIfNeeded();
    await expect(shown).toHaveJSProperty('complete', true);
    await expect(shown).toHaveCSS('object-fit', 'contain');
    const { natural, frame } = await shown.evaluate((img: HTMLImageElement) => ({
      natural: img.naturalWidth / img.naturalHeight,
      frame: img.clientWidth / img.clientHeight,
    }));
    expect(natural).toBeCloseTo(3, 1);
    expect(frame).toBeCloseTo(4 / 3, 1);
    await card.first().evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screen(page, 'home-ad-card');

    await openSection(page, 'ads', 'Ads');
    await row(table, title).getByRole('gridcell').nth(1).click();
    const edit = page.getByRole('dialog', { name: 'Edit ad' });
    await edit.getByLabel('Description').fill('Crossings every 45 minutes');
    await edit.getByRole('button', { name: 'Save' }).click();
    await notification(page, 'Ad updated');

    await row(table, title).getByRole('gridcell').nth(1).click();
    await page
      .getByRole('dialog', { name: 'Edit ad' })
      .getByRole('button', { name: 'Deactivate' })
      .click();
    await notification(page, 'Ad deactivated');
    await scrollGridRight(table);
    await expect(row(table, title)).toContainText('Deactivated');

    await page.goto('/');
    await expect(page.locator('[data-ad-id]', { hasText: title })).toHaveCount(0);
  },
);

test('a make and a model of it are added', { tag: '@shared-state' }, async ({ page }) => {
  const make = `Zenit ${unique()}`;
  await openSection(page, 'makes', 'Makes');
  await page.getByRole('button', { name: 'Add make' }).click();
  const addMake = page.getByRole('dialog', { name: 'Add make' });
  await addMake.getByRole('button', { name: 'Add' }).click();
  await expect(addMake.getByText('Please enter name')).toBeVisible();
  await addMake.getByLabel('Name').fill(make);
  await addMake.getByRole('button', { name: 'Add' }).click();
  await notification(page, 'Make inserted');
  await search(page, make);
  await expect(row(grid(page, 'Makes'), make)).toHaveCount(1);

  await openSection(page, 'models', 'Models');
  await expect(page.getByText('Please choose make to view models')).toBeVisible();
  await page.getByRole('combobox', { name: 'Make' }).fill(make);
  await page.getByRole('option', { name: make, exact: true }).click();
  await expect(page.getByText('Please choose make to view models')).toHaveCount(0);

  await page.getByRole('button', { name: 'Add model' }).click();
  const addModel = page.getByRole('dialog', { name: 'Add model' });
  await expect(addModel.getByRole('combobox', { name: 'Make' })).toHaveValue(make);
  await addModel.getByRole('button', { name: 'Add' }).click();
  await expect(addModel.getByText('Please enter name and choose make')).toBeVisible();
  await addModel.getByLabel('Name').fill('Sprint GT');
  await addModel.getByRole('button', { name: 'Add' }).click();
  await notification(page, 'Model inserted');
  await expect(row(grid(page, 'Models'), 'Sprint GT')).toHaveCount(1);
});

test('a contact message is answered once', async ({ page, request }) => {
  const email = `visitor.${unique()}@example.mt`;
  const sent = await apiOf(request).call((r) =>
    r.contact.send.$post({
      json: { email, phone: '79333444', text: 'Is the blue Fiat 500 in Sliema still for sale?' },
    }),
  );
  expect(sent.code).toBe(0);

  await openSection(page, 'messages', 'Messages');
  await search(page, email);
  const table = grid(page, 'Messages');
  await row(table, email).getByRole('gridcell').nth(1).click();
  const dialog = page.getByRole('dialog', { name: `Message from ${email}` });
  await expect(dialog.getByText('Is the blue Fiat 500 in Sliema still for sale?')).toBeVisible();
  await expect(dialog.getByText('79333444')).toBeVisible();
  await dialog.getByRole('button', { name: 'Send reply' }).click();
  await expect(dialog.getByText('Reply message is empty')).toBeVisible();
  await dialog.getByLabel('Reply').fill('Yes, it is. Call the seller to book a viewing.');
  await dialog.getByRole('button', { name: 'Send reply' }).click();
  await notification(page, 'Replied to message successfully');
  await expect(dialog).toBeHidden();

  await scrollGridRight(table);
  await expect(row(table, email).getByRole('button', { name: 'Show reply' })).toBeVisible();
  await row(table, email).getByRole('button', { name: 'Show reply' }).click();
  await expect(dialog.getByLabel('Reply')).toHaveValue(
    'Yes, it is. Call the seller to book a viewing.',
  );
  await expect(dialog.getByRole('button', { name: 'Send reply' })).toHaveCount(0);
});

test('a notification to all users reaches a user', async ({ page, request }) => {
  const user = await newSeller(request);
  const title = `Road works in Marsa ${unique()}`;
  await openSection(page, 'notifications', 'Notifications');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Please enter title')).toBeVisible();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Message').fill('Expect delays on the Marsa bypass this weekend.');
  await page.getByRole('button', { name: 'Send' }).click();
  await notification(page, 'Successfully sent notification');
  await expect(page.getByLabel('Title')).toHaveValue('');
  await expect(page.getByLabel('Message')).toHaveValue('');

  const api = apiOf(request, user);
  const list = await api.call((r) =>
    r.notifications.user[':userId'].$post({
      param: { userId: String(user.userId) },
      json: { pageNumber: 1, pageSize: 50 },
    }),
  );
  const received = list.data.find((n) => n.title === title)!;
  const read = await api.call((r) =>
    r.notifications[':id'].$get({ param: { id: String(received.id) } }),
  );
  expect(read.code).toBe(0);
  expect(read.data.message).toContain('Expect delays on the Marsa bypass this weekend.');
});

test("a user's details show in five read-only tabs", async ({ page, request }) => {
  const user = await newSeller(request, 'Detailed');
  await openSection(page, 'users', 'Users');
  await search(page, user.email);
  await row(grid(page, 'Users'), user.email).getByRole('gridcell').nth(1).click();
  await expect(page).toHaveURL(new RegExp(`/admin/user/${user.userId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'User Details' })).toBeVisible();

  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText('Detailed', { exact: true })).toBeVisible();
  await expect(panel.getByText('+356 79111222')).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);

  await page.getByRole('tab', { name: 'Transactions' }).click();
  await expect(row(panel.getByRole('grid'), 'Welcome Credits')).toContainText('+50 credits');
  await page.getByRole('tab', { name: 'Subscriptions' }).click();
  await expect(panel.getByText('No subscriptions found')).toBeVisible();
  await page.getByRole('tab', { name: 'Balance' }).click();
  await expect(panel.getByText('Current balance')).toBeVisible();
  await expect(panel.getByText('50 credits', { exact: true })).toBeVisible();

  // A dealer with live listings: each card links to the listing on the site.
  const users = await apiOf(request, await adminSession(request)).call((r) =>
    r.user.all.$get({ query: {} }),
  );
  const dealer = rowsOf(users.data).find((u) => u.email === 'sales@islandmotors.example.mt')!;
  await page.goto(`/admin/user/${dealer.id}`);
  await expect(page.getByRole('tabpanel').getByText(/^C\d+$/)).toBeVisible();
  await page.getByRole('tab', { name: 'Listings' }).click();
  const listing = page.getByRole('tabpanel').getByRole('link').first();
  await expect(listing).toHaveAttribute('href', /^\/car\/(pending\/)?\d+$/);
});

test('transactions filter by type and export as CSV', async ({ page, request }) => {
  const admin = apiOf(request, await adminSession(request));
  const voucher = await admin.call((r) =>
    r.voucher.add.$post({ json: { credits: 12, daysActive: 5 } }),
  );
  const seller = await newSeller(request);
  const redeemed = await apiOf(request, seller).call((r) =>
    r.voucher.redeem.$post({ json: { userId: seller.userId, code: voucher.data.code } }),
  );
  expect(redeemed.code, redeemed.message).toBe(0);
  // The Balance column says the seller's balance once the voucher was added, beside the voucher's
  // credits.
  const { balance } = (
    await apiOf(request, seller).call((r) =>
      r.user.balance[':id'].$get({ param: { id: String(seller.userId) } }),
    )
  ).data;

  await openSection(page, 'transactions', 'Transactions');
  await expect(page.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
  const table = grid(page, 'Transactions');

  const typed = page.waitForResponse((r) => r.url().includes('/api/payment/transactions/type/3'));
  await page.getByRole('tab', { name: 'Voucher' }).click();
  await typed;
  // The seller's welcome credits leave the table once the filter's rows have rendered.
  await expect(row(table, seller.email)).toHaveCount(1);
  await expect(row(table, seller.email)).toContainText('Top Up Credit - Voucher');
  await expect(row(table, seller.email)).toContainText(`${balance} credits+12 credits`);

  await page.getByRole('tab', { name: 'Top up' }).click();
  await expect(row(table, seller.email)).toHaveCount(0);

  await page.getByRole('tab', { name: 'All' }).click();
  await expect(row(table, seller.email).first()).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('transactions.csv');
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.split(/\r?\n/)[0]).toBe('ID,Email,Action,Balance,Change,Date');
  expect(csv).toContain(`${seller.email},Top Up Credit - Voucher,${balance} credits,+12 credits`);
});

test(
  'the about text is updated from the configuration',
  { tag: '@shared-state' },
  async ({ page, request }) => {
    const original = await apiOf(request).call((r) => r.configuration.$get());
    const about = `Spotted is where Malta buys and sells cars. ${unique()}`;
    try {
      await openSection(page, 'application-configuration', 'Application configuration');
      await expect(page.getByLabel('Release notes')).toHaveAttribute('maxlength', '200');
      await expect(page.getByLabel('About text')).toHaveAttribute('maxlength', '2000');
      await page.getByLabel('About text').fill(about);
      await page.getByRole('button', { name: 'Update' }).click();
      await notification(page, 'Successfully updated configuration');

      await page.goto('/about');
      await expect(page.getByText(about)).toBeVisible();
    } finally {
      const { listingTypes, ...current } = original.data;
      const restored = await apiOf(request, await adminSession(request)).call((r) =>
        r.configuration.update.$post({
          json: { ...current, listingTypes: listingTypes.map(({ id, price }) => ({ id, price })) },
        }),
      );
      expect(restored.code).toBe(0);
    }
  },
);

/** Every back-office table, by its section path, title and the first line of its CSV. */
const tables = [
  ['active-listings', /^Active listings \(\d+\)$/],
  ['featured-listings', 'Top Spotted'],
  ['payment-packages', 'Payment packages'],
  ['transactions', 'Transactions'],
  ['users', 'Users'],
  ['messages', 'Messages'],
  ['ads', 'Ads'],
  ['vouchers', 'Vouchers'],
  ['makes', 'Makes'],
  ['models', 'Models'],
] as const;

test('every table exports its rows as CSV', async ({ page, request }) => {
  test.setTimeout(180_000);
  // Rows for the tables a fresh install leaves empty: a message, an ad and a voucher.
  const admin = apiOf(request, await adminSession(request));
  const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#333' } })
    .png()
    .toBuffer();
  await ok(
    admin.call((r) =>
      r.contact.send.$post({
        json: {
          email: `csv.${unique()}@example.mt`,
          phone: '79333444',
          text: 'Is the red Mini still for sale?',
        },
      }),
    ),
  );
  const ad = await ok(
    admin.call((r) =>
      r.ad.add.$post({
        json: {
          title: `CSV ad ${unique()}`,
          url: 'https://example.mt',
          client: 'Example',
          daysActive: 1,
          image: `data:image/png;base64,${image.toString('base64')}`,
        },
      }),
    ),
  );
  await ok(admin.call((r) => r.voucher.add.$post({ json: { credits: 5, daysActive: 1 } })));

  for (const [section, title] of tables) {
    await openSection(page, section, title);
    if (section === 'models') {
      await page.getByRole('combobox', { name: 'Make' }).fill('Toyota');
      await page.getByRole('option', { name: 'Toyota', exact: true }).click();
    }
    const exportButton = page.getByRole('button', { name: 'Export' });
    await expect(exportButton, section).toBeEnabled({ timeout: 15_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
    expect(download.suggestedFilename()).toBe(`${section}.csv`);
    const lines = (await readFile((await download.path())!, 'utf8')).trim().split(/\r?\n/);
    expect(lines[0], section).toMatch(/^[\w ]+(,[\w ]+)+$/);
    expect(lines.length, section).toBeGreaterThan(1);
  }
  // The ad leaves the home page again.
  await ok(admin.call((r) => r.ad.deactivate[':id'].$put({ param: { id: String(ad.id) } })));
});

test('a table sorts by the column header clicked', async ({ page }) => {
  await openSection(page, 'makes', 'Makes');
  const table = grid(page, 'Makes');
  const idHeader = table.getByRole('columnheader', { name: /^ID/ });
  const firstId = async () =>
    Number(await table.getByRole('row').nth(1).getByRole('gridcell').first().innerText());

  await idHeader.click();
  await expect(idHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/sort=id.*order=ASC|order=ASC.*sort=id/);
  await expect.poll(firstId).toBe(1);
  await idHeader.click();
  await expect(idHeader).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(firstId).toBeGreaterThan(50);
});

test.describe('below 1024 px', () => {
  test.use({ viewport: { width: 800, height: 900 } });

  test('the sidebar shows alone at the panel root and hides in a section', async ({ page }) => {
    await page.goto('/admin');
    const sidebar = page.getByRole('navigation', { name: 'Admin sections' });
    await expect(sidebar).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Moderation' })).toBeHidden();
    await sidebar.getByRole('link', { name: 'Makes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Makes' })).toBeVisible();
    await expect(sidebar).toHaveCount(0);
  });
});

test('an unknown panel path says the page is not spotted', async ({ page }) => {
  await page.goto('/admin/no-such-section');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not spotted!' })).toBeVisible();
  await expect(
    page.getByText(
      'Ooops, we cannot spot the page you are looking for. Please check URL or try loading again later.',
    ),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Back to the panel' }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);
});
