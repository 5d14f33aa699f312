// An ordering item on the quiz card: the steps in the order first shown (answers hidden), the correct order
// (answers shown), or in "Try it" the learner's order with "Move up" / "Move down" buttons on every step —
// keyboard first, no drag — the focus staying on the moved step and its new place announced politely.
import { useEffect, useRef, useState } from 'react';
import { ArrowDown, ArrowUp, Check } from 'lucide-react';
import type { QuizItem } from '@app/api/schemas';
import { Button, cn } from '@app/ui';
import { currentOrder, moveStep, startingOrder, type QuizAnswer } from './quiz-try';

const letter = (i: number) => String.fromCharCode(65 + i);

export function OrderingView({
  item,
  reveal,
  trying,
  answer,
  onAnswer,
}: {
  item: QuizItem;
  reveal: boolean;
  trying: boolean;
  answer: QuizAnswer | undefined;
  onAnswer: (a: QuizAnswer) => void;
}) {
  const steps = item.steps ?? [];
  if (trying) return <OrderingTry item={item} reveal={reveal} answer={answer} onAnswer={onAnswer} />;
  if (reveal)
    return (
      <ol className="grid gap-1.5" aria-label="Correct order" data-testid="ordering-steps">
        {steps.map((step, place) => (
          <li
            key={place}
            className="border-status-success-foreground/40 bg-status-success flex gap-2 rounded-md border px-3 py-2"
          >
            <span className="text-status-success-foreground w-5 shrink-0 font-medium tabular-nums">
              {place + 1}.
            </span>
            <span className="min-w-0 flex-1">{step}</span>
          </li>
        ))}
      </ol>
    );
  return (
    <>
      <ul className="grid gap-1.5" data-testid="ordering-steps">
        {startingOrder(item).map((s, k) => (
          <li key={s} className="flex gap-2 rounded-md border px-3 py-2">
            <span className="text-muted-foreground w-4 shrink-0 font-medium" aria-hidden="true">
              {letter(k)}
            </span>
            <span className="min-w-0 flex-1">{steps[s]}</span>
          </li>
        ))}
      </ul>
      <p className="text-muted-foreground text-xs">Put the steps in order (order hidden).</p>
    </>
  );
}

function OrderingTry({
  item,
  reveal,
  answer,
  onAnswer,
}: {
  item: QuizItem;
  reveal: boolean;
  answer: QuizAnswer | undefined;
  onAnswer: (a: QuizAnswer) => void;
}) {
  const steps = item.steps ?? [];
  const order = currentOrder(item, answer);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [focus, setFocus] = useState<{ step: number; dir: 'up' | 'down' } | null>(null);
  const [announce, setAnnounce] = useState('');

  useEffect(() => {
    if (!focus) return;
    const place = order.indexOf(focus.step);
    // At either end the pressed button is disabled: the focus goes to the step's other button.
    const dir =
      (focus.dir === 'up' && place === 0) || (focus.dir === 'down' && place === order.length - 1)
        ? focus.dir === 'up'
          ? 'down'
          : 'up'
        : focus.dir;
    buttons.current.get(`${focus.step}-${dir}`)?.focus();
  }, [focus, order]);

  const move = (place: number, by: -1 | 1) => {
    const step = order[place]!;
    onAnswer({ kind: 'order', order: moveStep(order, place, by) });
    setFocus({ step, dir: by < 0 ? 'up' : 'down' });
    setAnnounce(`${steps[step]}: place ${place + by + 1} of ${order.length}`);
  };

  return (
    <>
      <p className="text-muted-foreground text-xs">
        First step at the top: move each step with its up and down buttons.
      </p>
      <ol className="grid gap-1.5" aria-label="Your order" data-testid="ordering-steps">
        {order.map((s, place) => {
          const right = s === place;
          return (
            <li
              key={s}
              data-testid="ordering-step"
              className={cn(
                'flex flex-wrap items-center gap-2 rounded-md border px-3 py-2',
                reveal && right && 'border-status-success-foreground/40 bg-status-success',
                reveal && !right && 'border-status-error-foreground/40 bg-status-error',
              )}
            >
              <span className="text-muted-foreground w-5 shrink-0 font-medium tabular-nums">
                {place + 1}.
              </span>
              <span className="min-w-0 flex-1">{steps[s]}</span>
              {reveal ? (
                <span className="text-xs font-medium">
                  {right ? (
                    <span className="text-status-success-foreground flex items-center gap-1">
                      <Check className="size-3.5" aria-hidden="true" /> In place
                    </span>
                  ) : (
                    `Belongs in place ${s + 1}`
                  )}
                </span>
              ) : (
                <span className="flex shrink-0 gap-1">
                  {(['up', 'down'] as const).map((dir) => (
                    <Button
                      key={dir}
                      ref={(el) => {
                        if (el) buttons.current.set(`${s}-${dir}`, el);
                        else buttons.current.delete(`${s}-${dir}`);
                      }}
                      type="button"
                      variant="outline"
                      size="icon"
                      className="size-8"
                      aria-label={`Move "${steps[s]}" ${dir}`}
                      disabled={dir === 'up' ? place === 0 : place === order.length - 1}
                      onClick={() => move(place, dir === 'up' ? -1 : 1)}
                    >
                      {dir === 'up' ? <ArrowUp /> : <ArrowDown />}
                    </Button>
                  ))}
                </span>
              )}
            </li>
          );
        })}
      </ol>
      <p className="sr-only" aria-live="polite">
        {announce}
      </p>
    </>
  );
}
