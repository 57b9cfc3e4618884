import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4399);
/** Runs on another port (E2E_PORT) keep their own data and results, so two can run at once. */
const suffix = process.env.E2E_PORT ? `-${PORT}` : '';
export const e2eAdmin = { email: 'admin@spotted.test', password: 'AdminPass123' };
/** The journeys' signing key, so a journey can make the expired token time would make. */
export const e2eJwtSecret = 'e2e-only-signing-key-0123456789abcdef';

/** What the setup project saves for the journeys: the administrator's session and its page state. */
export const e2eAuthDir = `test-results/e2e-auth${suffix}`;
export const adminSessionFile = `${e2eAuthDir}/admin-session.json`;
export const adminStateFile = `${e2eAuthDir}/admin-state.json`;

/**
 * The phone size (a Pixel 7) runs the journeys tagged `@phone`: those whose screens differ on a
 * phone (the menus, the filter panel, the galleries and the sticky contact bar, the banners, the
 * forms and card actions laid out for a phone, layout shift). Every journey runs at desktop size
 * but those tagged `@phone-only`.
 * The speed journeys keep running at both sizes.
 */
const phoneJourneys = [/@phone/, /performance\.spec\.ts/];

/** Journeys about what only a phone shows (`@phone-only`): they run at phone size alone. */
const phoneOnly = /@phone-only/;

/**
 * Journeys tagged `@shared-state` change what other journeys see (the configuration, Top Spotted,
 * an ad's place, the makes, the payment packages) or read what others change (the bell's unread
 * notifications, which a notification to everyone raises; the home page's pages of cars, which
 * every new listing shifts): they run one at a time once the others have finished, at desktop size
 * and then, those also tagged `@phone`, at phone size.
 */
const sharedState = /@shared-state/;

/**
 * Journeys in Debian's Chromium (/usr/bin/chromium; this project never downloads a browser)
 * against the built app started on its own port with a fresh data folder and database.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: `test-results/e2e${suffix}`,
  timeout: 60_000,
  // Two journeys, their browsers and the server share a small host: a page's scripts may take
  // longer than the default 5 s to show what the journey waits for.
  expect: { timeout: 10_000 },
  // A server that stops answering would otherwise cost a minute per journey: stop early and say so.
  globalTimeout: 45 * 60_000,
  maxFailures: 25,
  // A journey that fails is run once more and, if it then passes, reported as flaky (by name, in
  // the log and the JSON report): the session journeys' silent refresh flaked on a loaded machine
  // (README, Status). A journey that fails twice fails the suite.
  retries: 1,
  // Journeys create their own accounts and listings, so two run at once; those that change what
  // others see run alone, last (the shared-state project).
  workers: 2,
  fullyParallel: true,
  reporter: [['list'], ['json', { outputFile: `test-results/playwright${suffix}.json` }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // A trace is recorded on a failed journey's retry only: recording one for every journey (a
    // snapshot of the page at each step) doubled the back-office journeys' time.
    trace: 'on-first-retry',
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
    {
      // Saves the administrator's session and sets the store links, once per run.
      name: 'setup',
      testMatch: /setup\/run\.setup\.ts$/,
    },
    {
      // The README's pictures, compared on the demo data before any journey changes it
      // (`npm run screenshots` takes them again).
      name: 'screenshots',
      testMatch: /setup\/readme-images\.setup\.ts$/,
      use: { ...devices['Desktop Chrome'], channel: undefined },
      snapshotPathTemplate: 'docs/images/{arg}{ext}',
      // The back-office's table of days moves with the date; anything more is a changed screen.
      expect: { toHaveScreenshot: { maxDiffPixelRatio: 0.02, animations: 'disabled' } },
      dependencies: ['setup'],
    },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      grepInvert: [sharedState, phoneOnly],
      dependencies: ['screenshots'],
    },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], channel: undefined },
      grep: phoneJourneys,
      grepInvert: sharedState,
      dependencies: ['screenshots'],
    },
    {
      name: 'shared-state',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      grep: sharedState,
      workers: 1,
      dependencies: ['desktop', 'mobile'],
    },
    {
      name: 'shared-state-phone',
      use: { ...devices['Pixel 7'], channel: undefined },
      grep: /^(?=.*@shared-state)(?=.*@phone)/,
      workers: 1,
      dependencies: ['shared-state'],
    },
  ],
  webServer: {
    // A fresh data folder and, where PostgreSQL answers, a fresh database on it (PGlite otherwise).
    command: `rm -rf test-results/e2e-data${suffix} && DATABASE_URL="$(node tests/e2e/support/fresh-database.ts)" node server/main.ts`,
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
      // Every journey's accounts are registered from 127.0.0.1, hundreds in a run.
      REGISTRATIONS_PER_HOUR: '100000',
      // A buyer may review a dealer as soon as they messaged it: a browser cannot wait 3 days.
      REVIEW_AFTER_DAYS: '0',
      // The reviews journey's buyer and dealer come from addresses of their own (X-Forwarded-For),
      // as they would through the proxy in front: a dealer's own address cannot review it. Other
      // journeys send no such header and are known by 127.0.0.1.
      TRUST_PROXY: 'true',
      // A saved search's instant alert within seconds, not the minute of the default.
      ALERTS_EVERY_SECONDS: '5',
      // The stock feeds journey sets a scheduled address on this machine: no journey reaches out.
      FEED_PRIVATE_ADDRESSES: 'true',
      // The price insight journey waits for its cars to be rated.
      PRICE_JOB_SECONDS: '2',
      // argon2 at its cheapest: a run registers and logs in hundreds of accounts.
      PASSWORD_HASH_COST: 'test',
      // The administrator's session saved by the setup project outlives the run; the journeys
      // about expiry make their own expired tokens.
      ACCESS_TOKEN_MINUTES: '120',
    },
  },
});
