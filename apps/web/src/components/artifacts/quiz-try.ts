// 'Try it' on a quiz card: the learner's answers, whether each is right, and the score against the pass mark.
import { shownSteps, type QuizArtifact, type QuizItem } from '@app/api/schemas';

/**
 * One item's answer: chosen option ids (choice items), typed text (short answer), right side per pair, or the
 * learner's order of an ordering item's steps (indices into `steps`, first step first).
 */
export type QuizAnswer =
  | { kind: 'options'; selected: string[] }
  | { kind: 'text'; text: string }
  | { kind: 'pairs'; chosen: Record<number, string> }
  | { kind: 'order'; order: number[] };

export type QuizAnswers = Record<string, QuizAnswer | undefined>;

/** Case, surrounding space and inner runs of space do not matter in a short answer. */
export const normalizeAnswer = (s: string) => s.trim().replace(/\s+/g, ' ').toLocaleLowerCase();

/**
 * Single choice and true/false take one option; multiple choice any number — unless it has one key, which is a
 * single-answer question whatever its type says (as every export writes it; conformance warns about the type).
 */
export const isMultiSelect = (item: QuizItem) =>
  item.type === 'multiple_choice' && item.options.filter((o) => o.correct).length > 1;

/** The answers after a click on option `optionId`. */
export function toggleOption(item: QuizItem, answer: QuizAnswer | undefined, optionId: string): QuizAnswer {
  const selected = answer?.kind === 'options' ? answer.selected : [];
  if (!isMultiSelect(item)) return { kind: 'options', selected: [optionId] };
  return {
    kind: 'options',
    selected: selected.includes(optionId)
      ? selected.filter((id) => id !== optionId)
      : [...selected, optionId],
  };
}

export function isAnswered(item: QuizItem, answer: QuizAnswer | undefined): boolean {
  if (!answer) return false;
  if (answer.kind === 'options') return answer.selected.length > 0;
  if (answer.kind === 'text') return answer.text.trim() !== '';
  // An ordering item is answered once the learner has moved a step (the first order is never the right one).
  if (answer.kind === 'order') return true;
  return item.pairs.every((_, i) => !!answer.chosen[i]);
}

export function isItemCorrect(item: QuizItem, answer: QuizAnswer | undefined): boolean {
  if (!answer) return false;
  switch (item.type) {
    case 'single_choice':
    case 'true_false':
    case 'multiple_choice': {
      if (answer.kind !== 'options') return false;
      const correct = item.options.filter((o) => o.correct).map((o) => o.id);
      const chosen = new Set(answer.selected);
      return correct.length > 0 && chosen.size === correct.length && correct.every((id) => chosen.has(id));
    }
    case 'short_answer': {
      if (answer.kind !== 'text') return false;
      const given = normalizeAnswer(answer.text);
      return given !== '' && item.acceptedAnswers.some((a) => normalizeAnswer(a) === given);
    }
    case 'matching':
      if (answer.kind !== 'pairs') return false;
      return item.pairs.length > 0 && item.pairs.every((p, i) => answer.chosen[i] === p.right);
    case 'ordering':
      // All or nothing: every step in its place.
      if (answer.kind !== 'order') return false;
      return answer.order.length > 0 && answer.order.every((step, place) => step === place);
  }
}

/** The order an ordering item's steps are first shown in (indices into `steps`): the exports' order. */
export function startingOrder(item: QuizItem): number[] {
  const steps = item.steps ?? [];
  return shownSteps(steps).map((s) => steps.indexOf(s));
}

/** The learner's order of an ordering item: theirs once they moved a step, else the starting order. */
export const currentOrder = (item: QuizItem, answer: QuizAnswer | undefined): number[] =>
  answer?.kind === 'order' ? answer.order : startingOrder(item);

/** The order after moving the step at `place` one place up (-1) or down (+1). */
export function moveStep(order: number[], place: number, by: -1 | 1): number[] {
  const to = place + by;
  if (to < 0 || to >= order.length) return order;
  const next = order.slice();
  [next[place], next[to]] = [next[to]!, next[place]!];
  return next;
}

export interface QuizScore {
  correct: number;
  total: number;
  /** Whole percent, rounded. */
  percent: number;
  passed: boolean;
}

export function scoreQuiz(
  quiz: Pick<QuizArtifact, 'items' | 'passingScore'>,
  answers: QuizAnswers,
): QuizScore {
  const total = quiz.items.length;
  const correct = quiz.items.filter((item) => isItemCorrect(item, answers[item.id])).length;
  const percent = total === 0 ? 0 : Math.round((correct / total) * 100);
  return { correct, total, percent, passed: percent >= quiz.passingScore };
}

/** The right-hand sides offered for every pair of a matching item, sorted so their order gives nothing away. */
export function matchingChoices(item: QuizItem): string[] {
  return [...new Set(item.pairs.map((p) => p.right))].sort((a, b) => a.localeCompare(b));
}
