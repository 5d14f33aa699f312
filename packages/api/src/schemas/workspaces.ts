// Inputs of the team-workspace procedures (issue 14): invites, members, seats, ownership. The usage log of a
// workspace takes the admin usage-log inputs as they are (schemas/admin.ts), so the filters stay one schema.
import { z } from 'zod';
import { accountInputSchema, emailSchema } from './auth.js';
import { MAX_SEATS } from './subscriptions.js';

/** Workspace roles as the API speaks them. */
export const WORKSPACE_ROLES = ['OWNER', 'ADMIN', 'MEMBER'] as const;
export type WorkspaceRoleName = (typeof WORKSPACE_ROLES)[number];
/** Roles an invite or a role change may give (ownership only moves by `transfer`). */
export const ASSIGNABLE_ROLES = ['ADMIN', 'MEMBER'] as const;

/** How many addresses one invite request may carry. */
export const MAX_INVITE_EMAILS = 50;
/** How long an invite link works. */
export const INVITE_TTL_DAYS = 7;
export const WORKSPACE_NAME_MAX = 100;
/** The largest per-member monthly cap accepted (far above any plan's per-seat quota). */
export const MAX_MEMBER_CAP = 1_000_000;

const assignableRole = z.enum(ASSIGNABLE_ROLES, { error: 'role must be ADMIN or MEMBER' });
const idField = (name: string) => z.string().trim().min(1, `${name} is required`).max(100);
/** The raw invite token from the link: 32 random bytes, base64url (43 characters). */
const tokenField = z
  .string()
  .trim()
  .min(1, 'token is required')
  .max(200, 'This invite link is not valid.')
  .regex(/^[A-Za-z0-9_-]+$/, 'This invite link is not valid.');

export const inviteMembersInput = z.object({
  emails: z
    .array(emailSchema)
    .min(1, 'Enter at least one email address')
    .max(MAX_INVITE_EMAILS, `At most ${MAX_INVITE_EMAILS} addresses per invite`),
  role: assignableRole.default('MEMBER'),
});
export type InviteMembersInput = z.input<typeof inviteMembersInput>;

export const inviteIdInput = z.object({ inviteId: idField('inviteId') });
export const inviteTokenInput = z.object({ token: tokenField });

export const updateMemberInput = z
  .object({
    userId: idField('userId'),
    role: assignableRole.optional(),
    /** Messages per period for this member; null removes the cap. */
    messageCap: z
      .number()
      .int('messageCap must be a whole number')
      .min(0, 'messageCap cannot be negative')
      .max(MAX_MEMBER_CAP, `messageCap must be at most ${MAX_MEMBER_CAP}`)
      .nullable()
      .optional(),
  })
  .refine((v) => v.role !== undefined || v.messageCap !== undefined, {
    message: 'Nothing to change: give role or messageCap',
  });
export type UpdateMemberInput = z.input<typeof updateMemberInput>;

export const memberIdInput = z.object({ userId: idField('userId') });

export const setSeatsInput = z.object({
  seats: z
    .number()
    .int('seats must be a whole number')
    .min(1, 'seats must be at least 1')
    .max(MAX_SEATS, `seats must be at most ${MAX_SEATS}; contact us for a larger team`),
});
export type SetSeatsInput = z.input<typeof setSeatsInput>;

export const renameWorkspaceInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Enter a workspace name')
    .max(WORKSPACE_NAME_MAX, `The name must be at most ${WORKSPACE_NAME_MAX} characters`),
});
export type RenameWorkspaceInput = z.input<typeof renameWorkspaceInput>;

/**
 * Sign-up from an invite link: the account for the invite's address (the link, mailed there, proves it), no
 * card and no trial — the team's subscription covers the new member.
 */
export const inviteSignUpInput = accountInputSchema.omit({ email: true }).extend({
  token: tokenField,
  sendTips: z.boolean().optional(),
});
export type InviteSignUpInput = z.input<typeof inviteSignUpInput>;
