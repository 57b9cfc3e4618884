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

/**
 * The back-office's notification of a decision that can be undone (approve, suspend): `message`
 * with Undo. `undo` takes it back; otherwise the notification is closed (as its minute ending
 * would), which sends the decision to the server.
 */
export async function settleDecision(page: Page, message: string, undo = false) {
  const notice = page.getByRole('alert').filter({ hasText: message });
  await expect(notice.getByRole('button', { name: 'Undo' })).toBeVisible();
  if (undo) await notice.getByRole('button', { name: 'Undo' }).click();
  else await page.keyboard.press('Escape');
  await expect(notice).toHaveCount(0);
}
