import { expect, type Page } from '@playwright/test';

/** The site's result dialog (site/lib/dialogs.ts) with its title and message; closes it. */
export async function expectResult(page: Page, title: 'Success' | 'Uh-oh...', message: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toContainText(message);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
}

/** The site's toast (site/lib/toast.ts) with its message, while nothing blocks the page. */
export async function expectToast(page: Page, message: string) {
  await expect(page.getByRole('status').filter({ hasText: message })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}
