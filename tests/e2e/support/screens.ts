import { test, type Page } from '@playwright/test';

/** Keeps a screenshot of a changed screen: test-results/screens/<name>-<project>.png. */
export async function screen(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  await page.screenshot({
    path: `test-results/screens/${name}-${test.info().project.name}.png`,
    ...options,
  });
}
