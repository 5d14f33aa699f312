// The mailer's two paths: the outbox (no SMTP_URL) and real SMTP delivery through nodemailer, the latter
// against a minimal SMTP listener written here (enough of RFC 5321 for one plain-text session).
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../logger.js';
import { createMailer } from './mailer.js';

const silent = silentLogger;
const message = {
  to: 'learner@example.com',
  subject: 'Verify your email',
  text: 'Open http://localhost:3000/verify-email?token=abc to verify.',
  html: '<p>Open <a href="http://localhost:3000/verify-email?token=abc">this link</a></p>',
};

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** Accepts one mail per session and records the envelope and the DATA section. */
function smtpListener(received: Received[]): Promise<Server> {
  const server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current: Received = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 test.local ESMTP ready');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '' };
          reply('250 2.0.0 queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 test.local');
        else if (verb === 'MAIL') {
          current.from = line.replace(/^MAIL FROM:\s*/i, '');
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          current.to.push(line.replace(/^RCPT TO:\s*/i, ''));
          reply('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'mailer-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('mailer', () => {
  it('without SMTP_URL writes an RFC 822 .eml with text and HTML parts to DATA_DIR/outbox', async () => {
    const mailer = createMailer({ from: 'L&D Assistant <no-reply@localhost>', dataDir, log: silent });
    expect(mailer.mode).toBe('outbox');
    const sent = await mailer.send(message);
    const files = await readdir(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(sent.file).toBe(path.join(dataDir, 'outbox', files[0]!));
    const eml = await readFile(sent.file!, 'utf8');
    expect(eml).toMatch(/^To: learner@example\.com$/m);
    expect(eml).toMatch(/^Subject: Verify your email$/m);
    expect(eml).toContain('Content-Type: text/plain');
    expect(eml).toContain('Content-Type: text/html');
    await mailer.close();
  });

  it('enqueue takes a deferred message: built in the background, null sends nothing', async () => {
    const mailer = createMailer({ from: 'L&D Assistant <no-reply@localhost>', dataDir, log: silent });
    mailer.enqueue(async () => null);
    mailer.enqueue(async () => ({ ...message, subject: 'Deferred' }));
    mailer.enqueue(async () => {
      throw new Error('look-up failed');
    });
    await mailer.idle();
    const files = await readdir(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(await readFile(path.join(dataDir, 'outbox', files[0]!), 'utf8')).toMatch(/^Subject: Deferred$/m);
    await mailer.close();
  });

  it('with SMTP_URL delivers through SMTP and writes nothing to the outbox', async () => {
    const received: Received[] = [];
    const server = await smtpListener(received);
    const { port } = server.address() as AddressInfo;
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      from: 'L&D Assistant <no-reply@example.com>',
      dataDir,
      log: silent,
    });
    expect(mailer.mode).toBe('smtp');
    mailer.enqueue(message);
    await mailer.idle();
    await mailer.close();
    server.close();

    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.from).toContain('no-reply@example.com');
    expect(mail!.to).toEqual(['<learner@example.com>']);
    expect(mail!.data).toMatch(/^Subject: Verify your email$/m);
    expect(mail!.data).toContain('Content-Type: text/plain');
    expect(mail!.data).toContain('Content-Type: text/html');
    expect(mail!.data).toContain('verify-email?token=abc');
    await expect(readdir(path.join(dataDir, 'outbox'))).rejects.toThrow();
  });
});
