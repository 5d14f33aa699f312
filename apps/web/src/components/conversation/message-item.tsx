// One chat message: user bubble or assistant answer (Markdown), with copy (check mark for 2 s) and
// like/dislike feedback kept locally.
import { memo, useState, type ReactNode } from 'react';
import { Check, Copy, Sparkles, ThumbsDown, ThumbsUp } from 'lucide-react';
import { Button, cn, toast } from '@app/ui';
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

export const MessageItem = memo(function MessageItem({
  message,
  feedback,
  onFeedback,
  actions,
  extra,
}: {
  message: ConversationMessage;
  feedback: Feedback;
  onFeedback: (id: string, f: Feedback) => void;
  /** More buttons after copy and feedback (e.g. read aloud). */
  actions?: ReactNode;
  /** Under the text (e.g. attached files, or the files an answer used). */
  extra?: ReactNode;
}) {
  const [copied, setCopied] = useState(false);
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
    return (
      <div className="flex flex-col items-end gap-1.5" data-testid="chat-message" data-role="user">
        <div className="bg-primary text-primary-foreground max-w-[85%] rounded-2xl rounded-br-md px-4 py-2.5 text-sm whitespace-pre-wrap sm:max-w-[75%]">
          {message.content}
        </div>
        {extra}
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
    >
      <div className="bg-primary/10 text-primary mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full">
        <Sparkles className="size-4" />
      </div>
      <div className="min-w-0 flex-1 text-sm">
        {message.content ? (
          <Markdown content={message.content} streaming={message.streaming} />
        ) : (
          <TypingDots />
        )}
        {extra}
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
            {actions}
          </div>
        )}
      </div>
    </div>
  );
});
