// The message box: Enter sends, Shift+Enter adds a newline, grows up to 120 px; Stop while generating. Near the
// 8,000-character limit a counter appears; over it a plain-words message says by how much, and send waits.
import {
  forwardRef,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { ArrowUp, Square } from 'lucide-react';
import { Button, cn, Textarea } from '@app/ui';
import { CHAT_MESSAGE_MAX_LENGTH } from '@app/api/schemas';
import { INPUT_MAX_HEIGHT_PX } from './conversation-utils';

/** The counter shows from this share of the limit on. */
export const COUNTER_FROM = 0.9;
const fmt = (n: number) => n.toLocaleString('en-US');

export interface ComposerHandle {
  focus(): void;
}

export interface ComposerProps {
  value: string;
  onChange: (v: string) => void;
  onSend: () => void;
  onStop: () => void;
  sending: boolean;
  /** A reply is being generated in another chat: no send (one at a time), and no Stop here. */
  busy?: boolean;
  disabled?: boolean;
  /** No send for now (e.g. files still uploading), but the text can still be edited. */
  sendDisabled?: boolean;
  placeholder?: string;
  /** Inside the box before the text, e.g. an upload button. */
  addon?: ReactNode;
  /** The longest message the server takes. */
  maxLength?: number;
  /** The text box's id (the skip link's target). */
  id?: string;
}

export const Composer = forwardRef<ComposerHandle, ComposerProps>(function Composer(
  {
    value,
    onChange,
    onSend,
    onStop,
    sending,
    busy,
    disabled,
    sendDisabled,
    placeholder,
    addon,
    maxLength = CHAT_MESSAGE_MAX_LENGTH,
    id,
  },
  ref,
) {
  const over = value.length - maxLength;
  const showCounter = value.length >= maxLength * COUNTER_FROM;
  const area = useRef<HTMLTextAreaElement>(null);
  useImperativeHandle(ref, () => ({ focus: () => area.current?.focus() }), []);

  useLayoutEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, INPUT_MAX_HEIGHT_PX)}px`;
    el.style.overflowY = el.scrollHeight > INPUT_MAX_HEIGHT_PX ? 'auto' : 'hidden';
  }, [value]);

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      if (!sending && !busy && !sendDisabled && over <= 0 && value.trim()) onSend();
    }
  };

  const canSend = !sending && !busy && !disabled && !sendDisabled && over <= 0 && value.trim().length > 0;
  return (
    <div>
      <div className="bg-background focus-within:ring-ring/50 flex items-end gap-2 rounded-2xl border p-2 shadow-sm focus-within:ring-[3px]">
        {addon}
        <Textarea
          ref={area}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
          rows={1}
          placeholder={placeholder}
          aria-label="Message"
          id={id}
          aria-describedby={showCounter ? 'composer-counter' : undefined}
          aria-invalid={over > 0 || undefined}
          disabled={disabled}
          className="max-h-[120px] min-h-9 resize-none border-0 bg-transparent px-2 py-1.5 shadow-none focus-visible:ring-0 dark:bg-transparent"
        />
        {sending ? (
          // Keys: Stop and Send are different buttons. Reusing one element let a pointer aimed at Stop land on a
          // disabled Send when the answer ended in between.
          <Button
            key="stop"
            type="button"
            size="icon"
            variant="outline"
            onClick={onStop}
            aria-label="Stop generating"
            className="shrink-0 rounded-full"
          >
            <Square className="size-3.5 fill-current" />
          </Button>
        ) : (
          <Button
            key="send"
            type="button"
            size="icon"
            onClick={onSend}
            disabled={!canSend}
            aria-label="Send message"
            className="shrink-0 rounded-full"
          >
            <ArrowUp className="size-4" />
          </Button>
        )}
      </div>
      {showCounter && (
        <p
          id="composer-counter"
          data-testid="composer-counter"
          aria-live="polite"
          className={cn(
            'mt-1 px-2 text-right text-xs tabular-nums',
            over > 0 ? 'text-destructive' : 'text-muted-foreground',
          )}
        >
          {over > 0
            ? `Your message is ${fmt(over)} ${over === 1 ? 'character' : 'characters'} too long — shorten it to ${fmt(maxLength)} characters to send it.`
            : `${fmt(value.length)} / ${fmt(maxLength)}`}
        </p>
      )}
    </div>
  );
});
