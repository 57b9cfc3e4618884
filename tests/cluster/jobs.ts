import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';

/**
 * What the cluster test's scheduled-jobs case needs besides its API calls: listings written
 * straight to the table (their photos play no part in a job), the e-mails the instances wrote to
 * their outboxes, the job runs each instance counted, and waits that end at a deadline.
 */

/** Polls `check` every 200 ms until it holds; fails with `what` after `seconds`. */
export async function until(what: string, check: () => Promise<boolean>, seconds = 60) {
  const deadline = performance.now() + seconds * 1000;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`waited ${seconds} s in vain: ${what}`);
    await sleep(200);
  }
}

/** Listings of `userId` in `state` (PENDING ones are approved through the API afterwards). */
export async function insertListings(
  sql: pg.Client,
  input: {
    userId: number;
    state: 'ACTIVE' | 'PENDING';
    make: number;
    model: number;
    titles: string[];
  },
): Promise<number[]> {
  const { rows } = await sql.query<{ id: number }>(
    `insert into listings (user_id, state, listing_type_id, make_id, model_id, title, body_id,
       fuel_id, door_number_id, emission_class_id, drive_train_id, transmission_id,
       steering_wheel_side_id, ac_type_id, origin_id, color_id, year, price, currency, cubics,
       power, millage, published_at)
     select $1, $2, 3, $3, $4, t.title, 1, 1, 4, 6, 1, 2, 1, 2, 1, 1, 2018, 9000 + t.n, '€', 1300,
       99, 40000, case when $2 = 'ACTIVE' then now() end
       from unnest($5::text[]) with ordinality as t(title, n)
     order by t.n
     returning id`,
    [input.userId, input.state, input.make, input.model, input.titles],
  );
  return rows.map((r) => r.id);
}

/**
 * A header of an .eml file as its reader sees it: unfolded, with its RFC 2047 encoded words
 * (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`, which nodemailer writes for quotes and long subjects) decoded.
 */
export function header(eml: string, name: string): string | undefined {
  const head = eml.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const raw = new RegExp(`^${name}: (.*)$`, 'm').exec(head)?.[1];
  if (raw === undefined) return undefined;
  return raw
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      (encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : quoted(text)).toString(),
    )
    .trim();
}

/** The bytes of a Q-encoded word: `_` is a space, `=XX` a byte, anything else itself. */
function quoted(text: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(c === '_' ? ' ' : c));
  }
  return Buffer.from(bytes);
}

/** The mails both instances wrote to their outboxes (no SMTP_URL): recipient and subject. */
export async function outboxMails(dataDirs: string[]) {
  const mails = await Promise.all(
    dataDirs.map(async (dir) => {
      const outbox = path.join(dir, 'outbox');
      const files = await readdir(outbox).catch(() => []);
      const texts = await Promise.all(files.map((f) => readFile(path.join(outbox, f), 'utf8')));
      return texts.map((t) => ({ to: header(t, 'To'), subject: header(t, 'Subject') }));
    }),
  );
  return mails.flat();
}

/** How many runs of `job` an instance finished without an error, from its /metrics. */
export async function jobRuns(base: string, token: string, job: string): Promise<number> {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`/metrics answered ${res.status}: ${text.slice(0, 200)}`);
  const line = text
    .split('\n')
    .find(
      (l) =>
        l.startsWith('spotted_job_runs_total{') &&
        l.includes(`job="${job}"`) &&
        l.includes('outcome="ok"'),
    );
  return line ? Number(line.split(' ').at(-1)) : 0;
}
