// The dashboard plan card's team lines (Team plan): the team's shared quota and the viewer's own messages (and
// cap), with a link to /team.
import { Link } from 'react-router';
import { Users } from 'lucide-react';
import { Progress } from '@app/ui';
import { formatCount, usageWithCap } from './team-format';
import { useWorkspace } from './use-workspace';

export function TeamPlanUsage() {
  const ws = useWorkspace();
  if (!ws.data) return null;
  const { quota, me, workspace } = ws.data;
  const capPct = me.cap ? Math.min(100, (me.used / me.cap) * 100) : null;
  return (
    <div className="space-y-3 rounded-lg border p-3" data-testid="team-plan-usage">
      <div className="flex items-center justify-between gap-2 text-sm">
        <Link to="/team" className="flex min-w-0 items-center gap-1.5 font-medium hover:underline">
          <Users className="text-muted-foreground size-4 shrink-0" aria-hidden />
          <span className="truncate">{workspace.name}</span>
        </Link>
        <span className="text-muted-foreground shrink-0 text-xs">Team quota</span>
      </div>
      <div className="flex justify-between text-sm">
        <span className="text-muted-foreground">Team messages</span>
        <span className="font-medium tabular-nums" data-testid="team-usage-text">
          {formatCount(quota.used)} / {formatCount(quota.limit)}
        </span>
      </div>
      <div>
        <div className="flex justify-between text-sm">
          <span className="text-muted-foreground">Your messages</span>
          <span className="font-medium tabular-nums" data-testid="my-usage-text">
            {usageWithCap(me.used, me.cap)}
          </span>
        </div>
        {capPct !== null && (
          <Progress value={capPct} aria-label="Your messages of your cap" className="mt-1.5" />
        )}
      </div>
    </div>
  );
}
