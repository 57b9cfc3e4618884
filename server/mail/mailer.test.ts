import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../tests/support/context.ts';
import { privatePayload } from '../../tests/support/factories.ts';
import { log } from '../ops/log.ts';
import { createMailer } from './mailer.ts';
import { deliverQueuedMail } from './queue.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const FROM = 'Spotted <no-reply@spotted.mt>';
const received: Received[] = [];
/** Recipients the SMTP server refuses, to see a failed delivery reach the caller. */
const refused = new Set<string>();

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onRcptTo(address, _session, callback) {
    if (refused.has(address.address)) callback(new Error('Mailbox unavailable'));
    else callback();
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const mailFrom = session.envelope.mailFrom;
      received.push({
        from: mailFrom ? mailFrom.address : '',
        to: session.envelope.rcptTo.map((a) => a.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});

let smtpUrl: string;
let ctx: TestContext;
let outboxDir: string;

beforeAll(async () => {
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(0, '127.0.0.1', () => resolve());
  });
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  outboxDir = await mkdtemp(path.join(tmpdir(), 'spotted-outbox-'));
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
  await rm(outboxDir, { recursive: true, force: true });
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** A header of a raw message, unfolded. */
function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name}:`));
  return line?.slice(name.length + 1).trim();
}

/** The body of a raw message, with quoted-printable soft line breaks and escapes decoded. */
function body(raw: string): string {
  return raw
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n\n')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

const messagesTo = (address: string) => received.filter((m) => m.to.includes(address));

describe('createMailer over SMTP', () => {
  it('delivers the message with its sender, recipient, subject and text', async () => {
    const mailer = createMailer({ from: FROM, smtpUrl, outboxDir: '/tmp/unused' });
    await mailer.send({
      to: 'buyer@example.mt',
      subject: 'Your listing is live',
      text: 'Hello Maria,\n\nYour Toyota Yaris is now on Spotted.\n',
    });
    const [message] = messagesTo('buyer@example.mt');
    expect(message).toBeDefined();
    expect(message!.from).toBe('no-reply@spotted.mt');
    expect(header(message!.raw, 'to')).toBe('buyer@example.mt');
    expect(header(message!.raw, 'from')).toBe(FROM);
    expect(header(message!.raw, 'subject')).toBe('Your listing is live');
    expect(body(message!.raw)).toContain('Your Toyota Yaris is now on Spotted.');
  });

  it('sends the HTML part when there is one', async () => {
    const mailer = createMailer({ from: FROM, smtpUrl, outboxDir: '/tmp/unused' });
    await mailer.send({
      to: 'html@example.mt',
      subject: 'With HTML',
      text: 'Plain version',
      html: '<p>Rich version</p>',
    });
    const [message] = messagesTo('html@example.mt');
    expect(body(message!.raw)).toContain('Plain version');
    expect(body(message!.raw)).toContain('<p>Rich version</p>');
  });

  it('rejects when the server refuses the recipient', async () => {
    refused.add('nobody@example.mt');
    const mailer = createMailer({ from: FROM, smtpUrl, outboxDir: '/tmp/unused' });
    await expect(
      mailer.send({ to: 'nobody@example.mt', subject: 'Refused', text: 'x' }),
    ).rejects.toThrow();
    expect(messagesTo('nobody@example.mt')).toHaveLength(0);
  });
});

describe('the forgot-password flow over real SMTP', () => {
  it('mails a 6-digit code that the verify step accepts', async () => {
    const payload = privatePayload();
    const registered = await ctx
      .client()
      .call((r) => r.user.register.private.$post({ json: payload }));
    expect(registered.code).toBe(0);
    // The welcome e-mail of the registration leaves first, through the test's outbox.
    await deliverQueuedMail(ctx.db, ctx.deps.mailer);
    // createApp keeps the deps object and handlers read c.var.deps.mailer per request.
    ctx.deps.mailer = createMailer({ from: FROM, smtpUrl, outboxDir: '/tmp/unused' });
    const email = payload.email.toLowerCase();

    const forgot = await ctx
      .client()
      .call((r) => r.user.password.forgot.$post({ json: { email } }));
    expect(forgot.status).toBe(200);
    expect(forgot.code).toBe(0);
    expect(forgot.message).toBe('Code sent to email');

    // The e-mail leaves after the answer, with the mail job.
    await deliverQueuedMail(ctx.db, ctx.deps.mailer);
    const mails = messagesTo(email);
    expect(mails).toHaveLength(1);
    const raw = mails[0]!.raw;
    expect(header(raw, 'to')).toBe(email);
    const code = /\b(\d{6})\b/.exec(body(raw))?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(header(raw, 'subject')).toContain(code);

    const verify = await ctx
      .client()
      .call((r) => r.user.password.forgot.verify.$post({ json: { email, code: code! } }));
    expect(verify.status).toBe(200);
    expect(verify.code).toBe(0);
  });

  it('mails nothing for an address without an account, with the same answer', async () => {
    ctx.deps.mailer = createMailer({ from: FROM, smtpUrl, outboxDir: '/tmp/unused' });
    const email = 'stranger@example.mt';
    const forgot = await ctx
      .client()
      .call((r) => r.user.password.forgot.$post({ json: { email } }));
    expect(forgot.code).toBe(0);
    expect(forgot.message).toBe('Code sent to email');
    await deliverQueuedMail(ctx.db, ctx.deps.mailer);
    expect(messagesTo(email)).toHaveLength(0);
  });
});

describe('createMailer without SMTP', () => {
  it('writes each message as an .eml file into the outbox', async () => {
    const info = vi.spyOn(log, 'info').mockImplementation(() => {});
    try {
      const dir = path.join(outboxDir, 'nested');
      const mailer = createMailer({ from: FROM, outboxDir: dir });
      await mailer.send({
        to: 'seller@example.mt',
        subject: 'Your subscription renews tomorrow',
        text: 'Hello, your Premium listing renews tomorrow.',
      });
      const files = (await readdir(dir)).filter((f) => f.endsWith('.eml'));
      expect(files).toHaveLength(1);
      const raw = await readFile(path.join(dir, files[0]!), 'utf8');
      expect(header(raw, 'subject')).toBe('Your subscription renews tomorrow');
      expect(header(raw, 'to')).toBe('seller@example.mt');
      expect(header(raw, 'from')).toBe(FROM);
      expect(body(raw)).toContain('your Premium listing renews tomorrow');
      expect(info).toHaveBeenCalledWith(
        expect.objectContaining({ subject: 'Your subscription renews tomorrow' }),
        'mail written to the outbox',
      );
    } finally {
      info.mockRestore();
    }
  });
});
