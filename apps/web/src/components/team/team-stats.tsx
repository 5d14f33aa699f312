// The three figures at the top of /team: seats (paid, used, a pending drop), the team's messages this period, and
// the viewer's own messages (with their cap).
import { Armchair, MessagesSquare, UserRound } from 'lucide-react';
import { StatCard } from '@app/ui';
import { formatCount, formatDate, usageWithCap } from './team-format';
import type { CurrentWorkspace } from './types';

export function TeamStats({ ws }: { ws: CurrentWorkspace }) {
  const used = ws.memberCount + ws.pendingInvites;
  const periodEnd = ws.quota.periodEnd ? formatDate(ws.quota.periodEnd) : null;
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <StatCard
        title="Seats"
        value={`${formatCount(used)} / ${formatCount(ws.seats)}`}
        icon={<Armchair />}
        hint={
          ws.pendingSeats != null && ws.pendingSeats !== ws.seats
            ? `${ws.pendingSeats} from the next renewal`
            : `${ws.memberCount} ${ws.memberCount === 1 ? 'member' : 'members'}, ${ws.pendingInvites} invited`
        }
        data-testid="stat-seats"
      />
      <StatCard
        title="Team messages"
        value={`${formatCount(ws.quota.used)} / ${formatCount(ws.quota.limit)}`}
        icon={<MessagesSquare />}
        hint={periodEnd ? `This period · resets ${periodEnd}` : 'This period'}
        data-testid="stat-team-usage"
      />
      <StatCard
        title="Your messages"
        value={usageWithCap(ws.me.used, ws.me.cap)}
        icon={<UserRound />}
        hint={ws.me.cap == null ? 'No personal cap' : 'Your cap this period'}
        data-testid="stat-my-usage"
      />
    </div>
  );
}
