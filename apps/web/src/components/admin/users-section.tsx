// Users (SPEC §2 Users section, §3 Admin user row, §5 Reset Quota, §8 Admin toasts): a page of 10 users with
// search (email or name), plan and status filters; Reset Quota (disabled without a subscription, confirmed);
// admin rights granted or removed (the server refuses to remove the last admin and says why).
import { useEffect, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { SUBSCRIPTION_STATUS_VALUES } from '@app/api/schemas';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  Card,
  CardContent,
  DataTable,
  Input,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  toast,
} from '@app/ui';
import { useAuth } from '../../auth/auth-context';
import { useTRPC } from '../../lib/trpc';
import { statusLabel } from '../billing/subscription-format';
import { USERS_PAGE_SIZE, formatCount } from './admin-format';
import { SectionHeader } from './section-header';
import { serverMessage, useErrorToast } from './use-error-toast';
import { userColumns, type PendingUserAction } from './user-columns';

const ALL = 'all';

/** Typed text becomes the search after a short pause (Enter searches at once). */
function useDebounced(value: string, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return [debounced, setDebounced] as const;
}

type Pending = PendingUserAction | null;

export function UsersSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { user: me, refreshUser } = useAuth();
  const [text, setText] = useState('');
  const [search, setSearch] = useDebounced(text.trim(), 300);
  const [plan, setPlan] = useState(ALL);
  const [status, setStatus] = useState(ALL);
  const [page, setPage] = useState(1);
  const [pending, setPending] = useState<Pending>(null);

  // A new search or filter starts at page 1.
  useEffect(() => setPage(1), [search, plan, status]);

  const input = {
    page,
    limit: USERS_PAGE_SIZE,
    search: search || undefined,
    plan: plan === ALL ? undefined : plan,
    status: status === ALL ? undefined : (status as (typeof SUBSCRIPTION_STATUS_VALUES)[number]),
  };
  const users = useQuery({ ...trpc.admin.users.queryOptions(input), placeholderData: keepPreviousData });
  const plans = useQuery(trpc.admin.plans.queryOptions());
  useErrorToast(users, () => toast.error('Failed to fetch users'));

  const update = useMutation(trpc.admin.updateUser.mutationOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.users.queryKey() });

  async function confirm() {
    if (!pending) return;
    const { kind, user } = pending;
    const who = user.email;
    try {
      if (kind === 'reset') {
        await update.mutateAsync({ id: user.id, messagesUsed: 0 });
        toast.success('Quota reset', { description: `${who} has used 0 messages this period.` });
      } else {
        await update.mutateAsync({ id: user.id, isAdmin: kind === 'grant' });
        toast.success(kind === 'grant' ? 'Admin access granted' : 'Admin access removed', {
          description: who,
        });
        // Removing one's own rights ends the visit to /admin (the guard reads the refreshed user).
        if (user.id === me?.id) await refreshUser();
      }
    } catch (err) {
      if (kind === 'reset') toast.error('Failed to reset quota', { description: serverMessage(err, who) });
      else toast.error('Failed to update admin access', { description: serverMessage(err, who) });
    } finally {
      setPending(null);
      void refresh();
    }
  }

  const columns = userColumns({ busy: update.isPending, onPick: setPending });

  const data = users.data;
  return (
    <section className="space-y-6" aria-labelledby="admin-users-title">
      <SectionHeader
        title={<span id="admin-users-title">Users</span>}
        subtitle="Search accounts, check their plan and usage, and reset quotas"
      />
      <Card>
        <CardContent className="space-y-4">
          <form
            role="search"
            className="flex flex-col gap-3 lg:flex-row"
            onSubmit={(e) => {
              e.preventDefault();
              setSearch(text.trim());
            }}
          >
            <div className="relative flex-1">
              <Search
                className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2"
                aria-hidden
              />
              <Input
                type="search"
                value={text}
                onChange={(e) => setText(e.target.value)}
                placeholder="Search by email or name..."
                aria-label="Search users"
                className="pl-9"
              />
            </div>
            <div className="grid grid-cols-2 gap-3 sm:flex">
              <Select value={plan} onValueChange={setPlan}>
                <SelectTrigger aria-label="Plan" className="w-full sm:w-40">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={ALL}>All plans</SelectItem>
                  <SelectItem value="free">Free (no plan)</SelectItem>
                  {(plans.data?.plans ?? []).map((p) => (
                    <SelectItem key={p.id} value={p.id}>
                      {p.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <Select value={status} onValueChange={setStatus}>
                <SelectTrigger aria-label="Status" className="w-full sm:w-44">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={ALL}>All statuses</SelectItem>
                  {SUBSCRIPTION_STATUS_VALUES.map((s) => (
                    <SelectItem key={s} value={s}>
                      {statusLabel(s)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          </form>
          <DataTable
            aria-label="Users"
            columns={columns}
            rows={data?.users ?? []}
            getRowId={(u) => u.id}
            loading={!data && users.isPending}
            empty={users.isError && !data ? 'Users could not be loaded.' : 'No users match these filters.'}
            pagination={{
              page,
              pageSize: USERS_PAGE_SIZE,
              total: data?.pagination.total ?? 0,
              onPageChange: setPage,
              itemLabel: 'users',
            }}
          />
        </CardContent>
      </Card>

      <AlertDialog open={!!pending} onOpenChange={(o) => !o && !update.isPending && setPending(null)}>
        <AlertDialogContent>
          {pending && <ConfirmText pending={pending} isSelf={pending.user.id === me?.id} />}
          <AlertDialogFooter>
            <AlertDialogCancel disabled={update.isPending}>Cancel</AlertDialogCancel>
            <AlertDialogAction
              variant={pending?.kind === 'revoke' ? 'destructive' : 'default'}
              disabled={update.isPending}
              onClick={(e) => {
                e.preventDefault();
                void confirm();
              }}
            >
              {pending?.kind === 'reset'
                ? 'Reset Quota'
                : pending?.kind === 'grant'
                  ? 'Make admin'
                  : 'Remove admin access'}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}

function ConfirmText({ pending, isSelf }: { pending: NonNullable<Pending>; isSelf: boolean }) {
  const { kind, user } = pending;
  if (kind === 'reset') {
    const s = user.subscription;
    return (
      <AlertDialogHeader>
        <AlertDialogTitle>Reset quota?</AlertDialogTitle>
        <AlertDialogDescription>
          {user.email} has used {formatCount(s?.messagesUsed)} of {formatCount(s?.messageLimit)} messages this
          period. Resetting sets the count to 0 for the current period.
        </AlertDialogDescription>
      </AlertDialogHeader>
    );
  }
  return (
    <AlertDialogHeader>
      <AlertDialogTitle>{kind === 'grant' ? 'Make admin?' : 'Remove admin access?'}</AlertDialogTitle>
      <AlertDialogDescription>
        {kind === 'grant'
          ? `${user.email} will be an Administrator: the admin area, every user, the usage logs and payments.`
          : isSelf
            ? 'This is your own account: you will leave the admin area and lose access to it.'
            : `${user.email} will no longer be an Administrator.`}
      </AlertDialogDescription>
    </AlertDialogHeader>
  );
}
