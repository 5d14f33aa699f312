// Offline SME interview summary: the walkthrough's answers (replayed from the user's messages, as the
// SME_WALKTHROUGH text answers do) turned into an outline, tasks with steps, common errors, draft objectives
// and the gaps still to confirm. Areas the expert skipped or never reached are gaps, not invented content.
import type { Objective, SmeSummaryArtifact } from '../../../schemas/artifacts.js';
import { smeStateOf } from '../assistant-sme.js';
import { clip, itemsOf, lowerFirst } from '../assistant-text.js';
import { titleCase, type ArtifactContext } from './context.js';
import { bare, factsOfKind, type Grounding } from './grounded.js';
import { buildObjectiveList, objectiveLevels } from './objectives.js';
import { notesOf } from './sme-notes.js';

const TITLE_MAX = 200;
/** A heading as a module name: "4.2 PROCEDURE" → "Procedure". */
const headingTitle = (h: string) => {
  const t = h.replace(/^\d+(\.\d+)*\.?\s*/, '').trim();
  return titleCase(t === t.toUpperCase() ? t.toLowerCase() : t).slice(0, TITLE_MAX);
};

/**
 * An SME summary of the user's document (no interview): its sections as the outline, its procedures as the
 * tasks, its rules and limits as the errors to prevent (the consequence left for the expert: the document
 * states the rule, not what happens when it is broken), draft objectives from its facts (cited), and questions
 * for the expert on what the document does not say.
 */
function documentSummary(c: ArtifactContext, g: Grounding): SmeSummaryArtifact {
  const topic = c.topic;
  const outline = g.sections.slice(0, 12).map((sec, i) => ({
    module: sec.heading ? headingTitle(sec.heading) : `Part ${i + 1}`,
    points: sec.facts
      .map((f) => f.fact.text)
      .filter((t, j, a) => a.indexOf(t) === j)
      .slice(0, 6)
      .map((t) => clip(t, 600)),
  }));
  const procedures = factsOfKind(g, 'procedure');
  const rules = factsOfKind(g, 'rule');
  const quantities = factsOfKind(g, 'quantity');
  const tasks = procedures.length
    ? procedures.slice(0, 6).map((p) => ({
        task: clip(p.fact.title ? headingTitle(p.fact.title) : titleCase(topic), 300),
        steps: p.fact.steps.slice(0, 20).map((st) => clip(st.text, 600)),
      }))
    : [{ task: clip(titleCase(topic), 300), steps: rules.slice(0, 10).map((r) => clip(r.fact.text, 600)) }];
  const seen = new Set<string>();
  const commonErrors = [...rules, ...quantities]
    .filter((f) => !seen.has(f.source.quote) && seen.add(f.source.quote))
    .slice(0, 8)
    .map((f) => ({
      error: clip(`Missing this requirement: ${bare(f.fact.text)}`, 600),
      consequence: '',
      fix: clip(f.fact.text, 600),
    }));
  const gaps = [
    ...rules
      .slice(0, 3)
      .map((r) =>
        clip(
          `What goes wrong in practice with this rule, and what does it lead to: ${bare(r.fact.text)}?`,
          600,
        ),
      ),
    'Which of these steps do people skip or get wrong most often?',
    'Who takes this training (roles, experience, numbers, shifts)?',
    'How would you know someone can do it: what would you observe?',
  ];
  return {
    title: `SME summary: ${titleCase(topic)}`.slice(0, TITLE_MAX),
    topic,
    audience: clip(c.audience, 300),
    outline: outline.length ? outline : [{ module: titleCase(topic), points: [] }],
    tasks,
    commonErrors,
    draftObjectives: buildObjectiveList(c, objectiveLevels(c, 4), g),
    gaps,
  };
}

const GAP_QUESTIONS: Record<string, string> = {
  audience: 'Who exactly takes this training: roles, experience, numbers, shifts?',
  gap: 'What goes wrong today, and what does it cost?',
  tasks: 'What are the steps of the task, in order?',
  errors: 'What mistakes do people make most, and what happens then?',
  tools: 'Which tools, systems or documents are used?',
  evidence: 'How would you know someone can do it: what would you observe?',
};

export function buildSmeSummary(c: ArtifactContext): SmeSummaryArtifact {
  const w = smeStateOf(c.userTexts).walkthrough;
  // A document and no interview answers: the document is what the expert said.
  if (c.grounding && !w.answers.tasks && !w.answers.errors) return documentSummary(c, c.grounding);
  // Pasted notes fill what the interview did not ask ("Errors: …", "Tools: …"); the rest is what the expert said.
  const notes = w.answers.tasks || w.answers.errors ? null : notesOf(c.text);
  const a = { ...w.answers };
  for (const slot of ['audience', 'gap', 'tasks', 'errors', 'tools', 'evidence'] as const)
    a[slot] ??= notes?.[slot];
  const said = (notes?.said ?? []).map((x) => clip(x, 600));
  const topic = w.topic ? clip(w.topic, 60) : c.topic;
  const audience = a.audience ? clip(a.audience, 120) : (w.audience ?? c.audience);
  const steps = a.tasks ? itemsOf(a.tasks, 8).map((s) => clip(s, 300)) : [];
  const errors = a.errors ? itemsOf(a.errors, 6).map((s) => clip(s, 300)) : [];
  // Tools named mid-sentence: "the checklist on the truck" (names and acronyms keep their capitals).
  const tools = a.tools
    ? itemsOf(a.tools, 4).map((s) => clip(/^(?:The|A|An|Our|My)\b/.test(s) ? lowerFirst(s) : s, 100))
    : [];
  const outline = [
    {
      module: `Why ${topic} matters`,
      points: [
        a.gap ? `The gap today: ${clip(a.gap, 300)}` : 'The business reason (to confirm with the expert)',
      ],
    },
    ...(said.length
      ? [
          {
            module: notes?.expert
              ? clip(`What ${notes.expert}${notes.expert.includes(',') ? ',' : ''} said`, TITLE_MAX)
              : 'What the expert said',
            points: said,
          },
        ]
      : []),
    {
      module: `Doing ${topic} step by step`,
      points: steps.length ? steps : ['The core procedure (steps to confirm with the expert)'],
    },
    {
      module: 'Common errors and how to avoid them',
      points: errors.length
        ? errors.map((e) => `Avoid: ${lowerFirst(e)}`)
        : ['The most frequent mistakes (to confirm)'],
    },
    {
      module: 'Practice and assessment',
      points: [
        a.evidence
          ? `Evidence of competence: ${clip(a.evidence, 300)}`
          : 'An observed task with a checklist (to confirm)',
        ...(tools.length ? [`Job aid built around ${tools.join(', ')}`] : []),
      ],
    },
  ];
  const objective = (
    id: string,
    verb: string,
    behavior: string,
    level: Objective['bloomLevel'],
    condition: string,
    criterion: string,
  ): Objective => ({
    id,
    audience: clip(audience, 300),
    verb,
    behavior: clip(behavior, 600),
    bloomLevel: level,
    condition,
    criterion,
    moduleId: null,
  });
  const draftObjectives: Objective[] = [
    objective(
      'o1',
      'explain',
      `explain the purpose of ${topic} in their role`,
      'understand',
      'in their own words',
      'including the cost of getting it wrong',
    ),
    ...steps
      .slice(0, 3)
      .map((s, i) =>
        objective(
          `o${i + 2}`,
          'carry out',
          `carry out this step correctly: ${lowerFirst(s)}`,
          'apply',
          tools.length ? `using ${tools[0]}` : 'on the job',
          'without prompts',
        ),
      ),
    ...(errors.length
      ? [
          objective(
            'o9',
            'differentiate',
            `differentiate correct practice from common errors such as ${lowerFirst(clip(errors[0]!, 80))}`,
            'analyze',
            'given a realistic case',
            'naming the error and its fix',
          ),
        ]
      : []),
    objective(
      'o10',
      'perform',
      `perform the whole of ${topic} to the agreed standard`,
      'apply',
      'when observed',
      a.evidence ? clip(a.evidence, 300) : 'to the standard the expert confirms',
    ),
  ];
  const gaps = (['audience', 'gap', 'tasks', 'errors', 'tools', 'evidence'] as const)
    .filter((s) => a[s] === undefined)
    .map((s) => GAP_QUESTIONS[s]!);
  return {
    title: `SME interview summary: ${titleCase(topic)}`,
    topic,
    audience: clip(audience, 300),
    outline,
    tasks: [{ task: titleCase(clip(topic, 300)), steps }],
    commonErrors: errors.map((e) => ({
      error: e,
      consequence: '',
      // The expert named the error, not its fix: left for them to confirm rather than guessed.
      fix: '',
    })),
    draftObjectives,
    gaps,
  };
}
