// The scenario's graph as a nested list (readable by screen readers, no graph library): each node under the
// choice that leads to it, repeats as "back to …" references, and nodes no choice reaches listed apart.
import { CornerDownRight, Flag, Undo2 } from 'lucide-react';
import type { ScenarioArtifact } from '@app/api/schemas';
import { Badge, cn } from '@app/ui';
import { scenarioTree, type ScenarioTreeNode } from './scenario-play';
import { OutcomeBadge } from './scenario-outcome';

function TreeItem({ t, currentId }: { t: ScenarioTreeNode; currentId?: string }) {
  const title = t.node?.title ?? `Missing node “${t.nodeId}”`;
  return (
    <li className="grid gap-1">
      <div className="flex flex-wrap items-center gap-1.5">
        {t.via && (
          <span className="text-muted-foreground inline-flex items-center gap-1">
            <CornerDownRight className="size-3.5" aria-hidden="true" />
            <span className="italic">“{t.via.text}”</span>
            <span className="tabular-nums">
              ({t.via.score > 0 ? '+' : ''}
              {t.via.score})
            </span>
            <span aria-hidden="true">→</span>
          </span>
        )}
        {t.repeat ? (
          <span className="inline-flex items-center gap-1">
            <Undo2 className="size-3.5" aria-hidden="true" /> back to {title}
          </span>
        ) : (
          <span
            className={cn(
              'rounded px-1.5 py-0.5 font-medium',
              !t.node && 'text-status-error-foreground bg-status-error',
              t.nodeId === currentId && 'bg-primary/10 text-primary',
            )}
            aria-current={t.nodeId === currentId ? 'step' : undefined}
          >
            {title}
          </span>
        )}
        {!t.repeat && t.node?.ending && <OutcomeBadge outcome={t.node.ending.outcome} />}
        {!t.repeat && t.node && !t.node.ending && t.node.choices.length === 0 && (
          <Badge variant="warning">Dead end</Badge>
        )}
      </div>
      {t.children.length > 0 && (
        <ul className="border-border ml-2 grid gap-1 border-l pl-3">
          {t.children.map((c) => (
            <TreeItem key={`${c.via?.choiceId}-${c.nodeId}`} t={c} currentId={currentId} />
          ))}
        </ul>
      )}
    </li>
  );
}

export function ScenarioGraph({ data, currentId }: { data: ScenarioArtifact; currentId?: string }) {
  const { root, unreachable } = scenarioTree(data);
  return (
    <div className="grid gap-3 overflow-x-auto text-xs" data-testid="scenario-graph">
      <p className="text-muted-foreground inline-flex items-center gap-1">
        <Flag className="size-3.5" aria-hidden="true" /> {data.nodes.length} nodes, starting at “
        {root.node?.title ?? root.nodeId}”
      </p>
      <ul aria-label="Scenario map" className="grid gap-1">
        <TreeItem t={root} currentId={currentId} />
      </ul>
      {unreachable.length > 0 && (
        <div className="grid gap-1">
          <p className="text-status-warning-foreground font-medium">Not reachable from the start</p>
          <ul className="grid gap-1">
            {unreachable.map((u) => (
              <TreeItem key={u.nodeId} t={u} currentId={currentId} />
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
