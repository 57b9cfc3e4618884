import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import sharp from 'sharp';
import {
  adminSession,
  apiOf,
  dismissBanners,
  newUser,
  useSession,
  type Session,
  type StoredSession,
} from './support/api.ts';
import { submitListing } from './support/listings.ts';

/**
 * The listing form at /add-listing, /edit-listing/{id} and /edit-request-listing/{id}: the 26
 * rules in order, photos, electric fields, registration choices, the top-up prompt, submitting,
 * editing a request and a live listing, the log-in prompts and accessibility.
 */

interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A fresh individual seller (50 welcome credits), logged in through the API. */
const newSeller = (request: APIRequestContext) => newUser(request, 'Lister');

/** The session in localStorage before any page script runs, banners dismissed. */
async function signIn(page: Page, session: StoredSession) {
  await useSession(page, session);
  await dismissBanners(page);
}

/** PNG photos of a size, each a different colour. */
function pngs(count: number, width = 1200, height = 900): Promise<FilePayload[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => ({
      name: `car-${i + 1}.png`,
      mimeType: 'image/png',
      buffer: await sharp({
        create: {
          width,
          height,
          channels: 3,
          background: { r: (i * 47) % 256, g: (80 + i * 29) % 256, b: (200 - i * 13) % 256 },
        },
      })
        .png()
        .toBuffer(),
    })),
  );
}

const photoInput = (page: Page) => page.locator('#lf-photos-input');
const submitButton = (page: Page) =>
  page.getByRole('button', { name: /^Submit (listing|changes)$/ });
const select = (page: Page, name: string) => page.getByRole('combobox', { name, exact: true });
const textbox = (page: Page, name: string) => page.getByRole('textbox', { name });

async function openForm(page: Page, path = '/add-listing') {
  await page.goto(path);
  // The contact block fills in once the island has loaded the seller.
  await expect(page.getByRole('heading', { name: 'Contact information' })).toBeVisible();
  await expect(page.getByText('Loading your contact information...')).toBeHidden();
}

async function closeResult(page: Page, title: 'Uh-oh...' | 'Success', message: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog.locator('.dialog__message')).toHaveText(message);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
}

async function expectProblem(page: Page, message: string) {
  await submitButton(page).click();
  await closeResult(page, 'Uh-oh...', message);
}

async function addPhotos(page: Page, files: FilePayload[], total = files.length) {
  await photoInput(page).setInputFiles(files);
  await expect(page.getByText(`${total} of 20 photos`)).toBeVisible();
}

async function chooseMakeAndModel(page: Page) {
  await select(page, 'Make').selectOption({ label: 'Toyota' });
  await expect(
    select(page, 'Model').getByRole('option', { name: 'Yaris', exact: true }),
  ).toHaveCount(1);
  await select(page, 'Model').selectOption({ label: 'Yaris' });
}

/** A complete listing submitted through the API, with no registration expiry: its id. */
const apiListing = (request: APIRequestContext, seller: Session, title: string) =>
  submitListing(request, seller, title, {
    registrationExpiration: null,
    isDirectFinanceAvailable: false,
    safety: [1],
    equipment: [2],
  });

test.describe('the listing form', () => {
  test(
    'reports each of the 26 rules in order, then submits the listing for approval',
    { tag: '@phone' },
    async ({ page, request }) => {
      const seller = await newSeller(request);
      await signIn(page, seller);
      await openForm(page);
      const { carMaximumYear } = (await apiOf(request).call((r) => r.configuration.$get())).data;

      await expectProblem(page, 'You have to upload minimum 5 images');
      await addPhotos(page, await pngs(5));
      await expectProblem(page, 'You have to select make');
      await select(page, 'Make').selectOption({ label: 'Toyota' });
      await expectProblem(page, 'You have to select model');
      await chooseMakeAndModel(page);
      await expectProblem(page, 'You have to enter listing header');
      await textbox(page, 'Listing header').fill('1.3 automatic, one owner');
      await expectProblem(page, 'You have to select body');
      await select(page, 'Body').selectOption({ label: 'Hatchback' });
      await expectProblem(page, 'You have to select fuel');
      await select(page, 'Fuel').selectOption({ label: 'Petrol' });
      await expectProblem(page, 'You have to select door number');
      await select(page, 'Door number').selectOption({ label: '5' });
      await expectProblem(page, 'You have to select emission class');
      await select(page, 'Emission class').selectOption({ label: 'Euro 6' });
      await expectProblem(page, 'You have to select drive train');
      await select(page, 'Drive train').selectOption({ index: 1 });
      await expectProblem(page, 'You have to select transmission');
      await select(page, 'Transmission').selectOption({ label: 'Automatic' });
      await expectProblem(page, 'You have to select steering wheel side');
      await select(page, 'Steering wheel side').selectOption({ label: 'Right' });
      await expectProblem(page, 'You have to select AC type');
      await select(page, 'AC type').selectOption({ index: 2 });
      await expectProblem(page, 'You have to select vehicle origin');
      await select(page, 'Vehicle origin').selectOption({ index: 1 });
      await expectProblem(page, 'You have to select car color');
      await select(page, 'Car color').selectOption({ index: 1 });
      await expectProblem(page, 'You have to select listing type');
      await page.getByRole('radio', { name: /Standard/ }).check();
      await expectProblem(page, 'You have to enter car price');
      await textbox(page, 'Price').fill('9500');
      await expectProblem(page, 'You have to enter car engine size');
      // Rules 18 to 20 are the electric car's: switching the fuel brings them up.
      await select(page, 'Fuel').selectOption({ label: 'Electric' });
      await expectProblem(page, 'You have to enter car battery capacity');
      await textbox(page, 'Battery capacity').fill('58.5');
      await expectProblem(page, 'You have to enter car battery range');
      await textbox(page, 'Battery range').fill('420');
      await expectProblem(page, 'You have to enter car charger type');
      await select(page, 'Charger type').selectOption({ index: 1 });
      await expectProblem(page, 'You have to enter car power');
      await textbox(page, 'Power').fill('204');
      await expectProblem(page, 'You have to enter car mileage');
      await textbox(page, 'Mileage').fill('12000');
      await expectProblem(page, 'You have to enter manufacture year');
      await textbox(page, 'Manufacture year').fill('1900');
      await expectProblem(page, `Year have to be in range of 1950 - ${carMaximumYear}`);
      // The user is taken back to the field the rule is about.
      await expect(textbox(page, 'Manufacture year')).toBeFocused();
      await textbox(page, 'Manufacture year').fill('2022');
      await expectProblem(page, 'You have to select registration expiration');
      await select(page, 'Registration expiration').selectOption({ label: 'Not registered' });
      await expectProblem(page, 'You have to agree on storing personal data');
      await page.getByRole('button', { name: 'ABS' }).click();
      await page.getByRole('button', { name: 'Navigation' }).click();
      await textbox(page, 'Description').fill('Home charger included.\nOne owner.');
      await page
        .getByRole('checkbox', { name: /I agree that Spotted stores my personal data/ })
        .check();

      await submitButton(page).click();
      await closeResult(
        page,
        'Success',
        'Your listing has been successfully submitted for approval',
      );
      await expect(page).toHaveURL(/\/my-listings$/);

      const mine = await apiOf(request, seller).call((r) =>
        r.cars.listings.user[':userId'].$post({
          param: { userId: String(seller.userId) },
          json: { pageNumber: 1, pageSize: 50, stateFilter: null },
        }),
      );
      expect(mine.data.cars).toHaveLength(1);
      const param = { id: String(mine.data.cars[0]!.id) };
      const listing = await apiOf(request, seller).call((r) =>
        r.car.requests[':id'].$get({ param }),
      );
      expect(listing.data).toMatchObject({
        state: 'PENDING',
        fuelId: 3,
        cubics: 0,
        batteryRange: 420,
        description: 'Home charger included.\nOne owner.',
      });
      // Downscaled in the browser: 1200 x 900 became 840 x 630.
      expect(listing.data.images).toHaveLength(5);
      for (const image of listing.data.images)
        expect(image).toMatchObject({ width: 840, height: 630 });
    },
  );

  test('names the files that are not images and refuses more than 20 photos', async ({
    page,
    request,
  }) => {
    await signIn(page, await newSeller(request));
    await openForm(page);
    const [photo] = await pngs(1, 200, 150);
    await photoInput(page).setInputFiles([
      photo!,
      { name: 'brochure.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') },
    ]);
    await closeResult(
      page,
      'Uh-oh...',
      'The following files were not uploaded because they are not valid image formats: brochure.gif, notes.txt',
    );
    await expect(page.getByText('1 of 20 photos')).toBeVisible();

    await photoInput(page).setInputFiles(await pngs(20, 64, 48));
    await closeResult(page, 'Uh-oh...', 'You can only upload up to 20 images.');
    await expect(page.getByText('1 of 20 photos')).toBeVisible();
  });

  test('orders the photos, moves the cover with them and follows the removal rule', async ({
    page,
    request,
  }) => {
    await signIn(page, await newSeller(request));
    await openForm(page);
    await addPhotos(page, await pngs(3, 300, 200));
    const photos = page.getByRole('list', { name: 'Photos' }).getByRole('listitem');
    await expect(photos.first().getByRole('button', { name: /Cover photo/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await photos
      .nth(2)
      .getByRole('button', { name: /Set as cover/ })
      .click();
    await expect(page.getByRole('img', { name: 'Photo 3 (cover)' })).toBeVisible();
    // Keyboard: the move buttons take the cover photo to the front.
    await page.getByRole('button', { name: 'Move photo 3 left' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('img', { name: 'Photo 2 (cover)' })).toBeVisible();
    await page.getByRole('button', { name: 'Move photo 2 left' }).click();
    await expect(page.getByRole('img', { name: 'Photo 1 (cover)' })).toBeVisible();
    await page.getByRole('button', { name: 'Set as cover' }).last().click();
    await expect(page.getByRole('img', { name: 'Photo 3 (cover)' })).toBeVisible();
    // Removing any photo while the cover index is above 0 moves it down by one.
    await page.getByRole('button', { name: 'Remove photo 1' }).click();
    await expect(page.getByText('2 of 20 photos')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Photo 2 (cover)' })).toBeVisible();
  });

  test('switches to the battery fields for an electric car', async ({ page, request }) => {
    await signIn(page, await newSeller(request));
    await openForm(page);
    await expect(textbox(page, 'Engine size')).toBeVisible();
    await expect(select(page, 'Drive train')).toBeVisible();
    await expect(textbox(page, 'Battery capacity')).toHaveCount(0);

    await select(page, 'Fuel').selectOption({ label: 'Electric' });
    await expect(textbox(page, 'Battery capacity')).toBeVisible();
    await expect(textbox(page, 'Battery range')).toBeVisible();
    await expect(select(page, 'Charger type')).toBeVisible();
    await expect(select(page, 'Transmission')).toBeVisible();
    await expect(textbox(page, 'Engine size')).toHaveCount(0);
    await expect(select(page, 'Drive train')).toHaveCount(0);

    await select(page, 'Fuel').selectOption({ label: 'Diesel' });
    await expect(textbox(page, 'Engine size')).toBeVisible();
    await expect(select(page, 'Charger type')).toHaveCount(0);
  });

  test("offers 'Not registered' and twelve months from the current one", async ({
    page,
    request,
  }) => {
    await signIn(page, await newSeller(request));
    await openForm(page);
    const options = select(page, 'Registration expiration').locator('option:not([disabled])');
    await expect(options).toHaveCount(13);
    await expect(options.first()).toHaveText('Not registered');
    const now = new Date();
    const month = now.toLocaleString('en-US', { month: 'long' });
    await expect(options.nth(1)).toHaveText(`${month} ${now.getFullYear()}`);
    await expect(options.nth(1)).toHaveAttribute(
      'value',
      `${String(now.getMonth() + 1).padStart(2, '0')}.${now.getFullYear()}`,
    );
  });

  test('chooses a make, which clears the model and loads its models', async ({ page, request }) => {
    await signIn(page, await newSeller(request));
    await openForm(page);
    await expect(select(page, 'Model')).toBeDisabled();
    await chooseMakeAndModel(page);
    await select(page, 'Make').selectOption({ label: 'Honda' });
    await expect(select(page, 'Model')).toHaveValue('');
    await expect(select(page, 'Model').getByRole('option', { name: 'Civic' })).toHaveCount(1);
    await expect(select(page, 'Model').getByRole('option', { name: 'Yaris' })).toHaveCount(0);
  });

  test('shows Top up when the chosen type costs more than the balance, and refreshes the balance', async ({
    page,
    request,
  }) => {
    const seller = await newSeller(request);
    await signIn(page, seller);
    await openForm(page);
    await expect(page.getByText('Your balance: 50 credits')).toBeVisible();
    await page.getByRole('radio', { name: /Premium/ }).check();
    const topUp = page.getByRole('link', { name: 'Top up' });
    await expect(topUp).toBeVisible();
    await expect(topUp).toHaveAttribute('href', '/credit-balance');
    await expect(topUp).toHaveAttribute('target', '_blank');
    await page.getByRole('radio', { name: /Featured/ }).check();
    await expect(topUp).toBeHidden();

    // A top-up in another tab shows when this one becomes visible again.
    await page.getByRole('radio', { name: /Premium/ }).check();
    await expect(topUp).toBeVisible();
    const admin = await adminSession(request);
    const voucher = await apiOf(request, admin).call((r) =>
      r.voucher.add.$post({ json: { credits: 100, daysActive: 5 } }),
    );
    const redeemed = await apiOf(request, seller).call((r) =>
      r.voucher.redeem.$post({ json: { userId: seller.userId, code: voucher.data.code } }),
    );
    expect(redeemed.code, redeemed.message).toBe(0);
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(page.getByText('Your balance: 150 credits')).toBeVisible();
    await expect(topUp).toBeHidden();
  });

  test('edits a pending request and sends it back for approval', async ({ page, request }) => {
    const seller = await newSeller(request);
    const id = await apiListing(request, seller, 'Yaris waiting for review');

    await signIn(page, seller);
    await page.goto(`/car/pending/${id}`);
    await expect(
      page.getByText(
        'Your listing is waiting approval from our review team. This process takes up to 5 business days.',
        { exact: false },
      ),
    ).toBeVisible();

    await openForm(page, `/edit-request-listing/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit listing');
    await expect(textbox(page, 'Listing header')).toHaveValue('Yaris waiting for review');
    await expect(select(page, 'Model')).toHaveValue(/\d+/);
    await expect(select(page, 'Model').locator('option:checked')).toHaveText('Yaris');
    await expect(select(page, 'Registration expiration')).toHaveValue('none');
    await expect(page.getByText('5 of 20 photos')).toBeVisible();
    await expect(page.getByRole('radio', { name: /Premium/ })).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: /I agree/ })).toHaveCount(0);

    await textbox(page, 'Listing header').fill('Yaris, price reduced');
    await submitButton(page).click();
    await closeResult(
      page,
      'Success',
      'Your listing update has been successfully submitted for approval',
    );
    await expect(page).toHaveURL(/\/$/);
    const param = { id: String(id) };
    const request2 = await apiOf(request, seller).call((r) =>
      r.car.requests[':id'].$get({ param }),
    );
    expect(request2.data).toMatchObject({ title: 'Yaris, price reduced', state: 'PENDING' });
    expect(request2.data.images).toHaveLength(5);
  });

  test('edits a live listing after approval', async ({ page, request }) => {
    const seller = await newSeller(request);
    const id = await apiListing(request, seller, 'Yaris soon live');
    const admin = await adminSession(request);
    const approved = await apiOf(request, admin).call((r) =>
      r.cars.requests.approve[':id'].$post({ param: { id: String(id) } }),
    );
    expect(approved.code, approved.message).toBe(0);

    await signIn(page, seller);
    await openForm(page, `/edit-listing/${id}`);
    await expect(textbox(page, 'Listing header')).toHaveValue('Yaris soon live');
    await expect(select(page, 'Model').locator('option:checked')).toHaveText('Yaris');
    await expect(textbox(page, 'Price')).toHaveValue('9500');
    await expect(page.getByText('5 of 20 photos')).toBeVisible();
    await textbox(page, 'Price').fill('8900');
    await addPhotos(page, await pngs(1, 900, 1200), 6);
    await submitButton(page).click();
    await closeResult(
      page,
      'Success',
      'Your listing update has been successfully submitted for approval',
    );
    await expect(page).toHaveURL(/\/$/);
    // The live listing stays as it is until the edit is approved.
    const param = { id: String(id) };
    const live = await apiOf(request).call((r) => r.car[':id'].$get({ param }));
    expect(live.data.price).toBe(9500);
    const edit = await apiOf(request, seller).call((r) =>
      r.car.edit.details.raw[':id'].$get({ param }),
    );
    expect(edit.data.price).toBe(8900);
    expect(edit.data.images).toHaveLength(6);
  });

  test('asks a logged-out visitor to log in', async ({ page }) => {
    await page.goto('/add-listing');
    await expect(page.getByRole('heading', { name: 'Please log in to add listing' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in', exact: true }).last()).toHaveAttribute(
      'href',
      '/login',
    );
    await expect(submitButton(page)).toBeHidden();
    await page.goto('/edit-listing/1');
    await expect(
      page.getByRole('heading', { name: 'Please log in to edit listing' }),
    ).toBeVisible();
    await page.goto('/edit-request-listing/1');
    await expect(
      page.getByRole('heading', { name: 'Please log in to edit listing' }),
    ).toBeVisible();
  });

  test('asks to log in again when the stored session is refused', async ({ page }) => {
    await signIn(page, {
      userId: 999999,
      roleId: 2,
      email: 'gone@example.mt',
      accessToken: 'not-a-token',
      refreshToken: 'not-a-token',
    });
    await page.goto('/add-listing');
    await expect(page.getByRole('heading', { name: 'Please log in to add listing' })).toBeVisible();
  });

  test('has no serious or critical accessibility violations', async ({ page, request }) => {
    await signIn(page, await newSeller(request));
    await openForm(page);
    await addPhotos(page, await pngs(2, 300, 200));
    await page.getByRole('radio', { name: /Premium/ }).check();
    const results = await new AxeBuilder({ page }).analyze();
    const blocking = results.violations.filter((v) =>
      ['serious', 'critical'].includes(v.impact ?? ''),
    );
    expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  });
});
