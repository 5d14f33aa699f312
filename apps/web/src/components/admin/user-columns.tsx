// The columns of the admin Users table (SPEC §3 Admin user row): who, plan, status, messages used against the
// quota, chats, joined, and the row's actions (Reset Quota; Make admin or Remove admin access).
import { MoreHorizontal, RotateCcw, ShieldCheck, ShieldOff } from 'lucide-react';
import {
  Badge,
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
  Progress,
  type DataTableColumn,
} from '@app/ui';
import {
  USAGE_BAR_CLASS,
  formatPlanName,
  statusLabel,
  statusVariant,
  usagePercent,
  usageTone,
} from '../billing/subscription-format';
import { formatCount, formatDay, personName } from './admin-format';
import type { AdminUserRow } from './types';

/** An action picked on a row, waiting for its confirmation. */
export type PendingUserAction = { kind: 'reset' | 'grant' | 'revoke'; user: AdminUserRow };

export function userColumns({
  busy,
  onPick,
}: {
  /** An update is under way: Reset Quota waits. */
  busy: boolean;
  onPick(action: PendingUserAction): void;
}): DataTableColumn<AdminUserRow>[] {
  return [
    {
      id: 'user',
      header: 'User',
      cell: (u) => {
        const name = personName(u);
        return (
          <div className="flex min-w-48 flex-col gap-0.5">
            <span className="flex items-center gap-2 font-medium">
              <span className="truncate">{name || '—'}</span>
              {u.isAdmin && (
                <Badge variant="secondary" title="Administrator" data-testid="admin-badge">
                  <ShieldCheck aria-hidden /> Admin
                </Badge>
              )}
            </span>
            <span className="text-muted-foreground truncate text-sm">{u.email}</span>
            <span className="text-muted-foreground font-mono text-[11px]" title={u.id}>
              ID {u.id}
            </span>
          </div>
        );
      },
    },
    {
      id: 'plan',
      header: 'Plan',
      cell: (u) => formatPlanName(u.subscription?.planName ?? u.subscription?.plan),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (u) => (
        <Badge variant={statusVariant(u.subscription?.status)} data-testid="user-status">
          {statusLabel(u.subscription?.status)}
        </Badge>
      ),
    },
    {
      id: 'usage',
      header: 'Messages used',
      cell: (u) => {
        if (!u.subscription) return <span className="text-muted-foreground">—</span>;
        const { messagesUsed, messageLimit } = u.subscription;
        const pct = usagePercent(messagesUsed, messageLimit);
        return (
          <div className="flex min-w-28 flex-col gap-1">
            <span className="tabular-nums" data-testid="user-usage">
              {formatCount(messagesUsed)} / {formatCount(messageLimit)}
            </span>
            <Progress
              value={pct}
              className="h-1.5"
              indicatorClassName={USAGE_BAR_CLASS[usageTone(pct)]}
              aria-label={`${Math.round(pct)}% of the quota used`}
            />
          </div>
        );
      },
    },
    {
      id: 'chats',
      header: 'Chats',
      align: 'right',
      cell: (u) => <span className="tabular-nums">{formatCount(u.chatSessionCount)}</span>,
    },
    { id: 'joined', header: 'Joined', cell: (u) => formatDay(u.createdAt) },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'right',
      cell: (u) => (
        <div className="flex items-center justify-end gap-1">
          <Button
            variant="outline"
            size="sm"
            disabled={!u.subscription || busy}
            title={u.subscription ? undefined : 'No subscription to reset'}
            onClick={() => onPick({ kind: 'reset', user: u })}
          >
            <RotateCcw aria-hidden /> Reset Quota
          </Button>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon" aria-label={`More actions for ${u.email}`}>
                <MoreHorizontal />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              {u.isAdmin ? (
                <DropdownMenuItem variant="destructive" onSelect={() => onPick({ kind: 'revoke', user: u })}>
                  <ShieldOff /> Remove admin access
                </DropdownMenuItem>
              ) : (
                <DropdownMenuItem onSelect={() => onPick({ kind: 'grant', user: u })}>
                  <ShieldCheck /> Make admin
                </DropdownMenuItem>
              )}
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      ),
    },
  ];
}
