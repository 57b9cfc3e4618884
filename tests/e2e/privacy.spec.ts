import { expect as baseExpect, type Page } from '@playwright/test';
import { privacyMessages } from '../../shared/schemas/privacy.ts';
import { test } from './support/test.ts';
import { apiOf, dismissBanners, newUser, unique, useSession } from './support/api.ts';
import { expectResult } from './support/dialogs.ts';
import { liveListing } from './support/listings.ts';
import { dataExportLink, mailedText } from './support/mail.ts';

/** Islands hydrate late when the machine is busy; the export waits for two jobs. */
const expect = baseExpect.configure({ timeout: 15_000 });

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

test.beforeEach(async ({ page }) => {
  await dismissBanners(page);
});

test('download my data: asked for on the profile, mailed, downloaded once', async ({
  page,
  request,
}) => {
  const session = await newUser(request, 'Karen');
  await useSession(page, session);
  await open(page, '/profile-information');
  const panel = page.getByRole('region', { name: 'Download my data' });
  await panel.getByRole('button', { name: 'Download my data' }).click();
  await expectResult(page, 'Success', privacyMessages.exportRequested);
  await expect(panel.getByRole('status')).toHaveText(/being prepared|e-mailed you/);

  const link = await dataExportLink(session.email);
  // Opening the link (as a mail scanner would) downloads nothing.
  await open(page, link);
  const button = page.getByRole('button', { name: 'Download my data' });
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(/^spotted-data-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(page.getByRole('heading', { name: 'Your data is downloaded' })).toBeVisible();

  await open(page, link);
  await page.getByRole('button', { name: 'Download my data' }).click();
  await expect(page.getByRole('alert')).toContainText(privacyMessages.exportLinkUsed);
});

test('delete my account states the credits left first', async ({ page, request }) => {
  const session = await newUser(request, 'Dorian');
  const balance = await apiOf(request, session).call((r) =>
    r.user.balance[':id'].$get({ param: { id: String(session.userId) } }),
  );
  await useSession(page, session, { once: true });
  await open(page, '/delete-account');
  const form = page.getByRole('form', { name: 'Delete account' });
  // A new account has its welcome credits.
  expect(balance.data.balance).toBeGreaterThan(0);
  await expect(form.getByRole('status')).toHaveText(
    privacyMessages.balanceLeft(balance.data.balance),
  );
  await form.getByLabel('Password').fill('Spotted2026');
  await form.getByRole('button', { name: 'Delete account' }).click();
  await page.getByRole('dialog').getByRole('button', { name: "I'm sure" }).click();
  await expectResult(page, 'Success', 'Deleted account successfully');
  await page.waitForURL((url) => url.pathname === '/');
  const again = await apiOf(request).call((r) =>
    r.user.login.$post({ json: { email: session.email, password: 'Spotted2026' } }),
  );
  expect(again.code).not.toBe(0);
});

test(
  'a visitor reports a listing as illegal content and gets a confirmation by e-mail',
  { tag: ['@phone', '@phone-only'] },
  async ({ page, request }) => {
    const seller = await newUser(request, 'Noel');
    const id = await liveListing(request, seller, `Mazda 2 reported ${unique()}`);
    const contact = `witness.${unique()}@example.mt`;
    await open(page, `/car/${id}`);
    await page.getByRole('button', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report listing' });
    await dialog.getByRole('radio', { name: "It's a scam" }).check();
    await dialog.getByLabel('Details').fill('The seller asks for a deposit before any viewing.');
    await dialog.getByRole('checkbox', { name: /This is illegal content/ }).check();
    await dialog.getByLabel('Your e-mail (optional)').fill(contact);
    await dialog.getByRole('button', { name: 'Report' }).click();
    await expectResult(page, 'Success', 'Car reported');
    await expect
      .poll(() => mailedText(contact), { timeout: 30_000 })
      .toContain('as illegal content. Our team reviews it and tells you what was decided.');
  },
);
