// Word (.docx) exports of objectives, plans, modality advice and SME summaries via the `docx` package:
// headings, tables for the objectives and plan modules, bullet lists. The document title and subject are set
// so Word and SharePoint list the file by its artifact title. The block helpers are shared with the storyboard
// (services/review/storyboard.ts).
import {
  AlignmentType,
  BorderStyle,
  Document,
  HeadingLevel,
  Packer,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import {
  ARTIFACT_KIND_LABELS,
  BLOOM_LEVEL_LABELS,
  MODALITY_LABELS,
  type ArtifactKind,
  type ModalityArtifact,
  type Objective,
  type ObjectivesArtifact,
  type PlanArtifact,
  type SmeSummaryArtifact,
} from '../../../schemas/artifacts.js';
import { sourceText } from '../citations.js';
import { formatMinutes } from '../markdown.js';
import { xmlSafe } from './escape.js';

export type DocxKind = 'objectives' | 'plan' | 'modality' | 'sme_summary';
export type Block = Paragraph | Table;

/** Characters XML 1.0 cannot hold would make Word refuse the file. */
export const clean = (text: string) => xmlSafe(text).trim();
const DASH = '—';

export const heading = (text: string, level: (typeof HeadingLevel)[keyof typeof HeadingLevel]) =>
  new Paragraph({ text: clean(text), heading: level, spacing: { before: 240, after: 120 } });
export const para = (text: string) =>
  new Paragraph({ children: [new TextRun(clean(text))], spacing: { after: 120 } });
export const bullet = (text: string) => new Paragraph({ text: clean(text), bullet: { level: 0 } });
export const labelled = (label: string, value: string) =>
  new Paragraph({
    children: [new TextRun({ text: `${label}: `, bold: true }), new TextRun(clean(value))],
    spacing: { after: 80 },
  });

const border = { style: BorderStyle.SINGLE, size: 4, color: 'BFC5CD' };
export function table(head: string[], rows: string[][]): Table {
  const cell = (text: string, header = false) =>
    new TableCell({
      children: [new Paragraph({ children: [new TextRun({ text: clean(text) || DASH, bold: header })] })],
      shading: header ? { type: ShadingType.CLEAR, color: 'auto', fill: 'E8ECF2' } : undefined,
      margins: { top: 60, bottom: 60, left: 100, right: 100 },
    });
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    borders: {
      top: border,
      bottom: border,
      left: border,
      right: border,
      insideHorizontal: border,
      insideVertical: border,
    },
    rows: [
      new TableRow({ tableHeader: true, children: head.map((h) => cell(h, true)) }),
      ...rows.map((r) => new TableRow({ children: r.map((c) => cell(c)) })),
    ],
  });
}

function header(kind: ArtifactKind, data: { title: string; topic: string; audience: string }): Block[] {
  return [
    new Paragraph({ text: clean(data.title), heading: HeadingLevel.TITLE, alignment: AlignmentType.LEFT }),
    new Paragraph({
      children: [new TextRun({ text: ARTIFACT_KIND_LABELS[kind], italics: true, color: '5B6472' })],
      spacing: { after: 120 },
    }),
    labelled('Topic', data.topic),
    labelled('Audience', data.audience),
  ];
}

export function objectivesTable(objectives: Objective[]): Table {
  return table(
    ['#', 'Objective', 'Bloom level', 'Condition', 'Criterion'],
    objectives.map((o, i) => [
      String(i + 1),
      o.behavior,
      BLOOM_LEVEL_LABELS[o.bloomLevel],
      o.condition,
      o.criterion,
    ]),
  );
}

function objectivesDoc(data: ObjectivesArtifact): Block[] {
  return [
    ...header('objectives', data),
    heading('Objectives', HeadingLevel.HEADING_1),
    para(`By the end, ${data.audience} will be able to:`),
    objectivesTable(data.objectives),
    ...data.objectives.flatMap((o, i) => {
      const source = sourceText(o.source);
      return source ? [para(`Source of objective ${i + 1}: ${source}`)] : [];
    }),
  ];
}

/** A plan's modules at a glance (also the storyboard's content outline). */
export function planModulesTable(data: PlanArtifact): Table {
  return table(
    ['#', 'Module', 'When', 'Duration', 'Modality'],
    data.modules.map((m, i) => [
      String(i + 1),
      m.title,
      m.when ?? '',
      formatMinutes(m.durationMinutes),
      MODALITY_LABELS[m.modality],
    ]),
  );
}

/** Modality advice per objective (also the storyboard's modality part). */
export function recommendationsTable(data: ModalityArtifact): Table {
  return table(
    ['Objective', 'Modality', 'Rationale', 'Effort', 'Tools'],
    data.recommendations.map((r) => [
      r.objective,
      MODALITY_LABELS[r.modality],
      r.rationale,
      r.effort,
      r.tools.join(', '),
    ]),
  );
}

function planDoc(data: PlanArtifact): Block[] {
  const out: Block[] = [
    ...header('plan', data),
    labelled('Duration', `${data.duration} (${formatMinutes(data.totalMinutes)} in total)`),
    heading('Modules', HeadingLevel.HEADING_1),
    planModulesTable(data),
  ];
  data.modules.forEach((m, i) => {
    out.push(heading(`${i + 1}. ${m.title}`, HeadingLevel.HEADING_2));
    out.push(
      para(
        [m.when?.trim(), formatMinutes(m.durationMinutes), MODALITY_LABELS[m.modality]]
          .filter(Boolean)
          .join(' · '),
      ),
    );
    if (m.objectives.length)
      out.push(heading('Objectives', HeadingLevel.HEADING_3), ...m.objectives.map(bullet));
    if (m.activities.length) {
      out.push(
        heading('Activities', HeadingLevel.HEADING_3),
        ...m.activities.map((a) => bullet(`${a.title} (${a.type}, ${formatMinutes(a.durationMinutes)})`)),
      );
    }
    if (m.assessments.length)
      out.push(heading('Assessments', HeadingLevel.HEADING_3), ...m.assessments.map(bullet));
    const source = sourceText(m.source);
    if (source) out.push(para(`Source: ${source}`));
  });
  return out;
}

function modalityDoc(data: ModalityArtifact): Block[] {
  const out: Block[] = [...header('modality', data)];
  if (data.constraints.length)
    out.push(heading('Constraints', HeadingLevel.HEADING_1), ...data.constraints.map(bullet));
  out.push(
    heading('Recommendations', HeadingLevel.HEADING_1),
    recommendationsTable(data),
    heading('Summary', HeadingLevel.HEADING_1),
    ...data.summary
      .split(/\r?\n\s*\r?\n/)
      .filter((p) => p.trim())
      .map(para),
  );
  return out;
}

function smeSummaryDoc(data: SmeSummaryArtifact): Block[] {
  const out: Block[] = [...header('sme_summary', data), heading('Content outline', HeadingLevel.HEADING_1)];
  data.outline.forEach((s, i) =>
    out.push(heading(`${i + 1}. ${s.module}`, HeadingLevel.HEADING_2), ...s.points.map(bullet)),
  );
  if (data.tasks.length) {
    out.push(heading('Key tasks', HeadingLevel.HEADING_1));
    for (const t of data.tasks) {
      out.push(heading(t.task, HeadingLevel.HEADING_2), ...t.steps.map((s, i) => para(`${i + 1}. ${s}`)));
    }
  }
  if (data.commonErrors.length) {
    out.push(
      heading('Common errors', HeadingLevel.HEADING_1),
      table(
        ['Error', 'Consequence', 'Fix'],
        data.commonErrors.map((e) => [e.error, e.consequence, e.fix]),
      ),
    );
  }
  if (data.draftObjectives.length) {
    out.push(heading('Draft objectives', HeadingLevel.HEADING_1), objectivesTable(data.draftObjectives));
  }
  if (data.gaps.length)
    out.push(heading('Gaps to confirm with the expert', HeadingLevel.HEADING_1), ...data.gaps.map(bullet));
  return out;
}

type DocxData = {
  objectives: ObjectivesArtifact;
  plan: PlanArtifact;
  modality: ModalityArtifact;
  sme_summary: SmeSummaryArtifact;
};
const BUILDERS: { [K in DocxKind]: (data: DocxData[K]) => Block[] } = {
  objectives: objectivesDoc,
  plan: planDoc,
  modality: modalityDoc,
  sme_summary: smeSummaryDoc,
};

export async function artifactToDocx<K extends DocxKind>(kind: K, data: DocxData[K]): Promise<Buffer> {
  const build = BUILDERS[kind] as (d: DocxData[K]) => Block[];
  const doc = new Document({
    creator: 'L&D Assistant',
    title: clean(data.title),
    subject: ARTIFACT_KIND_LABELS[kind],
    styles: { default: { document: { run: { font: 'Calibri', size: 22 } } } },
    sections: [{ children: build(data) }],
  });
  return Packer.toBuffer(doc);
}
