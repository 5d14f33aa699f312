// Brightspace (D2L) Question Library CSV import, after D2L's Sample_Question_Import_UTF8.csv: each question
// is a block of five-column rows starting with "NewQuestion,<type>" — ID, Title, QuestionText, Points,
// Difficulty (1–10), then the type's rows, then Feedback — and a blank row between questions. Types written:
// MC ("Option,<weight %>,text,,feedback"; one key), MS (several keys: "Scoring,RightAnswers" — or
// RightMinusWrong with negative marking — and "Option,1|0,text,,feedback"), TF ("TRUE|FALSE,100|0,feedback"),
// SA ("InputBox,rows,cols", "Answer,100,text" per accepted answer), M ("Scoring,EquallyWeighted",
// "Choice,n,left", "Match,n,right") and O ("Scoring,EquallyWeighted", "Item,text,NOT HTML" in order). Texts
// are plain (the HTML column is left empty); line breaks become spaces, since the importer reads one row per
// field. UTF-8 with a BOM, RFC 4180 quoting (papaparse).
import Papa from 'papaparse';
import type { QuizArtifact, QuizItem } from '../../../schemas/artifacts.js';
import {
  assertQuizExportable,
  negativeMarkingOf,
  orderingSteps,
  questionName,
  takesSeveralAnswers,
  trueFalseOptions,
} from './quiz-rules.js';

type Row = [string, string?, string?, string?, string?];
const flat = (text: string) => text.trim().replace(/\s*\r?\n\s*/g, ' ');
const DIFFICULTY: Record<QuizItem['difficulty'], string> = { easy: '1', medium: '3', hard: '5' };

function typeRows(item: QuizItem, negative: boolean): { type: string; rows: Row[] } {
  switch (item.type) {
    case 'single_choice':
    case 'multiple_choice':
      if (takesSeveralAnswers(item))
        return {
          type: 'MS',
          rows: [
            ['Scoring', negative ? 'RightMinusWrong' : 'RightAnswers'],
            ...item.options.map((o): Row => [
              'Option',
              o.correct ? '1' : '0',
              flat(o.text),
              '',
              flat(o.feedback),
            ]),
          ],
        };
      return {
        type: 'MC',
        rows: item.options.map((o): Row => [
          'Option',
          o.correct ? '100' : '0',
          flat(o.text),
          '',
          flat(o.feedback),
        ]),
      };
    case 'true_false': {
      const { yes, no } = trueFalseOptions(item);
      return {
        type: 'TF',
        rows: [
          ['TRUE', yes.correct ? '100' : '0', flat(yes.feedback)],
          ['FALSE', no.correct ? '100' : '0', flat(no.feedback)],
        ],
      };
    }
    case 'short_answer':
      return {
        type: 'SA',
        rows: [
          [
            'InputBox',
            '1',
            String(Math.min(100, Math.max(20, ...item.acceptedAnswers.map((a) => a.length)))),
          ],
          ...item.acceptedAnswers.map((a): Row => ['Answer', '100', flat(a)]),
        ],
      };
    case 'matching':
      // One Match row per choice, numbered as its choice (the documented form); a repeated answer is written
      // once per prompt, so the learner sees it twice in the list.
      return {
        type: 'M',
        rows: [
          ['Scoring', 'EquallyWeighted'],
          ...item.pairs.map((p, i): Row => ['Choice', String(i + 1), flat(p.left)]),
          ...item.pairs.map((p, i): Row => ['Match', String(i + 1), flat(p.right)]),
        ],
      };
    case 'ordering':
      // O: the items in their correct order ("Item,text,NOT HTML,feedback" in D2L's sample); each item in its
      // place earns its share of the points.
      return {
        type: 'O',
        rows: [
          ['Scoring', 'EquallyWeighted'],
          ...orderingSteps(item).map((step): Row => ['Item', flat(step), 'NOT HTML', '']),
        ],
      };
  }
}

export function quizToBrightspaceRows(data: QuizArtifact): string[][] {
  assertQuizExportable(data, 'Brightspace');
  const negative = negativeMarkingOf(data);
  return data.items.flatMap((item, i) => {
    const { type, rows } = typeRows(item, negative);
    const block: Row[] = [
      ['NewQuestion', type],
      ['ID', `${i + 1}`],
      ['Title', questionName(item, i + 1)],
      ['QuestionText', flat(item.stem)],
      ['Points', '1'],
      ['Difficulty', DIFFICULTY[item.difficulty]],
      ...rows,
      ...(item.feedback.trim() ? [['Feedback', flat(item.feedback)] as Row] : []),
      [''],
    ];
    return block.map((r) => Array.from({ length: 5 }, (_, j) => r[j] ?? ''));
  });
}

export function quizToBrightspace(data: QuizArtifact): string {
  // Not escapeFormulae: Brightspace reads the cells as they are (a leading apostrophe would show).
  return `\uFEFF${Papa.unparse(quizToBrightspaceRows(data), { newline: '\r\n' })}\r\n`;
}
