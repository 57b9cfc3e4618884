import { expect } from '@playwright/test';
import { test } from './support/test.ts';
import {
  adminSession,
  apiOf,
  newUser,
  ok,
  openCheckout,
  unique,
  useSession,
} from './support/api.ts';
import { expectResult } from './support/dialogs.ts';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('cookiesAccepted', 'true');
    sessionStorage.setItem('appBannerClosed', 'true');
  });
});

test('logged out, notifications ask to log in', async ({ page }) => {
  await page.goto('/notifications');
  await expect(
    page.getByRole('heading', { name: 'Please log in to see notifications' }),
  ).toBeVisible();
});

test(
  "an admin's notification reaches the user, who opens it and it is read",
  { tag: '@phone' },
  async ({ page, request }, info) => {
    const user = await newUser(request);
    const admin = await adminSession(request);
    const title = `Ferry timetable ${unique()}`;
    await ok(
      apiOf(request, admin).call((r) =>
        r.notifications.send.$post({
          json: {
            typeId: 3,
            title,
            message: '<p>The Gozo ferry runs <strong>every 45 minutes</strong> this weekend.</p>',
          },
        }),
      ),
    );

    await useSession(page, user);
    await page.goto('/notifications');
    const row = page.getByRole('link', { name: new RegExp(title) });
    await expect(row).toBeVisible();
    await expect(row.getByText('Unread')).toBeAttached();
    await expect(row.getByText('Listing')).toBeAttached();
    await expect(row).toContainText(/\d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/);

    const read = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && /notifications\/read\//.test(r.url()),
    );
    await row.click();
    await read;
    const list = await ok(
      apiOf(request, user).call((r) =>
        r.notifications.user[':userId'].$post({
          param: { userId: String(user.userId) },
          json: { pageNumber: 1, pageSize: 50 },
        }),
      ),
    );
    const opened = list.find((n) => n.title === title)!;
    expect(opened.isRead).toBe(true);
    await expect(page).toHaveURL(new RegExp(`/notifications/${opened.id}$`));
    const detail = page.getByRole('article');
    await expect(detail.getByRole('heading', { name: title })).toBeVisible();
    await expect(detail.getByText('every 45 minutes')).toBeVisible();

    if (info.project.name === 'mobile') {
      // On a phone the notification is a page of its own, with the way back to the list.
      await expect(row).toBeHidden();
      await page.getByRole('link', { name: 'All notifications' }).click();
      await expect(page).toHaveURL(/\/notifications$/);
    } else {
      // Beside the list, which now shows it as read.
      await expect(row).toBeVisible();
      await expect(row).toHaveAttribute('aria-current', 'true');
    }
    await expect(row.getByText('Unread')).toHaveCount(0);
  },
);

test('an opened notification can be removed, after a confirmation', async ({ page, request }) => {
  const user = await newUser(request);
  const admin = await adminSession(request);
  const title = `Parking in Valletta ${unique()}`;
  await ok(
    apiOf(request, admin).call((r) =>
      r.notifications.send.$post({
        json: { typeId: 1, title, message: '<p>New spaces at the Floriana park and ride.</p>' },
      }),
    ),
  );

  await useSession(page, user);
  await page.goto('/notifications');
  const row = page.getByRole('link', { name: new RegExp(title) });
  await row.click();
  const detail = page.getByRole('article');
  await expect(detail.getByRole('heading', { name: title })).toBeVisible();
  const id = Number(/\/notifications\/(\d+)$/.exec(page.url())?.[1]);

  await detail.getByRole('button', { name: 'Remove' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText('Remove this notification?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(detail.getByRole('heading', { name: title })).toBeVisible();

  await detail.getByRole('button', { name: 'Remove' }).click();
  await confirm.getByRole('button', { name: "I'm sure" }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(row).toHaveCount(0);
  const gone = await apiOf(request, user).call((r) =>
    r.notifications[':id'].$get({ param: { id: String(id) } }),
  );
  expect(gone.code).not.toBe(0);
  await page.reload();
  await expect(page.getByRole('region', { name: 'All notifications' })).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('a paid sandbox checkout ends on the payment result page, which says so', async ({
  page,
  request,
}) => {
  const user = await newUser(request);
  const created = await openCheckout(request, user);

  await useSession(page, user);
  await page.goto(created.redirectUrl);
  const check = page.waitForRequest('**/api/payment/transaction/check');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/payment\/success\?sessionId=/);
  await expect(page).toHaveTitle(/Payment result/);
  expect((await check).postDataJSON()).toEqual({ sessionId: created.sessionId });
  // The success is said once, in the result dialog; the page behind it leads to the balance.
  const result = page.getByRole('dialog');
  await expect(result).toContainText('Payment is done successfully!', { timeout: 15_000 });
  await expect(page.getByText('Payment is done successfully!')).toHaveCount(1);
  await expect(
    page.getByRole('status').filter({ hasText: 'The credits are on your balance.' }),
  ).toBeVisible();
  await expectResult(page, 'Success', 'Payment is done successfully!');
  await expect(page).toHaveURL(/\/credit-balance$/);
});

test('a cancelled sandbox checkout says the payment has failed', async ({ page, request }) => {
  const user = await newUser(request);
  const created = await openCheckout(request, user);
  await useSession(page, user);
  await page.goto(created.redirectUrl);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Payment has failed' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByText('The payment was cancelled')).toBeVisible();
});
