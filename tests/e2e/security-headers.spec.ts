import { createHash } from 'node:crypto';
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { newUser, openCheckout } from './support/api.ts';
import { liveListing } from './support/listings.ts';
import { test } from './support/test.ts';

/**
 * Every page type, the back-office, the sandbox checkout, the API and the images answer with the
 * security headers (server/http/security-headers.ts) and a policy that runs no inline script but
 * by hash; nothing of ours can be framed. That the site works under the policy is what every
 * other journey proves (support/test.ts fails a journey on any violation).
 */

/** A policy's directives by name. */
function directives(policy: string | undefined) {
  return new Map(
    (policy ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectCommonHeaders(res: APIResponse) {
  const headers = res.headers();
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
  // The journeys' server is plain HTTP: no HSTS (server/http/security-headers.test.ts has https).
  expect(headers['strict-transport-security']).toBeUndefined();
  return directives(headers['content-security-policy']);
}

/** The inline scripts the browser would run: not those with a src, nor JSON-LD data blocks. */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = '']) => !/\bsrc=|type="application\/ld\+json"/.test(attributes))
    .map(([, , text]) => text!);

async function expectPagePolicy(request: APIRequestContext, path: string, status = 200) {
  const res = await request.get(path, { maxRedirects: 0 });
  expect(res.status(), path).toBe(status);
  const policy = expectCommonHeaders(res);
  expect(policy.get('frame-ancestors'), path).toEqual(["'none'"]);
  expect(policy.get('object-src'), path).toEqual(["'none'"]);
  const scripts = policy.get('script-src') ?? [];
  expect(scripts, path).toContain("'self'");
  expect(scripts, path).not.toContain("'unsafe-inline'");
  expect(scripts, path).not.toContain("'unsafe-eval'");
  for (const text of inlineScripts(await res.text())) {
    const hash = `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(scripts, `${path}: an inline script without its hash`).toContain(hash);
  }
}

test('every kind of page sends the headers and a policy that allows its inline scripts', async ({
  request,
}) => {
  const seller = await newUser(request, 'Headers');
  const id = await liveListing(request, seller, `Headers ${Date.now()}`);
  // Twice: the second answer of a public page comes from the page cache, with the same policy.
  for (let round = 0; round < 2; round++) {
    for (const path of ['/', '/search', '/search?brand=1', `/car/${id}`]) {
      await expectPagePolicy(request, path);
    }
  }
  await expectPagePolicy(request, `/seller/offer/${seller.userId}`);
  for (const path of [
    '/login',
    '/register',
    '/add-listing',
    '/profile-information',
    '/my-listings',
  ])
    await expectPagePolicy(request, path);
  await expectPagePolicy(request, '/admin');
  await expectPagePolicy(request, '/admin/users');
  await expectPagePolicy(request, '/admin-login');
  await expectPagePolicy(request, '/no-such-page', 404);
  await expectPagePolicy(request, '/car/999999999', 404);

  const { sessionId } = await openCheckout(request, seller);
  await expectPagePolicy(request, `/api/payment/sandbox/${sessionId}`);
});

test('API answers, images and files load and run nothing and cannot be framed', async ({
  request,
}) => {
  const seller = await newUser(request, 'Images');
  const id = await liveListing(request, seller, `Images ${Date.now()}`);
  const photo = /\/images\/[^"' ?]+/.exec(await (await request.get(`/car/${id}`)).text())?.[0];
  expect(photo).toBeTruthy();
  for (const path of ['/api/configuration', '/api/no-such-route', photo!, '/favicon.svg']) {
    const res = await request.get(path);
    const policy = expectCommonHeaders(res);
    expect(policy.get('default-src'), path).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors'), path).toEqual(["'none'"]);
  }
});

test('the site, the back-office and the Pay page refuse to be framed', async ({
  page,
  request,
  baseURL,
  policyViolations,
}) => {
  const user = await newUser(request, 'Framed');
  const { sessionId } = await openCheckout(request, user);
  const framed = ['/', '/admin-login', `/api/payment/sandbox/${sessionId}`];
  await page.setContent(framed.map((path) => `<iframe src="${baseURL}${path}"></iframe>`).join(''));
  // Chromium names only the framed origin: one refusal per frame.
  await expect
    .poll(() => policyViolations.filter((v) => v.includes("frame-ancestors 'none'")).length)
    .toBe(framed.length);
  // These violations are the point of this journey, not a fault of the site.
  policyViolations.length = 0;
});
