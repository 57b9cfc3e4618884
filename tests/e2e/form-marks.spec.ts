import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import { dismissBanners, newUser, useSession } from './support/api.ts';
import { expectResult } from './support/dialogs.ts';
import { islandsReady } from './support/listings.ts';
import { screen } from './support/screens.ts';

/**
 * Forms name the first broken rule in the spec's dialog and, besides, mark every field that
 * breaks one with its message, so that a seller fixes them all at once: the listing form,
 * registration and the profile.
 */

test.beforeEach(({ page }) => dismissBanners(page));

/** A control marked with a rule's message (aria-invalid, the message as its description). */
async function expectMarked(control: Locator, message: string) {
  await expect(control).toHaveAttribute('aria-invalid', 'true');
  await expect(control).toHaveAccessibleDescription(new RegExp(message));
}

async function expectClear(control: Locator) {
  await expect(control).not.toHaveAttribute('aria-invalid', 'true');
}

const messagesShown = (page: Page) => page.locator('.field-error');

test('the listing form marks every field that breaks a rule and clears each one fixed', async ({
  page,
  request,
}) => {
  await useSession(page, await newUser(request, 'Marker'));
  await page.goto('/add-listing');
  await islandsReady(page);
  await expect(page.getByText('Loading your contact information...')).toBeHidden();
  const form = page.locator('form.lf-form');
  await expect(messagesShown(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Submit listing' }).click();
  await expectResult(page, 'Uh-oh...', 'You have to upload minimum 5 images');
  const make = form.getByRole('combobox', { name: 'Make', exact: true });
  await expectMarked(
    page.getByRole('button', { name: 'Add photos' }),
    'You have to upload minimum 5 images',
  );
  await expectMarked(make, 'You have to select make');
  await expectMarked(
    form.getByRole('textbox', { name: 'Listing header' }),
    'You have to enter listing header',
  );
  await expectMarked(form.getByRole('textbox', { name: /^Price/ }), 'You have to enter car price');
  await expectMarked(
    form.getByRole('combobox', { name: 'Registration expiration' }),
    'You have to select registration expiration',
  );
  await expectMarked(
    form.getByRole('checkbox', { name: /I agree/ }),
    'You have to agree on storing personal data',
  );
  // Every rule of the 26 that an empty form breaks (not the electric ones, nor the year's range).
  const marked = await messagesShown(page).count();
  expect(marked).toBeGreaterThanOrEqual(21);
  await screen(page, 'listing-form-marks', { fullPage: true });

  await make.selectOption({ label: 'Toyota' });
  await expectClear(make);
  await expect(form.getByText('You have to select make')).toHaveCount(0);
  await expectMarked(
    form.getByRole('combobox', { name: 'Model', exact: true }),
    'You have to select model',
  );
  await form.getByRole('textbox', { name: 'Manufacture year' }).fill('1800');
  await expectMarked(
    form.getByRole('textbox', { name: 'Manufacture year' }),
    'Year have to be in range of',
  );
  await expect(messagesShown(page)).toHaveCount(marked - 1);
});

test('registration marks every field that breaks a rule', async ({ page }) => {
  await page.goto('/register');
  await islandsReady(page);
  if (test.info().project.name === 'mobile') {
    await page.getByRole('button', { name: 'Continue' }).click();
  }
  const form = page.getByRole('form', { name: 'Personal account' });
  await form.getByLabel('Email').fill('maria');
  await form.getByLabel('Password', { exact: true }).fill('short');
  await form.getByLabel('Confirm password').fill('shorter');
  await form.getByRole('button', { name: 'Register' }).click();
  await expectResult(page, 'Uh-oh...', 'Not valid email');

  await expectMarked(form.getByLabel('Email'), 'Not valid email');
  await expectMarked(
    form.getByLabel('Password', { exact: true }),
    'Password must contain one upper case letter',
  );
  await expectMarked(
    form.getByLabel('Confirm password'),
    'Password and confirm password are different',
  );
  await expectMarked(form.getByLabel('First name'), 'First name is required field');
  await expectMarked(form.getByLabel('Last name'), 'Last name is required field');
  await expectMarked(form.getByLabel('Phone'), 'Phone is required field');
  await expectMarked(form.getByLabel('City'), 'City is required field');
  await expectClear(form.getByLabel('Address'));
  await screen(page, 'register-marks', { fullPage: true });

  await form.getByLabel('First name').fill('Anna');
  await expectClear(form.getByLabel('First name'));
  await expect(form.locator('.field-error')).toHaveCount(6);
});

test('the profile marks every field that breaks a rule', async ({ page, request }) => {
  await useSession(page, await newUser(request, 'Profiled'));
  await page.goto('/profile-information');
  await islandsReady(page);
  const form = page.getByRole('form', { name: 'Personal details' });
  await expect(form.getByLabel('First name')).toHaveValue('Profiled');
  await form.getByLabel('First name').fill('');
  await form.getByLabel('Last name').fill(' ');
  await form.getByLabel('City').selectOption('');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expectResult(page, 'Uh-oh...', 'First name is required field');

  await expectMarked(form.getByLabel('First name'), 'First name is required field');
  await expectMarked(form.getByLabel('Last name'), 'Last name is required field');
  await expectMarked(form.getByLabel('City'), 'City is required field');
  await expectClear(form.getByLabel('Phone', { exact: true }));
  await screen(page, 'profile-marks');

  await form.getByLabel('City').selectOption({ label: 'Mosta' });
  await expectClear(form.getByLabel('City'));
  await expect(form.locator('.field-error')).toHaveCount(2);
});
