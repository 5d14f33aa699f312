// auth router: the account lifecycle (SPEC §2 Login/Verification/Reset/Profile, §4 Auth, §7 Authentication).
// The REST adapter (apps/server/src/rest/auth.ts) calls these same procedures.
import { router, protectedProcedure, publicProcedure } from '../trpc.js';
import { toPublicUser } from '../services/users.js';
import * as flows from '../services/auth/flows.js';
import { registerAccount } from '../services/auth/registration.js';
import {
  changePasswordSchema,
  deleteAccountSchema,
  forgotPasswordSchema,
  loginSchema,
  resendVerificationSchema,
  resetPasswordSchema,
  updateProfileSchema,
  verifyEmailSchema,
} from '../schemas/auth.js';
import { registerSchema } from '../schemas/registration.js';

export const authRouter = router({
  register: publicProcedure.input(registerSchema).mutation(({ ctx, input }) => registerAccount(ctx, input)),
  /** {accessToken, user}; 401 'Invalid credentials'; 403 EMAIL_NOT_VERIFIED; 429 when rate limited. */
  login: publicProcedure.input(loginSchema).mutation(({ ctx, input }) => flows.login(ctx, input)),
  /** Rotates the refresh cookie: {accessToken}. */
  refresh: publicProcedure.mutation(({ ctx }) => flows.refresh(ctx)),
  logout: publicProcedure.mutation(({ ctx }) => flows.logout(ctx)),
  me: protectedProcedure.query(({ ctx }) => ({ user: toPublicUser(ctx.user) })),

  /** {verified, error}: a mutation because it consumes the single-use token. */
  verifyEmail: publicProcedure
    .input(verifyEmailSchema)
    .mutation(({ ctx, input }) => flows.verifyEmail(ctx.services, input.token)),
  resendVerification: publicProcedure
    .input(resendVerificationSchema)
    .mutation(({ ctx, input }) => flows.resendVerification(ctx, input)),
  forgotPassword: publicProcedure
    .input(forgotPasswordSchema)
    .mutation(({ ctx, input }) => flows.forgotPassword(ctx, input)),
  resetPassword: publicProcedure
    .input(resetPasswordSchema)
    .mutation(({ ctx, input }) => flows.resetPassword(ctx.services, input)),

  /** {user, message}; a changed email must be verified again. */
  updateProfile: protectedProcedure
    .input(updateProfileSchema)
    .mutation(({ ctx, input }) => flows.updateProfile(ctx, ctx.user.id, input)),
  changePassword: protectedProcedure
    .input(changePasswordSchema)
    .mutation(({ ctx, input }) => flows.changePassword(ctx, ctx.user.id, input)),
  deleteAccount: protectedProcedure
    .input(deleteAccountSchema)
    .mutation(({ ctx, input }) => flows.deleteAccount(ctx, ctx.user.id, input)),
});
