import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { apiOf } from './api.ts';

// The mail outbox of the server the journeys run against (its DATA_DIR).
const OUTBOX = path.join(
  process.env.E2E_PORT ? `test-results/e2e-data-${process.env.E2E_PORT}` : 'test-results/e2e-data',
  'outbox',
);

/** An .eml file's text with its quoted-printable soft breaks and escapes undone. */
const decoded = (eml: string) =>
  eml
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** Every e-mail to `email` in the outbox so far, decoded. */
async function mailsTo(email: string): Promise<string[]> {
  // Each file is named for the time it was written: sorted, oldest first.
  const files = (await readdir(OUTBOX).catch(() => [] as string[]))
    .filter((f) => f.endsWith('.eml') && f.includes(email))
    .sort();
  return Promise.all(files.map(async (f) => decoded(await readFile(path.join(OUTBOX, f), 'utf8'))));
}

/** The newest link to `page` (its path and query) e-mailed to `email`, once the mail job sent it. */
async function mailedLink(email: string, page: string, after: string[] = []): Promise<string> {
  const pattern = new RegExp(`https?:\\/\\/[^/\\s]+(\\/${page}\\?token=[\\w.%-]+)`, 'g');
  let link = '';
  await expect
    .poll(
      async () => {
        const links = (await mailsTo(email))
          .flatMap((text) => [...text.matchAll(pattern)])
          .map((m) => m[1] ?? '')
          .filter((found) => !after.includes(found));
        link = links.at(-1) ?? '';
        return link;
      },
      { timeout: 60_000 },
    )
    .not.toBe('');
  return link;
}

/** The newest confirmation link e-mailed to `email` (its path and query), once the mail job sent it. */
export const confirmationLink = (email: string, after: string[] = []) =>
  mailedLink(email, 'confirm-email', after);

/** The download link of the newest copy of `email`'s data, once the export and mail jobs ran. */
export const dataExportLink = (email: string) => mailedLink(email, 'download-my-data');

/** Every e-mail to `email` so far, as one text (empty before the mail job sent any). */
export const mailedText = async (email: string) => (await mailsTo(email)).join('\n');

/** Confirms `email` as its owner would, through the link of its welcome e-mail. */
export async function confirmAddress(request: APIRequestContext, email: string) {
  const link = new URL(await confirmationLink(email), 'http://spotted.test');
  const token = link.searchParams.get('token') ?? '';
  const res = await apiOf(request).call((r) => r.user.email.confirm.$post({ json: { token } }));
  expect(res.code, res.message).toBe(0);
}
