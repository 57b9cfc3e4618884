import { expect } from '@playwright/test';
import { test } from './support/test.ts';
import { apiOf, dismissBanners, newUser, PASSWORD, unique, useSession } from './support/api.ts';
import { islandsReady, liveListing } from './support/listings.ts';

test.beforeEach(async ({ page }) => dismissBanners(page));

test(
  'a buyer logs in from the listing, messages the seller, and sees the reply without reloading',
  { tag: '@phone' },
  async ({ page, request, isMobile }) => {
    const seller = await newUser(request, 'Sandra');
    const buyer = await newUser(request, 'Brian');
    const title = `Yaris ${unique()}`;
    const car = await liveListing(request, seller, title);

    // Logged out: asked to log in, and back on the listing afterwards.
    await page.goto(`/car/${car}`);
    await islandsReady(page);
    await page.getByRole('link', { name: 'Message seller' }).click();
    await page.getByRole('link', { name: 'Log in' }).last().click();
    await expect(page).toHaveURL(new RegExp(`/login\\?next=%2Fcar%2F${car}$`));
    await islandsReady(page);
    await page.getByLabel('Email').fill(buyer.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await expect(page).toHaveURL(new RegExp(`/car/${car}$`));
    await islandsReady(page);

    await page.getByRole('link', { name: 'Message seller' }).click();
    await expect(page).toHaveURL(new RegExp(`/messages\\?car=${car}$`));
    const compose = page.getByRole('article', { name: 'New message to Sandra T.' });
    await expect(compose.getByRole('link', { name: new RegExp(title) })).toBeVisible();
    // The message box is written in the page's font, in a field like the site's others.
    const box = compose.getByLabel('Your message');
    const fontOf = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => getComputedStyle(el).fontFamily);
    expect(await box.evaluate((el) => getComputedStyle(el).fontFamily)).toBe(await fontOf('body'));
    await expect(box).toHaveCSS('border-radius', '10px');
    await box.fill('Hello, is it still available?');
    await compose.getByRole('button', { name: 'Send' }).click();

    const conversation = page.getByRole('article', { name: 'Conversation with Sandra T.' });
    await expect(conversation.getByText('Hello, is it still available?')).toBeVisible();
    const id = Number(new URL(page.url()).searchParams.get('c'));
    expect(id).toBeGreaterThan(0);

    // The seller answers (from their phone's app, say); the buyer's open page polls it in.
    const reply = await apiOf(request, seller).call((r) =>
      r.conversations[':id'].messages.$post({
        param: { id: String(id) },
        json: { text: 'Yes! You can see it on Saturday.' },
      }),
    );
    expect(reply.code, reply.message).toBe(0);
    await expect(conversation.getByText('Yes! You can see it on Saturday.')).toBeVisible({
      timeout: 15_000,
    });
    // On a desktop the inbox shows beside the conversation (on a phone, one at a time).
    if (!isMobile)
      await expect(page.getByRole('link', { name: /Sandra T\./ })).toContainText(title);
  },
);

test('a blocked buyer cannot write', async ({ page, request }) => {
  const seller = await newUser(request, 'Sandra');
  const buyer = await newUser(request, 'Brian');
  const car = await liveListing(request, seller, `Yaris ${unique()}`);
  const started = await apiOf(request, buyer).call((r) =>
    r.conversations.$post({ json: { carId: car, text: 'Would you take less for it?' } }),
  );
  expect(started.code, started.message).toBe(0);
  const param = { id: String(started.data.conversationId) };
  const blocked = await apiOf(request, seller).call((r) =>
    r.conversations[':id'].block.$put({ param }),
  );
  expect(blocked.code, blocked.message).toBe(0);

  await useSession(page, buyer);
  await page.goto(`/messages?c=${param.id}`);
  const conversation = page.getByRole('article', { name: 'Conversation with Sandra T.' });
  await expect(conversation.getByText('Would you take less for it?')).toBeVisible();
  await expect(
    conversation.getByText('You cannot write in this conversation any more'),
  ).toBeVisible();
  await expect(conversation.getByLabel('Your message')).toHaveCount(0);
});
