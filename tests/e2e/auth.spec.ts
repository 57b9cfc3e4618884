import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import { e2eAdmin } from '../../playwright.config.ts';
import { adminLoginCode } from './support/api.ts';
import { expectResult } from './support/dialogs.ts';

const PASSWORD = 'Spotted2026';
// The mail outbox of the server the journeys run against (its DATA_DIR).
const OUTBOX = path.join(
  process.env.E2E_PORT ? `test-results/e2e-data-${process.env.E2E_PORT}` : 'test-results/e2e-data',
  'outbox',
);
let counter = 0;
const uniqueEmail = (who: string) =>
  `${who}.${Date.now().toString(36)}${(counter++).toString(36)}@example.mt`;

/** The result dialog ('Success' or 'Uh-oh...') with its message; closes it. */
/** A real PNG (solid colour, 32 x 32) for the logo upload. */
function png(size = 32, rgb: [number, number, number] = [10, 108, 255]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3).map((_, i) => rgb[i % 3]!)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function registerByApi(request: APIRequestContext, email: string) {
  const res = await request.post('/api/user/register/private', {
    data: {
      firstName: 'Reset',
      lastName: 'Tester',
      email,
      phone: '79111222',
      city: 'Sliema',
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
  });
  expect((await res.json()).code).toBe(0);
}

/** The 6-digit code of the newest mail to `email` in the local outbox. */
async function codeFromOutbox(email: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const files = (await readdir(OUTBOX).catch(() => [] as string[])).filter(
          (f) => f.endsWith('.eml') && f.includes(email),
        );
        const dated = await Promise.all(
          files.map(async (f) => ({ f, t: (await stat(path.join(OUTBOX, f))).mtimeMs })),
        );
        for (const { f } of dated.sort((a, b) => b.t - a.t)) {
          const match = /Your Spotted code: (\d{6})/.exec(
            await readFile(path.join(OUTBOX, f), 'utf8'),
          );
          if (match?.[1]) return (code = match[1]);
        }
        return '';
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

// The cookie banner stays out of the way of the forms.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookiesAccepted', 'true'));
});

/** Opens a page and waits for its island to take over the form (no native submit). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

async function logIn(page: Page, email: string, password: string) {
  await open(page, '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
}

test.describe('login', () => {
  test('checks the fields in the spec order and sends nothing until they hold', async ({
    page,
  }) => {
    let sent = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/user/login')) sent++;
    });
    await open(page, '/login');
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    const submit = page.getByRole('button', { name: 'Log in' });
    const email = page.getByLabel('Email');
    const password = page.getByLabel('Password', { exact: true });

    await submit.click();
    await expectResult(page, 'Uh-oh...', 'You have to enter email field');
    await email.fill('maria.borg');
    await submit.click();
    await expectResult(page, 'Uh-oh...', 'Not valid email');
    await email.fill('maria.borg@example.mt');
    await submit.click();
    await expectResult(page, 'Uh-oh...', 'You have to enter password');
    await password.fill('abc');
    await password.press('Enter');
    await expectResult(page, 'Uh-oh...', 'Password too short');
    expect(sent).toBe(0);

    await password.fill('Wrong2026');
    await password.press('Enter');
    await expectResult(page, 'Uh-oh...', 'Invalid credentials');
    expect(sent).toBe(1);
  });

  test('keeps what was typed before the form went live', async ({ page }) => {
    // The page's scripts wait until the fields are filled, as on a slow phone.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/_astro\/.*\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByLabel('Email').fill('maria.borg@example.mt');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    release();
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/$/, { timeout: 30_000 });
    expect(await page.evaluate(() => localStorage.getItem('email'))).toBe('maria.borg@example.mt');
  });

  test('links to forgot password and registration', async ({ page }) => {
    await open(page, '/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await open(page, '/login');
    await page.getByRole('link', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('a demo user goes home with the session stored; the admin, after a code, to /admin', async ({
    page,
  }) => {
    await logIn(page, 'maria.borg@example.mt', PASSWORD);
    await expect(page).toHaveURL(/\/$/, { timeout: 30_000 });
    expect(await page.evaluate(() => localStorage.getItem('email'))).toBe('maria.borg@example.mt');
    expect(await page.evaluate(() => localStorage.getItem('roleId'))).toBe('2');
    await page.evaluate(() => localStorage.clear());

    await logIn(page, e2eAdmin.email, e2eAdmin.password);
    const step = page.getByRole('form', { name: 'Two-factor login' });
    await step.getByLabel('Code').fill(await adminLoginCode());
    await step.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/admin/, { timeout: 30_000 });
  });
});

test.describe('registration', () => {
  test('a personal account registers, then logs in', { tag: '@phone' }, async ({ page }, info) => {
    const email = uniqueEmail('personal');
    await open(page, '/register');
    await expect(page.getByRole('banner')).toHaveCount(0);
    if (info.project.name === 'mobile') {
      // On a phone the account type is a step of its own.
      await expect(page.getByLabel('First name')).toBeHidden();
      await page.getByRole('radio', { name: /Personal/ }).check();
      await page.getByRole('button', { name: 'Continue' }).click();
    }
    const form = page.getByRole('form', { name: 'Personal account' });
    await form.getByRole('button', { name: 'Register' }).click();
    await expectResult(page, 'Uh-oh...', 'Email field is required');

    await form.getByLabel('First name').fill('Anna');
    await form.getByLabel('Last name').fill('Zammit');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Address').fill('Triq il-Kbira 5');
    await form.getByLabel('Phone').fill('79001122');
    await form.getByLabel('City').selectOption({ label: 'Sliema' });
    await form.getByLabel('Date of birth').fill('1992-03-04');
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Confirm password').fill('Spotted2027');
    await form.getByRole('button', { name: 'Register' }).click();
    await expectResult(page, 'Uh-oh...', 'Password and confirm password are different');

    await form.getByLabel('Confirm password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Register' }).click();
    await expectResult(page, 'Success', 'Successfully registered');
    await expect(page).toHaveURL(/\/login$/);

    await logIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/$/, { timeout: 30_000 });
    expect(await page.evaluate(() => localStorage.getItem('roleId'))).toBe('2');
  });

  test(
    'a business account registers with a logo and three phones, then logs in',
    { tag: '@phone' },
    async ({ page }, info) => {
      const email = uniqueEmail('dealer');
      await open(page, '/register');
      await page.getByRole('radio', { name: /Business/ }).check();
      if (info.project.name === 'mobile')
        await page.getByRole('button', { name: 'Continue' }).click();
      const form = page.getByRole('form', { name: 'Business account' });

      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await form.getByLabel('Confirm password').fill(PASSWORD);
      await form.getByRole('button', { name: 'Register' }).click();
      await expectResult(page, 'Uh-oh...', 'Logo is required');

      await form.getByLabel('Logo').setInputFiles({
        name: 'logo.png',
        mimeType: 'image/png',
        buffer: png(),
      });
      await expect(form.getByRole('img', { name: 'Chosen logo' })).toBeVisible();
      await form.getByLabel('Company name').fill('Harbour Cars Ltd');
      await form.getByLabel('C number').fill('C 71234');
      await expect(form.getByLabel('C number')).toHaveValue('71234');
      await form.getByLabel('VAT number').fill('MT12345678');
      await expect(form.getByLabel('VAT number')).toHaveValue('12345678');
      await form.getByLabel('Phone', { exact: true }).fill('21334455');
      await form.getByRole('button', { name: 'Add phone number' }).click();
      await form.getByLabel('Phone 2').fill('79334455');
      await form.getByRole('button', { name: 'Add phone number' }).click();
      await form.getByLabel('Phone 3').fill('99334455');
      // At most three phones.
      await expect(form.getByRole('button', { name: 'Add phone number' })).toHaveCount(0);
      await form.getByLabel('City').selectOption({ label: 'Qormi' });
      await form.getByLabel('Address').fill('Triq Hal Qormi 10');

      const sent = page.waitForRequest('**/api/user/register/company');
      await form.getByRole('button', { name: 'Register' }).click();
      const body = (await sent).postDataJSON() as Record<string, string>;
      expect(body.image).toMatch(/^iVBORw0KGgo/);
      expect(body).toMatchObject({
        cNumber: '71234',
        vatNumber: '12345678',
        phone: '21334455',
        phone2: '79334455',
        phone3: '99334455',
      });
      await expectResult(page, 'Success', 'Successfully registered');
      await expect(page).toHaveURL(/\/login$/);

      await logIn(page, email, PASSWORD);
      await expect(page).toHaveURL(/\/$/, { timeout: 30_000 });
      expect(await page.evaluate(() => localStorage.getItem('roleId'))).toBe('3');
    },
  );
});

test('forgot password: code from the mail, new password, log in with it', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('forgot');
  await registerByApi(request, email);

  await open(page, '/forgot-password');
  await expect(page.getByRole('banner')).toHaveCount(0);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expectResult(page, 'Uh-oh...', 'Not valid email');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expectResult(page, 'Success', 'Code sent to email');
  await expect(page).toHaveURL(/\/forgot-password-verify$/);
  const code = await codeFromOutbox(email);

  const digit = (n: number) => page.getByLabel(`Digit ${n} of 6`);
  await digit(1).click();
  await page.keyboard.type(code.slice(0, 5));
  await expect(digit(5)).toHaveValue(code[4]!);
  await expect(digit(6)).toBeFocused();
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expectResult(page, 'Uh-oh...', 'Code must be 6 digits');
  // Backspace on an empty box clears the one before it.
  await digit(6).click();
  await page.keyboard.press('Backspace');
  await expect(digit(5)).toHaveValue('');
  await expect(digit(5)).toBeFocused();
  // The sixth digit sends the code.
  await page.keyboard.type(code.slice(4));
  await expect(page).toHaveURL(/\/forgot-password-update$/);

  await page.getByLabel('New password', { exact: true }).fill('Newpass2026');
  await page.getByLabel('Confirm password').fill('Newpass2025');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expectResult(page, 'Uh-oh...', 'Password and confirm password are different');
  await page.getByLabel('Confirm password').fill('Newpass2026');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expectResult(page, 'Success', 'Changed password successfully');
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, email, PASSWORD);
  await expectResult(page, 'Uh-oh...', 'Invalid credentials');
  await logIn(page, email, 'Newpass2026');
  await expect(page).toHaveURL(/\/$/, { timeout: 30_000 });
});

test('the code boxes take a pasted code', async ({ page }) => {
  await page.addInitScript(() =>
    sessionStorage.setItem('passwordReset', JSON.stringify({ email: 'nobody@example.mt' })),
  );
  await open(page, '/forgot-password-verify');
  const verify = page.waitForRequest('**/api/user/password/forgot/verify');
  await page.getByLabel('Digit 1 of 6').focus();
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.setData('text/plain', ' 123 456 ');
    document.activeElement?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  });
  expect((await verify).postDataJSON()).toEqual({ email: 'nobody@example.mt', code: '123456' });
  await expectResult(page, 'Uh-oh...', 'Code is not valid or has expired');
  await expect(page.getByLabel('Digit 1 of 6')).toHaveValue('');
});

for (const path of ['/login', '/register', '/forgot-password']) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
    await open(page, path);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
  });
}
