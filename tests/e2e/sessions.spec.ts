import { expect, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import { decodeJwt, SignJWT } from 'jose';
import { e2eJwtSecret } from '../../playwright.config.ts';
import { apiOf, dismissBanners, logInAdminByApi, newUser, useSession } from './support/api.ts';

/**
 * Sessions outlive their access tokens. Instead of waiting out real expiries, a journey replaces
 * the stored access token with the one time would leave there: the same claims, signed with the
 * server's key, with `exp` in the past. The server then sees exactly what it sees 15 minutes
 * after a login.
 */

async function expireStoredToken(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  expect(token, 'a stored access token').toBeTruthy();
  const { iat: _iat, exp: _exp, ...claims } = decodeJwt(token ?? '');
  const past = Math.floor(Date.now() / 1000) - 60;
  const expired = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(past - 900)
    .setExpirationTime(past)
    .sign(new TextEncoder().encode(e2eJwtSecret));
  await page.evaluate((t) => localStorage.setItem('accessToken', t), expired);
  return expired;
}

const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

/** The server refused no call of the page as unauthorised while it was renewing the session. */
function watchUnauthorised(page: Page) {
  const refused: string[] = [];
  page.on('response', (res) => {
    if (res.status() === 401) refused.push(res.url());
  });
  return refused;
}

test.describe('on the site', () => {
  test('a session outlives several access-token expiries', async ({ page, request }) => {
    const session = await newUser(request, 'Lasting');
    await dismissBanners(page);
    await useSession(page, session, { once: true });
    const refused = watchUnauthorised(page);

    const visits = [
      ['/profile-information', page.getByRole('form', { name: 'Personal details' })],
      ['/my-listings', page.getByRole('heading', { name: 'My listings' })],
      ['/credit-balance', page.getByRole('heading', { name: 'Credit balance' })],
      ['/profile-information', page.getByRole('form', { name: 'Personal details' })],
    ] as const;
    await page.goto('/profile-information');
    for (const [path, content] of visits) {
      const before = await stored(page, 'refreshToken');
      const expired = await expireStoredToken(page);
      await page.goto(path);
      await expect(content).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('heading', { name: /^Please log in/ })).toHaveCount(0);
      // The expired token was renewed: a new pair is stored, the old refresh token is spent.
      await expect.poll(() => stored(page, 'accessToken')).not.toBe(expired);
      expect(await stored(page, 'refreshToken')).not.toBe(before);
    }
    expect(refused).toEqual([]);
    const form = page.getByRole('form', { name: 'Personal details' });
    await expect(form.getByLabel('Email')).toHaveValue(session.email);
  });

  test('an expired token that reaches the server is renewed, and the call repeated', async ({
    page,
    request,
  }) => {
    const session = await newUser(request, 'Skewed');
    await dismissBanners(page);
    await useSession(page, session, { once: true });
    // The browser's clock runs late, so it believes an expired token still valid and sends it.
    await page.clock.install({ time: Date.now() - 30 * 60_000 });
    await page.goto('/profile-information');
    await expect(page.getByRole('form', { name: 'Personal details' })).toBeVisible();
    await expireStoredToken(page);
    const answers: number[] = [];
    page.on('response', (res) => {
      if (res.url().endsWith(`/api/user/${session.userId}`)) answers.push(res.status());
    });
    await page.goto('/profile-information');
    const form = page.getByRole('form', { name: 'Personal details' });
    await expect(form.getByLabel('Email')).toHaveValue(session.email, { timeout: 15_000 });
    expect(answers).toEqual([401, 200]);
  });

  test('a revoked session still ends', async ({ page, request }) => {
    const session = await newUser(request, 'Revoked');
    await dismissBanners(page);
    await useSession(page, session, { once: true });
    await page.goto('/profile-information');
    await expect(page.getByRole('form', { name: 'Personal details' })).toBeVisible();
    const current = { accessToken: (await stored(page, 'accessToken')) ?? '' };
    const param = { id: String(session.userId) };
    const logout = await apiOf(request, current).call((r) => r.user.logout[':id'].$put({ param }));
    expect(logout.code).toBe(0);

    await expireStoredToken(page);
    await page.goto('/profile-information');
    await expect(
      page.getByRole('heading', { name: 'Please log in to see profile information' }),
    ).toBeVisible();
    expect(await stored(page, 'accessToken')).toBeNull();
  });
});

test.describe('in the back-office', () => {
  const menu = (page: Page) => page.getByRole('navigation', { name: 'Admin sections' });

  async function openFromMenu(page: Page, title: string) {
    await page.goto('/admin');
    await menu(page).getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  }

  test('an admin session outlives several expiries; a revoked one goes to the login', async ({
    page,
    request,
  }) => {
    // A session of its own (the journey revokes it), stored as the login screen stores it.
    await useSession(page, await logInAdminByApi(request), {
      once: true,
    });
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin$/);
    // The back-office has started (its first calls made with the fresh token) before the token is
    // made to expire: a page still starting would refresh as the next page loads, and the second
    // refresh with one token is refused (docs/behaviour.md, the reuse interval of a refresh token).
    await expect(menu(page).getByRole('link', { name: 'Users' })).toBeVisible();
    const refused = watchUnauthorised(page);

    for (const title of ['Users', 'Vouchers', 'Messages']) {
      await expireStoredToken(page);
      await openFromMenu(page, title);
      await expect(page).toHaveURL(/\/admin\/[a-z-]+$/);
    }
    expect(refused).toEqual([]);

    const admin = {
      userId: Number(await stored(page, 'userId')),
      accessToken: (await stored(page, 'accessToken')) ?? '',
    };
    const logout = await apiOf(request, admin).call((r) =>
      r.user.logout[':id'].$put({ param: { id: String(admin.userId) } }),
    );
    expect(logout.code).toBe(0);
    await expireStoredToken(page);
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/admin-login$/);
    expect(await stored(page, 'accessToken')).toBeNull();
  });
});
