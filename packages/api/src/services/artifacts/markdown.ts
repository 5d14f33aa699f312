// Markdown of each artifact kind: the assistant message that shows the artifact in the chat (GFM: tables,
// lists) and the Markdown export. Every field is user-editable, so all text goes through `inline`/`block`,
// which backslash-escape the characters Markdown would read as syntax (and `<`, so raw HTML never renders in
// viewers that allow it). Tables get pipes escaped and line breaks folded.
import {
  ARTIFACT_KIND_LABELS,
  BLOOM_LEVEL_LABELS,
  MODALITY_LABELS,
  QUIZ_ITEM_TYPE_LABELS,
  shownSteps,
  type ArtifactDataByKind,
  type ArtifactKind,
  type Citation,
  type ModalityArtifact,
  type Objective,
  type ObjectivesArtifact,
  type PlanArtifact,
  type QuizArtifact,
  type QuizItem,
  type ScenarioArtifact,
  type SmeSummaryArtifact,
} from '../../schemas/artifacts.js';
import { sourceText } from './citations.js';

const DASH = '—';

/** Escapes Markdown syntax in one line of user text (line breaks become spaces); a leading "#", "-", "1." etc.
 * is escaped too, since the text often follows a list marker or heading. */
export function inline(text: string): string {
  return text
    .replace(/\s*\r?\n\s*/g, ' ')
    .trim()
    .replace(/[\\`*_[\]<>|~]/g, (c) => `\\${c}`)
    .replace(/&(?=#?\w+;)/g, '\\&')
    .replace(/^([#>+=-])/, '\\$1')
    .replace(/^(\d+)([.)])/, '$1\\$2');
}

/** Escapes user text kept as paragraphs: line starts that would open a heading, quote, list or rule too.
 * Blank lines stay paragraph breaks; single line breaks become hard breaks so the author's lines survive. */
export function block(text: string): string {
  return text
    .trim()
    .split(/\r?\n\s*\r?\n/)
    .map((para) => para.split(/\r?\n/).map(inline).filter(Boolean).join('  \n'))
    .filter(Boolean)
    .join('\n\n');
}

const cell = (text: string) => (text.trim() ? inline(text) : DASH);

function table(head: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

/** "45 min", "1 h 30 min", "2 h". */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (!h) return `${m} min`;
  return m ? `${h} h ${m} min` : `${h} h`;
}

/** A, B, … Z, AA… for option labels. */
export const letter = (i: number): string =>
  i < 26 ? String.fromCharCode(65 + i) : letter(Math.floor(i / 26) - 1) + letter(i % 26);

function header(kind: ArtifactKind, data: { title: string; topic: string; audience: string }): string[] {
  return [
    `# ${inline(data.title)}`,
    '',
    `_${ARTIFACT_KIND_LABELS[kind]}_ · **Topic:** ${inline(data.topic)} · **Audience:** ${inline(data.audience)}`,
  ];
}

function objectivesTable(objectives: Objective[], audience: string): string {
  // Audience gets its own column only when some objective names a different one than the artifact.
  const withAudience = objectives.some((o) => o.audience.trim() !== audience.trim());
  const head = [
    '#',
    ...(withAudience ? ['Audience'] : []),
    'Objective',
    'Bloom level',
    'Condition',
    'Criterion',
  ];
  const rows = objectives.map((o, i) => [
    String(i + 1),
    ...(withAudience ? [cell(o.audience)] : []),
    cell(o.behavior),
    BLOOM_LEVEL_LABELS[o.bloomLevel],
    cell(o.condition),
    cell(o.criterion),
  ]);
  return table(head, rows);
}

/** "_Source:_ hand-hygiene.docx, part 3: "…"" under a part drawn from a file; nothing without a source. */
const sourceLine = (source: Citation | null | undefined, prefix = ''): string[] => {
  const text = sourceText(source);
  return text ? [`${prefix}_Source:_ ${inline(text)}`] : [];
};

/** The sources of numbered objectives, as a list under their table. */
function objectiveSources(objectives: Objective[]): string[] {
  const lines = objectives.flatMap((o, i) => sourceLine(o.source, `${i + 1}. `));
  return lines.length ? ['', '**Sources**', '', ...lines] : [];
}

function objectivesMarkdown(data: ObjectivesArtifact): string[] {
  return [
    ...header('objectives', data),
    '',
    `By the end, ${inline(data.audience)} will be able to:`,
    '',
    objectivesTable(data.objectives, data.audience),
    ...objectiveSources(data.objectives),
  ];
}

/** Matching answers in a stable order that does not give the pairing away. */
export function matchingChoices(item: QuizItem): string[] {
  return [...new Set(item.pairs.map((p) => p.right))].sort((a, b) => a.localeCompare(b));
}

/** Ordering steps in the order the learner first sees them (shownSteps), so the answer is not given away. */
export const orderingShown = (item: QuizItem): string[] => shownSteps(item.steps ?? []);

function quizQuestion(item: QuizItem, n: number): string[] {
  const out = [
    `### ${n}. ${inline(item.stem)}`,
    '',
    `_${QUIZ_ITEM_TYPE_LABELS[item.type]} · ${item.difficulty}_`,
  ];
  switch (item.type) {
    case 'single_choice':
    case 'multiple_choice':
    case 'true_false':
      out.push('', ...item.options.map((o, i) => `- **${letter(i)}.** ${inline(o.text)}`));
      if (item.type === 'multiple_choice') out.push('', '_Select all that apply._');
      break;
    case 'short_answer':
      out.push('', '_Answer in a word or a short phrase._');
      break;
    case 'matching': {
      const choices = matchingChoices(item);
      out.push(
        '',
        ...item.pairs.map((p, i) => `${i + 1}. ${inline(p.left)}`),
        '',
        `_Match each with one of:_ ${choices.map((c, i) => `**${letter(i)}.** ${inline(c)}`).join(' · ')}`,
      );
      break;
    }
    case 'ordering':
      out.push(
        '',
        ...orderingShown(item).map((step, i) => `- **${letter(i)}.** ${inline(step)}`),
        '',
        '_Put the steps in order (write the letters, first step first)._',
      );
      break;
  }
  return out;
}

function quizKey(item: QuizItem, n: number): string[] {
  const out: string[] = [];
  switch (item.type) {
    case 'single_choice':
    case 'multiple_choice':
    case 'true_false': {
      const correct = item.options.flatMap((o, i) => (o.correct ? [letter(i)] : []));
      out.push(`**${n}.** ${correct.length ? correct.join(', ') : '_No correct option marked_'}`);
      item.options.forEach((o, i) => {
        const mark = o.correct ? '✓' : '✗';
        const fb = o.feedback.trim() ? ` ${DASH} ${inline(o.feedback)}` : '';
        out.push(`   - ${mark} **${letter(i)}.** ${inline(o.text)}${fb}`);
      });
      break;
    }
    case 'short_answer':
      out.push(
        `**${n}.** ${item.acceptedAnswers.length ? item.acceptedAnswers.map(inline).join(' · ') : '_No accepted answer given_'}`,
      );
      break;
    case 'matching': {
      const choices = matchingChoices(item);
      out.push(`**${n}.**`);
      item.pairs.forEach((p, i) =>
        out.push(
          `   - ${i + 1} → **${letter(choices.indexOf(p.right))}.** ${inline(p.left)} → ${inline(p.right)}`,
        ),
      );
      break;
    }
    case 'ordering': {
      const shown = orderingShown(item);
      const steps = item.steps ?? [];
      out.push(`**${n}.** ${steps.map((s) => letter(shown.indexOf(s))).join(', ')}`);
      steps.forEach((step, i) => out.push(`   ${i + 1}. ${inline(step)}`));
      break;
    }
  }
  if (item.feedback.trim()) out.push(`   - _Feedback:_ ${inline(item.feedback)}`);
  out.push(...sourceLine(item.source, '   - '));
  return out;
}

function quizMarkdown(data: QuizArtifact): string[] {
  const out = [
    ...header('quiz', data),
    '',
    `**Questions:** ${data.items.length} · **Pass mark:** ${data.passingScore}%`,
  ];
  if (data.objectives.length) {
    out.push(
      '',
      '## Objectives assessed',
      '',
      ...data.objectives.map((o, i) => `${i + 1}. ${inline(o.text)} _(${BLOOM_LEVEL_LABELS[o.bloomLevel]})_`),
    );
  }
  out.push('', '## Questions');
  data.items.forEach((item, i) => out.push('', ...quizQuestion(item, i + 1)));
  out.push('', '## Answer key', '');
  data.items.forEach((item, i) => out.push(...quizKey(item, i + 1), ''));
  return out;
}

const OUTCOME_LABELS = { success: 'Success', partial: 'Partial success', failure: 'Failure' } as const;

function scenarioMarkdown(data: ScenarioArtifact): string[] {
  const number = new Map(data.nodes.map((node, i) => [node.id, i + 1]));
  const titleOf = (id: string) => {
    const node = data.nodes.find((x) => x.id === id);
    return node ? `${number.get(id)}. ${inline(node.title)}` : `${inline(id)} (missing)`;
  };
  const out = [
    ...header('scenario', data),
    '',
    `**Objective:** ${inline(data.objective)}`,
    '',
    `**Starts at:** ${titleOf(data.startNodeId)}`,
  ];
  for (const node of data.nodes) {
    out.push('', `## ${number.get(node.id)}. ${inline(node.title)}`, '', block(node.narrative));
    if (node.source) out.push('', ...sourceLine(node.source));
    if (node.ending) {
      out.push(
        '',
        `**Ending ${DASH} ${OUTCOME_LABELS[node.ending.outcome]}:** ${inline(node.ending.summary)}`,
      );
    }
    if (node.choices.length) {
      out.push('');
      for (const choice of node.choices) {
        const points = choice.score > 0 ? `+${choice.score}` : String(choice.score);
        const consequence = choice.consequence.trim() ? ` ${DASH} ${inline(choice.consequence)}` : '';
        out.push(`- **${inline(choice.text)}** → ${titleOf(choice.nextNodeId)} _(${points})_${consequence}`);
      }
    }
  }
  return out;
}

function modalityMarkdown(data: ModalityArtifact): string[] {
  const out = [...header('modality', data)];
  if (data.constraints.length)
    out.push('', '## Constraints', '', ...data.constraints.map((c) => `- ${inline(c)}`));
  out.push(
    '',
    '## Recommendations',
    '',
    table(
      ['Objective', 'Modality', 'Rationale', 'Effort', 'Tools'],
      data.recommendations.map((r) => [
        cell(r.objective),
        MODALITY_LABELS[r.modality],
        cell(r.rationale),
        r.effort,
        r.tools.length ? r.tools.map(inline).join(', ') : DASH,
      ]),
    ),
    '',
    '## Summary',
    '',
    block(data.summary),
  );
  return out;
}

function planMarkdown(data: PlanArtifact): string[] {
  const out = [
    ...header('plan', data),
    '',
    `**Duration:** ${inline(data.duration)} (${formatMinutes(data.totalMinutes)} in total)`,
    '',
    table(
      ['#', 'Module', 'When', 'Duration', 'Modality'],
      data.modules.map((m, i) => [
        String(i + 1),
        cell(m.title),
        cell(m.when ?? ''),
        formatMinutes(m.durationMinutes),
        MODALITY_LABELS[m.modality],
      ]),
    ),
  ];
  data.modules.forEach((m, i) => {
    const when = m.when?.trim() ? `${inline(m.when)} · ` : '';
    out.push(
      '',
      `## ${i + 1}. ${inline(m.title)}`,
      '',
      `_${when}${formatMinutes(m.durationMinutes)} · ${MODALITY_LABELS[m.modality]}_`,
    );
    if (m.objectives.length) out.push('', '**Objectives**', '', ...m.objectives.map((o) => `- ${inline(o)}`));
    if (m.activities.length) {
      out.push(
        '',
        '**Activities**',
        '',
        ...m.activities.map(
          (a) => `- ${inline(a.title)} _(${inline(a.type)}, ${formatMinutes(a.durationMinutes)})_`,
        ),
      );
    }
    if (m.assessments.length)
      out.push('', '**Assessments**', '', ...m.assessments.map((a) => `- ${inline(a)}`));
    if (m.source) out.push('', ...sourceLine(m.source));
  });
  return out;
}

function smeSummaryMarkdown(data: SmeSummaryArtifact): string[] {
  const out = [...header('sme_summary', data), '', '## Content outline'];
  data.outline.forEach((section, i) => {
    out.push('', `### ${i + 1}. ${inline(section.module)}`);
    if (section.points.length) out.push('', ...section.points.map((p) => `- ${inline(p)}`));
  });
  if (data.tasks.length) {
    out.push('', '## Key tasks');
    for (const task of data.tasks) {
      out.push('', `### ${inline(task.task)}`);
      if (task.steps.length) out.push('', ...task.steps.map((s, i) => `${i + 1}. ${inline(s)}`));
    }
  }
  if (data.commonErrors.length) {
    out.push(
      '',
      '## Common errors',
      '',
      table(
        ['Error', 'Consequence', 'Fix'],
        data.commonErrors.map((e) => [cell(e.error), cell(e.consequence), cell(e.fix)]),
      ),
    );
  }
  if (data.draftObjectives.length) {
    out.push('', '## Draft objectives', '', objectivesTable(data.draftObjectives, data.audience));
  }
  if (data.gaps.length)
    out.push('', '## Gaps to confirm with the expert', '', ...data.gaps.map((g) => `- ${inline(g)}`));
  return out;
}

const RENDERERS: { [K in ArtifactKind]: (data: ArtifactDataByKind[K]) => string[] } = {
  objectives: objectivesMarkdown,
  quiz: quizMarkdown,
  scenario: scenarioMarkdown,
  modality: modalityMarkdown,
  plan: planMarkdown,
  sme_summary: smeSummaryMarkdown,
};

/** The artifact as Markdown (GFM), ending with one newline. */
export function renderArtifactMarkdown<K extends ArtifactKind>(kind: K, data: ArtifactDataByKind[K]): string {
  const render = RENDERERS[kind] as (d: ArtifactDataByKind[K]) => string[];
  return `${render(data)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}
