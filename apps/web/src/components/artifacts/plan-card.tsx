// A learning plan as a timeline: each module with when, duration and modality, then its objectives,
// activities and assessments.
import { Clock } from 'lucide-react';
import { MODALITY_LABELS, type PlanArtifact } from '@app/api/schemas';
import { Badge } from '@app/ui';
import { formatMinutes } from './artifact-format';
import { SourceNote } from './source-note';

export function PlanCard({ data }: { data: PlanArtifact }) {
  return (
    <div className="grid gap-3">
      <p className="text-muted-foreground text-xs">
        {data.duration} ({formatMinutes(data.totalMinutes)} in total) · {data.modules.length}{' '}
        {data.modules.length === 1 ? 'module' : 'modules'} · for {data.audience}
      </p>
      <ol className="grid gap-0" aria-label="Modules">
        {data.modules.map((m, i) => (
          <li key={m.id} className="relative grid gap-1.5 pb-4 pl-7 last:pb-0">
            <span
              aria-hidden="true"
              className="bg-primary text-primary-foreground absolute top-0 left-0 flex size-5 items-center justify-center rounded-full text-[10px] font-semibold"
            >
              {i + 1}
            </span>
            {i < data.modules.length - 1 && (
              <span aria-hidden="true" className="bg-border absolute top-5 bottom-0 left-2.5 w-px" />
            )}
            <div className="flex flex-wrap items-center gap-1.5">
              {m.when && <Badge variant="secondary">{m.when}</Badge>}
              <h4 className="font-semibold">{m.title}</h4>
            </div>
            <p className="text-muted-foreground flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
              <span className="inline-flex items-center gap-1">
                <Clock className="size-3.5" aria-hidden="true" /> {formatMinutes(m.durationMinutes)}
              </span>
              <span>{MODALITY_LABELS[m.modality]}</span>
            </p>
            {m.objectives.length > 0 && (
              <Section title="Objectives">
                {m.objectives.map((o, k) => (
                  <li key={k}>{o}</li>
                ))}
              </Section>
            )}
            {m.activities.length > 0 && (
              <Section title="Activities">
                {m.activities.map((a, k) => (
                  <li key={k}>
                    {a.title}{' '}
                    <span className="text-muted-foreground">
                      · {a.type} · {formatMinutes(a.durationMinutes)}
                    </span>
                  </li>
                ))}
              </Section>
            )}
            {m.assessments.length > 0 && (
              <Section title="Assessments">
                {m.assessments.map((a, k) => (
                  <li key={k}>{a}</li>
                ))}
              </Section>
            )}
            <SourceNote source={m.source} />
          </li>
        ))}
      </ol>
    </div>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="text-xs">
      <p className="text-muted-foreground font-medium">{title}</p>
      <ul className="list-disc pl-4">{children}</ul>
    </div>
  );
}
