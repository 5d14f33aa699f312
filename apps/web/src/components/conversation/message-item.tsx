// One chat message: user bubble or assistant answer (Markdown), with copy (check mark for 2 s), like/dislike
// feedback kept locally, its time on hover, 'Stopped' on an answer cut short, Regenerate on the last answer
// and Edit on the last user message.
import { memo, useEffect, useRef, useState, type ReactNode } from 'react';
import { format } from 'date-fns';
import { Check, Copy, Pencil, RotateCcw, Sparkles, ThumbsDown, ThumbsUp } from 'lucide-react';
import { Button, cn, Textarea, toast } from '@app/ui';
import { CHAT_MESSAGE_MAX_LENGTH } from '@app/api/schemas';
import type { ConversationMessage } from './types';
import { Markdown } from './markdown';

export type Feedback = 'like' | 'dislike' | undefined;

function TypingDots() {
  return (
    <span className="inline-flex items-center gap-1 py-2" aria-label="Generating answer" role="status">
      {[0, 1, 2].map((i) => (
        <span
          key={i}
          className="bg-muted-foreground/60 size-1.5 animate-bounce rounded-full"
          style={{ animationDelay: `${i * 150}ms` }}
        />
      ))}
    </span>
  );
}

/**
 * The message's time, shown on hover or focus (the full date in its title). Drawn by CSS from an attribute, so
 * the message's text (copy, tests, selection) stays the message alone.
 */
function MessageTime({ at, className }: { at: Date; className?: string }) {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return null;
  return (
    <time
      dateTime={date.toISOString()}
      title={format(date, 'PPpp')}
      data-testid="message-time"
      data-label={format(date, 'p')}
      className={cn(
        'text-muted-foreground text-xs opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 after:content-[attr(data-label)]',
        className,
      )}
    />
  );
}

/** Edit of the last user message: the text in a box, sent again with Save (Enter) or dropped with Cancel. */
function EditForm({
  initial,
  onSave,
  onCancel,
}: {
  initial: string;
  onSave: (text: string) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState(initial);
  const area = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const el = area.current;
    el?.focus();
    el?.setSelectionRange(el.value.length, el.value.length);
  }, []);
  const tooLong = text.length > CHAT_MESSAGE_MAX_LENGTH;
  const canSave = text.trim().length > 0 && !tooLong;
  return (
    <form
      className="flex w-full max-w-[85%] flex-col gap-2 sm:max-w-[75%]"
      data-testid="edit-message-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (canSave) onSave(text);
      }}
    >
      <Textarea
        ref={area}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onCancel();
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            if (canSave) onSave(text);
          }
        }}
        aria-label="Edit message"
        rows={3}
        className="max-h-60"
      />
      {tooLong && (
        <p className="text-destructive text-xs" role="alert">
          This message is {(text.length - CHAT_MESSAGE_MAX_LENGTH).toLocaleString('en-US')} characters over
          the {CHAT_MESSAGE_MAX_LENGTH.toLocaleString('en-US')}-character limit.
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={!canSave}>
          Save &amp; send
        </Button>
      </div>
    </form>
  );
}

export const MessageItem = memo(function MessageItem({
  message,
  feedback,
  onFeedback,
  actions,
  extra,
  textCollapsed,
  onRegenerate,
  onEdit,
}: {
  message: ConversationMessage;
  feedback: Feedback;
  onFeedback: (id: string, f: Feedback) => void;
  /** More buttons after copy and feedback (e.g. read aloud). */
  actions?: ReactNode;
  /** Under the text (e.g. attached files, or the files an answer used). */
  extra?: ReactNode;
  /** The text is shown another way under it (`extra`): keep it behind "Show as text". */
  textCollapsed?: boolean;
  /** The last answer: replace it with a new one. */
  onRegenerate?: () => void;
  /** The last user message: send it again changed. */
  onEdit?: (text: string) => void;
}) {
  const [copied, setCopied] = useState(false);
  const [editing, setEditing] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(message.content);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast.error('Failed to copy message');
    }
  };

  if (message.role === 'user') {
    if (editing && onEdit)
      return (
        <div className="flex flex-col items-end" data-testid="chat-message" data-role="user">
          <EditForm
            initial={message.content}
            onCancel={() => setEditing(false)}
            onSave={(text) => {
              setEditing(false);
              onEdit(text);
            }}
          />
        </div>
      );
    return (
      <div className="group flex flex-col items-end gap-1.5" data-testid="chat-message" data-role="user">
        <div className="bg-primary text-primary-foreground max-w-[85%] rounded-2xl rounded-br-md px-4 py-2.5 text-sm whitespace-pre-wrap sm:max-w-[75%]">
          {message.content}
        </div>
        {extra}
        <div className="flex items-center gap-1">
          <MessageTime at={message.createdAt} />
          {onEdit && (
            <Button
              variant="ghost"
              size="icon"
              className="text-muted-foreground size-7"
              onClick={() => setEditing(true)}
              aria-label="Edit message"
              title="Edit message"
            >
              <Pencil className="size-3.5" />
            </Button>
          )}
        </div>
      </div>
    );
  }

  const done = !message.streaming;
  return (
    <div
      className="group flex gap-3"
      data-testid="chat-message"
      data-role="assistant"
      data-streaming={message.streaming ? 'true' : undefined}
      data-stopped={message.stopped ? 'true' : undefined}
    >
      <div className="bg-primary/10 text-primary mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full">
        <Sparkles className="size-4" />
      </div>
      <div className="min-w-0 flex-1 text-sm">
        {message.content && textCollapsed && done ? (
          <details className="group/text" data-testid="message-text-collapsed">
            <summary className="text-muted-foreground hover:text-foreground w-fit cursor-pointer text-xs font-medium">
              Show as text
            </summary>
            <div className="mt-2">
              <Markdown content={message.content} />
            </div>
          </details>
        ) : message.content ? (
          <Markdown content={message.content} streaming={message.streaming} />
        ) : (
          <TypingDots />
        )}
        {extra}
        {done && message.stopped && (
          <p className="text-muted-foreground mt-1 text-xs italic" data-testid="message-stopped">
            Stopped — this answer was cut short.
          </p>
        )}
        {done && (
          <div className="text-muted-foreground mt-1 -ml-2 flex items-center gap-0.5">
            <Button
              variant="ghost"
              size="icon"
              className="size-7"
              onClick={copy}
              aria-label={copied ? 'Copied' : 'Copy message'}
            >
              {copied ? <Check className="size-3.5" /> : <Copy className="size-3.5" />}
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className={cn('size-7', feedback === 'like' && 'text-primary')}
              onClick={() => onFeedback(message.id, feedback === 'like' ? undefined : 'like')}
              aria-label="Good response"
              aria-pressed={feedback === 'like'}
            >
              <ThumbsUp className={cn('size-3.5', feedback === 'like' && 'fill-current')} />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className={cn('size-7', feedback === 'dislike' && 'text-destructive')}
              onClick={() => onFeedback(message.id, feedback === 'dislike' ? undefined : 'dislike')}
              aria-label="Bad response"
              aria-pressed={feedback === 'dislike'}
            >
              <ThumbsDown className={cn('size-3.5', feedback === 'dislike' && 'fill-current')} />
            </Button>
            {onRegenerate && (
              <Button
                variant="ghost"
                size="icon"
                className="size-7"
                onClick={onRegenerate}
                aria-label="Regenerate answer"
                title="Regenerate answer"
              >
                <RotateCcw className="size-3.5" />
              </Button>
            )}
            {actions}
            <MessageTime at={message.createdAt} className="ml-1" />
          </div>
        )}
      </div>
    </div>
  );
});
