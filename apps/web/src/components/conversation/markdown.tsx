// Markdown rendering of assistant messages: GFM (tables, task lists), headings, lists, code blocks with
// syntax highlighting and a copy button, paragraphs over 200 characters clamped to three lines with 'Show more'
// only when the clamp actually hides something, and tables that scroll sideways instead of squeezing words.
// Check and cross marks (✅ ❌) are drawn as icons, which need no emoji font (markdown-marks.ts).
import { memo, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import ReactMarkdown, { defaultUrlTransform, type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import rehypeHighlight from 'rehype-highlight';
import { Check, CircleCheck, CircleX, Copy, ImageIcon } from 'lucide-react';
import { Button, cn, toast } from '@app/ui';
import { COLLAPSE_OVER_CHARS } from './conversation-utils';
import { MARK_CLASS, remarkAnswerMarks } from './markdown-marks';
import './markdown.css';

type HastNode = { type: string; value?: string; children?: HastNode[] };
const textOf = (n?: HastNode): string =>
  !n ? '' : n.type === 'text' ? (n.value ?? '') : (n.children ?? []).map(textOf).join('');

function CodeBlock({ children, code }: { children: ReactNode; code: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast.error('Failed to copy code');
    }
  };
  return (
    <div className="group/code relative my-3">
      <Button
        type="button"
        variant="ghost"
        size="sm"
        onClick={copy}
        aria-label={copied ? 'Code copied' : 'Copy code'}
        className="bg-background/80 absolute top-1.5 right-1.5 h-7 px-2 text-xs"
      >
        {copied ? <Check className="size-3.5" /> : <Copy className="size-3.5" />}
        {copied ? 'Copied' : 'Copy'}
      </Button>
      <pre className="bg-muted overflow-x-auto rounded-lg border p-3 pr-20 text-[13px] leading-relaxed">
        {children}
      </pre>
    </div>
  );
}

/** Whether a clamped element hides text (re-measured when its width changes). */
function useClipped(ref: React.RefObject<HTMLElement | null>, active: boolean) {
  const [clipped, setClipped] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !active) return;
    const measure = () => setClipped(el.scrollHeight - el.clientHeight > 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref, active]);
  return clipped;
}

function CollapsibleParagraph({ children, long }: { children: ReactNode; long: boolean }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLParagraphElement>(null);
  // A long paragraph on a wide screen may fit in three lines: then there is nothing to show more of.
  const clipped = useClipped(ref, long && !open);
  if (!long) return <p>{children}</p>;
  return (
    <div className="my-3">
      <p ref={ref} className={cn('my-0!', !open && 'line-clamp-3')}>
        {children}
      </p>
      {(clipped || open) && (
        <button
          type="button"
          onClick={() => setOpen((v) => !v)}
          className="text-primary mt-1 text-xs font-medium hover:underline"
          aria-expanded={open}
        >
          {open ? 'Show less' : 'Show more'}
        </button>
      )}
    </div>
  );
}

/**
 * Images a message may show inline: same-origin paths and data images. Any other source could carry
 * conversation text to a third party (a prompt injection in an uploaded file can ask for such an image), and
 * the browser would fetch it without a click; those render as a link instead.
 */
export function isInlineImageSrc(src: string | undefined): src is string {
  if (!src) return false;
  if (/^data:image\/(png|jpe?g|gif|webp|avif);/i.test(src)) return true;
  return src.startsWith('/') && !src.startsWith('//');
}

/** react-markdown's safe URL rule (no javascript: and friends), plus data images for `isInlineImageSrc`. */
function urlTransform(url: string, key: string) {
  if (key === 'src' && /^data:image\//i.test(url)) return url;
  return defaultUrlTransform(url);
}

function hostOf(src: string) {
  try {
    return new URL(src, window.location.href).host;
  } catch {
    return src;
  }
}

function makeComponents(collapse: boolean): Components {
  return {
    pre({ node, children }) {
      return <CodeBlock code={textOf(node as HastNode).replace(/\n$/, '')}>{children}</CodeBlock>;
    },
    p({ node, children }) {
      return (
        <CollapsibleParagraph long={collapse && textOf(node as HastNode).length > COLLAPSE_OVER_CHARS}>
          {children}
        </CollapsibleParagraph>
      );
    },
    table({ children }) {
      return (
        // Wider than the message: the table scrolls sideways (a focusable, named region for keyboards)
        // rather than squeezing each cell to one word per line.
        <div
          className="chat-table my-3 overflow-x-auto rounded-lg border"
          tabIndex={0}
          role="region"
          aria-label="Table"
        >
          <table className="my-0! w-full text-sm">{children}</table>
        </div>
      );
    },
    img({ src, alt }) {
      const url = typeof src === 'string' ? src : undefined;
      if (isInlineImageSrc(url))
        return <img src={url} alt={alt ?? ''} loading="lazy" className="max-w-full" />;
      if (!url) return null;
      return (
        <a href={url} target="_blank" rel="noreferrer noopener" className="inline-flex items-center gap-1">
          <ImageIcon className="size-3.5" aria-hidden />
          {alt || 'Image'} <span className="text-muted-foreground text-xs">({hostOf(url)})</span>
        </a>
      );
    },
    span({ className, children }) {
      const kind = className?.includes(MARK_CLASS.check)
        ? 'check'
        : className?.includes(MARK_CLASS.cross)
          ? 'cross'
          : null;
      if (!kind) return <span className={className}>{children}</span>;
      const Icon = kind === 'check' ? CircleCheck : CircleX;
      return (
        <span role="img" aria-label={`${kind} mark`} className="inline-flex align-[-0.15em]">
          <Icon
            aria-hidden
            className={cn(
              'size-[1.1em]',
              kind === 'check' ? 'text-status-success-foreground' : 'text-destructive',
            )}
          />
        </span>
      );
    },
    a({ children, href }) {
      return (
        <a href={href} target="_blank" rel="noreferrer noopener">
          {children}
        </a>
      );
    },
  };
}
const collapsing = makeComponents(true);
const plain = makeComponents(false);

export const Markdown = memo(function Markdown({
  content,
  streaming,
}: {
  content: string;
  streaming?: boolean;
}) {
  return (
    <div className="chat-markdown">
      <ReactMarkdown
        remarkPlugins={[remarkGfm, remarkAnswerMarks]}
        rehypePlugins={streaming ? [] : [[rehypeHighlight, { detect: true, ignoreMissing: true }]]}
        components={streaming ? plain : collapsing}
        urlTransform={urlTransform}
      >
        {content}
      </ReactMarkdown>
    </div>
  );
});
