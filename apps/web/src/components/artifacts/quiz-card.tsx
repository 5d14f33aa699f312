// A quiz: its questions with the answers hidden until 'Show answers', and 'Try it' — answer every question,
// check, see each option's feedback and the score against the pass mark (announced politely). Ordering items
// are quiz-ordering.tsx.
import { useId, useState } from 'react';
import { Check, Eye, EyeOff, Play, RotateCcw, X } from 'lucide-react';
import { QUIZ_ITEM_TYPE_LABELS, type QuizArtifact, type QuizItem } from '@app/api/schemas';
import {
  Badge,
  Button,
  cn,
  Input,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@app/ui';
import { BloomBadge } from './bloom-badge';
import {
  isAnswered,
  isMultiSelect,
  isItemCorrect,
  matchingChoices,
  scoreQuiz,
  toggleOption,
  type QuizAnswer,
  type QuizAnswers,
} from './quiz-try';
import { OrderingView } from './quiz-ordering';
import { SourceNote } from './source-note';

const letter = (i: number) => String.fromCharCode(65 + i);

export function QuizCard({ data }: { data: QuizArtifact }) {
  const [showAnswers, setShowAnswers] = useState(false);
  const [trying, setTrying] = useState(false);
  const [answers, setAnswers] = useState<QuizAnswers>({});
  const [checked, setChecked] = useState(false);
  const score = checked ? scoreQuiz(data, answers) : null;
  const answeredCount = data.items.filter((it) => isAnswered(it, answers[it.id])).length;

  const startTry = () => {
    setTrying(true);
    setShowAnswers(false);
    setAnswers({});
    setChecked(false);
  };

  return (
    <div className="grid gap-3">
      <p className="text-muted-foreground text-xs">
        {data.items.length} {data.items.length === 1 ? 'question' : 'questions'} · pass mark{' '}
        {data.passingScore}% · for {data.audience}
      </p>
      {data.objectives.length > 0 && (
        <details className="text-xs">
          <summary className="text-muted-foreground cursor-pointer font-medium">
            Objectives assessed ({data.objectives.length})
          </summary>
          <ul className="mt-2 grid gap-1.5">
            {data.objectives.map((o) => (
              <li key={o.id} className="flex flex-wrap items-center gap-2">
                <BloomBadge level={o.bloomLevel} /> {o.text}
              </li>
            ))}
          </ul>
        </details>
      )}
      <div className="flex flex-wrap gap-2">
        {trying ? (
          <Button variant="outline" size="sm" onClick={() => setTrying(false)}>
            <X /> Leave try-it
          </Button>
        ) : (
          <>
            <Button
              variant="outline"
              size="sm"
              aria-pressed={showAnswers}
              onClick={() => setShowAnswers((v) => !v)}
            >
              {showAnswers ? <EyeOff /> : <Eye />} {showAnswers ? 'Hide answers' : 'Show answers'}
            </Button>
            <Button variant="outline" size="sm" onClick={startTry}>
              <Play /> Try it
            </Button>
          </>
        )}
      </div>

      <ol className="grid gap-4" aria-label="Questions">
        {data.items.map((item, i) => (
          <li key={item.id} data-testid="quiz-item">
            <QuizItemView
              item={item}
              index={i}
              reveal={trying ? checked : showAnswers}
              trying={trying}
              checked={checked}
              answer={answers[item.id]}
              onAnswer={(a) => setAnswers((old) => ({ ...old, [item.id]: a }))}
            />
          </li>
        ))}
      </ol>

      {trying && (
        <div className="flex flex-wrap items-center gap-2 border-t pt-3">
          {checked ? (
            <Button size="sm" variant="outline" onClick={startTry}>
              <RotateCcw /> Try again
            </Button>
          ) : (
            <Button size="sm" onClick={() => setChecked(true)}>
              <Check /> Check answers
            </Button>
          )}
          {!checked && (
            <span className="text-muted-foreground text-xs">
              {answeredCount} of {data.items.length} answered
            </span>
          )}
        </div>
      )}
      <div aria-live="polite" role="status" data-testid="quiz-score">
        {score && (
          <p
            className={cn(
              'rounded-md px-3 py-2 text-sm font-medium',
              score.passed
                ? 'bg-status-success text-status-success-foreground'
                : 'bg-status-error text-status-error-foreground',
            )}
          >
            {score.passed ? 'Passed' : 'Not passed'}: {score.correct} of {score.total} correct (
            {score.percent}
            %, pass mark {data.passingScore}%)
          </p>
        )}
      </div>
    </div>
  );
}

function QuizItemView({
  item,
  index,
  reveal,
  trying,
  checked,
  answer,
  onAnswer,
}: {
  item: QuizItem;
  index: number;
  reveal: boolean;
  trying: boolean;
  checked: boolean;
  answer: QuizAnswer | undefined;
  onAnswer: (a: QuizAnswer) => void;
}) {
  const baseId = useId();
  const stemId = `${baseId}-stem`;
  const correct = checked && trying ? isItemCorrect(item, answer) : null;
  return (
    <fieldset className="grid min-w-0 gap-2" aria-labelledby={stemId} disabled={trying && checked}>
      <div className="flex flex-col gap-1.5 sm:flex-row sm:items-baseline sm:gap-2">
        <p id={stemId} className="min-w-0 flex-1 font-medium">
          <span className="text-muted-foreground tabular-nums">{index + 1}. </span>
          {item.stem}
        </p>
        <span className="flex shrink-0 flex-wrap gap-1.5">
          <Badge variant="outline" className="text-muted-foreground font-normal">
            {QUIZ_ITEM_TYPE_LABELS[item.type]} · {item.difficulty}
          </Badge>
          {correct !== null && (
            <Badge variant={correct ? 'success' : 'destructive'} data-testid="item-result">
              {correct ? 'Correct' : 'Incorrect'}
            </Badge>
          )}
        </span>
      </div>

      {item.options.length > 0 && (
        <ul className="grid gap-1.5">
          {item.options.map((o, j) => {
            const selected = answer?.kind === 'options' && answer.selected.includes(o.id);
            const inputId = `${baseId}-o${j}`;
            return (
              <li
                key={o.id}
                className={cn(
                  'rounded-md border px-3 py-2',
                  reveal && o.correct && 'border-status-success-foreground/40 bg-status-success',
                  reveal &&
                    trying &&
                    selected &&
                    !o.correct &&
                    'border-status-error-foreground/40 bg-status-error',
                )}
                data-testid="quiz-option"
                data-correct={reveal ? String(o.correct) : undefined}
              >
                <div className="flex items-start gap-2">
                  {trying ? (
                    <input
                      id={inputId}
                      type={isMultiSelect(item) ? 'checkbox' : 'radio'}
                      name={`${baseId}-answer`}
                      className="accent-primary mt-0.5 size-4 shrink-0"
                      checked={selected}
                      onChange={() => onAnswer(toggleOption(item, answer, o.id))}
                    />
                  ) : (
                    <span className="text-muted-foreground w-4 shrink-0 font-medium" aria-hidden="true">
                      {letter(j)}
                    </span>
                  )}
                  <label htmlFor={trying ? inputId : undefined} className="min-w-0 flex-1">
                    {o.text}
                  </label>
                  {reveal && o.correct && (
                    <span className="text-status-success-foreground flex shrink-0 items-center gap-1 text-xs font-medium">
                      <Check className="size-3.5" aria-hidden="true" /> Correct answer
                    </span>
                  )}
                </div>
                {reveal && o.feedback && (!trying || selected || o.correct) && (
                  <p className="text-muted-foreground mt-1 pl-6 text-xs">{o.feedback}</p>
                )}
              </li>
            );
          })}
        </ul>
      )}

      {item.type === 'short_answer' &&
        (trying ? (
          <Input
            aria-labelledby={stemId}
            placeholder="Your answer"
            value={answer?.kind === 'text' ? answer.text : ''}
            onChange={(e) => onAnswer({ kind: 'text', text: e.target.value })}
          />
        ) : null)}
      {item.type === 'short_answer' && reveal && (
        <p className="text-xs">
          <span className="font-medium">Accepted answers: </span>
          {item.acceptedAnswers.join(' · ') || '—'}
        </p>
      )}

      {item.type === 'matching' && (
        <ul className="grid gap-1.5">
          {item.pairs.map((p, k) => {
            const chosen = answer?.kind === 'pairs' ? answer.chosen[k] : undefined;
            return (
              <li key={k} className="grid items-center gap-1.5 rounded-md border px-3 py-2 sm:grid-cols-2">
                <span>{p.left}</span>
                {trying ? (
                  <Select
                    value={chosen ?? ''}
                    onValueChange={(v) =>
                      onAnswer({
                        kind: 'pairs',
                        chosen: { ...(answer?.kind === 'pairs' ? answer.chosen : {}), [k]: v },
                      })
                    }
                  >
                    <SelectTrigger className="w-full" aria-label={`Match for ${p.left}`}>
                      <SelectValue placeholder="Choose…" />
                    </SelectTrigger>
                    <SelectContent>
                      {matchingChoices(item).map((c) => (
                        <SelectItem key={c} value={c}>
                          {c}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                ) : reveal ? (
                  <span className="text-status-success-foreground font-medium">→ {p.right}</span>
                ) : (
                  <span className="text-muted-foreground text-xs">(answer hidden)</span>
                )}
                {trying && reveal && chosen !== p.right && (
                  <span className="text-status-success-foreground text-xs sm:col-span-2">
                    Answer: {p.right}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}

      {item.type === 'ordering' && (
        <OrderingView item={item} reveal={reveal} trying={trying} answer={answer} onAnswer={onAnswer} />
      )}

      {reveal && item.feedback && <p className="text-muted-foreground text-xs">{item.feedback}</p>}
      <SourceNote source={item.source} />
    </fieldset>
  );
}
