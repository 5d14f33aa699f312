// Objectives: each with its Bloom-level badge, the behaviour, and its condition and criterion when given.
import type { Objective, ObjectivesArtifact } from '@app/api/schemas';
import { BloomBadge } from './bloom-badge';
import { SourceNote } from './source-note';

export function ObjectiveLine({ objective }: { objective: Objective }) {
  return (
    <div className="grid gap-1">
      <div className="flex flex-col items-start gap-1 sm:flex-row sm:gap-2">
        <BloomBadge level={objective.bloomLevel} />
        <p className="min-w-0 sm:flex-1">
          {objective.audience && <span className="text-muted-foreground">{objective.audience} will </span>}
          <span className="font-medium">{objective.behavior}</span>
        </p>
      </div>
      {(objective.condition || objective.criterion) && (
        <dl className="text-muted-foreground grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-xs">
          {objective.condition && (
            <>
              <dt className="font-medium">Condition</dt>
              <dd>{objective.condition}</dd>
            </>
          )}
          {objective.criterion && (
            <>
              <dt className="font-medium">Criterion</dt>
              <dd>{objective.criterion}</dd>
            </>
          )}
        </dl>
      )}
      <SourceNote source={objective.source} />
    </div>
  );
}

export function ObjectivesCard({ data }: { data: ObjectivesArtifact }) {
  return (
    <div className="grid gap-3">
      <p className="text-muted-foreground text-xs">
        {data.topic} · for {data.audience}
      </p>
      <ol className="grid gap-3">
        {data.objectives.map((o, i) => (
          <li key={o.id} className="flex gap-2">
            <span className="text-muted-foreground w-5 shrink-0 text-right tabular-nums">{i + 1}.</span>
            <div className="min-w-0 flex-1">
              <ObjectiveLine objective={o} />
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
