// The header's notifications entry (issue 39): a bell with the unread count, for team members; it opens
// /team/notifications. Polled every minute while the page is open.
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { Button } from '@app/ui';
import { useTRPC } from '../../lib/trpc';

export function NotificationsBell({ enabled }: { enabled: boolean }) {
  const trpc = useTRPC();
  const list = useQuery({
    ...trpc.review.notifications.queryOptions(),
    enabled,
    refetchInterval: 60_000,
    staleTime: 15_000,
  });
  if (!enabled) return null;
  const unread = list.data?.unread ?? 0;
  const label = unread ? `Notifications (${unread} unread)` : 'Notifications';
  return (
    <Button asChild variant="ghost" size="icon" className="relative rounded-full">
      <Link to="/team/notifications" aria-label={label} title={label} data-testid="notifications-bell">
        <Bell aria-hidden />
        {unread > 0 && (
          <span
            className="bg-primary text-primary-foreground absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full px-1 text-[10px] leading-none font-semibold"
            data-testid="notifications-unread"
            aria-hidden
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </Link>
    </Button>
  );
}
