import { expect, type Browser, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import { adminStateFile } from '../../playwright.config.ts';
import { dismissBanners, newUser, PASSWORD, unique, useSession } from './support/api.ts';
import { expectResult } from './support/dialogs.ts';
import { confirmationLink } from './support/mail.ts';

/** Opens a page and waits for its islands to take over. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

/** The back-office's users list, searched for `email`: its 'Email confirmed' cell. */
async function confirmedCell(browser: Browser, baseURL: string | undefined, email: string) {
  const context = await browser.newContext({ storageState: adminStateFile, baseURL });
  const page = await context.newPage();
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible({
    timeout: 15_000,
  });
  await page.getByRole('textbox', { name: 'Search' }).fill(email);
  const row = page.getByRole('grid', { name: 'Users' }).getByRole('row').filter({ hasText: email });
  return { cell: row.locator('[data-field="emailConfirmedAt"]'), close: () => context.close() };
}

test.beforeEach(async ({ page }) => {
  await dismissBanners(page);
});

test('a new account confirms its address from the welcome e-mail, and the back-office shows it', async ({
  page,
  browser,
}, info) => {
  const email = `anna.${unique()}@example.mt`;
  await open(page, '/register');
  const form = page.getByRole('form', { name: 'Personal account' });
  await form.getByLabel('First name').fill('Anna');
  await form.getByLabel('Last name').fill('Zammit');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Address').fill('Triq il-Kbira 5');
  await form.getByLabel('Phone').fill('79001122');
  await form.getByLabel('City').selectOption({ label: 'Sliema' });
  await form.getByLabel('Date of birth').fill('1992-03-04');
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Register' }).click();
  await expectResult(page, 'Success', 'Successfully registered');

  const link = await confirmationLink(email);
  // Opening the link (as a mail scanner would) confirms nothing.
  await open(page, link);
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible();
  const admin = await confirmedCell(browser, info.project.use.baseURL, email);
  await expect(admin.cell).toHaveText('No');

  await page.getByRole('button', { name: 'Confirm e-mail address' }).click();
  await expect(
    page.getByRole('heading', { name: 'Your e-mail address is confirmed' }),
  ).toBeVisible();

  await admin.cell.page().reload();
  await admin.cell.page().getByRole('textbox', { name: 'Search' }).fill(email);
  await expect(admin.cell).toHaveText('Yes');
  await admin.close();

  // The link again: already confirmed, still a success.
  await open(page, link);
  await page.getByRole('button', { name: 'Confirm e-mail address' }).click();
  await expect(
    page.getByRole('heading', { name: 'Your e-mail address is already confirmed' }),
  ).toBeVisible();
});

test('a bad link says so and where to get a new one', async ({ page }) => {
  await open(page, '/confirm-email?token=not-a-real-token');
  await page.getByRole('button', { name: 'Confirm e-mail address' }).click();
  const alert = page.getByRole('alert');
  await expect(
    alert.getByRole('heading', {
      name: 'This confirmation link is not valid. Please ask for a new link.',
    }),
  ).toBeVisible();
  await expect(alert.getByRole('link', { name: 'Get a new link' })).toHaveAttribute(
    'href',
    '/profile-information',
  );
});

test('the profile asks an unconfirmed account to confirm and sends the link again', async ({
  page,
  request,
}) => {
  const user = await newUser(request, 'Unconfirmed');
  const first = await confirmationLink(user.email);
  await useSession(page, user);
  await open(page, '/profile-information');
  const notice = page.getByRole('region', { name: 'E-mail address' });
  await expect(
    notice.getByText('Confirm your e-mail address to get alerts and message notices.'),
  ).toBeVisible();
  await notice.getByRole('button', { name: 'Send the link again' }).click();
  await expectResult(page, 'Success', 'We sent you a new confirmation link');

  const again = await confirmationLink(user.email, [first]);
  await open(page, again);
  await page.getByRole('button', { name: 'Confirm e-mail address' }).click();
  await expect(
    page.getByRole('heading', { name: 'Your e-mail address is confirmed' }),
  ).toBeVisible();
  await open(page, '/profile-information');
  await expect(page.getByRole('heading', { name: 'Profile information' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Unconfirmed');
  await expect(page.getByRole('region', { name: 'E-mail address' })).toHaveCount(0);
});
