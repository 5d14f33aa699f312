// auth router: the account lifecycle (SPEC §2 Login/Verification/Reset/Profile, §4 Auth, §7 Authentication).
// The REST adapter (apps/server/src/rest/auth.ts) calls these same procedures.
import { router, proceduresFiledUnder, userFromBearer } from '../trpc.js';
import { USAGE_ACTIONS } from '../schemas/admin.js';
import {
  signInWith,
  clearRefreshCookies,
  clientOf,
  presentedRefreshToken,
  withRotatedCookie,
} from '../auth-cookies.js';
import { endRefreshSession } from '../services/auth/sessions.js';
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

const { protectedProcedure, publicProcedure } = proceduresFiledUnder(USAGE_ACTIONS.USER_LOGIN);

export const authRouter = router({
  register: publicProcedure.input(registerSchema).mutation(signInWith(registerAccount)),
  /** {accessToken, user}; 401 'Invalid credentials'; 403 EMAIL_NOT_VERIFIED; 429 when rate limited. */
  login: publicProcedure.input(loginSchema).mutation(signInWith(flows.login)),
  /** Rotates the refresh cookie: {accessToken}. */
  refresh: publicProcedure.mutation(({ ctx }) =>
    withRotatedCookie(ctx, () => flows.refresh(ctx.services, presentedRefreshToken(ctx), clientOf(ctx))),
  ),
  /** Revokes the cookie's refresh family and clears the cookie; ends the access tokens of its user (or the bearer's). */
  logout: publicProcedure.mutation(async ({ ctx }) => {
    const ended = await endRefreshSession(ctx.services.db, presentedRefreshToken(ctx));
    clearRefreshCookies(ctx);
    const userId = ended ?? (ctx.req.bearer ? (await userFromBearer(ctx))?.id : undefined);
    return flows.logout(ctx.services, userId);
  }),
  // Every page load reads the profile: logging each would bury real sign-ins under 'User Login'.
  me: protectedProcedure
    .meta({ quietOnSuccess: true })
    .query(({ ctx }) => ({ user: toPublicUser(ctx.user) })),

  /** {verified, error}: a mutation because it consumes the single-use token. */
  verifyEmail: publicProcedure
    .input(verifyEmailSchema)
    .mutation(({ ctx, input }) => flows.verifyEmail(ctx.services, input.token)),
  resendVerification: publicProcedure.input(resendVerificationSchema).mutation(({ ctx, input }) =>
    flows.resendVerification(
      ctx.services,
      ctx.req.ip,
      input,
      // The same bearer check as the auth middleware (protectedProcedure); this call is public for {email}.
      ctx.req.bearer ? () => userFromBearer(ctx) : null,
    ),
  ),
  forgotPassword: publicProcedure
    .input(forgotPasswordSchema)
    .mutation(({ ctx, input }) => flows.forgotPassword(ctx.services, ctx.req.ip, input)),
  resetPassword: publicProcedure
    .input(resetPasswordSchema)
    .mutation(({ ctx, input }) => flows.resetPassword(ctx.services, input)),

  /** {user, message}; a changed email must be verified again. */
  updateProfile: protectedProcedure
    .input(updateProfileSchema)
    .mutation(({ ctx, input }) => flows.updateProfile(ctx.services, ctx.user.id, input)),
  changePassword: protectedProcedure
    .input(changePasswordSchema)
    .mutation(({ ctx, input }) =>
      flows.changePassword(ctx.services, ctx.user.id, input, presentedRefreshToken(ctx)),
    ),
  deleteAccount: protectedProcedure.input(deleteAccountSchema).mutation(async ({ ctx, input }) => {
    const result = await flows.deleteAccount(ctx.services, ctx.user.id, input);
    clearRefreshCookies(ctx);
    return result;
  }),
});
