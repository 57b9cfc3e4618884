import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4399);
/** Runs on another port (E2E_PORT) keep their own data and results, so two can run at once. */
const suffix = process.env.E2E_PORT ? `-${PORT}` : '';
export const e2eAdmin = { email: 'admin@spotted.test', password: 'AdminPass123' };
/** The journeys' signing key, so a journey can make the expired token time would make. */
export const e2eJwtSecret = 'e2e-only-signing-key-0123456789abcdef';

/**
 * Journeys that run at desktop size only: the back-office (an administrator's desk tool), and
 * journeys whose screens are the same at every size and whose point is not the layout (headers,
 * token renewal, moderation, notifications, the form marks, the seller's charts). Every other
 * journey runs at both sizes, since a phone's layout (menus, drawers, cards, galleries) differs.
 */
const desktopOnly = [
  'admin',
  'admin-sections',
  'admin-extras',
  'trust',
  'security-headers',
  'sessions',
  'foundation',
  'notifications',
  'form-marks',
  'insights',
  'price-insight',
  'saved-searches',
];

/**
 * Journeys in Debian's Chromium (/usr/bin/chromium; this project never downloads a browser)
 * against the built app started on its own port with a fresh data folder.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: `test-results/e2e${suffix}`,
  timeout: 60_000,
  // A server that stops answering would otherwise cost a minute per journey: stop early and say so.
  globalTimeout: 45 * 60_000,
  maxFailures: 25,
  // A journey that fails is run once more and, if it then passes, reported as flaky (by name, in
  // the log and the JSON report): the session journeys' silent refresh flaked on a loaded machine
  // (README, Status). A journey that fails twice fails the suite.
  retries: 1,
  workers: 1,
  reporter: [['list'], ['json', { outputFile: `test-results/playwright${suffix}.json` }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    // The site's service worker takes the pages' requests once registered, and Playwright's routes
    // and network events no longer see them: it runs only in the journey that is about it
    // (tests/e2e/installable.spec.ts).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-quic',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], channel: undefined },
      testIgnore: desktopOnly.map((name) => `**/${name}.spec.ts`),
    },
  ],
  webServer: {
    command: `rm -rf test-results/e2e-data${suffix} && node server/main.ts`,
    url: `http://127.0.0.1:${PORT}/api/configuration`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      DATA_DIR: `test-results/e2e-data${suffix}`,
      ADMIN_EMAIL: e2eAdmin.email,
      ADMIN_PASSWORD: e2eAdmin.password,
      JWT_SECRET: e2eJwtSecret,
      NODE_ENV: 'production',
      DATABASE_URL: '',
      // Every journey's accounts are registered from 127.0.0.1, hundreds in a run.
      REGISTRATIONS_PER_HOUR: '100000',
      // A saved search's instant alert within seconds, not the minute of the default.
      ALERTS_EVERY_SECONDS: '5',
      // The price insight journey waits for its cars to be rated.
      PRICE_JOB_SECONDS: '2',
    },
  },
});
