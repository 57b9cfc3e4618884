import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { rowsOf } from '#shared/api/rows.ts';
import { test } from './support/test.ts';
import { apiOf, dismissBanners, newUser, unique, useSession } from './support/api.ts';
import { expectToast } from './support/dialogs.ts';
import { islandsReady, liveListing } from './support/listings.ts';
import { confirmAddress } from './support/mail.ts';

// The mail outbox of the server the journeys run against (its DATA_DIR).
const OUTBOX = path.join(
  process.env.E2E_PORT ? `test-results/e2e-data-${process.env.E2E_PORT}` : 'test-results/e2e-data',
  'outbox',
);

/** The newest .eml in the outbox to `email` whose text has `has`, once the mail job wrote it. */
async function mailTo(email: string, has: string): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const files = (await readdir(OUTBOX).catch(() => [] as string[])).filter(
          (f) => f.endsWith('.eml') && f.includes(email),
        );
        for (const f of files) {
          const text = await readFile(path.join(OUTBOX, f), 'utf8');
          if (text.includes(has)) found = text;
        }
        return found !== '';
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  return found;
}

test('a buyer saves a search; an approved matching car reaches the bell and the mailbox', async ({
  page,
  request,
}) => {
  await dismissBanners(page);
  const buyer = await newUser(request, 'Saver');
  // Alerts are e-mailed to a confirmed address only.
  await confirmAddress(request, buyer.email);
  const seller = await newUser(request, 'Seller');
  const makes = await apiOf(request).call((r) => r.cars.brands.$get({ query: {} }));
  const toyota = rowsOf(makes.data).find((m) => m.name === 'Toyota')!;
  // A price band no other journey's car is in: only this car can match.
  const price = 70_000 + Math.floor(Math.random() * 9_000);
  const name = `Rare Yaris ${unique()}`;

  await useSession(page, buyer);
  await page.goto(`/search?make=${toyota.id}&minPrice=${price - 1}&maxPrice=${price + 1}`);
  await islandsReady(page);
  await page.getByRole('button', { name: 'Save search' }).click();
  const form = page.getByRole('form', { name: 'Save search' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Alerts').selectOption('instant');
  await form.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Search saved');

  const car = await liveListing(request, seller, `Yaris for ${name}`, { price });
  const title = `1 new car for "${name}"`;

  // The alert job runs every 5 s in the journeys' server: the bell shows it after a reload.
  await expect
    .poll(
      async () => {
        await page.goto('/');
        return page.locator('#bell-count').textContent();
      },
      { timeout: 60_000 },
    )
    .toBe('1');
  const bell = page.getByRole('banner').getByRole('button', { name: 'Notifications' });
  await bell.click();
  await expect(
    page.locator('#notifications-menu').getByRole('link', { name: new RegExp(title) }),
  ).toBeVisible();

  const mail = await mailTo(buyer.email, name);
  expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  expect(mail).toMatch(/Content-Type: text\/plain/);
  expect(mail).toMatch(/Content-Type: text\/html/);
  expect(mail).toContain(`/car/${car}`);

  // The account section counts it as new; opening the search shows the car.
  await page.goto('/saved-searches');
  const row = page.getByRole('listitem', { name });
  await expect(row.getByText('1 new car')).toBeVisible();
  await row.getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(new RegExp(`/search\\?make=${toyota.id}&minPrice=${price - 1}`));
  await expect(page.getByRole('link', { name: new RegExp(`Yaris for ${name}`) })).toBeVisible();

  // The mail's unsubscribe link opens a page whose button turns the alerts off, without logging
  // in; opening the link alone (as a mail scanner does) changes nothing.
  // The text part is quoted-printable: soft line breaks joined, '=3D' read as '='.
  const text = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const link = /(http:\/\/[^/\s]+\/unsubscribe\?token=\S+)/.exec(text)![1]!;
  const alertOf = async () =>
    (await apiOf(request, buyer).call((r) => r['saved-searches'].$get())).data.find(
      (s) => s.name === name,
    )?.alert;
  const scanned = await request.get(link);
  expect(scanned.status()).toBe(200);
  expect(await alertOf()).toBe('instant');
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(link);
  await expect(
    visitor.getByRole('heading', { name: 'Stop the alerts of this saved search?' }),
  ).toBeVisible();
  expect(await alertOf()).toBe('instant');
  await visitor.getByRole('button', { name: 'Stop alerts' }).click();
  await expect(
    visitor.getByRole('heading', { name: 'You will no longer get alerts for this search' }),
  ).toBeVisible();
  await expect(visitor.getByText(`“${name}” stays in your saved searches`)).toBeVisible();
  expect(await alertOf()).toBe('off');
  await visitor.close();
});
