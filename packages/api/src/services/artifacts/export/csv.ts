// CSV exports (RFC 4180 via papaparse, UTF-8 with a BOM so Excel reads accents and other scripts). Cells a
// spreadsheet would run as a formula get a leading apostrophe (papaparse's escapeFormulae).
//
// Quiz columns, one row per question: Number, Type (single_choice|multiple_choice|true_false|short_answer|
// matching|ordering), Question, Option A … Option J, Correct (option letters "A;C"; accepted answers for short
// answer; "prompt -> answer" pairs for matching; the steps in their correct order for ordering; separated by
// " ; "), Option feedback ("A: …" lines), Feedback,
// Difficulty, Objective (its text, when the item names one).
// Objectives: Number, Audience, Verb, Objective, Bloom level, Condition, Criterion.
// Modality: Objective, Modality, Rationale, Effort, Tools (separated by "; ").
import Papa from 'papaparse';
import {
  BLOOM_LEVEL_LABELS,
  MODALITY_LABELS,
  type ModalityArtifact,
  type ObjectivesArtifact,
  type QuizArtifact,
} from '../../../schemas/artifacts.js';
import { sourceText } from '../citations.js';
import { letter } from '../markdown.js';

const MAX_OPTIONS = 10;

function toCsv(fields: string[], rows: (string | number)[][]): string {
  return `\uFEFF${Papa.unparse({ fields, data: rows }, { escapeFormulae: true, newline: '\r\n', quotes: true })}\r\n`;
}

export const QUIZ_CSV_COLUMNS = [
  'Number',
  'Type',
  'Question',
  ...Array.from({ length: MAX_OPTIONS }, (_, i) => `Option ${letter(i)}`),
  'Correct',
  'Option feedback',
  'Feedback',
  'Difficulty',
  'Objective',
  'Source',
];

export function quizToCsv(data: QuizArtifact): string {
  const objectives = new Map(data.objectives.map((o) => [o.id, o.text]));
  const rows = data.items.map((item, i) => {
    const options = Array.from({ length: MAX_OPTIONS }, (_, j) => item.options[j]?.text ?? '');
    const correct =
      item.type === 'short_answer'
        ? item.acceptedAnswers.join(' ; ')
        : item.type === 'matching'
          ? item.pairs.map((p) => `${p.left} -> ${p.right}`).join(' ; ')
          : item.type === 'ordering'
            ? (item.steps ?? []).join(' ; ')
            : item.options.flatMap((o, j) => (o.correct ? [letter(j)] : [])).join(';');
    const optionFeedback = item.options
      .flatMap((o, j) => (o.feedback.trim() ? [`${letter(j)}: ${o.feedback.trim()}`] : []))
      .join('\n');
    return [
      i + 1,
      item.type,
      item.stem,
      ...options,
      correct,
      optionFeedback,
      item.feedback,
      item.difficulty,
      (item.objectiveId && objectives.get(item.objectiveId)) ?? '',
      sourceText(item.source) ?? '',
    ];
  });
  return toCsv(QUIZ_CSV_COLUMNS, rows);
}

export function objectivesToCsv(data: ObjectivesArtifact): string {
  return toCsv(
    ['Number', 'Audience', 'Verb', 'Objective', 'Bloom level', 'Condition', 'Criterion', 'Source'],
    data.objectives.map((o, i) => [
      i + 1,
      o.audience,
      o.verb,
      o.behavior,
      BLOOM_LEVEL_LABELS[o.bloomLevel],
      o.condition,
      o.criterion,
      sourceText(o.source) ?? '',
    ]),
  );
}

export function modalityToCsv(data: ModalityArtifact): string {
  return toCsv(
    ['Objective', 'Modality', 'Rationale', 'Effort', 'Tools'],
    data.recommendations.map((r) => [
      r.objective,
      MODALITY_LABELS[r.modality],
      r.rationale,
      r.effort,
      r.tools.join('; '),
    ]),
  );
}
