// /team/library (issue 39): what the team shares — search by title, filter by kind, status, owner and tag, newest
// first, 20 a page; each entry opens the shared artifact with its review. Someone in no team is sent to /team.
import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Library, MessageSquare, Search } from 'lucide-react';
import {
  ARTIFACT_KINDS,
  ARTIFACT_KIND_LABELS,
  REVIEW_STATUSES,
  REVIEW_STATUS_LABELS,
  type ArtifactKind,
  type ReviewStatus,
} from '@app/api/schemas';
import {
  Alert,
  AlertDescription,
  Badge,
  Button,
  Input,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Skeleton,
} from '@app/ui';
import { errorMessage } from '../../auth/errors';
import { useTRPC } from '../../lib/trpc';
import { StatusBadge } from '../../components/review/status-badge';
import type { LibraryEntry } from '../../components/review/review-types';
import { useWorkspace } from '../../components/team/use-workspace';

const ALL = 'all';
const when = (d: Date | string) => new Date(d).toLocaleDateString(undefined, { dateStyle: 'medium' });

export default function LibraryPage() {
  const ws = useWorkspace();
  if (ws.none) return <Navigate to="/team" replace />;
  return (
    <div className="mx-auto w-full max-w-5xl min-w-0 space-y-5 px-3 py-8 sm:px-6 lg:px-8">
      <Button asChild variant="ghost" size="sm" className="-ml-2">
        <Link to="/team">
          <ArrowLeft aria-hidden /> Team
        </Link>
      </Button>
      <div>
        <p className="text-muted-foreground flex items-center gap-1.5 text-sm">
          <Library className="size-4" aria-hidden /> {ws.data?.workspace.name ?? 'Team workspace'}
        </p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight">Library</h1>
        <p className="text-muted-foreground mt-1 text-sm">
          Artifacts your team shares for review. Share yours from its card’s Review button.
        </p>
      </div>
      <LibraryList />
    </div>
  );
}

function LibraryList() {
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useState(params.get('q') ?? '');
  const kind = params.get('kind') ?? ALL;
  const status = params.get('status') ?? ALL;
  const owner = params.get('owner') ?? ALL;
  const tag = params.get('tag') ?? ALL;
  const page = Number(params.get('page') ?? '1') || 1;
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value === ALL || value === '') next.delete(key);
    else next.set(key, value);
    if (key !== 'page') next.delete('page');
    setParams(next, { replace: true });
  };
  const lib = useQuery(
    trpc.review.library.queryOptions({
      ...(params.get('q') ? { q: params.get('q')! } : {}),
      ...(kind !== ALL ? { kind: kind as ArtifactKind } : {}),
      ...(status !== ALL ? { status: status as ReviewStatus } : {}),
      ...(owner !== ALL ? { owner } : {}),
      ...(tag !== ALL ? { tag } : {}),
      page,
    }),
  );
  const pages = lib.data ? Math.max(1, Math.ceil(lib.data.total / lib.data.pageSize)) : 1;
  return (
    <div className="grid gap-4">
      <form
        role="search"
        className="grid gap-2 sm:grid-cols-[1fr_auto]"
        onSubmit={(e) => {
          e.preventDefault();
          set('q', q.trim());
        }}
      >
        <div className="relative">
          <Search className="text-muted-foreground absolute top-2.5 left-2.5 size-4" aria-hidden />
          <Input
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder="Search titles"
            aria-label="Search the library"
            className="pl-8"
          />
        </div>
        <Button type="submit" variant="outline">
          Search
        </Button>
      </form>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        <Filter label="Kind" value={kind} onChange={(v) => set('kind', v)}>
          {ARTIFACT_KINDS.map((k) => (
            <SelectItem key={k} value={k}>
              {ARTIFACT_KIND_LABELS[k]}
            </SelectItem>
          ))}
        </Filter>
        <Filter label="Status" value={status} onChange={(v) => set('status', v)}>
          {REVIEW_STATUSES.map((st) => (
            <SelectItem key={st} value={st}>
              {REVIEW_STATUS_LABELS[st]}
            </SelectItem>
          ))}
        </Filter>
        <Filter label="Owner" value={owner} onChange={(v) => set('owner', v)}>
          {(lib.data?.owners ?? []).map((o) => (
            <SelectItem key={o.id} value={o.id}>
              {o.name}
            </SelectItem>
          ))}
        </Filter>
        <Filter label="Tag" value={tag} onChange={(v) => set('tag', v)}>
          {(lib.data?.tags ?? []).map((t) => (
            <SelectItem key={t} value={t}>
              #{t}
            </SelectItem>
          ))}
        </Filter>
      </div>
      {lib.isPending ? (
        <Skeleton className="h-48" />
      ) : !lib.data ? (
        <Alert variant="destructive">
          <AlertDescription>{errorMessage(lib.error, 'The library could not be loaded.')}</AlertDescription>
        </Alert>
      ) : lib.data.entries.length === 0 ? (
        <p
          className="text-muted-foreground rounded-lg border border-dashed p-6 text-center text-sm"
          data-testid="library-empty"
        >
          {lib.data.total === 0 && !params.toString()
            ? 'Nothing is shared yet. Open an artifact in the assistant, choose Review and switch on sharing.'
            : 'No shared artifact matches these filters.'}
        </p>
      ) : (
        <ul className="grid gap-2" data-testid="library-list">
          {lib.data.entries.map((e) => (
            <LibraryRow key={e.artifactId} entry={e} />
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label="Pages" className="flex items-center justify-center gap-2">
          <Button
            size="sm"
            variant="outline"
            disabled={page <= 1}
            onClick={() => set('page', String(page - 1))}
          >
            Previous
          </Button>
          <span className="text-sm">
            Page {page} of {pages}
          </span>
          <Button
            size="sm"
            variant="outline"
            disabled={page >= pages}
            onClick={() => set('page', String(page + 1))}
          >
            Next
          </Button>
        </nav>
      )}
    </div>
  );
}

function Filter({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange(v: string): void;
  children: React.ReactNode;
}) {
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger className="w-full sm:w-44" aria-label={label}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL}>{`Any ${label.toLowerCase()}`}</SelectItem>
        {children}
      </SelectContent>
    </Select>
  );
}

function LibraryRow({ entry: e }: { entry: LibraryEntry }) {
  return (
    <li data-testid="library-entry" data-artifact-id={e.artifactId}>
      <Link
        to={`/team/library/${e.artifactId}`}
        className="hover:bg-muted/50 focus-visible:ring-ring/50 grid gap-1 rounded-lg border p-3 outline-none focus-visible:ring-[3px]"
      >
        <span className="flex flex-wrap items-center gap-2">
          <span className="text-primary text-xs font-semibold tracking-wide uppercase">
            {ARTIFACT_KIND_LABELS[e.kind]}
          </span>
          <StatusBadge status={e.status} />
          {e.openComments > 0 && (
            <Badge variant="outline">
              <MessageSquare aria-hidden /> {e.openComments}
            </Badge>
          )}
        </span>
        <span className="font-medium break-words">{e.title}</span>
        <span className="text-muted-foreground flex flex-wrap gap-x-3 text-xs">
          <span>{e.owner.name}</span>
          <span>Version {e.version}</span>
          {e.approvedVersion && <span>Approved v{e.approvedVersion}</span>}
          <span>Updated {when(e.updatedAt)}</span>
          {e.tags.map((t) => (
            <span key={t}>#{t}</span>
          ))}
        </span>
      </Link>
    </li>
  );
}
