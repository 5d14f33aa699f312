// What every quiz exporter needs: a refusal (400) for items an LMS could not import (no key, too few
// options or pairs) and the per-option weights of a multiple-answer item.
import { appError } from '../../../errors.js';
import { ERROR_CODES } from '../../../schemas/error-codes.js';
import type { QuizArtifact, QuizItem } from '../../../schemas/artifacts.js';

/** The first problem that makes the item unimportable, or null. */
export function quizItemProblem(item: QuizItem): string | null {
  switch (item.type) {
    case 'single_choice':
    case 'multiple_choice': {
      if (item.options.length < 2) return 'needs at least two options';
      const correct = item.options.filter((o) => o.correct).length;
      if (!correct) return 'has no correct option';
      if (item.type === 'single_choice' && correct > 1)
        return 'is single choice but has several correct options';
      return null;
    }
    case 'true_false':
      if (item.options.length !== 2) return 'needs exactly two options (True and False)';
      if (item.options.filter((o) => o.correct).length !== 1) return 'needs exactly one correct option';
      return null;
    case 'short_answer':
      return item.acceptedAnswers.length ? null : 'has no accepted answer';
    case 'matching':
      return item.pairs.length >= 2 ? null : 'needs at least two pairs';
    case 'ordering': {
      const steps = orderingSteps(item);
      if (steps.length < 2) return 'needs at least two steps';
      return new Set(steps.map(stepKey)).size === steps.length ? null : 'has the same step twice';
    }
  }
}

/** An ordering item's steps in their correct order (none for other types or a quiz stored before them). */
export const orderingSteps = (item: QuizItem): string[] => item.steps ?? [];

/** How two steps are told apart: case, spacing and a final full stop do not count. */
export const stepKey = (step: string): string =>
  step
    .trim()
    .replace(/[.;]+$/, '')
    .replace(/\s+/g, ' ')
    .toLowerCase();

/** "1st", "2nd", "3rd", "11th", "22nd"… */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/**
 * An ordering item as a matching item, for formats with no ordering question (GIFT, Canvas's QTI 1.2): each
 * step is matched to its position ("1st", "2nd"…), so the learner still puts every step in its place; the
 * LMS marks each step on its own (a share per step), not all or nothing.
 */
export function orderingAsMatching(item: QuizItem): QuizItem {
  return {
    ...item,
    type: 'matching',
    stem: `${item.stem.trim()}\n\nMatch each step to its place in the order (1st is done first).`,
    pairs: orderingSteps(item).map((step, i) => ({ left: step, right: ordinal(i + 1) })),
    steps: null,
  };
}

/** Throws 400 naming the question (its number) when any item cannot be exported. */
export function assertQuizExportable(data: QuizArtifact, formatLabel: string): void {
  const problems = data.items.flatMap((item, i) => {
    const problem = quizItemProblem(item);
    return problem ? [`question ${i + 1} ${problem}`] : [];
  });
  if (problems.length) {
    throw appError('BAD_REQUEST', `Cannot export to ${formatLabel}: ${problems.join('; ')}.`, {
      appCode: ERROR_CODES.VALIDATION_ERROR,
    });
  }
}

/**
 * A choice item takes several answers only when it has several keys: one key makes it single-answer whatever its
 * type says (a "multiple choice" with one right option), e.g. QTI's maxChoices="1" (issue 37).
 */
export const takesSeveralAnswers = (item: QuizItem): boolean =>
  item.type === 'multiple_choice' && item.options.filter((o) => o.correct).length > 1;

/** Percent with Moodle's 5 decimals ("33.33333"), no trailing zeros. */
export const percent = (value: number): string => String(Math.round(value * 100_000) / 100_000);

/**
 * Multiple-answer weights in percent: the correct options share +100 (100/n, always one of Moodle's grade
 * options for n ≤ 10); a wrong option scores 0, or, with negative marking on, the wrong ones share −100 so
 * ticking everything scores 0 (issue 38: no negative marks unless the designer turns them on).
 */
export function multipleChoiceWeights(item: QuizItem, negativeMarking = false): number[] {
  const correct = item.options.filter((o) => o.correct).length;
  const wrong = item.options.length - correct;
  return item.options.map((o) => (o.correct ? 100 / correct : negativeMarking && wrong ? -100 / wrong : 0));
}

/** Whether the quiz's multiple-answer items take marks off for wrong options (off unless set). */
export const negativeMarkingOf = (data: QuizArtifact): boolean => data.negativeMarking === true;

/** True/false: which option stands for "True" (matched by its text, else the first) and which for "False". */
export function trueFalseOptions(item: QuizItem): {
  yes: QuizItem['options'][number];
  no: QuizItem['options'][number];
} {
  const isTrue = (text: string) => /^(true|t|yes|vrai|wahr|verdadero|vero|verdadeiro)$/i.test(text.trim());
  const yes = item.options.find((o) => isTrue(o.text)) ?? item.options[0]!;
  const no = item.options.find((o) => o !== yes)!;
  return { yes, no };
}

/** "N. start of the stem" on one line, at most 60 characters (by code point, so no emoji is cut in half): the
 * name an LMS lists the question under. */
export function questionName(item: QuizItem, n: number): string {
  const chars = Array.from(item.stem.replace(/\s+/g, ' ').trim());
  const short = chars.length > 60 ? `${chars.slice(0, 57).join('').trimEnd()}…` : chars.join('');
  return `${n}. ${short}`;
}
