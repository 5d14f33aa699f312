// Moodle XML (docs.moodle.org/en/Moodle_XML_format): one <question> per item in a category named after the
// quiz. Texts are plain_text and XML-escaped, so Moodle shows them as typed.
import type { QuizArtifact, QuizItem } from '../../../schemas/artifacts.js';
import { xml } from './escape.js';
import {
  assertQuizExportable,
  multipleChoiceWeights,
  negativeMarkingOf,
  orderingSteps,
  percent,
  questionName,
  takesSeveralAnswers,
  trueFalseOptions,
} from './quiz-rules.js';
import { sourceText } from '../citations.js';

const text = (value: string, indent: string) => `${indent}<text>${xml(value.trim())}</text>`;
const textBlock = (tag: string, value: string, indent: string) =>
  `${indent}<${tag} format="plain_text">\n${text(value, `${indent}  `)}\n${indent}</${tag}>`;

function answer(fraction: number, value: string, feedback: string, indent: string): string {
  return [
    `${indent}<answer fraction="${percent(fraction)}" format="plain_text">`,
    text(value, `${indent}  `),
    textBlock('feedback', feedback, `${indent}  `),
    `${indent}</answer>`,
  ].join('\n');
}

const MOODLE_TYPES: Record<QuizItem['type'], string> = {
  single_choice: 'multichoice',
  multiple_choice: 'multichoice',
  true_false: 'truefalse',
  short_answer: 'shortanswer',
  matching: 'matching',
  // qtype_ordering: a plugin before Moodle 4.4 (widely installed), in core since; export-check says so.
  ordering: 'ordering',
};

function questionXml(item: QuizItem, n: number, negative: boolean): string {
  const i2 = '    ';
  const lines = [
    `  <question type="${MOODLE_TYPES[item.type]}">`,
    `${i2}<name>\n${text(questionName(item, n), `${i2}  `)}\n${i2}</name>`,
    textBlock('questiontext', item.stem, i2),
    // The source goes with the general feedback, shown after the question is answered.
    textBlock(
      'generalfeedback',
      [item.feedback.trim(), sourceText(item.source) && `Source: ${sourceText(item.source)}`]
        .filter(Boolean)
        .join('\n\n'),
      i2,
    ),
    `${i2}<defaultgrade>1</defaultgrade>`,
    `${i2}<penalty>0.3333333</penalty>`,
    `${i2}<hidden>0</hidden>`,
  ];
  switch (item.type) {
    case 'single_choice':
    case 'multiple_choice': {
      // One key is a single-answer question whatever the type says (see takesSeveralAnswers).
      const several = takesSeveralAnswers(item);
      const weights = several
        ? multipleChoiceWeights(item, negative)
        : item.options.map((o) => (o.correct ? 100 : 0));
      lines.push(
        `${i2}<single>${!several}</single>`,
        `${i2}<shuffleanswers>true</shuffleanswers>`,
        `${i2}<answernumbering>abc</answernumbering>`,
        ...item.options.map((o, i) => answer(weights[i]!, o.text, o.feedback, i2)),
      );
      break;
    }
    case 'true_false': {
      const { yes, no } = trueFalseOptions(item);
      lines.push(
        answer(yes.correct ? 100 : 0, 'true', yes.feedback, i2),
        answer(no.correct ? 100 : 0, 'false', no.feedback, i2),
      );
      break;
    }
    case 'short_answer':
      lines.push(`${i2}<usecase>0</usecase>`, ...item.acceptedAnswers.map((a) => answer(100, a, '', i2)));
      break;
    case 'matching':
      lines.push(
        `${i2}<shuffleanswers>true</shuffleanswers>`,
        ...item.pairs.map((p) =>
          [
            `${i2}<subquestion format="plain_text">`,
            text(p.left, `${i2}  `),
            `${i2}  <answer>\n${text(p.right, `${i2}    `)}\n${i2}  </answer>`,
            `${i2}</subquestion>`,
          ].join('\n'),
        ),
      );
      break;
    case 'ordering':
      // qtype_ordering's own export: each answer's fraction is its position (1, 2…); all the steps shown
      // (selecttype ALL), one under the other; each step in its place earns its share (ABSOLUTE_POSITION).
      lines.push(
        `${i2}<layouttype>VERTICAL</layouttype>`,
        `${i2}<selecttype>ALL</selecttype>`,
        `${i2}<selectcount>0</selectcount>`,
        `${i2}<gradingtype>ABSOLUTE_POSITION</gradingtype>`,
        `${i2}<showgrading>SHOW</showgrading>`,
        `${i2}<numberingstyle>none</numberingstyle>`,
        `${i2}<shownumcorrect>1</shownumcorrect>`,
        ...orderingSteps(item).map((step, i) =>
          [
            `${i2}<answer fraction="${i + 1}" format="plain_text">`,
            text(step, `${i2}  `),
            `${i2}</answer>`,
          ].join('\n'),
        ),
      );
      break;
  }
  lines.push('  </question>');
  return lines.join('\n');
}

export function quizToMoodleXml(data: QuizArtifact): string {
  assertQuizExportable(data, 'Moodle XML');
  // "/" nests categories in Moodle; a title is one category.
  const category = `$course$/top/${data.title.replace(/\//g, '-').replace(/\s+/g, ' ').trim()}`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<quiz>',
    `  <question type="category">\n    <category>\n${text(category, '      ')}\n    </category>\n  </question>`,
    ...data.items.map((item, i) => questionXml(item, i + 1, negativeMarkingOf(data))),
    '</quiz>',
    '',
  ].join('\n');
}
