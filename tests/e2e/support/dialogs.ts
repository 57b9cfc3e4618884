import { expect, type Page } from '@playwright/test';

/** The site's result dialog (site/lib/dialogs.ts) with its title and message; closes it. */
export async function expectResult(page: Page, title: 'Success' | 'Uh-oh...', message: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toContainText(message);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
}
