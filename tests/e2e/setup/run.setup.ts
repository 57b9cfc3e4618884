import { mkdir, writeFile } from 'node:fs/promises';
import { test as setup } from '@playwright/test';
import {
  adminSessionFile,
  adminStateFile,
  e2eAdmin,
  e2eAuthDir,
} from '../../../playwright.config.ts';
import { logInByApi, setStoreLinks } from '../support/api.ts';

/**
 * What every run needs once: the administrator logged in (the session for the API factories and
 * the page state the back-office journeys start from), and the store links of the configuration.
 */
setup(
  'the administrator is logged in and the store links are set',
  async ({ request, baseURL }) => {
    const admin = await logInByApi(request, e2eAdmin.email, e2eAdmin.password);
    await mkdir(e2eAuthDir, { recursive: true });
    await writeFile(adminSessionFile, JSON.stringify(admin));
    // The site keeps its session in localStorage: the state a back-office journey opens with.
    const stored = {
      accessToken: admin.accessToken,
      refreshToken: admin.refreshToken,
      userId: String(admin.userId),
      roleId: String(admin.roleId),
      email: admin.email,
      cookiesAccepted: 'true',
    };
    const state = {
      cookies: [],
      origins: [
        {
          origin: new URL(baseURL!).origin,
          localStorage: Object.entries(stored).map(([name, value]) => ({ name, value })),
        },
      ],
    };
    await writeFile(adminStateFile, JSON.stringify(state));
    await setStoreLinks(request);
  },
);
