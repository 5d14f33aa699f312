// Blackboard Learn's question upload file (Tests, Surveys and Pools → Upload Questions): a tab-delimited
// .txt, one question per row, no header row and no blank line; the first field names the type and the words
// that mark answers (correct, incorrect, true, false) are English. Types written: MC (one key, "answer TAB
// correct|incorrect" pairs), MA (several keys, same pairs), TF ("true"|"false"), FIB (the accepted answers),
// MAT ("answer TAB match" pairs) and ORD (the answers in their correct order). The format has no weights,
// feedback or points: those are set in Blackboard after the upload (export-check says so per item). Question
// and answer texts are read as HTML by Blackboard, so they are HTML-escaped, a tab becomes a space and a line
// break <br>.
import type { QuizArtifact, QuizItem } from '../../../schemas/artifacts.js';
import { html } from './escape.js';
import { assertQuizExportable, orderingSteps, takesSeveralAnswers, trueFalseOptions } from './quiz-rules.js';

/** One field: no tab, no raw line break (each row is one question). */
export const bbText = (text: string) => html(text.trim().replace(/\t/g, ' ')).replace(/\r?\n/g, '<br>');

function row(item: QuizItem): string[] {
  const stem = bbText(item.stem);
  switch (item.type) {
    case 'single_choice':
    case 'multiple_choice':
      return [
        takesSeveralAnswers(item) ? 'MA' : 'MC',
        stem,
        ...item.options.flatMap((o) => [bbText(o.text), o.correct ? 'correct' : 'incorrect']),
      ];
    case 'true_false':
      return ['TF', stem, trueFalseOptions(item).yes.correct ? 'true' : 'false'];
    case 'short_answer':
      return ['FIB', stem, ...item.acceptedAnswers.map(bbText)];
    case 'matching':
      return ['MAT', stem, ...item.pairs.flatMap((p) => [bbText(p.left), bbText(p.right)])];
    case 'ordering':
      // ORD: the answers in their correct order (Blackboard shuffles them for the learner).
      return ['ORD', stem, ...orderingSteps(item).map(bbText)];
  }
}

export function quizToBlackboard(data: QuizArtifact): string {
  assertQuizExportable(data, 'Blackboard');
  return `${data.items.map((item) => row(item).join('\t')).join('\r\n')}\r\n`;
}
