// Helpers of the team specs: the invite link from the mail outbox, and a team owner ready to invite.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { createUser, type E2EUser } from '../support/users';

function decodeQuotedPrintable(s: string) {
  return s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

function mailsTo(to: string): string[] {
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

/** Waits for an invite mail to `to` and returns the newest `/invite/{token}` link in it. */
export async function inviteLinkFromOutbox(to: string): Promise<string> {
  const re = /https?:\/\/[^\s"<>]+\/invite\/[A-Za-z0-9_-]+/g;
  let link: string | undefined;
  await expect
    .poll(
      () => {
        link = mailsTo(to)
          .flatMap((m) => m.match(re) ?? [])
          .at(-1);
        return link;
      },
      { timeout: 15_000, message: `an invite mail to ${to}` },
    )
    .toBeTruthy();
  return link!;
}

let n = 0;
export const teamEmail = (who: string) => `${who}-${Date.now()}-${++n}@example.com`;

/** A Team subscriber (active, one seat); their workspace is created on the first workspace call. */
export function createTeamOwner(request: APIRequestContext, firstName = 'Olive'): Promise<E2EUser> {
  return createUser(request, {
    plan: 'team',
    status: 'ACTIVE',
    firstName,
    lastName: 'Owner',
    email: teamEmail('owner'),
  });
}
