import { test as base, expect, type BrowserContext } from '@playwright/test';

/**
 * Collects what the Content-Security-Policy blocked in a context: Chromium's console errors and
 * the pages' `securitypolicyviolation` events (logged to the console by an init script).
 */
export async function watchPolicy(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(
        `Content Security Policy violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'an inline element'} on ${event.documentURI}`,
      ),
    ),
  );
  context.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy'))
      violations.push(message.text());
  });
  return violations;
}

/**
 * Playwright's `test`, in which every journey runs under the site's Content-Security-Policy: a
 * journey fails when anything it did was blocked by the policy, whatever else it asserts.
 */
export const test = base.extend<{ policyViolations: string[] }>({
  policyViolations: [
    async ({ context }, use) => {
      const violations = await watchPolicy(context);
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
