import type { ReactNode } from 'react';
import { cn } from '@app/ui';

/** Eyebrow + title + lead paragraph used at the top of each marketing section. */
export function SectionHeading({
  eyebrow,
  title,
  children,
  className,
  id,
}: {
  eyebrow: string;
  title: ReactNode;
  children?: ReactNode;
  className?: string;
  id?: string;
}) {
  return (
    <div className={cn('mx-auto max-w-2xl text-center', className)}>
      <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      {children && (
        <p className="mt-4 text-base leading-relaxed text-pretty text-muted-foreground sm:text-lg">
          {children}
        </p>
      )}
    </div>
  );
}
