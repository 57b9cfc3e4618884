import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import sharp from 'sharp';
import { messages } from '../../shared/messages.ts';
import { rowsOf } from '../../shared/api/rows.ts';
import { needsSecondFactor } from '../../shared/schemas/two-factor.ts';
import { apiOf, dismissBanners, useSession, type Session } from './support/api.ts';

/**
 * The account's profile screens, contact support and the About, Privacy policy and Terms of use
 * pages. Every journey that changes an account registers a fresh one: the demo accounts stay as
 * they are.
 */

/** Islands hydrate late when the machine is busy: the assertions wait longer than the default. */
const expect = baseExpect.configure({ timeout: 15_000 });

const PASSWORD = 'Spotted2026';
const r = messages.register;

interface Account {
  email: string;
  password: string;
}

let sequence = 0;
const freshEmail = (kind: string) =>
  `e2e.profile.${kind}.${Date.now()}.${sequence++}@example.mt`.toLowerCase();

const png = (background: string) =>
  sharp({ create: { width: 64, height: 64, channels: 3, background } })
    .png()
    .toBuffer();

async function firstCity(request: APIRequestContext) {
  const cities = await apiOf(request).call((r) => r.configuration.cities.$get());
  return rowsOf(cities.data)[0]!;
}

async function registerPrivate(request: APIRequestContext): Promise<Account> {
  const email = freshEmail('private');
  const city = (await firstCity(request)).id;
  const res = await apiOf(request).call((r) =>
    r.user.register.private.$post({
      json: {
        email,
        password: PASSWORD,
        firstName: 'Rita',
        lastName: 'Zammit',
        phone: '79123456',
        city,
      },
    }),
  );
  expect(res.code, res.message).toBe(0);
  return { email, password: PASSWORD };
}

async function registerCompany(request: APIRequestContext): Promise<Account> {
  const email = freshEmail('company');
  const image = (await png('#0a6cff')).toString('base64');
  const city = (await firstCity(request)).id;
  const res = await apiOf(request).call((r) =>
    r.user.register.company.$post({
      json: {
        email,
        password: PASSWORD,
        image,
        firstName: 'Harbour Cars Ltd',
        phone: '21234567',
        city,
        cNumber: '12345',
        vatNumber: '12345678',
      },
    }),
  );
  expect(res.code, res.message).toBe(0);
  return { email, password: PASSWORD };
}

const login = (request: APIRequestContext, account: Account) =>
  apiOf(request).call((r) => r.user.login.$post({ json: account }));

/**
 * Stores the session as the login screen does, once per tab (a reload after logout or deletion
 * must not bring it back), and keeps the cookie and app banners out of the way.
 */
async function openSession(page: Page, session: Session | null) {
  await dismissBanners(page);
  if (session) await useSession(page, session, { once: true });
}

async function signIn(page: Page, request: APIRequestContext, account: Account) {
  const res = await login(request, account);
  expect(res.code, res.message).toBe(0);
  if (needsSecondFactor(res.data)) throw new Error('these accounts log in without a code');
  await openSession(page, res.data);
  return res.data;
}

/** The result dialog shows the title and message; Close dismisses it. */
async function expectResult(page: Page, success: boolean, message: string) {
  const dialog = page.getByRole('dialog', {
    name: success ? messages.common.success : messages.common.failure,
  });
  await expect(dialog).toContainText(message);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
}

/** Every island on the page has hydrated (Astro drops the ssr attribute when it has). */
const hydrated = (page: Page) => expect(page.locator('astro-island[ssr]')).toHaveCount(0);

const isNarrow = (page: Page) => (page.viewportSize()?.width ?? 0) <= 1024;

test.describe('profile information', () => {
  test('checks the rules in order, then saves the profile', async ({ page, request }) => {
    const account = await registerPrivate(request);
    await signIn(page, request, account);
    await page.goto('/profile-information');

    const form = page.getByRole('form', { name: 'Personal details' });
    const firstName = form.getByLabel('First name');
    const lastName = form.getByLabel('Last name');
    const phone = form.getByLabel('Phone', { exact: true });
    const city = form.getByLabel('City');
    const save = form.getByRole('button', { name: 'Save changes' });
    await expect(firstName).toHaveValue('Rita');
    await expect(form.getByLabel('Email')).toHaveValue(account.email);
    await expect(form.getByLabel('Email')).not.toBeEditable();
    await expect(form.getByText('+356', { exact: true })).toBeVisible();
    await expect(form.getByLabel('Company name')).toHaveCount(0);

    await firstName.fill('');
    await phone.fill('');
    await lastName.fill('');
    await city.selectOption('');
    await save.click();
    await expectResult(page, false, r.firstNameRequired);
    await firstName.fill('Roberta');
    await save.click();
    await expectResult(page, false, r.phoneRequired);
    await phone.fill('99887766');
    await save.click();
    await expectResult(page, false, r.lastNameRequired);
    await lastName.fill('Camilleri');
    await save.click();
    await expectResult(page, false, r.cityRequired);

    await city.selectOption({ label: 'Mosta' });
    await form.getByLabel('Address').fill('Triq San Pawl 5');
    await form.getByLabel('Date of birth').fill('1985-06-20');
    await save.click();
    await expectResult(page, true, messages.profile.updated);

    await page.reload();
    await expect(firstName).toHaveValue('Roberta');
    await expect(lastName).toHaveValue('Camilleri');
    await expect(phone).toHaveValue('99887766');
    await expect(city.locator('option:checked')).toHaveText('Mosta');
    await expect(form.getByLabel('Address')).toHaveValue('Triq San Pawl 5');
    await expect(form.getByLabel('Date of birth')).toHaveValue('1985-06-20');
  });

  test('a company edits its name, phones and logo; email, C and VAT numbers are read-only', async ({
    page,
    request,
  }) => {
    const account = await registerCompany(request);
    await signIn(page, request, account);
    await page.goto('/profile-information');

    const form = page.getByRole('form', { name: 'Company details' });
    const companyName = form.getByLabel('Company name');
    const save = form.getByRole('button', { name: 'Save changes' });
    await expect(companyName).toHaveValue('Harbour Cars Ltd');
    await expect(form.getByLabel('Last name')).toHaveCount(0);
    await expect(form.getByLabel('Date of birth')).toHaveCount(0);
    for (const [label, value] of [
      ['Email', account.email],
      ['C number', '12345'],
      ['VAT number', '12345678'],
    ] as const) {
      await expect(form.getByLabel(label)).toHaveValue(value);
      await expect(form.getByLabel(label)).not.toBeEditable();
    }
    await expect(form.getByText('C', { exact: true })).toBeVisible();
    await expect(form.getByText('MT', { exact: true })).toBeVisible();

    await companyName.fill('');
    await save.click();
    await expectResult(page, false, r.companyNameRequired);
    await companyName.fill('Harbour Cars Malta Ltd');

    const upload = form.getByLabel('Change logo');
    await upload.setInputFiles({
      name: 'logo.gif',
      mimeType: 'image/gif',
      buffer: await png('#000'),
    });
    await expectResult(page, false, 'Logo must be a jpg, jpeg, png, webp or avif image');
    const logo = form.getByRole('img', { name: 'Company logo' });
    const before = await logo.getAttribute('src');
    await upload.setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: await png('#e8590c'),
    });
    await expect(logo).toHaveAttribute('src', /^data:image\/png;base64,/);

    await form.getByLabel('Phone 3').fill('79998877');
    await save.click();
    await expectResult(page, true, messages.profile.updated);
    await expect(logo).toHaveAttribute('src', /^\/images\//);
    expect(await logo.getAttribute('src')).not.toBe(before);

    await page.reload();
    await expect(companyName).toHaveValue('Harbour Cars Malta Ltd');
    await expect(form.getByLabel('Phone 3')).toHaveValue('79998877');
  });

  test(
    'shows the password and delete panels on desktop, links to their routes on mobile',
    { tag: '@phone' },
    async ({ page, request }) => {
      await signIn(page, request, await registerPrivate(request));
      await page.goto('/profile-information');
      await expect(page.getByRole('form', { name: 'Personal details' })).toBeVisible();
      const panel = page.getByRole('form', { name: 'Change password' });
      const link = page.getByRole('link', { name: 'Delete account' });
      if (isNarrow(page)) {
        await expect(panel).toBeHidden();
        await link.click();
        await expect(page).toHaveURL(/\/delete-account$/);
        await expect(page.getByRole('heading', { level: 1, name: 'Delete account' })).toBeVisible();
        await expect(page.getByRole('form', { name: 'Delete account' })).toBeVisible();
      } else {
        await expect(panel).toBeVisible();
        await expect(page.getByRole('form', { name: 'Delete account' })).toBeVisible();
        await expect(link).toBeHidden();
      }
    },
  );
});

test('change password checks the rules in order; afterwards the old password no longer works', async ({
  page,
  request,
}) => {
  const account = await registerPrivate(request);
  await signIn(page, request, account);
  await page.goto('/change-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Change password' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Change password' });
  const oldPassword = form.getByLabel('Old password');
  const newPassword = form.getByLabel('New password');
  const confirmPassword = form.getByLabel('Confirm password');
  const submit = form.getByRole('button', { name: 'Change password' });

  await oldPassword.fill(PASSWORD);
  await newPassword.fill('lowercase1');
  await confirmPassword.fill('lowercase1');
  await submit.click();
  await expectResult(page, false, r.passwordRules);
  await newPassword.fill('Abc1');
  await submit.click();
  await expectResult(page, false, r.passwordLength);
  await newPassword.fill('Harbour2027');
  await confirmPassword.fill('Harbour2028');
  await submit.click();
  await expectResult(page, false, r.passwordMismatch);

  await confirmPassword.fill('Harbour2027');
  await submit.click();
  await expectResult(page, true, messages.profile.passwordChanged);
  await expect(oldPassword).toHaveValue('');
  await expect(newPassword).toHaveValue('');
  await expect(confirmPassword).toHaveValue('');

  expect((await login(request, account)).code).not.toBe(0);
  const renewed = await login(request, { email: account.email, password: 'Harbour2027' });
  expect(renewed.code, renewed.message).toBe(0);
});

test('delete account asks for confirmation; afterwards the account cannot log in', async ({
  page,
  request,
}) => {
  const account = await registerPrivate(request);
  await signIn(page, request, account);
  await page.goto('/delete-account');

  const form = page.getByRole('form', { name: 'Delete account' });
  const password = form.getByLabel('Password');
  const remove = form.getByRole('button', { name: 'Delete account' });
  const confirmation = page.getByRole('dialog', { name: messages.common.areYouSure });

  await password.fill('abc');
  await remove.click();
  await expectResult(page, false, messages.profile.deletePasswordInvalid);

  await password.fill('Wrong2026');
  await remove.click();
  await expect(confirmation).toContainText(messages.profile.deleteConfirm);
  await confirmation.getByRole('button', { name: "I'm sure" }).click();
  await expectResult(page, false, messages.profile.deletePasswordInvalid);

  await password.fill(PASSWORD);
  await remove.click();
  await confirmation.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirmation).toBeHidden();
  await expect(page).toHaveURL(/\/delete-account$/);

  await remove.click();
  await confirmation.getByRole('button', { name: "I'm sure" }).click();
  const success = page.getByRole('dialog', { name: messages.common.success });
  await expect(success).toContainText(messages.profile.accountDeleted);
  await success.getByRole('button', { name: 'Close' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeAttached();

  expect((await login(request, account)).code).not.toBe(0);
});

test.describe('contact support', () => {
  test('checks the rules in order, sends, then clears message and phone', async ({
    page,
    request,
  }) => {
    const account = await registerPrivate(request);
    await signIn(page, request, account);
    await page.goto('/contact-support');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact support' })).toBeVisible();
    await expect(page.getByText(/available 24\/7/)).toBeVisible();

    const email = page.getByLabel('Email');
    const phone = page.getByLabel('Phone number');
    const message = page.getByRole('textbox', { name: 'Message' });
    const send = page.getByRole('button', { name: 'Send' });
    await expect(email).toHaveValue(account.email);
    await expect(message).toHaveAttribute('rows', '8');

    const m = messages.contact;
    await email.fill('');
    await send.click();
    await expectResult(page, false, m.emailRequired);
    await email.fill('rita@');
    await send.click();
    await expectResult(page, false, m.emailInvalid);
    await email.fill(account.email);
    await message.fill('Too short');
    await send.click();
    await expectResult(page, false, m.messageTooShort);
    await message.fill('x'.repeat(501));
    await send.click();
    await expectResult(page, false, m.messageTooLong);

    await phone.fill('79123456');
    await message.fill('Hello, how do I renew a Premium promotion that has expired?');
    await send.click();
    await expectResult(page, true, m.sent);
    await expect(message).toHaveValue('');
    await expect(phone).toHaveValue('');
    await expect(email).toHaveValue(account.email);
  });

  test('works logged out, with an empty email', async ({ page }) => {
    await openSession(page, null);
    await page.goto('/contact-support');
    await hydrated(page);
    await expect(page.getByLabel('Email')).toHaveValue('');
    await page.getByRole('button', { name: 'Send' }).click();
    await expectResult(page, false, messages.contact.emailRequired);
  });
});

test('about shows the configured text with its line breaks', async ({ page, request }) => {
  const config = await apiOf(request).call((r) => r.configuration.$get());
  const text = config.data.aboutText.trim();
  await openSession(page, null);
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About Spotted' })).toBeVisible();
  const paragraph = page.getByText(text.split('\n')[0]!);
  await expect(paragraph).toBeVisible();
  expect(await paragraph.innerText()).toBe(text);
});

test.describe('legal pages', () => {
  test('privacy policy shows its sections and last change', async ({ page }) => {
    await openSession(page, null);
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
    await expect(page.getByText('Last modified 1 January 2025')).toBeVisible();
    for (const title of [
      'Information we collect',
      'Legal basis for processing',
      'How long we keep your data',
      'How we protect your data',
      'Cookies and browser storage',
      'Disclosure of your information',
      'Links to third-party websites',
      'Consent',
      'Data controller',
      'Changes to this policy',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    }
    await expect(page.getByText(/deleted within 14 days of the request/)).toBeVisible();
    await expect(page.getByText(/We do not store card data/)).toBeVisible();
  });

  test('terms of use shows its 8 sections', async ({ page }) => {
    await openSession(page, null);
    await page.goto('/terms-of-use');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
    const titles = [
      'Introduction',
      'User responsibilities',
      'Listings and transactions',
      'Prohibited activities',
      'Liability disclaimer',
      'Privacy policy',
      'Changes to these terms',
      'Contact us',
    ];
    for (const [i, title] of titles.entries()) {
      await expect(
        page.getByRole('heading', { level: 2, name: `${i + 1}. ${title}` }),
      ).toBeVisible();
    }
  });
});

test.describe('logged out', () => {
  const prompts = [
    ['/profile-information', 'Please log in to see profile information'],
    ['/change-password', 'Please log in to change password'],
    ['/delete-account', 'Please log in to delete account'],
  ] as const;

  for (const [path, prompt] of prompts) {
    test(`${path} asks to log in`, async ({ page }) => {
      await openSession(page, null);
      await page.goto(path);
      const heading = page.getByRole('heading', { name: prompt });
      await expect(heading).toBeVisible();
      const logIn = heading.locator('..').getByRole('link', { name: 'Log in' });
      await expect(logIn).toHaveAttribute('href', '/login');
    });
  }

  test('a 401 that the refresh cannot cure shows the prompt and clears the session', async ({
    page,
  }) => {
    await openSession(page, {
      accessToken: 'not-a-token',
      refreshToken: 'not-a-refresh-token',
      userId: 999999,
      roleId: 2,
      email: 'nobody@example.mt',
      accessTokenExpiresAt: '',
    });
    await page.goto('/profile-information');
    await expect(page.getByRole('heading', { name: prompts[0][1] })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });
});

test.describe('accessibility', () => {
  const seriousViolations = async (page: Page) => {
    const results = await new AxeBuilder({ page }).analyze();
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  };

  test('profile information has no serious violations', async ({ page, request }) => {
    await signIn(page, request, await registerCompany(request));
    await page.goto('/profile-information');
    await expect(page.getByRole('form', { name: 'Company details' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('contact support has no serious violations', async ({ page }) => {
    await openSession(page, null);
    await page.goto('/contact-support');
    await hydrated(page);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('privacy policy has no serious violations', async ({ page }) => {
    await openSession(page, null);
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
