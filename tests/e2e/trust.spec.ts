import { expect } from '@playwright/test';
import { test } from './support/test.ts';
import { adminSession, apiOf, newUser, ok, unique, useSession } from './support/api.ts';
import { settleDecision } from './support/dialogs.ts';
import { liveListing, photos, submitListing } from './support/listings.ts';

/**
 * Trust and safety in the back-office: a request that copies another seller's car and asks for
 * a deposit shows why on its review screen; a kept reason fills the deny dialog, and the decision
 * is in the moderation log; a kept suspension reason fills the suspend dialog.
 */

test('the review screen shows a possible duplicate side by side and the flagged text', async ({
  page,
  request,
}) => {
  const images = await photos(5);
  const chassis = `WVWZZZ1KZ${unique().toUpperCase().slice(0, 8)}`;
  const original = await liveListing(request, await newUser(request, 'Honest'), 'Golf original', {
    images,
    chassisNumber: chassis,
  });
  const copy = await submitListing(
    request,
    await newUser(request, 'Cloner'),
    `Golf copy ${unique()}`,
    {
      images,
      chassisNumber: chassis.toLowerCase(),
      description:
        'Great car. Pay a deposit by Western Union and I ship it to you. ' +
        'Finance available with a 10% deposit.',
    },
  );

  await useSession(page, await adminSession(request));
  await page.goto(`/admin/car/request/${copy}`);
  const duplicate = page.getByRole('region', { name: `Possible duplicate of #${original}` });
  await expect(duplicate).toBeVisible({ timeout: 15_000 });
  await expect(duplicate).toContainText('the same chassis number and 5 matching photos');
  await expect(duplicate.getByRole('img', { name: `Matching photo of #${original}` })).toHaveCount(
    5,
  );
  const flagged = page.getByRole('region', { name: 'Flagged text' });
  await expect(flagged).toContainText('Advance-payment phrase');
  // The finance offer's '10% deposit' is a dealer's ordinary term, not marked.
  await expect(flagged.locator('mark')).toHaveText(['deposit', 'Western Union']);
});

test('a kept reason fills the deny dialog, and the decision is in the moderation log', async ({
  page,
  request,
}) => {
  const reason = `The photos show another car (${unique()}).`;
  const seller = await newUser(request, 'Templated');
  const title = `Yaris templated ${unique()}`;
  const id = await submitListing(request, seller, title);

  await useSession(page, await adminSession(request));
  await page.goto('/admin/reason-templates');
  await page.getByRole('button', { name: 'Add reason' }).click({ timeout: 15_000 });
  const add = page.getByRole('dialog', { name: 'Add reason' });
  await add.getByLabel('Reason').fill(reason);
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('gridcell', { name: reason, exact: true })).toBeVisible();

  await page.goto(`/admin/car/request/${id}`);
  await page.getByRole('button', { name: 'Deny' }).click({ timeout: 15_000 });
  const dialog = page.getByRole('dialog', { name: 'Deny listing' });
  await dialog.getByRole('button', { name: reason }).click();
  await expect(dialog.getByPlaceholder('Enter a reason for denial')).toHaveValue(reason);
  await dialog.getByRole('button', { name: 'Deny', exact: true }).click();
  await expect(page.getByText('Successfully denied car')).toBeVisible();
  const denied = await ok(
    apiOf(request, seller).call((r) => r.car.requests[':id'].$get({ param: { id: String(id) } })),
  );
  expect(denied.deniedMessage).toBe(reason);

  await page.goto('/admin/moderation-log');
  const row = page.getByRole('row', { name: new RegExp(`listing #${id}`) });
  await expect(row).toContainText('deny');
  await expect(row).toContainText(reason);
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'deny', exact: true }).click();
  await expect(page).toHaveURL(/filter=/);
  await expect(row).toBeVisible();
});

test('a kept suspension reason fills the suspend dialog, and the owner reads it as sent', async ({
  page,
  request,
}) => {
  const reason = `The photos belong to another seller (${unique()}).`;
  const added = ' Please send photos of your own car.';
  const seller = await newUser(request, 'Suspended');
  const title = `Yaris suspended ${unique()}`;
  const id = await liveListing(request, seller, title);
  await ok(
    apiOf(request).call((r) =>
      r.cars.report[':id'].$post({
        param: { id: String(id) },
        json: { message: `It's a scam - ${reason}` },
      }),
    ),
  );

  await useSession(page, await adminSession(request));
  await page.goto('/admin/reason-templates');
  await page.getByRole('button', { name: 'Add reason' }).click({ timeout: 15_000 });
  const add = page.getByRole('dialog', { name: 'Add reason' });
  await add.getByLabel('Kind').click();
  await page.getByRole('option', { name: 'Suspension' }).click();
  await add.getByLabel('Reason').fill(reason);
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('gridcell', { name: reason, exact: true })).toBeVisible();

  await page.goto(`/admin/car/report/${id}`);
  await page.getByRole('button', { name: 'Suspend' }).click({ timeout: 15_000 });
  const dialog = page.getByRole('dialog', { name: 'Suspend listing' });
  await dialog.getByRole('button', { name: reason }).click();
  const text = dialog.getByPlaceholder('Enter a reason for suspension (optional)');
  await expect(text).toHaveValue(reason);
  await text.pressSequentially(added);
  await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
  await settleDecision(page, 'Car suspended');

  const api = apiOf(request, seller);
  const suspension = async () => {
    const list = await ok(
      api.call((r) =>
        r.notifications.user[':userId'].$post({
          param: { userId: String(seller.userId) },
          json: { pageNumber: 1, pageSize: 50 },
        }),
      ),
    );
    return list.find((n) => n.title === 'Your listing is suspended');
  };
  await expect.poll(suspension).toBeDefined();
  const notice = await suspension();
  const read = await ok(
    api.call((r) => r.notifications[':id'].$get({ param: { id: String(notice?.id) } })),
  );
  expect(read.message).toContain(`Reason: ${reason}${added}`);
});
