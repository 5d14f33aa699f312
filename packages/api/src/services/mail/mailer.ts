// One mailer for the whole app. With SMTP_URL it sends through nodemailer's SMTP transport; without it
// every message is rendered as an RFC 822 .eml file into DATA_DIR/outbox/ and its links are logged, so
// every email flow (verification, reset…) works offline and tests can read the messages.
import { randomBytes } from 'node:crypto';
import { access, constants, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from '../logger.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface SentMail {
  messageId?: string;
  /** The .eml file written when there is no SMTP server. */
  file?: string;
}

export interface Mailer {
  readonly mode: 'smtp' | 'outbox';
  /** The outbox folder (DATA_DIR/outbox) used without SMTP. */
  readonly outboxDir: string;
  /** Sends (or writes) one message; rejects when that fails. */
  send(msg: MailMessage): Promise<SentMail>;
  /**
   * Sends in the background (failures are logged): requests do not wait for, or reveal, mail delivery. A function
   * defers the work that decides on and builds the message too (look-ups, token writes), so a request for an
   * unknown address answers in the same time as one for a known address; it returns null to send nothing.
   */
  enqueue(msg: MailMessage | (() => Promise<MailMessage | null>)): void;
  /** Resolves when every enqueued message has been handled. */
  idle(): Promise<void>;
  /** Can mail go out: the SMTP server answers (EHLO/auth), or the outbox folder is writable. Throws if not. */
  check(): Promise<void>;
  close(): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: Logger;
}

const LINK_RE = /https?:\/\/[^\s"'<>]+/g;

/** A file name that sorts by time and names the recipient: 20261122T214500123Z_user@example.com_ab12cd.eml */
function outboxFileName(to: string) {
  const stamp = new Date().toISOString().replace(/[-:.]/g, '');
  const who = to.replace(/[^a-zA-Z0-9@._+-]/g, '_').slice(0, 100);
  return `${stamp}_${who}_${randomBytes(3).toString('hex')}.eml`;
}

export function createMailer(o: MailerOptions): Mailer {
  const outboxDir = path.join(o.dataDir, 'outbox');
  const smtp: Transporter | undefined = o.smtpUrl ? nodemailer.createTransport(o.smtpUrl) : undefined;
  // Renders the exact RFC 822 message nodemailer would send, without sending it.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const pending = new Set<Promise<unknown>>();

  async function send(msg: MailMessage): Promise<SentMail> {
    const mail = { from: o.from, to: msg.to, subject: msg.subject, text: msg.text, html: msg.html };
    if (smtp) {
      const info = await smtp.sendMail(mail);
      o.log.info({ to: msg.to, subject: msg.subject, messageId: info.messageId }, 'mail sent');
      return { messageId: info.messageId };
    }
    const info = await composer.sendMail(mail);
    await mkdir(outboxDir, { recursive: true });
    const file = path.join(outboxDir, outboxFileName(msg.to));
    await writeFile(file, info.message as Buffer);
    const links = [...new Set(msg.text.match(LINK_RE) ?? [])];
    o.log.info({ to: msg.to, subject: msg.subject, file, links }, `mail written to outbox: ${msg.subject}`);
    return { messageId: info.messageId, file };
  }

  return {
    mode: smtp ? 'smtp' : 'outbox',
    outboxDir,
    send,
    enqueue(msg) {
      const p = (async () => {
        const m = typeof msg === 'function' ? await msg() : msg;
        if (!m) return;
        await send(m).catch((err: unknown) =>
          o.log.error({ err, to: m.to, subject: m.subject }, 'mail delivery failed'),
        );
      })()
        .catch((err: unknown) => o.log.error({ err }, 'mail preparation failed'))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async idle() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
    async check() {
      if (smtp) {
        await smtp.verify();
        return;
      }
      await mkdir(outboxDir, { recursive: true });
      await access(outboxDir, constants.W_OK);
    },
    async close() {
      while (pending.size) await Promise.allSettled([...pending]);
      smtp?.close();
      composer.close();
    },
  };
}
