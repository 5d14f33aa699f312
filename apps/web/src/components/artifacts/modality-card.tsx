// Modality advice: a table (objective | modality | rationale | effort | tools) that scrolls sideways on phones,
// the constraints weighed and the blend in a paragraph.
import { MODALITY_LABELS, type ModalityArtifact } from '@app/api/schemas';
import { Badge, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@app/ui';

const EFFORT_VARIANT = { low: 'success', medium: 'secondary', high: 'warning' } as const;

export function ModalityCard({ data }: { data: ModalityArtifact }) {
  return (
    <div className="grid gap-3">
      <p className="text-muted-foreground text-xs">
        {data.topic} · for {data.audience}
      </p>
      {data.constraints.length > 0 && (
        <div className="flex flex-wrap items-center gap-1.5 text-xs">
          <span className="text-muted-foreground font-medium">Constraints:</span>
          {data.constraints.map((c, i) => (
            <Badge key={i} variant="outline" className="font-normal whitespace-normal">
              {c}
            </Badge>
          ))}
        </div>
      )}
      {/* The Table primitive scrolls its own container sideways on narrow screens. */}
      <Table className="min-w-[640px] text-xs">
        <TableHeader>
          <TableRow>
            <TableHead>Objective</TableHead>
            <TableHead>Modality</TableHead>
            <TableHead>Rationale</TableHead>
            <TableHead>Effort</TableHead>
            <TableHead>Tools</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {data.recommendations.map((r, i) => (
            <TableRow key={i}>
              <TableCell className="max-w-56 align-top whitespace-normal">{r.objective}</TableCell>
              <TableCell className="align-top font-medium">{MODALITY_LABELS[r.modality]}</TableCell>
              <TableCell className="max-w-72 align-top whitespace-normal">{r.rationale}</TableCell>
              <TableCell className="align-top">
                <Badge variant={EFFORT_VARIANT[r.effort]}>{r.effort}</Badge>
              </TableCell>
              <TableCell className="align-top whitespace-normal">{r.tools.join(', ') || '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <p className="whitespace-pre-wrap">{data.summary}</p>
    </div>
  );
}
