// The storyboard for sign-off (issue 39): `format=storyboard`, one Word document for the artifacts of a session —
// objectives → content outline → activities → assessment items with their keys → modality, then the citations,
// the open comments and an approval block (who approved which version, when). Built from the same Word blocks as
// the per-artifact DOCX export (artifacts/export/docx.ts). The session's owner gets every artifact of it; a
// workspace member gets the artifacts of it shared with them (the workspace, or them as a listed person; an
// owner or admin: every one shared in the workspace); anyone else a 404.
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import type { Prisma } from '@app/db';
import type { Services } from '../container.js';
import { notFound } from '../../errors.js';
import {
  ARTIFACT_KIND_LABELS,
  BLOOM_LEVEL_LABELS,
  type ArtifactKind,
  type Citation,
  type ModalityArtifact,
  type ObjectivesArtifact,
  type PlanArtifact,
  type QuizArtifact,
  type ScenarioArtifact,
  type SmeSummaryArtifact,
} from '../../schemas/artifacts.js';
import { REVIEW_STATUS_LABELS } from '../../schemas/review.js';
import { sourceText } from '../artifacts/citations.js';
import {
  bullet,
  clean,
  heading,
  labelled,
  objectivesTable,
  para,
  planModulesTable,
  recommendationsTable,
  table,
  type Block,
} from '../artifacts/export/docx.js';
import { fileNameFor } from '../artifacts/export/file-name.js';
import { formatMinutes } from '../artifacts/markdown.js';
import { sharesVisibleTo } from '../artifacts/access.js';
import { findMembership } from '../workspaces/access.js';
import { recordActivity } from './activity.js';
import { displayName } from './access.js';
import { commentsOf } from './comments.js';
import { reviewStateOf, type ReviewState } from './status.js';

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const H1 = HeadingLevel.HEADING_1;
const H2 = HeadingLevel.HEADING_2;
const H3 = HeadingLevel.HEADING_3;

interface Part {
  id: string;
  kind: ArtifactKind;
  title: string;
  version: number;
  data: unknown;
  review: ReviewState;
  openComments: { label: string; author: string; body: string; version: number; replies: number }[];
}

const of = <T>(parts: Part[], kind: ArtifactKind) =>
  parts.filter((p) => p.kind === kind).map((p) => ({ part: p, data: p.data as T }));

function objectivesSection(parts: Part[]): Block[] {
  const out: Block[] = [];
  for (const { part, data } of of<ObjectivesArtifact>(parts, 'objectives'))
    out.push(heading(part.title, H2), para(`For ${data.audience}:`), objectivesTable(data.objectives));
  for (const { part, data } of of<QuizArtifact>(parts, 'quiz'))
    if (data.objectives.length)
      out.push(
        heading(`${part.title} — objectives assessed`, H2),
        table(
          ['#', 'Objective', 'Bloom level'],
          data.objectives.map((o, i) => [String(i + 1), o.text, BLOOM_LEVEL_LABELS[o.bloomLevel]]),
        ),
      );
  for (const { part, data } of of<ScenarioArtifact>(parts, 'scenario'))
    out.push(heading(`${part.title} — goal`, H2), para(data.objective));
  for (const { part, data } of of<PlanArtifact>(parts, 'plan'))
    data.modules.forEach((m, i) => {
      if (m.objectives.length)
        out.push(heading(`${part.title} — module ${i + 1}: ${m.title}`, H3), ...m.objectives.map(bullet));
    });
  for (const { part, data } of of<SmeSummaryArtifact>(parts, 'sme_summary'))
    if (data.draftObjectives.length)
      out.push(heading(`${part.title} — draft objectives`, H2), objectivesTable(data.draftObjectives));
  return out;
}

function outlineSection(parts: Part[]): Block[] {
  const out: Block[] = [];
  for (const { part, data } of of<PlanArtifact>(parts, 'plan'))
    out.push(
      heading(part.title, H2),
      labelled('Duration', `${data.duration} (${formatMinutes(data.totalMinutes)} in total)`),
      planModulesTable(data),
    );
  for (const { part, data } of of<SmeSummaryArtifact>(parts, 'sme_summary')) {
    out.push(heading(part.title, H2));
    data.outline.forEach((s, i) => out.push(heading(`${i + 1}. ${s.module}`, H3), ...s.points.map(bullet)));
  }
  return out;
}

function activitiesSection(parts: Part[]): Block[] {
  const out: Block[] = [];
  for (const { part, data } of of<PlanArtifact>(parts, 'plan'))
    data.modules.forEach((m, i) => {
      if (!m.activities.length && !m.assessments.length) return;
      out.push(heading(`${part.title} — module ${i + 1}: ${m.title}`, H3));
      out.push(
        ...m.activities.map((a) => bullet(`${a.title} (${a.type}, ${formatMinutes(a.durationMinutes)})`)),
      );
      out.push(...m.assessments.map((a) => bullet(`Assessment: ${a}`)));
    });
  for (const { part, data } of of<ScenarioArtifact>(parts, 'scenario')) {
    out.push(heading(`${part.title} — branching scenario`, H2));
    const titleOf = new Map(data.nodes.map((n) => [n.id, n.title]));
    data.nodes.forEach((n, i) => {
      out.push(heading(`Node ${i + 1}: ${n.title}`, H3), para(n.narrative));
      for (const c of n.choices)
        out.push(bullet(`${c.text} → ${titleOf.get(c.nextNodeId) ?? c.nextNodeId} (score ${c.score})`));
      if (n.ending) out.push(labelled(`Ending (${n.ending.outcome})`, n.ending.summary));
    });
  }
  return out;
}

function itemsSection(parts: Part[]): Block[] {
  const out: Block[] = [];
  for (const { part, data } of of<QuizArtifact>(parts, 'quiz')) {
    out.push(heading(part.title, H2), labelled('Pass mark', `${data.passingScore}%`));
    data.items.forEach((it, i) => {
      out.push(heading(`Question ${i + 1}`, H3), para(it.stem));
      it.options.forEach((o, j) => {
        const letter = String.fromCharCode(65 + j);
        out.push(
          new Paragraph({
            children: [
              new TextRun({ text: `${letter}. ${clean(o.text)}`, bold: o.correct }),
              new TextRun({ text: o.correct ? '  (correct)' : '', bold: true }),
              ...(o.feedback ? [new TextRun({ text: ` — ${clean(o.feedback)}`, italics: true })] : []),
            ],
            bullet: { level: 0 },
          }),
        );
      });
      if (it.acceptedAnswers.length) out.push(labelled('Accepted answers', it.acceptedAnswers.join('; ')));
      if (it.pairs.length)
        out.push(
          table(
            ['Prompt', 'Match'],
            it.pairs.map((p) => [p.left, p.right]),
          ),
        );
      // Ordering: the steps in their correct order (the learner sees them shuffled).
      if (it.steps?.length)
        out.push(
          table(
            ['Place', 'Step'],
            it.steps.map((step, k) => [String(k + 1), step]),
          ),
        );
      const key = it.options.flatMap((o, j) => (o.correct ? [String.fromCharCode(65 + j)] : []));
      if (key.length) out.push(labelled('Key', key.join(', ')));
      if (it.feedback) out.push(labelled('Feedback', it.feedback));
    });
  }
  return out;
}

function modalitySection(parts: Part[]): Block[] {
  const out: Block[] = [];
  for (const { part, data } of of<ModalityArtifact>(parts, 'modality'))
    out.push(heading(part.title, H2), recommendationsTable(data));
  return out;
}

/** Every `source` citation in an artifact's data, with where it sits. */
function citationsOf(data: unknown, path = ''): { path: string; text: string }[] {
  if (!data || typeof data !== 'object') return [];
  if (Array.isArray(data)) return data.flatMap((x, i) => citationsOf(x, path ? `${path}.${i}` : String(i)));
  const out: { path: string; text: string }[] = [];
  for (const [k, v] of Object.entries(data)) {
    if (k === 'source' && v && typeof v === 'object') {
      const text = sourceText(v as Citation);
      if (text) out.push({ path, text });
    } else out.push(...citationsOf(v, path ? `${path}.${k}` : k));
  }
  return out;
}

function citationsSection(parts: Part[]): Block[] {
  return parts.flatMap((p) => {
    const cites = citationsOf(p.data);
    return cites.length ? [heading(p.title, H2), ...cites.map((c) => bullet(c.text))] : [];
  });
}

function commentsSection(parts: Part[]): Block[] {
  return parts.flatMap((p) =>
    p.openComments.length
      ? [
          heading(p.title, H2),
          table(
            ['On', 'By', 'Comment', 'Version', 'Replies'],
            p.openComments.map((c) => [c.label, c.author, c.body, String(c.version), String(c.replies)]),
          ),
        ]
      : [],
  );
}

const when = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';

function approvalSection(parts: Part[]): Block[] {
  return [
    table(
      ['Artifact', 'Latest version', 'Status', 'Approved version', 'Approved by', 'When'],
      parts.map((p) => {
        const a = p.review.approvals[0];
        return [
          p.title,
          String(p.version),
          REVIEW_STATUS_LABELS[p.review.status],
          a ? String(a.version) : 'Not approved',
          a ? `${a.approverName} <${a.approverEmail}>${a.byReviewer ? ' (reviewer)' : ''}` : '',
          a ? when(a.createdAt) : '',
        ];
      }),
    ),
    para('Signature: ______________________________    Date: ______________'),
  ];
}

async function visibleArtifacts(s: Pick<Services, 'db'>, userId: string, sessionId: string) {
  const session = await s.db.assistantSession.findUnique({
    where: { id: sessionId },
    select: { id: true, userId: true, title: true, sessionType: true },
  });
  if (!session) throw notFound('Session not found');
  let where: Prisma.ArtifactWhereInput = { sessionId };
  const m = await findMembership(s.db, userId);
  if (session.userId !== userId) {
    if (!m) throw notFound('Session not found');
    where = { sessionId, share: sharesVisibleTo(m) };
  }
  const workspaceId = m?.workspace.id ?? null;
  const artifacts = await s.db.artifact.findMany({
    where,
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    include: { versions: { orderBy: { version: 'desc' }, take: 1 } },
  });
  if (!artifacts.length) throw notFound('Session not found');
  return { session, artifacts, workspaceId };
}

export async function storyboard(s: Pick<Services, 'db' | 'usage'>, userId: string, sessionId: string) {
  const { session, artifacts, workspaceId } = await visibleArtifacts(s, userId, sessionId);
  const parts: Part[] = await Promise.all(
    artifacts.map(async (a) => {
      const [review, comments] = await Promise.all([reviewStateOf(s.db, a), commentsOf(s.db, a.id, null)]);
      const replies = new Map<string, number>();
      for (const c of comments.comments)
        if (c.parentId) replies.set(c.parentId, (replies.get(c.parentId) ?? 0) + 1);
      return {
        id: a.id,
        kind: a.kind as ArtifactKind,
        title: a.versions[0]?.title ?? a.title,
        version: a.version,
        data: a.versions[0]?.data,
        review,
        openComments: comments.comments
          .filter((c) => !c.parentId && !c.resolved)
          .map((c) => ({
            label: c.targetLabel ?? 'Whole artifact',
            author: c.authorName,
            body: c.body,
            version: c.version,
            replies: replies.get(c.id) ?? 0,
          })),
      };
    }),
  );
  const me = await s.db.user.findUnique({
    where: { id: userId },
    select: { firstName: true, lastName: true },
  });
  const sections: [string, Block[]][] = [
    ['1. Objectives', objectivesSection(parts)],
    ['2. Content outline', outlineSection(parts)],
    ['3. Activities', activitiesSection(parts)],
    ['4. Assessment items and keys', itemsSection(parts)],
    ['5. Modality', modalitySection(parts)],
    ['6. Citations', citationsSection(parts)],
    ['7. Open comments', commentsSection(parts)],
    ['8. Approval', approvalSection(parts)],
  ];
  const title = `Storyboard: ${session.title}`;
  const children: Block[] = [
    new Paragraph({ text: clean(title), heading: HeadingLevel.TITLE }),
    labelled(
      'Artifacts',
      parts.map((p) => `${p.title} (${ARTIFACT_KIND_LABELS[p.kind]}, version ${p.version})`).join('; '),
    ),
    labelled('Prepared', `${when(new Date())}${me ? ` by ${displayName(me)}` : ''}`),
    ...sections.flatMap(([name, blocks]) => [
      heading(name, H1),
      ...(blocks.length ? blocks : [para('Nothing in this session for this part.')]),
    ]),
  ];
  const doc = new Document({
    creator: 'L&D Assistant',
    title: clean(title),
    subject: 'Storyboard',
    styles: { default: { document: { run: { font: 'Calibri', size: 22 } } } },
    sections: [{ children }],
  });
  const body = await Packer.toBuffer(doc);
  const actorName = me ? displayName(me) : 'A former member';
  for (const a of artifacts)
    await recordActivity(s, {
      artifactId: a.id,
      workspaceId,
      type: 'exported',
      actorId: userId,
      actorName,
      details: 'Storyboard (Word)',
      version: a.version,
    });
  return {
    filename: fileNameFor(`${session.title} storyboard`, 'storyboard', 'docx'),
    contentType: DOCX_TYPE,
    body,
  };
}
