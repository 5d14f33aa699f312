// GIFT, Moodle's plain-text question format (docs.moodle.org/en/GIFT_format). Every text is marked [plain]
// so Moodle shows it as typed (never as HTML), and GIFT's control characters are backslash-escaped. GIFT has
// no ordering question: an ordering item is written as matching, each step to its position ("1st", "2nd"…).
import type { QuizArtifact, QuizItem } from '../../../schemas/artifacts.js';
import {
  assertQuizExportable,
  multipleChoiceWeights,
  negativeMarkingOf,
  orderingAsMatching,
  percent,
  questionName,
  takesSeveralAnswers,
  trueFalseOptions,
} from './quiz-rules.js';
import { sourceText } from '../citations.js';

/** Escapes GIFT's special characters ~ = # { } : and the backslash; line breaks become GIFT's `\n`. */
export function giftText(text: string): string {
  return text
    .trim()
    .replace(/[\\~=#{}:]/g, (c) => `\\${c}`)
    .replace(/\r?\n/g, '\\n');
}

const feedback = (text: string) => (text.trim() ? `#${giftText(text)}` : '');

function giftAnswers(item: QuizItem, negative: boolean): string[] {
  // One key is a single-answer question whatever the type says: "=" for the key, "~" for the others (a
  // "multiple choice" with one right option is not select-all; conformance warns about its type).
  if ((item.type === 'single_choice' || item.type === 'multiple_choice') && !takesSeveralAnswers(item))
    return item.options.map((o) => `${o.correct ? '=' : '~'}${giftText(o.text)}${feedback(o.feedback)}`);
  switch (item.type) {
    case 'single_choice':
    case 'multiple_choice': {
      const weights = multipleChoiceWeights(item, negative);
      return item.options.map(
        (o, i) => `~%${percent(weights[i]!)}%${giftText(o.text)}${feedback(o.feedback)}`,
      );
    }
    case 'true_false': {
      // {T#feedback for a wrong answer#feedback for a right answer} (Moodle's order).
      const { yes, no } = trueFalseOptions(item);
      const [right, wrong] = yes.correct ? [yes, no] : [no, yes];
      const fb =
        right.feedback.trim() || wrong.feedback.trim()
          ? `#${giftText(wrong.feedback)}#${giftText(right.feedback)}`
          : '';
      return [`${yes.correct ? 'TRUE' : 'FALSE'}${fb}`];
    }
    case 'short_answer':
      return item.acceptedAnswers.map((a) => `=${giftText(a)}`);
    case 'matching':
      return item.pairs.map((p) => `=${giftText(p.left)} -> ${giftText(p.right)}`);
    case 'ordering':
      // Not reached (quizToGift writes ordering as matching); kept so a new type fails to compile here.
      return giftAnswers(orderingAsMatching(item), negative);
  }
}

function giftQuestion(item: QuizItem, n: number, negative: boolean): string {
  const general = item.feedback.trim() ? [`\t####${giftText(item.feedback)}`] : [];
  const answers = giftAnswers(item, negative);
  const body =
    item.type === 'true_false'
      ? `{${answers[0]}${general.length ? general[0]!.trim() : ''}}`
      : `{\n${[...answers.map((a) => `\t${a}`), ...general].join('\n')}\n}`;
  // The source as a comment line before the question (GIFT comments run to the end of the line).
  const source = sourceText(item.source);
  const comment = source ? `// Source: ${source.replace(/[\r\n]+/g, ' ')}\n` : '';
  return `${comment}::${giftText(questionName(item, n))}::[plain]${giftText(item.stem)} ${body}`;
}

export function quizToGift(data: QuizArtifact): string {
  assertQuizExportable(data, 'GIFT');
  const head = [
    `// ${data.title.replace(/\s+/g, ' ')}`,
    `// ${data.items.length} questions, pass mark ${data.passingScore}%`,
  ];
  // GIFT has no ordering question: an ordering item is a matching one, each step to its position.
  const items = data.items.map((item) => (item.type === 'ordering' ? orderingAsMatching(item) : item));
  return `${[head.join('\n'), ...items.map((item, i) => giftQuestion(item, i + 1, negativeMarkingOf(data)))].join('\n\n')}\n`;
}
