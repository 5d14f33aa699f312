// The product mark (same drawing as public/favicon.svg) and wordmark.
import { cn } from '@app/ui';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('size-8 shrink-0', className)} aria-hidden focusable="false">
      <rect width="32" height="32" rx="8" fill="#4f46e5" />
      {/* An open book with a spark: expert knowledge turned into training. */}
      <path
        d="M6.5 10.2c3.3-1.2 6.4-.9 8.7.9v11.6c-2.3-1.6-5.4-1.9-8.7-.8zM25.5 10.2c-3.3-1.2-6.4-.9-8.7.9v11.6c2.3-1.6 5.4-1.9 8.7-.8z"
        fill="#fff"
      />
      <path d="M21.5 4.5l.7 1.6 1.6.7-1.6.7-.7 1.6-.7-1.6-1.6-.7 1.6-.7z" fill="#c7d2fe" />
    </svg>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <LogoMark />
      <span className="text-base font-semibold tracking-tight whitespace-nowrap">
        L&amp;D <span className="text-primary">Assistant</span>
      </span>
    </span>
  );
}
