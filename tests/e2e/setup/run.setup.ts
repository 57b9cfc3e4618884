import { mkdir, rm, writeFile } from 'node:fs/promises';
import { expect, test as setup } from '@playwright/test';
import type { Session } from '#shared/schemas/auth.ts';
import {
  adminSessionFile,
  adminStateFile,
  e2eAdmin,
  e2eAuthDir,
} from '../../../playwright.config.ts';
import {
  adminCode,
  saveAdminRecoveryCodes,
  saveAdminSecret,
  setStoreLinks,
} from '../support/api.ts';

/**
 * What every run needs once: the administrator logged in (the session for the API factories and
 * the page state the back-office journeys start from), and the store links of the configuration.
 * The administrator's first login is the back-office's enrolment in two-factor login, as a
 * person does it: the QR code and the key, a code of the new secret, the recovery codes shown
 * once. The secret and the recovery codes are kept for the journeys' later logins.
 */
setup(
  'the administrator sets two-factor login up on the first login, and the store links are set',
  async ({ page, request, baseURL }) => {
    // The server starts on a fresh database each run: what an earlier run kept of its
    // administrator (session, secret, recovery codes, codes used) is of another account.
    await rm(e2eAuthDir, { recursive: true, force: true });
    await page.goto('/admin-login');
    await page.getByLabel('Email').fill(e2eAdmin.email);
    await page.getByLabel('Password').fill(e2eAdmin.password);
    await page.getByRole('button', { name: 'Login' }).click();

    const step = page.getByRole('form', { name: 'Two-factor login' });
    await expect(
      step.getByRole('img', { name: 'QR code to add Spotted to your authenticator app' }),
    ).toBeVisible();
    const secret = (await step.getByLabel('Setup key').inputValue()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await saveAdminSecret(secret);
    await step.getByLabel('Code').fill(await adminCode());
    await step.getByRole('button', { name: 'Verify' }).click();

    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await saveAdminRecoveryCodes(await codes.allTextContents());
    await page.getByRole('button', { name: 'I have saved my codes' }).click();
    await expect(page).toHaveURL(/\/admin$/);

    // The session as the login stored it, for the API factories and the journeys' page state.
    const stored = await page.evaluate(() => ({ ...localStorage }));
    const admin: Session = {
      accessToken: stored.accessToken ?? '',
      refreshToken: stored.refreshToken ?? '',
      userId: Number(stored.userId),
      roleId: Number(stored.roleId),
      email: stored.email ?? '',
      accessTokenExpiresAt: '',
    };
    expect(admin).toMatchObject({ roleId: 1, email: e2eAdmin.email });
    await mkdir(e2eAuthDir, { recursive: true });
    await writeFile(adminSessionFile, JSON.stringify(admin));
    const state = {
      cookies: [],
      origins: [
        {
          origin: new URL(baseURL!).origin,
          localStorage: Object.entries({
            accessToken: admin.accessToken,
            refreshToken: admin.refreshToken,
            userId: String(admin.userId),
            roleId: String(admin.roleId),
            email: admin.email,
            cookiesAccepted: 'true',
          }).map(([name, value]) => ({ name, value })),
        },
      ],
    };
    await writeFile(adminStateFile, JSON.stringify(state));
    await setStoreLinks(request);
  },
);
