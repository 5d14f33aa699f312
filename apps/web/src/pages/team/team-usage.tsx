// /team/usage (issue 14): the admin back office's Usage Logs screen scoped to the team — filters, date range,
// summary cards, chart and CSV export — for its owner and admins. Members are sent to /team; someone in no team
// sees why.
import { Link, Navigate } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle, Button, Skeleton } from '@app/ui';
import { errorMessage } from '../../auth/errors';
import { UsageSection } from '../../components/admin/usage-section';
import { canSeeUsage, type WorkspaceRole } from '../../components/team/permissions';
import { useWorkspace } from '../../components/team/use-workspace';
import { workspaceUsageSource } from '../../components/team/workspace-usage-source';

export default function TeamUsagePage() {
  const ws = useWorkspace();
  return (
    <div className="mx-auto w-full max-w-7xl min-w-0 space-y-4 px-3 py-8 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button asChild variant="ghost" size="sm" className="-ml-2">
          <Link to="/team">
            <ArrowLeft aria-hidden /> Team
          </Link>
        </Button>
      </div>
      <h1 className="sr-only">Team usage{ws.data ? ` — ${ws.data.workspace.name}` : ''}</h1>
      {ws.isPending ? (
        <Skeleton className="h-96" />
      ) : ws.none ? (
        <Navigate to="/team" replace />
      ) : !ws.data ? (
        <Alert variant="destructive">
          <AlertTitle>Your team could not be loaded</AlertTitle>
          <AlertDescription>{errorMessage(ws.error, 'Please try again.')}</AlertDescription>
        </Alert>
      ) : !canSeeUsage(ws.data.role as WorkspaceRole) ? (
        <Navigate to="/team" replace />
      ) : (
        <UsageSection source={workspaceUsageSource} />
      )}
    </div>
  );
}
