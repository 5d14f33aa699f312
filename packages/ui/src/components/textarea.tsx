import * as React from 'react';
import { cn } from '../lib/utils';

const TEXTAREA_CLASSES = cn(
  'border-input placeholder:text-muted-foreground flex w-full rounded-md border bg-transparent px-3 py-2 text-base shadow-xs transition-[color,box-shadow] outline-none disabled:cursor-not-allowed disabled:opacity-50 md:text-sm dark:bg-input/30',
  'focus-visible:border-ring focus-visible:ring-ring/50 focus-visible:ring-[3px]',
  'aria-invalid:ring-destructive/20 dark:aria-invalid:ring-destructive/40 aria-invalid:border-destructive',
);

export function Textarea({ className, ...props }: React.ComponentProps<'textarea'>) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(TEXTAREA_CLASSES, 'field-sizing-content min-h-16', className)}
      {...props}
    />
  );
}

/**
 * A text area as tall as its text (issue 37 item 12: long objectives were cut in single-line inputs): it grows
 * and shrinks with the value and with its width, in every browser (CSS `field-sizing` is Chromium-only).
 * `singleLine` is for one-line texts that may wrap: it starts one row high, Enter submits the form as in an
 * input, and pasted line breaks become spaces.
 */
export function AutoTextarea({
  className,
  singleLine,
  rows,
  onChange,
  onKeyDown,
  ref,
  ...props
}: React.ComponentProps<'textarea'> & { singleLine?: boolean }) {
  const inner = React.useRef<HTMLTextAreaElement | null>(null);
  const fit = React.useCallback(() => {
    const el = inner.current;
    if (!el) return;
    const borders = el.offsetHeight - el.clientHeight;
    el.style.height = 'auto';
    el.style.height = `${el.scrollHeight + Math.max(0, borders)}px`;
  }, []);
  React.useLayoutEffect(fit, [fit, props.value]);
  React.useEffect(() => {
    const el = inner.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    // Refit when the width changes (a narrower box wraps into more lines), not on our own height changes.
    let width = el.clientWidth;
    const ro = new ResizeObserver(() => {
      if (el.clientWidth === width) return;
      width = el.clientWidth;
      fit();
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [fit]);
  const setRef = (el: HTMLTextAreaElement | null) => {
    inner.current = el;
    if (typeof ref === 'function') ref(el);
    else if (ref) ref.current = el;
  };
  return (
    <textarea
      data-slot="textarea"
      ref={setRef}
      rows={rows ?? (singleLine ? 1 : 2)}
      className={cn(TEXTAREA_CLASSES, 'min-h-9 resize-none overflow-hidden', className)}
      onKeyDown={(e) => {
        onKeyDown?.(e);
        if (!singleLine || e.defaultPrevented || e.key !== 'Enter' || e.nativeEvent.isComposing) return;
        e.preventDefault();
        e.currentTarget.form?.requestSubmit();
      }}
      onChange={(e) => {
        if (singleLine && /[\r\n]/.test(e.target.value))
          e.target.value = e.target.value.replace(/\s*[\r\n]+\s*/g, ' ');
        onChange?.(e);
      }}
      {...props}
    />
  );
}
