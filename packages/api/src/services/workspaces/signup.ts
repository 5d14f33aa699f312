// A new visitor joins from an invite link (issue 14): the account is created for the invite's address — already
// verified, since the link was mailed there — with no card and no trial of its own, and joins the team in the
// same transaction (the team's subscription pays for it). Then the visitor is signed in like after a
// registration. Someone with an account signs in and uses acceptInvite instead.
import type { z } from 'zod';
import type { Services } from '../container.js';
import type { AuthRequest } from '../auth/flows.js';
import type { inviteSignUpInput } from '../../schemas/workspaces.js';
import { createAccount, issueSession } from '../auth/accounts.js';
import { assertPasswordAllowed } from '../auth/password-policy.js';
import { hashPassword } from '../passwords.js';
import { assertUsable, inviteByToken, joinByInvite } from './invites.js';

export async function signUpWithInvite(
  services: Pick<Services, 'accessTokens' | 'db' | 'rateLimiter' | 'usage'>,
  req: AuthRequest,
  input: z.output<typeof inviteSignUpInput>,
) {
  const db = services.db;
  // The same per-IP limit as registration: an invite link must not become a way around it.
  await services.rateLimiter.consume('register', req.ip);
  const invite = await inviteByToken(db, input.token);
  assertUsable(invite);
  assertPasswordAllowed(input.password);
  // argon2 is slow on purpose: hash before the transaction so it does not hold a connection (PGlite has one).
  const passwordHash = await hashPassword(input.password);
  const userId = await db.$transaction(
    async (tx) => {
      const user = await createAccount(
        tx,
        {
          email: invite.email,
          password: input.password,
          firstName: input.firstName,
          lastName: input.lastName,
        },
        { passwordHash },
      );
      await tx.user.update({
        where: { id: user.id },
        data: {
          isEmailVerified: true,
          emailVerifiedAt: new Date(),
          ...(input.sendTips === false ? { sendTips: false } : {}),
        },
      });
      await joinByInvite(tx, invite, user.id);
      return user.id;
    },
    { timeout: 20_000, maxWait: 20_000 },
  );
  const { refresh, answer: session } = await issueSession(services, req, userId, { remember: false });
  await services.usage.log({
    userId,
    action: 'SUBSCRIPTION',
    endpoint: req.endpoint,
    workspaceId: invite.workspaceId,
    details: `Signed up and joined ${invite.workspace.name} as ${invite.role.toLowerCase()}`,
  });
  return {
    refresh,
    answer: {
      token: session.accessToken,
      accessToken: session.accessToken,
      user: session.user,
      workspaceId: invite.workspaceId,
      workspaceName: invite.workspace.name,
    },
  };
}
