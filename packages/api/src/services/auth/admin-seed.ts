// ADMIN_EMAIL + ADMIN_PASSWORD: at start the server ensures this verified admin account exists and
// signs in with exactly that password (an existing user is promoted and its password updated).
import type { Services } from '../container.js';
import { hashPassword, verifyPassword } from '../passwords.js';
import { normaliseEmail } from './accounts.js';
import { isCommonPassword } from './password-policy.js';

export async function ensureAdminAccount(
  services: Pick<Services, 'config' | 'db' | 'log' | 'userCache'>,
): Promise<'created' | 'updated' | 'unchanged' | 'skipped'> {
  const admin = services.config.admin;
  if (!admin) return 'skipped';
  const email = normaliseEmail(admin.email);
  const db = services.db;
  if (admin.password.length < 8 || isCommonPassword(admin.password)) {
    services.log.warn({ email }, 'ADMIN_PASSWORD is short or very common; choose a strong one');
  }
  const existing = await db.user.findUnique({ where: { email } });
  if (!existing) {
    try {
      await db.user.create({
        data: {
          email,
          passwordHash: await hashPassword(admin.password),
          firstName: 'Admin',
          isAdmin: true,
          isEmailVerified: true,
          emailVerifiedAt: new Date(),
        },
      });
      services.log.info({ email }, 'admin account created');
      return 'created';
    } catch (err) {
      // Another instance starting at the same time created it: fall through to the update.
      if (!(await db.user.findUnique({ where: { email }, select: { id: true } }))) throw err;
    }
  }
  const user = (await db.user.findUnique({ where: { email } }))!;
  const passwordOk = await verifyPassword(user.passwordHash, admin.password);
  if (passwordOk && user.isAdmin && user.isEmailVerified) return 'unchanged';
  await db.user.update({
    where: { id: user.id },
    data: {
      isAdmin: true,
      isEmailVerified: true,
      emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
      ...(passwordOk ? {} : { passwordHash: await hashPassword(admin.password) }),
    },
  });
  await services.userCache.invalidate(user.id);
  services.log.info({ email }, 'admin account updated');
  return 'updated';
}
