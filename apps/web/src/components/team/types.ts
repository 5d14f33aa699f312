// The team screens' data, typed from the `workspaces` router (what the server really answers, dates included).
import type { inferInput, inferOutput, TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@app/api/client';

type Proxy = TRPCOptionsProxy<AppRouter>['workspaces'];

export type CurrentWorkspace = inferOutput<Proxy['current']>;
export type WorkspaceMembers = inferOutput<Proxy['members']>;
export type WorkspaceMember = WorkspaceMembers['members'][number];
export type WorkspaceInvite = WorkspaceMembers['invites'][number];
export type InviteInfo = inferOutput<Proxy['inviteInfo']>;
export type InviteResult = inferOutput<Proxy['invite']>;
export type InviteRequest = inferInput<Proxy['invite']>;
