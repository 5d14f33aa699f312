// The product mark (same drawing as public/favicon.svg) and wordmark.
import { cn } from '@app/ui';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('size-8 shrink-0', className)} aria-hidden focusable="false">
      <rect width="32" height="32" rx="8" fill="#4f46e5" />
      <path d="M9 22V10h3v9.5h6V22zM20 10h3v12h-3z" fill="#fff" />
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
