// The check before an import (issue 38): for a target LMS, the format it takes for the artifact's kind and,
// per item, "imports as is", "imports with changes (what)" or "cannot import (why)". The rules follow what
// each format can carry (docs/decisions/lms-packages.md): Moodle XML and our SCORM players carry every item
// type, weights and feedback (Moodle's ordering needs qtype_ordering); Canvas takes ordering as matching;
// Canvas's QTI 1.2 import scores multiple answers its own way; Blackboard's upload file has no feedback, no
// weights and needs one-to-one matching; Brightspace's CSV scores multi-select per option.
import {
  ARTIFACT_KIND_LABELS,
  EXPORT_FORMAT_LABELS,
  EXPORT_FORMATS_BY_KIND,
  EXPORT_TARGET_LABELS,
  IMPORT_STATUS_LABELS,
  type ArtifactKind,
  type ExportFormat,
  type ExportTarget,
  type ImportStatus,
  type QuizArtifact,
  type QuizItem,
  type ScenarioArtifact,
} from '../../../schemas/artifacts.js';
import { quizItemProblem, takesSeveralAnswers } from './quiz-rules.js';

export interface ExportCheckItem {
  /** "Question 3", "Node 2". */
  ref: string;
  /** The item's text, shortened. */
  title: string;
  status: ImportStatus;
  /** "Imports as is" / "Imports with changes" / "Cannot import". */
  statusLabel: string;
  /** What changes or why it cannot import; empty when it imports as is. */
  note: string;
}

export interface ExportCheck {
  target: ExportTarget;
  targetLabel: string;
  /** The format to download for this target, or null when none can carry the artifact. */
  format: ExportFormat | null;
  formatLabel: string | null;
  /** One line for the whole export. */
  summary: string;
  counts: Record<ImportStatus, number>;
  items: ExportCheckItem[];
}

/** The format each target takes for a quiz and for a scenario (null: none). */
const TARGET_FORMATS: Record<ExportTarget, { quiz: ExportFormat | null; scenario: ExportFormat | null }> = {
  moodle: { quiz: 'moodle_xml', scenario: 'scorm' },
  totara: { quiz: 'moodle_xml', scenario: 'scorm' },
  canvas: { quiz: 'qti12', scenario: 'scorm' },
  blackboard: { quiz: 'blackboard', scenario: 'scorm' },
  brightspace: { quiz: 'brightspace', scenario: 'scorm2004' },
  scorm12: { quiz: 'scorm', scenario: 'scorm' },
  scorm2004: { quiz: 'scorm2004', scenario: 'scorm2004' },
  cmi5: { quiz: 'cmi5', scenario: 'cmi5' },
};

/** The format a target takes for a kind: its quiz or scenario format, else the kind's default document. */
export function formatForTarget(kind: ArtifactKind, target: ExportTarget): ExportFormat | null {
  if (kind === 'quiz' || kind === 'scenario') return TARGET_FORMATS[target][kind];
  // Other kinds are documents: their first format, attached as a file (no LMS package takes them).
  return EXPORT_FORMATS_BY_KIND[kind][0] ?? null;
}

const short = (text: string) => {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length > 80 ? `${chars.slice(0, 77).join('')}…` : chars.join('');
};

const hasOptionFeedback = (item: QuizItem) => item.options.some((o) => o.feedback.trim());
const repeatsAnswer = (item: QuizItem) => new Set(item.pairs.map((p) => p.right)).size < item.pairs.length;

/** What a quiz item loses or changes in a format ([] when it imports as is). */
function quizItemChanges(item: QuizItem, format: ExportFormat, negative: boolean): string[] {
  const several = takesSeveralAnswers(item);
  const changes: string[] = [];
  switch (format) {
    case 'moodle_xml':
      if (item.type === 'ordering')
        changes.push(
          'needs the Ordering question type (qtype_ordering): standard from Moodle 4.4, a plugin to install in older Moodle and in Totara, else the import stops at this question; Moodle gives a share of the mark for each step in its place',
        );
      break;
    case 'qti12':
      if (item.type === 'ordering')
        changes.push(
          'Canvas has no ordering question: it imports as a matching question, each step matched to its place (1st, 2nd…), with a share of the points per step',
        );
      if (several)
        changes.push(
          'Canvas scores multiple answers its own way (partial credit, a wrong choice takes points off), not with equal shares of 100%',
        );
      if (item.feedback.trim() && item.type === 'matching')
        changes.push('Canvas shows the general feedback after the question only');
      break;
    case 'blackboard':
      if (hasOptionFeedback(item) || item.feedback.trim())
        changes.push('feedback is dropped (the upload file has none); add it in Blackboard');
      if (several)
        changes.push(
          'scored all or nothing unless you turn on partial credit in Blackboard' +
            (negative ? '; negative marks are not carried' : ''),
        );
      if (item.type === 'ordering')
        changes.push('scored all or nothing unless you turn on partial credit in Blackboard');
      if (item.type === 'matching' && repeatsAnswer(item))
        changes.push(
          'Blackboard needs one answer per prompt: a repeated answer may be marked wrong, so make each answer unique',
        );
      break;
    case 'brightspace':
      if (several)
        changes.push(
          negative
            ? 'Brightspace scores multi-select "right minus wrong" per option, not with equal shares of 100%'
            : 'Brightspace scores multi-select per option (each option ticked or left correctly earns a share), not with equal shares of 100%',
        );
      if (item.type === 'matching' && repeatsAnswer(item))
        changes.push('a repeated answer is listed once per prompt');
      if (item.type === 'ordering')
        changes.push(
          'Brightspace gives a share of the points for each step in its place, not all or nothing',
        );
      if (item.type === 'short_answer' && item.options.some((o) => o.feedback.trim()))
        changes.push('answer feedback is dropped');
      break;
    default:
      // The SCORM and cmi5 players carry every item type, weight and feedback (ordering as a sequencing
      // interaction, all or nothing).
      break;
  }
  return changes;
}

function quizItems(data: QuizArtifact, format: ExportFormat | null, why: string): ExportCheckItem[] {
  const negative = data.negativeMarking === true;
  return data.items.map((item, i) => {
    const base = { ref: `Question ${i + 1}`, title: short(item.stem) };
    const problem = quizItemProblem(item);
    if (!format) return { ...base, status: 'cannot', statusLabel: IMPORT_STATUS_LABELS.cannot, note: why };
    if (problem)
      return {
        ...base,
        status: 'cannot',
        statusLabel: IMPORT_STATUS_LABELS.cannot,
        note: `the question ${problem}`,
      };
    const changes = quizItemChanges(item, format, negative);
    return changes.length
      ? {
          ...base,
          status: 'changes',
          statusLabel: IMPORT_STATUS_LABELS.changes,
          note: `${changes.join('; ')}.`.replace(/^./, (c) => c.toUpperCase()),
        }
      : { ...base, status: 'as_is', statusLabel: IMPORT_STATUS_LABELS.as_is, note: '' };
  });
}

function scenarioItems(data: ScenarioArtifact, format: ExportFormat | null, why: string): ExportCheckItem[] {
  const ids = new Set(data.nodes.map((n) => n.id));
  return data.nodes.map((node, i) => {
    const base = { ref: `Node ${i + 1}`, title: short(node.title) };
    if (!format) return { ...base, status: 'cannot', statusLabel: IMPORT_STATUS_LABELS.cannot, note: why };
    const broken = node.choices.filter((c) => !ids.has(c.nextNodeId)).length;
    if (broken)
      return {
        ...base,
        status: 'changes',
        statusLabel: IMPORT_STATUS_LABELS.changes,
        note: `${broken === 1 ? 'A choice leads' : `${broken} choices lead`} to a missing node: the player ends that path with a note.`,
      };
    if (!node.ending && !node.choices.length)
      return {
        ...base,
        status: 'changes',
        statusLabel: IMPORT_STATUS_LABELS.changes,
        note: 'Neither an ending nor a choice: the player ends the path here with a note and reports nothing.',
      };
    return { ...base, status: 'as_is', statusLabel: IMPORT_STATUS_LABELS.as_is, note: '' };
  });
}

/** The per-item check of an artifact for a target (the data is a valid artifact of the kind). */
export function exportCheck(kind: ArtifactKind, data: unknown, target: ExportTarget): ExportCheck {
  const format = formatForTarget(kind, target);
  const why = `${EXPORT_TARGET_LABELS[target]} has no import for a ${ARTIFACT_KIND_LABELS[kind].toLowerCase()}`;
  const items =
    kind === 'quiz'
      ? quizItems(data as QuizArtifact, format, why)
      : kind === 'scenario'
        ? scenarioItems(data as ScenarioArtifact, format, why)
        : [];
  const counts: Record<ImportStatus, number> = { as_is: 0, changes: 0, cannot: 0 };
  for (const item of items) counts[item.status]++;
  const formatLabel = format ? EXPORT_FORMAT_LABELS[format] : null;
  const summary = !format
    ? `Cannot import: ${why}.`
    : !items.length
      ? `Download as ${formatLabel} and attach it in ${EXPORT_TARGET_LABELS[target]}.`
      : [
          `${formatLabel}:`,
          [
            counts.as_is && `${counts.as_is} ${counts.as_is === 1 ? 'item imports' : 'items import'} as is`,
            counts.changes &&
              `${counts.changes} ${counts.changes === 1 ? 'item imports' : 'items import'} with changes`,
            counts.cannot && `${counts.cannot} cannot import`,
          ]
            .filter(Boolean)
            .join(', '),
        ].join(' ') + '.';
  return { target, targetLabel: EXPORT_TARGET_LABELS[target], format, formatLabel, summary, counts, items };
}
