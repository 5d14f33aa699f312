// The Usage Logs buttons: Refresh, Clear Test Data (the platform's only, behind a confirmation) and Export CSV.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, RefreshCw, Trash2 } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
  Button,
  Spinner,
  cn,
  toast,
} from '@app/ui';
import { useTRPC } from '../../../lib/trpc';
import { usageCsvFileName } from '../admin-format';
import { downloadServerCsv } from '../download';
import type { UsageFilters, UsageSource } from '../usage-source';

export function UsageActions({
  source,
  filters,
  refreshing,
  onRefresh,
  nothingToExport,
  onCleared,
}: {
  source: UsageSource;
  filters: UsageFilters;
  refreshing: boolean;
  onRefresh(): void;
  nothingToExport: boolean;
  onCleared(): void;
}) {
  return (
    <>
      <Button variant="outline" onClick={onRefresh} aria-busy={refreshing || undefined}>
        <RefreshCw aria-hidden className={cn(refreshing && 'animate-spin')} data-spinning={refreshing} />
        Refresh
      </Button>
      {source.kind === 'platform' && <ClearTestDataButton onCleared={onCleared} />}
      <ExportCsvButton exportPath={source.exportPath} filters={filters} nothingToExport={nothingToExport} />
    </>
  );
}

function ClearTestDataButton({ onCleared }: { onCleared(): void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const clear = useMutation(trpc.admin.clearTestUsage.mutationOptions());

  async function clearTestData() {
    try {
      const { deletedCount } = await clear.mutateAsync();
      toast.success('Test Data Cleared', { description: `Cleared ${deletedCount} test usage records` });
      onCleared();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.admin.logs.queryKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.admin.usageAnalytics.queryKey() }),
      ]);
    } catch {
      toast.error('Error', { description: 'Failed to clear test data. Please try again.' });
    }
  }

  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" disabled={clear.isPending}>
          {clear.isPending ? <Spinner /> : <Trash2 aria-hidden />}
          Clear Test Data
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Clear test data?</AlertDialogTitle>
          <AlertDialogDescription>
            This permanently deletes the usage records of test accounts (addresses at example.com, .test and
            other reserved domains) and of test helpers. Real customers&apos; records are kept.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={() => void clearTestData()}>
            Clear Test Data
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** Export CSV: every log matching the filters (not only this page), as the server streams it. */
function ExportCsvButton({
  exportPath,
  filters,
  nothingToExport,
}: {
  exportPath: string;
  filters: UsageFilters;
  nothingToExport: boolean;
}) {
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadServerCsv(exportPath, filters, usageCsvFileName());
      toast.success('Export Complete', { description: 'Usage logs have been exported to CSV' });
    } catch {
      toast.error('Export Failed', { description: 'Failed to export usage logs. Please try again.' });
    } finally {
      setExporting(false);
    }
  }

  return (
    <Button
      onClick={() => void exportCsv()}
      disabled={exporting || nothingToExport}
      aria-busy={exporting || undefined}
      title="Every log matching the filters, as CSV"
    >
      {exporting ? <Spinner /> : <Download aria-hidden />}
      Export CSV
    </Button>
  );
}
