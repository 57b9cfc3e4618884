import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import { adminStateFile, e2eAdmin } from '../../playwright.config.ts';
import { rowsOf } from '../../shared/api/rows.ts';
import {
  adminCode,
  adminSession,
  apiOf,
  logInAdminByApi,
  newUser,
  ok,
  PASSWORD,
  PHONE,
  unique,
  useSession,
} from './support/api.ts';
import { settleDecision } from './support/dialogs.ts';
import { listingPayload, liveListing, photos, submitListing } from './support/listings.ts';

/**
 * The administrator's journeys through the back-office: logging in, the menu, and the
 * moderation decisions on listings that sellers create through the API for each test. Only the
 * login journey logs in through the form; the moderation journeys start logged in (the setup
 * project's state).
 */

/** A live listing of a fresh seller (approved through the API). */
async function liveListingOfNewSeller(request: APIRequestContext, title: string) {
  const seller = await newUser(request, 'Erika');
  return { seller, id: await liveListing(request, seller, title) };
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Admin sections' });

/** From the panel root (where the menu shows on every screen size) into a section. */
async function openSection(page: Page, title: string) {
  await page.goto('/admin');
  await menu(page).getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

async function expectFailure(page: Page, message: string) {
  const dialog = page.getByRole('dialog', { name: 'Uh-oh...' });
  await expect(dialog).toContainText(message);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('admin login', () => {
  test('checks the fields, refuses bad credentials and a wrong code, and lets the admin in', async ({
    page,
  }) => {
    await page.goto('/admin-login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    await expect(
      page.getByRole('link', { name: "Don't have an account? Register now" }),
    ).toHaveAttribute('href', '/register');

    const login = page.getByRole('button', { name: 'Login' });
    await login.click();
    await expectFailure(page, 'You have to enter email field');
    await page.getByLabel('Email').fill('admin@spotted');
    await login.click();
    await expectFailure(page, 'Not valid email');
    await page.getByLabel('Email').fill(e2eAdmin.email);
    await login.click();
    await expectFailure(page, 'You have to enter password');
    await page.getByLabel('Password').fill('WrongPass999');
    await page.getByLabel('Password').press('Enter');
    await expectFailure(page, 'Invalid credentials');

    await page.getByLabel('Password').fill(e2eAdmin.password);
    await page.getByLabel('Password').press('Enter');
    // Two-factor login is required for administrators (set up by the run's first login).
    const step = page.getByRole('form', { name: 'Two-factor login' });
    await step.getByLabel('Code').fill('000000');
    await step.getByRole('button', { name: 'Verify' }).click();
    await expectFailure(page, 'The code is not right. Please try again.');
    await step.getByLabel('Code').fill(await adminCode());
    await step.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    const links = menu(page).getByRole('link');
    // The server's 20 items, and Reported conversations and Reported reviews after them.
    await expect(links).toHaveCount(22);
    for (const title of [
      'Approve listings',
      'Application configuration',
      'Models',
      'Reported conversations',
      'Reported reviews',
      'Appeals',
    ])
      await expect(menu(page).getByRole('link', { name: title })).toBeVisible();
  });

  test('sends a seller to the site, from the login screen and from /admin', async ({
    page,
    request,
  }) => {
    const seller = await newUser(request, 'Erika');
    await page.goto('/admin-login');
    await page.getByLabel('Email').fill(seller.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/:\d+\/$/, { waitUntil: 'commit' });
    await page.goto('/admin/approve-listings');
    await page.waitForURL(/:\d+\/$/, { waitUntil: 'commit' });
    // Let the home page finish loading: closing a page mid-navigation can stall Chromium's teardown.
    await page.waitForLoadState('load');
  });

  test('logout clears the stored user and goes to /', async ({ page, request }) => {
    // A session of its own: logging out ends it, not the one the other journeys share.
    await useSession(page, await logInAdminByApi(request), {
      once: true,
    });
    await page.goto('/admin');
    await menu(page).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/:\d+\/$/, { waitUntil: 'commit' });
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin-login$/);
  });
});

test.describe('moderation', () => {
  // Each journey first has sellers list cars through the API (photos are processed on upload).
  test.describe.configure({ timeout: 180_000 });
  test.use({ storageState: adminStateFile });

  test('approves one request and denies another with a reason the seller sees', async ({
    page,
    request,
  }) => {
    const seller = await newUser(request, 'Erika');
    const approveTitle = `Yaris to approve ${unique()}`;
    const denyTitle = `Yaris to deny ${unique()}`;
    const approveId = await submitListing(request, seller, approveTitle);
    const denyId = await submitListing(request, seller, denyTitle);
    const reason = `The photos do not show the car (${unique()})`;

    await openSection(page, 'Approve listings');
    await page.getByRole('link', { name: new RegExp(approveTitle) }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/car/request/${approveId}$`));
    await expect(page.getByRole('heading', { name: approveTitle })).toBeVisible();
    await expect(page.getByText(`+356 ${PHONE}`)).toBeVisible();
    // Approval can be undone for a minute (until its notification closes): Undo leaves the
    // listing waiting in its queue.
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await settleDecision(page, 'Successfully approved car', true);
    await menu(page).getByRole('link', { name: 'Approve listings' }).click();
    await expect(page.getByRole('link', { name: new RegExp(approveTitle) })).toBeVisible();
    const stateOf = async (id: number) =>
      (
        await ok(
          apiOf(request, seller).call((r) =>
            r.car.requests[':id'].$get({ param: { id: String(id) } }),
          ),
        )
      ).state;
    expect(await stateOf(approveId)).toBe('PENDING');

    await page.getByRole('link', { name: new RegExp(approveTitle) }).click();
    await page.getByRole('button', { name: 'Approve' }).click();
    await settleDecision(page, 'Successfully approved car');
    await expect(page).toHaveURL(/\/admin$/);
    await expect.poll(() => stateOf(approveId)).toBe('ACTIVE');

    await openSection(page, 'Approve listings');
    await expect(page.getByRole('link', { name: new RegExp(approveTitle) })).toHaveCount(0);
    await page.getByRole('link', { name: new RegExp(denyTitle) }).click();
    await page.getByRole('button', { name: 'Deny' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deny listing' });
    await dialog.getByPlaceholder('Enter a reason for denial').fill(reason);
    await dialog.getByRole('button', { name: 'Deny' }).click();
    await expect(page.getByText('Successfully denied car')).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);

    const denied = await ok(
      apiOf(request, seller).call((r) =>
        r.car.requests[':id'].$get({ param: { id: String(denyId) } }),
      ),
    );
    expect(denied).toMatchObject({ state: 'DENIED', deniedMessage: reason });

    await openSection(page, 'Denied listings');
    await page.getByRole('link', { name: new RegExp(denyTitle) }).click();
    // The reason as the seller reads it (the listing's history shows it too).
    await expect(page.getByRole('alert').getByText(reason)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  });

  test('approves an edit and denies another with the reason entered', async ({ page, request }) => {
    const approveTitle = `Yaris edit ok ${unique()}`;
    const denyTitle = `Yaris edit no ${unique()}`;
    const toApprove = await liveListingOfNewSeller(request, approveTitle);
    const toDeny = await liveListingOfNewSeller(request, denyTitle);
    const edit = async (live: typeof toApprove, title: string, price: number) => {
      const json = { ...(await listingPayload(request, title, { price })), originalId: live.id };
      return ok(apiOf(request, live.seller).call((r) => r.cars.edit.$post({ json })));
    };
    const approvedTitle = `${approveTitle} v2`;
    await edit(toApprove, approvedTitle, 8900);
    await edit(toDeny, `${denyTitle} v2`, 100);
    const edits = rowsOf(
      await ok(
        apiOf(request, await adminSession(request)).call((r) =>
          r.cars.edit.all.$get({ query: {} }),
        ),
      ),
    );
    const denyEditId = edits.find((e) => e.originalId === toDeny.id)!.id;
    const reason = `Price looks wrong (${unique()})`;

    await openSection(page, 'Edited listings');
    await page.getByRole('link', { name: new RegExp(approvedTitle) }).click();
    await expect(page).toHaveURL(/\/admin\/car\/edit\/\d+$/);
    await expect(page.locator('[data-changed="price"]')).toContainText('Was: €9,500');
    await expect(page.locator('[data-changed="title"]')).toContainText(`Was: ${approveTitle}`);
    await page.getByRole('button', { name: 'Approve' }).click();
    await settleDecision(page, 'Successfully approved the changes');
    await expect(page).toHaveURL(/\/admin$/);
    await expect
      .poll(() =>
        ok(apiOf(request).call((r) => r.car[':id'].$get({ param: { id: String(toApprove.id) } }))),
      )
      .toMatchObject({ title: approvedTitle, price: 8900 });

    await openSection(page, 'Edited listings');
    await page.getByRole('link', { name: new RegExp(`${denyTitle} v2`) }).click();
    await page.getByRole('button', { name: 'Deny' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deny edit' });
    await dialog.getByPlaceholder('Enter a reason for denial').fill(reason);
    await dialog.getByRole('button', { name: 'Deny' }).click();
    await expect(page.getByText('Successfully denied car')).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    const denied = await ok(
      apiOf(request, toDeny.seller).call((r) =>
        r.car.requests[':id'].$get({ param: { id: String(denyEditId) } }),
      ),
    );
    expect(denied).toMatchObject({ state: 'DENIED', deniedMessage: reason });
  });

  test('dismisses a report, suspends a reported listing and activates it again', async ({
    page,
    request,
  }) => {
    const dismissTitle = `Yaris report dismiss ${unique()}`;
    const suspendTitle = `Yaris report suspend ${unique()}`;
    const toDismiss = await liveListingOfNewSeller(request, dismissTitle);
    const toSuspend = await liveListingOfNewSeller(request, suspendTitle);
    const report = `It's a scam - The photos belong to another car (${unique()})`;
    for (const { id } of [toDismiss, toSuspend])
      await ok(
        apiOf(request).call((r) =>
          r.cars.report[':id'].$post({ param: { id: String(id) }, json: { message: report } }),
        ),
      );

    await openSection(page, 'Reported listings');
    await page.getByRole('link', { name: new RegExp(dismissTitle) }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/car/report/${toDismiss.id}$`));
    await expect(page.getByRole('region', { name: 'Reports' })).toContainText(report);
    await page.getByRole('button', { name: 'Dismiss report' }).click();
    await expect(page.getByText('Dismissed report')).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);

    await openSection(page, 'Reported listings');
    await expect(page.getByRole('link', { name: new RegExp(dismissTitle) })).toHaveCount(0);
    await page.getByRole('link', { name: new RegExp(suspendTitle) }).click();
    await page.getByRole('button', { name: 'Suspend' }).click();
    // The reason is optional: suspending without one sends the spec's notice alone.
    await page
      .getByRole('dialog', { name: 'Suspend listing' })
      .getByRole('button', { name: 'Suspend', exact: true })
      .click();
    await settleDecision(page, 'Car suspended');
    await expect(page).toHaveURL(/\/admin$/);
    const admin = apiOf(request, await adminSession(request));
    const suspended = { param: { id: String(toSuspend.id) } };
    await expect
      .poll(async () => (await ok(admin.call((r) => r.car.requests[':id'].$get(suspended)))).state)
      .toBe('SUSPENDED');

    await openSection(page, 'Suspended listings');
    await page.getByRole('link', { name: new RegExp(suspendTitle) }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/car/suspended/${toSuspend.id}$`));
    await page.getByRole('button', { name: 'Activate' }).click();
    await expect(page.getByText('Car activated')).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    expect((await ok(admin.call((r) => r.car.requests[':id'].$get(suspended)))).state).toBe(
      'ACTIVE',
    );
  });

  test('opens every photo in the gallery', async ({ page, request }) => {
    const title = `Yaris gallery ${unique()}`;
    const seller = await newUser(request, 'Erika');
    const id = await submitListing(request, seller, title, { images: await photos(5) });
    await page.goto(`/admin/car/request/${id}`);
    await page.getByRole('button', { name: 'See all photos' }).click();
    const gallery = page.getByRole('dialog', { name: '1 / 5' });
    await expect(gallery).toBeVisible();
    await gallery.getByRole('button', { name: 'Next photo' }).click();
    await expect(page.getByRole('dialog', { name: '2 / 5' })).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('dialog', { name: '5 / 5' })).toBeVisible();
    await page.getByRole('button', { name: 'Show photo 3' }).click();
    await expect(page.getByRole('dialog', { name: '3 / 5' })).toBeVisible();
    await page.getByRole('button', { name: 'Close gallery' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
