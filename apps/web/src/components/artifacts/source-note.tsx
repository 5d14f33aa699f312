// Where a part of an artifact comes from: "From hand-hygiene.docx, part 3", the quoted passage behind it.
// A disclosure (summary/details): keyboard and touch open it, a screen reader announces it as expandable, and
// the quote is the summary's title for a mouse hover too.
import { FileText } from 'lucide-react';
import type { Citation } from '@app/api/schemas';
import { cn } from '@app/ui';

export const sourceLabel = (source: Pick<Citation, 'fileName' | 'part'>) =>
  `From ${source.fileName}, part ${source.part}`;

export function SourceNote({
  source,
  className,
}: {
  source: Citation | null | undefined;
  className?: string;
}) {
  if (!source) return null;
  return (
    <details className={cn('group/source min-w-0 text-xs', className)} data-testid="artifact-source">
      <summary
        className="text-muted-foreground hover:text-foreground flex w-fit max-w-full cursor-pointer list-none items-center gap-1 rounded-sm [&::-webkit-details-marker]:hidden"
        title={source.quote}
      >
        <FileText className="size-3.5 shrink-0" aria-hidden="true" />
        <span className="min-w-0 truncate underline decoration-dotted underline-offset-2">
          {sourceLabel(source)}
        </span>
        <span className="sr-only"> (show the quoted passage)</span>
      </summary>
      <blockquote
        className="border-primary/40 text-muted-foreground mt-1 border-l-2 pl-2 break-words whitespace-pre-wrap italic"
        data-testid="artifact-source-quote"
      >
        {source.quote}
      </blockquote>
    </details>
  );
}
