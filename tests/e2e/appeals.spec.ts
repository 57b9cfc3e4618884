import { expect } from '@playwright/test';
import { test } from './support/test.ts';
import { adminSession, apiOf, newUser, ok, unique, useSession } from './support/api.ts';
import { expectResult } from './support/dialogs.ts';
import { submitListing } from './support/listings.ts';
import { secondAdmin } from './support/second-admin.ts';

/**
 * Appeals: a denied seller appeals from the statement of reasons in their notification; another
 * administrator finds it in the back-office's queue with the decision, the log and the listing,
 * reverses it, and the seller reads the outcome while the listing goes live.
 */
test('a seller appeals a denial and a second administrator reverses it', async ({
  page,
  browser,
  request,
}) => {
  const seller = await newUser(request, 'Appellant');
  const title = `Yaris appealed ${unique()}`;
  const id = await submitListing(request, seller, title);
  const reason = 'The photos show another car.';
  await ok(
    apiOf(request, await adminSession(request)).call((r) =>
      r.cars.request.deny.$post({ json: { id, message: reason } }),
    ),
  );

  await useSession(page, seller);
  await page.goto('/notifications');
  await page.getByRole('link', { name: /Your listing was denied/ }).click();
  const notice = page.locator('.notification__message');
  await expect(notice).toContainText('How to appeal: within 6 months');
  await notice.getByRole('link', { name: 'Appeal this decision' }).click();
  await expect(page).toHaveURL(new RegExp(`/appeal/${id}$`));
  await expect(page.getByText(`${title} (#${id})`)).toBeVisible();
  await expect(page.getByText(`Breach of the terms of use (${reason})`)).toBeVisible();
  await page
    .getByLabel('Why is the decision wrong?')
    .fill('These are photos of my own car, taken at my house last week.');
  await page.getByRole('button', { name: 'Send appeal' }).click();
  await expectResult(page, 'Success', 'Your appeal was sent');
  await expect(page.getByRole('heading', { name: 'Your appeal is with us' })).toBeVisible();

  const moderator = await browser.newPage();
  await useSession(moderator, await secondAdmin(request));
  await moderator.goto('/admin/appeals');
  await moderator.getByRole('gridcell', { name: `#${id} ${title}` }).click({ timeout: 15_000 });
  await expect(moderator.getByRole('region', { name: 'The decision' })).toContainText(reason);
  await expect(
    moderator.getByRole('table', { name: 'Moderation log of the listing' }),
  ).toContainText('deny');
  await expect(moderator.getByRole('region', { name: `Listing #${id}` })).toContainText(title);
  await moderator.getByRole('button', { name: 'Reverse' }).click();
  const dialog = moderator.getByRole('dialog', { name: 'Reverse the decision' });
  await dialog.getByLabel('Reason the seller reads').fill('The photos match the registration.');
  await dialog.getByRole('button', { name: 'Reverse' }).click();
  await expect(moderator.getByText('Decision reversed').first()).toBeVisible();
  await expect(moderator.getByRole('heading', { name: `Appeal #` })).toContainText('Reversed');
  await moderator.close();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Decision reversed' })).toBeVisible();
  await expect(page.getByText('Reason: The photos match the registration.')).toBeVisible();
  await page.goto('/notifications');
  await expect(page.getByRole('link', { name: /The outcome of your appeal/ })).toBeVisible();
  await page.goto(`/car/${id}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
});
