import { describe, expect, it } from 'vitest';
import {
  canInvite,
  canLeave,
  canManageMember,
  canManageSeats,
  canSeeUsage,
  canSetCaps,
  canTransfer,
  type WorkspaceRole,
} from './permissions';

const who = (role: WorkspaceRole, userId = role.toLowerCase()) => ({ role, userId });

describe('workspace role permissions', () => {
  it('owner: everything, but cannot leave', () => {
    for (const can of [canInvite, canSeeUsage, canManageSeats, canTransfer, canSetCaps])
      expect(can('OWNER')).toBe(true);
    expect(canLeave('OWNER')).toBe(false);
  });

  it('admin: invites and sees usage; no billing, transfer or caps; may leave', () => {
    expect(canInvite('ADMIN')).toBe(true);
    expect(canSeeUsage('ADMIN')).toBe(true);
    expect(canManageSeats('ADMIN')).toBe(false);
    expect(canTransfer('ADMIN')).toBe(false);
    expect(canSetCaps('ADMIN')).toBe(false);
    expect(canLeave('ADMIN')).toBe(true);
  });

  it('member: no management at all; may leave', () => {
    for (const can of [canInvite, canSeeUsage, canManageSeats, canTransfer, canSetCaps])
      expect(can('MEMBER')).toBe(false);
    expect(canLeave('MEMBER')).toBe(true);
    expect(canInvite(undefined)).toBe(false);
  });

  it('managers act on roles below owner, never on the owner or themselves', () => {
    expect(canManageMember(who('OWNER'), who('ADMIN'))).toBe(true);
    expect(canManageMember(who('OWNER'), who('MEMBER'))).toBe(true);
    expect(canManageMember(who('ADMIN'), who('MEMBER'))).toBe(true);
    expect(canManageMember(who('ADMIN'), who('ADMIN', 'other-admin'))).toBe(true);
    expect(canManageMember(who('ADMIN'), who('OWNER'))).toBe(false);
    expect(canManageMember(who('ADMIN', 'a'), who('ADMIN', 'a'))).toBe(false);
    expect(canManageMember(who('MEMBER'), who('MEMBER', 'other'))).toBe(false);
  });
});
