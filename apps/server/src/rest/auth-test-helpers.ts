// Helpers for the auth API tests: the refresh cookie of a response and links from the mail outbox.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REFRESH_REUSE_GRACE_MS, type Services } from '@app/api';

export interface InjectedCookie {
  name: string;
  value: string;
  path?: string;
  maxAge?: number;
  expires?: Date;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
}

export function refreshCookies(res: { cookies: InjectedCookie[] }) {
  return res.cookies.filter((c) => c.name === 'refreshToken');
}

/** The refresh token value a response set (both paths carry the same value). */
export function refreshTokenOf(res: { cookies: InjectedCookie[] }): string {
  const cs = refreshCookies(res);
  if (!cs.length || !cs[0]!.value) throw new Error('no refreshToken cookie set');
  return cs[0]!.value;
}

/** Dates the user's exchanged refresh tokens' exchange back past the reuse grace (sessions.ts). */
export async function pastReuseGrace(db: Services['db'], userId: string) {
  await db.refreshToken.updateMany({
    where: { userId, replacedAt: { not: null } },
    data: { replacedAt: new Date(Date.now() - REFRESH_REUSE_GRACE_MS - 1_000) },
  });
}

/** Undoes quoted-printable soft breaks and escapes, enough to read links out of an .eml file. */
export function decodeQuotedPrintable(s: string) {
  return s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

export function outboxMessages(dataDir: string, to: string) {
  const dir = path.join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => readFileSync(path.join(dir, f), 'utf8'))
    .filter((eml) => new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}\\s*$`, 'mi').test(eml))
    .map((eml) => {
      const decoded = decodeQuotedPrintable(eml);
      return { raw: eml, subject: /^Subject: (.*)$/m.exec(eml)?.[1] ?? '', decoded };
    });
}

/** The token of the newest `/verify-email` or `/reset-password` link mailed to `to`. */
export function latestToken(dataDir: string, to: string, kind: 'verify-email' | 'reset-password') {
  const re = new RegExp(`/${kind}\\?token=([A-Za-z0-9_-]+)`);
  const found = outboxMessages(dataDir, to)
    .map((m) => re.exec(m.decoded)?.[1])
    .filter(Boolean);
  return found.at(-1);
}
