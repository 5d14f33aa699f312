// Helpers for the auth specs: read links from the server's mail outbox ($E2E_DATA_DIR/outbox/*.eml) and
// give each spec file its own client IP (the server trusts X-Forwarded-For) so per-IP rate limits of one
// file do not leak into another.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

function decodeQuotedPrintable(s: string) {
  return s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

function messagesTo(to: string) {
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  if (!existsSync(dir)) return [];
  const header = new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}\\s*$`, 'mi');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => readFileSync(path.join(dir, f), 'utf8'))
    .filter((eml) => header.test(eml))
    .map(decodeQuotedPrintable);
}

/** Waits for a mail to `to` containing a `/verify-email` or `/reset-password` link and returns the newest link. */
export async function linkFromOutbox(to: string, kind: 'verify-email' | 'reset-password', after = 0) {
  const re = new RegExp(`https?://[^\\s"<>]+/${kind}\\?token=[A-Za-z0-9_-]+`, 'g');
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const links = messagesTo(to).flatMap((m) => [...new Set(m.match(re) ?? [])]);
        link = links.length > after ? links.at(-1) : undefined;
        return link;
      },
      { timeout: 15_000, message: `a ${kind} mail to ${to}` },
    )
    .toBeTruthy();
  return link!;
}

export function countLinks(to: string, kind: 'verify-email' | 'reset-password') {
  const re = new RegExp(`/${kind}\\?token=[A-Za-z0-9_-]+`);
  return messagesTo(to).filter((m) => re.test(m)).length;
}

let ipSeed = Math.floor(Math.random() * 200);
/** A documentation-range IP (RFC 5737) for X-Forwarded-For. */
export function freshClientIp() {
  ipSeed = (ipSeed + 1) % 250;
  return `198.51.100.${ipSeed + 1}`;
}
