// /team/notifications (issue 39): mentions, comments and replies, status changes and approvals, newest first;
// unread ones are marked. 'Mark all read' clears the header's count; opening one marks it read.
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell, CheckCheck } from 'lucide-react';
import { Button, Skeleton, cn } from '@app/ui';
import { useTRPC } from '../../lib/trpc';

const when = (d: Date | string) =>
  new Date(d).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export default function NotificationsPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.review.notifications.queryOptions());
  const read = useMutation(
    trpc.review.readNotifications.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.review.notifications.queryKey() }),
    }),
  );
  return (
    <div className="mx-auto w-full max-w-3xl min-w-0 space-y-5 px-3 py-8 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="flex items-center gap-2 text-3xl font-bold tracking-tight">
          <Bell className="size-6" aria-hidden /> Notifications
        </h1>
        <Button
          variant="outline"
          size="sm"
          disabled={!list.data?.unread || read.isPending}
          onClick={() => read.mutate({})}
        >
          <CheckCheck aria-hidden /> Mark all read
        </Button>
      </div>
      {list.isPending ? (
        <Skeleton className="h-40" />
      ) : !list.data || list.data.notifications.length === 0 ? (
        <p className="text-muted-foreground rounded-lg border border-dashed p-6 text-center text-sm">
          Nothing yet. Mentions, comments on your artifacts and approvals show here.
        </p>
      ) : (
        <ul className="grid gap-2" data-testid="notifications">
          {list.data.notifications.map((n) => (
            <li key={n.id} data-read={n.read} data-testid="notification">
              <Link
                to={
                  n.artifactId
                    ? `/team/library/${n.artifactId}${n.commentId ? `#comment-${n.commentId}` : ''}`
                    : '/team/library'
                }
                onClick={() => !n.read && read.mutate({ ids: [n.id] })}
                className={cn(
                  'hover:bg-muted/50 focus-visible:ring-ring/50 grid gap-0.5 rounded-lg border p-3 text-sm outline-none focus-visible:ring-[3px]',
                  !n.read && 'border-primary/40 bg-primary/5',
                )}
              >
                <span className={cn(!n.read && 'font-medium')}>
                  {!n.read && <span className="sr-only">Unread: </span>}
                  {n.text}
                </span>
                <span className="text-muted-foreground text-xs">{when(n.createdAt)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
