import { toHttpError } from '@app/api';
import type { RestRouter } from './route.js';

// SPEC §7 Authentication: the same procedures as /trpc auth.*, with the spec's paths and response shapes.
// POST /auth/register lives with registration (billing).
export function authRoutes(r: RestRouter) {
  r.post('/auth/login', (c, { body }) => c.auth.login(body as never));
  r.post('/auth/refresh', (c) => c.auth.refresh());
  r.post('/auth/logout', (c) => c.auth.logout());
  r.get('/auth/me', (c) => c.auth.me());
  r.put('/auth/profile', (c, { body }) => c.auth.updateProfile(body as never));
  r.put('/auth/password', (c, { body }) => c.auth.changePassword(body as never));
  r.delete('/auth/account', (c, { body }) => c.auth.deleteAccount(body as never));
  r.post('/auth/resend-verification', (c, { body }) => c.auth.resendVerification(body as never));
  r.post('/auth/forgot-password', (c, { body }) => c.auth.forgotPassword(body as never));
  r.post('/auth/reset-password', (c, { body }) => c.auth.resetPassword(body as never));
  // {verified, error}: 200 when verified, 400 with the reason otherwise (also for a malformed token).
  r.get('/auth/verify-email', async (c, { query, reply }) => {
    const raw: unknown = query.token;
    const token = typeof raw === 'string' ? raw.trim() : '';
    let result: { verified: boolean; error?: string | null };
    if (!token) result = { verified: false, error: 'No verification token provided' };
    else {
      result = await c.auth.verifyEmail({ token }).catch((err: unknown) => {
        if (toHttpError(err).status !== 400) throw err;
        return { verified: false, error: 'Invalid or expired verification link' };
      });
    }
    return reply.status(result.verified ? 200 : 400).send(result);
  });
}
