import { expect, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import { totpCode } from '../support/two-factor.ts';
import { dismissBanners, newUser, PASSWORD, useSession } from './support/api.ts';
import { expectResult } from './support/dialogs.ts';

/**
 * Two-factor login for sellers and buyers: turned on from the profile with an authenticator app
 * (the journey computes the app's codes from the key the page shows), then asked for at login.
 * The administrator's enrolment on the first login is the setup project's (setup/run.setup.ts).
 */

const panelOf = (page: Page) => page.getByRole('region', { name: 'Two-factor login' });

async function logInWithPassword(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  return page.getByRole('form', { name: 'Two-factor login' });
}

test('a seller turns two-factor login on and then logs in with a code', async ({
  page,
  request,
}) => {
  const seller = await newUser(request, 'Tara');
  await dismissBanners(page);
  await useSession(page, seller, { once: true });
  await page.goto('/profile-information');

  const panel = panelOf(page);
  await expect(panel).toContainText('Off.');
  await panel.getByLabel('Password').fill(PASSWORD);
  await panel.getByRole('button', { name: 'Turn on' }).click();
  await expect(
    panel.getByRole('img', { name: 'QR code to add Spotted to your authenticator app' }),
  ).toBeVisible();
  const secret = (await panel.getByLabel('Setup key').inputValue()).replace(/\s/g, '');
  await panel.getByLabel('Code').fill(totpCode(secret));
  await panel.getByRole('button', { name: 'Confirm' }).click();

  const codes = panel.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await panel.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(panel).toContainText('On. Recovery codes left: 10.');

  await page.evaluate(() => localStorage.clear());
  const step = await logInWithPassword(page, seller.email);
  await step.getByLabel('Code').fill('000000');
  await step.getByRole('button', { name: 'Verify' }).click();
  await expectResult(page, 'Uh-oh...', 'The code is not right. Please try again.');
  // The code that confirmed the setup is used up: the app's next code is the one to type.
  await step.getByLabel('Code').fill(totpCode(secret, 1));
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('email'))).toBe(seller.email);
});

test('a seller who lost the phone logs in with a recovery code and turns it off', async ({
  page,
  request,
}) => {
  const seller = await newUser(request, 'Owen');
  await dismissBanners(page);
  await useSession(page, seller, { once: true });
  await page.goto('/profile-information');
  const panel = panelOf(page);
  await panel.getByLabel('Password').fill(PASSWORD);
  await panel.getByRole('button', { name: 'Turn on' }).click();
  const secret = (await panel.getByLabel('Setup key').inputValue()).replace(/\s/g, '');
  await panel.getByLabel('Code').fill(totpCode(secret));
  await panel.getByRole('button', { name: 'Confirm' }).click();
  const shown = panel.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(shown).toHaveCount(10);
  const codes = await shown.allTextContents();
  await panel.getByRole('button', { name: 'I have saved my codes' }).click();

  await page.evaluate(() => localStorage.clear());
  const step = await logInWithPassword(page, seller.email);
  await step.getByLabel('Code').fill(codes[0]!);
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/:\d+\/$/);

  await page.goto('/profile-information');
  await expect(panel).toContainText('On. Recovery codes left: 9.');
  await panel.getByLabel('Password').fill(PASSWORD);
  await panel.getByLabel('Code').fill(codes[0]!);
  await panel.getByRole('button', { name: 'Turn off' }).click();
  await expectResult(page, 'Uh-oh...', 'This recovery code was already used');
  await panel.getByLabel('Code').fill(codes[1]!);
  await panel.getByRole('button', { name: 'Turn off' }).click();
  await expectResult(page, 'Success', 'Two-factor login is off');
  await expect(panel).toContainText('Off.');
});
