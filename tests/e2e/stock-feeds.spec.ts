import { expect } from '@playwright/test';
import { test } from './support/test.ts';
import {
  apiOf,
  dismissBanners,
  logInByApi,
  PASSWORD,
  PHONE,
  unique,
  useSession,
} from './support/api.ts';
import { islandsReady } from './support/listings.ts';

/** The smallest valid PNG: a business account's logo. */
const logo =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

test('a dealer imports the sample stock file with its photos, follows its progress, reads the report, sets a scheduled address and makes an API key', async ({
  page,
  request,
}) => {
  await dismissBanners(page);
  const email = `dealer.${unique()}@example.mt`;
  const registered = await apiOf(request).call((r) =>
    r.user.register.company.$post({
      json: {
        firstName: 'Feed Motors',
        lastName: '',
        email,
        phone: PHONE,
        city: 'Qormi',
        password: PASSWORD,
        image: logo,
        cNumber: '45123',
        vatNumber: '20451234',
      },
    }),
  );
  expect(registered.code, registered.message).toBe(0);
  await useSession(page, await logInByApi(request, email, PASSWORD));

  await page.goto('/stock-feeds');
  await islandsReady(page);
  await expect(
    page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Stock feeds' }),
  ).toBeVisible();
  const sample = await request.get('/feeds/spotted-stock-sample.csv');
  const photos = await request.get('/feeds/spotted-stock-sample-photos.zip');
  expect(sample.ok() && photos.ok()).toBe(true);
  await page.getByLabel('Stock file (CSV or XML)').setInputFiles({
    name: 'spotted-stock-sample.csv',
    mimeType: 'text/csv',
    buffer: await sample.body(),
  });
  await page.getByLabel('Photos (ZIP, optional)').setInputFiles({
    name: 'spotted-stock-sample-photos.zip',
    mimeType: 'application/zip',
    buffer: await photos.body(),
  });
  await page.getByRole('button', { name: 'Import' }).click();

  // The upload is answered at once; the import runs in the background with its progress.
  const report = page.getByRole('region', { name: 'Import report' });
  await expect(report.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await expect(report.getByRole('status')).toHaveText(/^[0-3] of 3 lines done$/);
  await expect(report.getByRole('heading')).toHaveText('spotted-stock-sample.csv: Done', {
    timeout: 60_000,
  });
  await expect(report.getByText('3 created')).toBeVisible();
  const rows = report.getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText('SP-1001');
  await expect(rows.nth(1)).toContainText('Created');
  await expect(report.getByRole('progressbar')).toBeHidden();
  await expect(page.getByRole('button', { name: /spotted-stock-sample\.csv/ })).toBeVisible();

  const scheduled = page.getByRole('region', { name: 'Scheduled feed' });
  const address = scheduled.getByLabel('Feed address (https)');
  await address.fill('stock.csv');
  await scheduled.getByRole('button', { name: 'Save address' }).click();
  await expect(scheduled.getByRole('alert')).toHaveText('The feed address is not an address');
  await address.fill('http://127.0.0.1:9/stock.csv');
  await scheduled.getByRole('button', { name: 'Save address' }).click();
  await expect(scheduled.getByRole('alert')).toHaveText(
    'The feed address must start with https://',
  );
  await address.fill('https://127.0.0.1:9/stock.csv');
  await scheduled.getByRole('button', { name: 'Save address' }).click();
  await expect(scheduled.getByRole('status')).toHaveText(
    'Not fetched yet: Spotted fetches it within minutes',
  );
  await expect(scheduled.getByRole('alert')).toBeHidden();
  await page.reload();
  await islandsReady(page);
  await expect(scheduled.getByLabel('Feed address (https)')).toHaveValue(
    'https://127.0.0.1:9/stock.csv',
  );

  const keys = page.getByRole('region', { name: 'API keys' });
  await keys.getByLabel('Key name').fill('Stock system');
  await keys.getByRole('button', { name: 'Create key' }).click();
  await expect(keys.getByRole('status')).toContainText(/spk_[\w-]{43}/);
  await expect(keys.getByRole('listitem').filter({ hasText: 'Stock system' })).toContainText(
    'Not used yet',
  );
});
