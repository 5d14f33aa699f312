// What an SME walkthrough produced: the outline, the tasks step by step, common errors with their
// consequences and fixes, draft objectives and the open points to confirm with the expert.
import type { SmeSummaryArtifact } from '@app/api/schemas';
import { ObjectiveLine } from './objectives-card';

export function SmeSummaryCard({ data }: { data: SmeSummaryArtifact }) {
  return (
    <div className="grid gap-4">
      <p className="text-muted-foreground text-xs">
        {data.topic} · for {data.audience}
      </p>
      <Part title="Outline">
        <ol className="grid gap-2">
          {data.outline.map((m, i) => (
            <li key={i}>
              <p className="font-medium">{m.module}</p>
              <ul className="list-disc pl-5 text-xs">
                {m.points.map((p, k) => (
                  <li key={k}>{p}</li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </Part>
      {data.tasks.length > 0 && (
        <Part title="Tasks">
          <div className="grid gap-2">
            {data.tasks.map((t, i) => (
              <div key={i}>
                <p className="font-medium">{t.task}</p>
                <ol className="list-decimal pl-5 text-xs">
                  {t.steps.map((s, k) => (
                    <li key={k}>{s}</li>
                  ))}
                </ol>
              </div>
            ))}
          </div>
        </Part>
      )}
      {data.commonErrors.length > 0 && (
        <Part title="Common errors">
          <ul className="grid gap-2">
            {data.commonErrors.map((e, i) => (
              <li key={i} className="rounded-md border px-3 py-2 text-xs">
                <p className="text-sm font-medium">{e.error}</p>
                {e.consequence && (
                  <p>
                    <span className="text-muted-foreground">Consequence: </span>
                    {e.consequence}
                  </p>
                )}
                {e.fix && (
                  <p>
                    <span className="text-muted-foreground">Fix: </span>
                    {e.fix}
                  </p>
                )}
              </li>
            ))}
          </ul>
        </Part>
      )}
      {data.draftObjectives.length > 0 && (
        <Part title="Draft objectives">
          <ul className="grid gap-2">
            {data.draftObjectives.map((o) => (
              <li key={o.id}>
                <ObjectiveLine objective={o} />
              </li>
            ))}
          </ul>
        </Part>
      )}
      {data.gaps.length > 0 && (
        <Part title="To confirm with the expert">
          <ul className="list-disc pl-5 text-xs">
            {data.gaps.map((g, i) => (
              <li key={i}>{g}</li>
            ))}
          </ul>
        </Part>
      )}
    </div>
  );
}

function Part({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="grid gap-1.5">
      <h4 className="text-muted-foreground text-xs font-semibold tracking-wide uppercase">{title}</h4>
      {children}
    </section>
  );
}
