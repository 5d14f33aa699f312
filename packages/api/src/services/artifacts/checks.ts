// Quality checks run on every artifact (shown as warnings on its card, each with a one-click Fix), and the
// deterministic repair of one warning that the offline provider's Fix uses. Codes are stable (the web and
// the Fix command name them); paths are dotted paths into the data ("items.2.options.1.feedback").
//
// Objectives: vague verbs (VAGUE_VERB) and verbs outside their Bloom level's list (VERB_LEVEL_MISMATCH).
// Quizzes: single choice has exactly one key (NO_KEY, MULTIPLE_KEYS), multiple choice at least one, true/false
// is exactly True and False with one key (TRUE_FALSE_OPTIONS), feedback on every option (MISSING_FEEDBACK),
// no "all/none of the above" (ALL_NONE_OF_THE_ABOVE), at least two options (TOO_FEW_OPTIONS), matching has
// at least two pairs (TOO_FEW_PAIRS), ordering at least three steps (TOO_FEW_STEPS), none twice
// (DUPLICATE_STEP), short answer at least one accepted answer (NO_ACCEPTED_ANSWER), every
// objective assessed (OBJECTIVE_NOT_ASSESSED), items name existing objectives (UNKNOWN_OBJECTIVE).
// Scenarios: the start exists and every choice leads to a node (BROKEN_LINK), every node is reachable
// (UNREACHABLE_NODE), every non-ending node has a choice (DEAD_END), endings have no choices
// (ENDING_HAS_CHOICES), every path can end (NO_ENDING), node ids are unique (DUPLICATE_ID).
// Plans: module minutes add up to the total (DURATION_MISMATCH), activities fit their module (ACTIVITY_OVERRUN).
// Meaningless content, on every kind: a stem with no proposition (STEM_NO_PROPOSITION), the same distractor
// template on every item (SAME_DISTRACTOR_TEMPLATE), an option that restates the key (OPTION_RESTATES_KEY),
// filler options (FILLER_OPTION), doubled punctuation (DOUBLED_PUNCTUATION), a title that is a function word
// or a cut-off fragment (TITLE_FRAGMENT).
// Given the request that asked for the artifact, the conformance checks too (content/conformance.ts).
import type {
  ArtifactDataByKind,
  ArtifactKind,
  ArtifactWarning,
  BloomLevel,
  Objective,
  PlanArtifact,
  QuizArtifact,
  QuizItem,
  ScenarioArtifact,
} from '../../schemas/artifacts.js';
import { BLOOM_LEVEL_LABELS, WRITER_ONLY_WARNINGS } from '../../schemas/artifacts.js';
import {
  isVagueVerb,
  leadingVerb,
  levelsOfVerb,
  suggestedVerbs,
  verbMatchesLevel,
} from '../content/bloom.js';
import { checkConformance, stringsWithPaths } from '../content/conformance.js';
import { tokens } from '../content/nlp.js';
import type { ParsedRequest } from '../content/request.js';
import { citationWarnings, UNVERIFIED_CITATION, withoutSource, type CitedChunks } from './citations.js';
import { orderingSteps, stepKey } from './export/quiz-rules.js';

const warn = (code: string, path: string, message: string, suggestion: string | null = null) => ({
  code,
  path,
  message,
  suggestion,
});

const AOTA = /\b(?:all|none|both|neither)\s+of\s+the\s+(?:above|options|answers|others)\b/i;

/**
 * The warnings of an artifact: its structure, meaningless content and — given the request that asked for it
 * (content/request.ts) — whether it is what was asked (content/conformance.ts); given the texts of the chunks
 * its sources cite (citations.ts, loaded by the service), whether each quote is in them. Warnings a
 * deterministic repair can fix come first.
 */
export function checkArtifact<K extends ArtifactKind>(
  kind: K,
  data: ArtifactDataByKind[K],
  request: ParsedRequest | null = null,
  chunks?: CitedChunks,
): ArtifactWarning[] {
  const conformance = checkConformance(kind, data, request);
  const first = conformance.filter((w) => w.code === 'ITEM_TYPE_MISMATCH' && /\.type$/.test(w.path));
  return [
    ...structuralWarnings(kind, data),
    ...first,
    ...qualityWarnings(kind, data),
    ...conformance.filter((w) => !first.includes(w)),
    ...(chunks ? citationWarnings(data, chunks) : []),
  ];
}

function structuralWarnings<K extends ArtifactKind>(kind: K, data: ArtifactDataByKind[K]): ArtifactWarning[] {
  switch (kind) {
    case 'objectives':
      return (data as ArtifactDataByKind['objectives']).objectives.flatMap((o, i) =>
        objectiveWarnings(o, `objectives.${i}`),
      );
    case 'quiz':
      return quizWarnings(data as QuizArtifact);
    case 'scenario':
      return scenarioWarnings(data as ScenarioArtifact);
    case 'modality':
      return (data as ArtifactDataByKind['modality']).recommendations.flatMap((r, i) =>
        textObjectiveWarnings(r.objective, null, `recommendations.${i}.objective`),
      );
    case 'plan':
      return planWarnings(data as PlanArtifact);
    case 'sme_summary':
      return (data as ArtifactDataByKind['sme_summary']).draftObjectives.flatMap((o, i) =>
        objectiveWarnings(o, `draftObjectives.${i}`),
      );
    default:
      return [];
  }
}

// ---- Meaningless content ------------------------------------------------------------------------------------

const FUNCTION_WORD =
  /^(?:the|a|an|of|to|in|on|at|for|with|and|or|but|by|from|as|is|are|be|it|this|that|these|those|its|their|our|your|my|his|her|which|what|who|how|when|where|why|not|no|if|then|than|so)$/i;
/** Words that make a whole title on their own say nothing ("Expensive", "In-person"). */
const EMPTY_TITLE =
  /^(?:expensive|cheap|in-person|online|virtual|new|general|various|other|misc|untitled|topic|your topic)$/i;

/** A title after its kind prefix ("Quiz: The" → "The"). */
const titleBody = (title: string) =>
  title
    .replace(/^[^:]{1,40}:\s*/, '')
    .replace(/\s*\([^)]*\)\s*$/, '')
    .trim();

function titleWarnings(data: { title: string; topic: string }): ArtifactWarning[] {
  const body = titleBody(data.title);
  const words = body.split(/\s+/).filter(Boolean);
  const last = words[words.length - 1] ?? '';
  const bad =
    words.length === 0 ||
    (words.length === 1 && (FUNCTION_WORD.test(words[0]!) || EMPTY_TITLE.test(words[0]!))) ||
    (words.length > 1 &&
      FUNCTION_WORD.test(last) &&
      !/^(?:it|this|that|what|who|how|why|not|no|so)$/i.test(last));
  if (!bad) return [];
  const topic = titleBody(data.topic).trim();
  const prefix = /^([^:]{1,40}):/.exec(data.title)?.[1];
  const suggestion =
    topic && topic.split(/\s+/).length > 1
      ? `${prefix ? `${prefix}: ` : ''}${topic[0]!.toUpperCase()}${topic.slice(1)}`
      : null;
  return [
    warn(
      'TITLE_FRAGMENT',
      'title',
      `The title "${data.title}" says nothing about the subject: name the topic.`,
      suggestion,
    ),
  ];
}

/** "2 a.m..", "right??", "Next ,": punctuation doubled or set apart. */
const DOUBLED = /(?<![.])\.\.(?![.])|[?!]{2,}|,,|;;|[,;:]\s*[.?!]|[.?!]\s*[,;]|\s[.,;:?!](?=\s|$)/;
export const fixPunctuation = (s: string) =>
  s
    .replace(/(?<![.])\.\.(?![.])/g, '.')
    .replace(/([?!])[?!]+/g, '$1')
    .replace(/,,+/g, ',')
    .replace(/;;+/g, ';')
    .replace(/[,;:]\s*([.?!])/g, '$1')
    .replace(/([.?!])\s*[,;]/g, '$1')
    .replace(/\s+([.,;:?!])(?=\s|$)/g, '$1');

function punctuationWarnings(data: unknown): ArtifactWarning[] {
  const out: ArtifactWarning[] = [];
  for (const s of stringsWithPaths(data)) {
    // Ids, and citations' verbatim quotes (a quote must stay as the document has it).
    if (/(?:^|\.)(?:id|nextNodeId|objectiveId|moduleId|startNodeId)$|(?:^|\.)source(?:\.|$)/.test(s.path))
      continue;
    const m = DOUBLED.exec(s.text);
    if (m && out.length < 10)
      out.push(
        warn(
          'DOUBLED_PUNCTUATION',
          s.path,
          `Doubled or stray punctuation: "…${s.text.slice(Math.max(0, m.index - 20), m.index + m[0].length + 5).trim()}…".`,
          fixPunctuation(s.text),
        ),
      );
  }
  return out;
}

/** A stem states or asks something: it has a verb and is not a cut-off fragment. */
function stemIsProposition(stem: string): boolean {
  const text = stem.trim();
  if (text.split(/\s+/).length < 3) return false;
  const tags = tokens(text);
  // An imperative stem opens with its verb ("Select every…", "Match each…"), which the tagger may misread.
  const opener = leadingVerb(text.replace(/^[^A-Za-z]+/, ''));
  const imperative =
    !!opener &&
    (levelsOfVerb(opener).length > 0 ||
      /^(?:choose|pick|put|order|arrange|fill|give|mark|rank|sort)$/i.test(opener));
  if (!imperative && !tags.some((t) => t.pos === 'VERB' || t.pos === 'AUX')) return false;
  // A quoted passage cut mid-sentence: "…before the first use of each shift. An'?"
  for (const q of text.matchAll(/[“"']([^”"']{3,})[”"']/g)) {
    const last = q[1]!
      .trim()
      .split(/\s+/)
      .pop()!
      .replace(/[.,;:!?]+$/, '');
    if (/^(?:a|an|the|and|or)$/i.test(last)) return false;
    if (/^[a-z]/.test(q[1]!.trim()) && /\.\s+\S+$/.test(q[1]!.trim())) return false;
  }
  return true;
}

const FILLER =
  /\bcan be (?:left out|skipped|ignored|dropped) (?:when|if) (?:you are|you're|you have|things are|time is) (?:short of time|busy|pressed for time|in a hurry|short)\b|\bwhen you are short of time\b|\bonly (?:if|when) (?:you have|there is) (?:spare )?time\b|^(?:it depends|not sure|i don'?t know|no idea|n\/a|none|nothing|skip it|ignore it|whatever)\.?$/i;

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9\s]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
// Numbers count however short: "20 minutes" and "30 minutes" are different answers, not one restated.
const tokenSet = (s: string) =>
  new Set(
    norm(s)
      .split(' ')
      .filter((w) => w.length > 2 || /\d/.test(w)),
  );
function jaccard(a: string, b: string): number {
  const x = tokenSet(a);
  const y = tokenSet(b);
  if (!x.size || !y.size) return 0;
  let both = 0;
  for (const w of x) if (y.has(w)) both++;
  return both / (x.size + y.size - both);
}

/** Word 4-grams of a text (the unit a shared distractor template is found by). */
function grams(s: string, n = 4): Set<string> {
  const w = norm(s).split(' ');
  const out = new Set<string>();
  for (let i = 0; i + n <= w.length; i++) out.add(w.slice(i, i + n).join(' '));
  return out;
}

function quizQualityWarnings(q: QuizArtifact): ArtifactWarning[] {
  const out: ArtifactWarning[] = [];
  q.items.forEach((item, i) => {
    if (!stemIsProposition(item.stem))
      out.push(
        warn(
          'STEM_NO_PROPOSITION',
          `items.${i}.stem`,
          `Question ${i + 1} ("${item.stem.slice(0, 80)}") does not state or ask anything complete: write it as a full question or statement.`,
        ),
      );
    if (item.type === 'true_false') return;
    const keys = item.options.filter((o) => o.correct);
    item.options.forEach((o, j) => {
      if (FILLER.test(o.text.trim()))
        out.push(
          warn(
            'FILLER_OPTION',
            `items.${i}.options.${j}`,
            `Option "${o.text.slice(0, 80)}" is filler no one would choose: write a distractor from a real mistake.`,
          ),
        );
      else if (
        !o.correct &&
        keys.some(
          (k) =>
            norm(k.text) === norm(o.text) ||
            (norm(k.text).length >= 12 && norm(o.text).includes(norm(k.text))) ||
            jaccard(k.text, o.text) >= 0.8,
        )
      )
        out.push(
          warn(
            'OPTION_RESTATES_KEY',
            `items.${i}.options.${j}`,
            `Option "${o.text.slice(0, 80)}" restates the correct answer of question ${i + 1}; a learner cannot tell them apart.`,
          ),
        );
    });
  });
  // The same distractor template on every choice item ("… can be left out when you are short of time").
  const choice = q.items.filter((x) => x.type === 'single_choice' || x.type === 'multiple_choice');
  if (choice.length >= 3) {
    const perItem = choice.map((x) => {
      const g = new Set<string>();
      for (const o of x.options.filter((o) => !o.correct)) {
        for (const v of grams(o.text)) g.add(v);
        g.add(`=${norm(o.text)}`);
      }
      return g;
    });
    // A phrase that is some item's key or is quoted in a stem is content reused, not a template.
    const content = norm(
      q.items.flatMap((x) => [x.stem, ...x.options.filter((o) => o.correct).map((o) => o.text)]).join(' | '),
    );
    const shared = [...perItem[0]!].filter(
      (g) => perItem.every((s) => s.has(g)) && !content.includes(g.replace(/^=/, '')),
    );
    if (shared.length) {
      const phrase = shared.sort((a, b) => b.length - a.length)[0]!.replace(/^=/, '');
      out.push(
        warn(
          'SAME_DISTRACTOR_TEMPLATE',
          'items',
          `Every question has a wrong option built the same way ("…${phrase}…"): learners spot the pattern instead of the answer.`,
        ),
      );
    }
  }
  return out;
}

function qualityWarnings<K extends ArtifactKind>(kind: K, data: ArtifactDataByKind[K]): ArtifactWarning[] {
  return [
    ...titleWarnings(data as { title: string; topic: string }),
    ...punctuationWarnings(data),
    ...(kind === 'quiz' ? quizQualityWarnings(data as QuizArtifact) : []),
  ];
}

// ---- Objectives ---------------------------------------------------------------------------------------------

function verbWarning(verb: string, level: BloomLevel | null, path: string): ArtifactWarning | null {
  if (isVagueVerb(verb)) {
    const target = level ?? 'apply';
    return warn(
      'VAGUE_VERB',
      path,
      `"${verb}" is not observable: use a measurable ${BLOOM_LEVEL_LABELS[target]}-level verb.`,
      suggestedVerbs(target).join(', '),
    );
  }
  if (level && !verbMatchesLevel(verb, level)) {
    const actual = levelsOfVerb(verb);
    const at = actual.length ? ` (it is a ${actual.map((l) => BLOOM_LEVEL_LABELS[l]).join('/')} verb)` : '';
    return warn(
      'VERB_LEVEL_MISMATCH',
      path,
      `"${verb}" is not on the ${BLOOM_LEVEL_LABELS[level]} verb list${at}.`,
      suggestedVerbs(level).join(', '),
    );
  }
  return null;
}

function objectiveWarnings(o: Objective, path: string): ArtifactWarning[] {
  const out: ArtifactWarning[] = [];
  const w = verbWarning(o.verb, o.bloomLevel, `${path}.verb`);
  if (w) out.push(w);
  // A measurable verb field with a vague behaviour ("identify: understand the risks") still misleads.
  const lead = leadingVerb(o.behavior);
  if (!w && lead && isVagueVerb(lead)) out.push(verbWarning(lead, o.bloomLevel, `${path}.behavior`)!);
  return out;
}

/** An objective given as text ("Learners will be able to explain …"): its opening verb. */
function textObjectiveWarnings(text: string, level: BloomLevel | null, path: string): ArtifactWarning[] {
  const verb = leadingVerb(text);
  if (!verb) return [];
  if (isVagueVerb(verb)) return [verbWarning(verb, level, path)!];
  // Only listed verbs can be judged against a level; others are left alone.
  if (level && levelsOfVerb(verb).length > 0 && !verbMatchesLevel(verb, level))
    return [verbWarning(verb, level, path)!];
  return [];
}

// ---- Quizzes ------------------------------------------------------------------------------------------------

function itemWarnings(item: QuizItem, path: string, objectiveIds: Set<string>): ArtifactWarning[] {
  const out: ArtifactWarning[] = [];
  const keys = item.options.filter((o) => o.correct).length;
  const choice =
    item.type === 'single_choice' || item.type === 'multiple_choice' || item.type === 'true_false';
  if (item.type === 'true_false') {
    const texts = item.options.map((o) => o.text.trim().toLowerCase()).sort();
    if (texts.length !== 2 || texts[0] !== 'false' || texts[1] !== 'true')
      out.push(
        warn(
          'TRUE_FALSE_OPTIONS',
          `${path}.options`,
          'A true/false item has exactly the options True and False.',
        ),
      );
  } else if (choice && item.options.length < 2)
    out.push(warn('TOO_FEW_OPTIONS', `${path}.options`, 'A choice item needs at least two options.'));
  if (choice && keys === 0) out.push(warn('NO_KEY', `${path}.options`, 'No option is marked correct.'));
  if ((item.type === 'single_choice' || item.type === 'true_false') && keys > 1)
    out.push(
      warn(
        'MULTIPLE_KEYS',
        `${path}.options`,
        `${keys} options are marked correct; a single-answer item has exactly one.`,
      ),
    );
  if (choice)
    item.options.forEach((o, j) => {
      if (!o.feedback.trim())
        out.push(
          warn(
            'MISSING_FEEDBACK',
            `${path}.options.${j}.feedback`,
            `Option "${o.text}" has no feedback explaining why it is ${o.correct ? 'right' : 'wrong'}.`,
          ),
        );
      if (AOTA.test(o.text))
        out.push(
          warn(
            'ALL_NONE_OF_THE_ABOVE',
            `${path}.options.${j}`,
            `"${o.text}" lets learners answer without knowing each option; write a real option.`,
          ),
        );
    });
  if (item.type === 'matching' && item.pairs.length < 2)
    out.push(warn('TOO_FEW_PAIRS', `${path}.pairs`, 'A matching item needs at least two pairs.'));
  if (item.type === 'ordering') out.push(...stepWarnings(item, path));
  if (item.type === 'short_answer' && item.acceptedAnswers.length === 0)
    out.push(
      warn(
        'NO_ACCEPTED_ANSWER',
        `${path}.acceptedAnswers`,
        'A short-answer item needs at least one accepted answer.',
      ),
    );
  if (item.objectiveId !== null && !objectiveIds.has(item.objectiveId))
    out.push(
      warn(
        'UNKNOWN_OBJECTIVE',
        `${path}.objectiveId`,
        `The item names objective "${item.objectiveId}", which the quiz does not have.`,
      ),
    );
  return out;
}

/** Ordering: three steps at least (two is a coin toss) and no step twice (it would have two right places). */
function stepWarnings(item: QuizItem, path: string): ArtifactWarning[] {
  const steps = orderingSteps(item);
  const out: ArtifactWarning[] = [];
  if (steps.length < 3)
    out.push(
      warn(
        'TOO_FEW_STEPS',
        `${path}.steps`,
        `An ordering item needs at least three steps; this one has ${steps.length}.`,
      ),
    );
  steps.forEach((step, j) => {
    if (steps.findIndex((x) => stepKey(x) === stepKey(step)) < j)
      out.push(
        warn(
          'DUPLICATE_STEP',
          `${path}.steps.${j}`,
          `Step ${j + 1} ("${step}") repeats an earlier step; each step needs one place in the order.`,
        ),
      );
  });
  return out;
}

function quizWarnings(q: QuizArtifact): ArtifactWarning[] {
  const ids = new Set(q.objectives.map((o) => o.id));
  const out = q.objectives.flatMap((o, i) =>
    textObjectiveWarnings(o.text, o.bloomLevel, `objectives.${i}.text`),
  );
  q.items.forEach((item, i) => out.push(...itemWarnings(item, `items.${i}`, ids)));
  const assessed = new Set(q.items.map((i) => i.objectiveId));
  q.objectives.forEach((o, i) => {
    if (!assessed.has(o.id))
      out.push(warn('OBJECTIVE_NOT_ASSESSED', `objectives.${i}`, `No question assesses "${o.text}".`));
  });
  return out;
}

// ---- Scenarios ----------------------------------------------------------------------------------------------

interface Graph {
  index: Map<string, number>;
  reachable: Set<string>;
  canEnd: Set<string>;
}

function graphOf(s: ScenarioArtifact): Graph {
  const index = new Map<string, number>();
  s.nodes.forEach((n, i) => {
    if (!index.has(n.id)) index.set(n.id, i);
  });
  const next = (id: string) =>
    (s.nodes[index.get(id)!]?.choices ?? []).map((c) => c.nextNodeId).filter((x) => index.has(x));
  const reachable = new Set<string>();
  const queue = index.has(s.startNodeId) ? [s.startNodeId] : [];
  while (queue.length) {
    const id = queue.shift()!;
    if (reachable.has(id)) continue;
    reachable.add(id);
    queue.push(...next(id));
  }
  // Nodes from which some path reaches an ending: grown backwards from the endings until nothing changes.
  const canEnd = new Set(s.nodes.filter((n) => n.ending && n.choices.length === 0).map((n) => n.id));
  for (let changed = true; changed;) {
    changed = false;
    for (const n of s.nodes)
      if (!canEnd.has(n.id) && n.choices.some((c) => canEnd.has(c.nextNodeId))) {
        canEnd.add(n.id);
        changed = true;
      }
  }
  return { index, reachable, canEnd };
}

function scenarioWarnings(s: ScenarioArtifact): ArtifactWarning[] {
  const out: ArtifactWarning[] = [];
  const g = graphOf(s);
  const seen = new Set<string>();
  s.nodes.forEach((n, i) => {
    if (seen.has(n.id)) out.push(warn('DUPLICATE_ID', `nodes.${i}.id`, `Node id "${n.id}" is used twice.`));
    seen.add(n.id);
  });
  if (!g.index.has(s.startNodeId))
    out.push(warn('BROKEN_LINK', 'startNodeId', `The start node "${s.startNodeId}" does not exist.`));
  if (!s.nodes.some((n) => n.ending))
    out.push(warn('NO_ENDING', '', 'The scenario has no ending: every path must end.'));
  s.nodes.forEach((n, i) => {
    n.choices.forEach((c, j) => {
      if (!g.index.has(c.nextNodeId))
        out.push(
          warn(
            'BROKEN_LINK',
            `nodes.${i}.choices.${j}.nextNodeId`,
            `Choice "${c.text}" leads to "${c.nextNodeId}", which does not exist.`,
          ),
        );
    });
    if (g.index.get(n.id) !== i) return;
    if (!g.reachable.has(n.id))
      out.push(warn('UNREACHABLE_NODE', `nodes.${i}`, `No path from the start reaches "${n.title}".`));
    if (n.ending && n.choices.length > 0)
      out.push(
        warn('ENDING_HAS_CHOICES', `nodes.${i}`, `"${n.title}" is an ending but still offers choices.`),
      );
    else if (!n.ending && n.choices.length === 0)
      out.push(warn('DEAD_END', `nodes.${i}`, `"${n.title}" has no choices and is not an ending.`));
    else if (!n.ending && g.reachable.has(n.id) && !g.canEnd.has(n.id) && s.nodes.some((x) => x.ending))
      out.push(
        warn('NO_ENDING', `nodes.${i}`, `Paths through "${n.title}" loop without reaching an ending.`),
      );
  });
  return out;
}

// ---- Plans --------------------------------------------------------------------------------------------------

function planWarnings(p: PlanArtifact): ArtifactWarning[] {
  const out: ArtifactWarning[] = [];
  const sum = p.modules.reduce((n, m) => n + m.durationMinutes, 0);
  if (sum !== p.totalMinutes)
    out.push(
      warn(
        'DURATION_MISMATCH',
        'totalMinutes',
        `The modules add up to ${sum} minutes, not the ${p.totalMinutes} of the plan.`,
        String(sum),
      ),
    );
  p.modules.forEach((m, i) => {
    const used = m.activities.reduce((n, a) => n + a.durationMinutes, 0);
    if (used > m.durationMinutes)
      out.push(
        warn(
          'ACTIVITY_OVERRUN',
          `modules.${i}.activities`,
          `The activities of "${m.title}" take ${used} minutes; the module has ${m.durationMinutes}.`,
        ),
      );
    m.objectives.forEach((o, j) =>
      out.push(...textObjectiveWarnings(o, null, `modules.${i}.objectives.${j}`)),
    );
  });
  return out;
}

// ---- Repairs ------------------------------------------------------------------------------------------------

/** The numeric indices of a dotted path ("items.2.options.1.feedback" → [2, 1]). */
const indices = (path: string) =>
  path
    .split('.')
    .filter((p) => /^\d+$/.test(p))
    .map(Number);

/** Replaces the opening verb of an objective sentence, keeping a "Learners will be able to" lead. */
function replaceLeadingVerb(text: string, from: string, to: string): string {
  const re = new RegExp(
    `^(.*?\\b(?:will be able to|should be able to|be able to|will|can)\\s+|)(?:to\\s+)?${from.replace(/\s+/g, '\\s+')}\\w*\\b`,
    'i',
  );
  // Keep the case of the sentence's first letter.
  const cased = /^[A-Z]/.test(text) ? to[0]!.toUpperCase() + to.slice(1) : to;
  if (re.test(text)) return text.replace(re, (_m, lead: string) => `${lead}${lead ? to : cased}`);
  return `${cased} ${text[0]!.toLowerCase()}${text.slice(1)}`;
}

const firstSuggestion = (w: ArtifactWarning, fallback: string) =>
  (w.suggestion ?? '').split(',')[0]!.trim() || fallback;

function fixObjective(o: Objective, w: ArtifactWarning): Objective {
  const to = firstSuggestion(w, suggestedVerbs(o.bloomLevel)[0]!);
  if (w.path.endsWith('.behavior')) {
    const lead = leadingVerb(o.behavior) ?? o.verb;
    return { ...o, verb: to, behavior: replaceLeadingVerb(o.behavior, lead, to) };
  }
  return { ...o, verb: to, behavior: replaceLeadingVerb(o.behavior, o.verb, to) };
}

function fixText(text: string, w: ArtifactWarning): string {
  const lead = leadingVerb(text);
  return lead ? replaceLeadingVerb(text, lead, firstSuggestion(w, 'apply')) : text;
}

const GENERIC_DISTRACTORS = [
  'Carry on and deal with it at the end of the shift',
  'Ask a colleague to decide and follow their lead',
  'Note it down and wait for the next review',
];

function feedbackFor(item: QuizItem, j: number): string {
  const o = item.options[j]!;
  const key = item.options.find((x) => x.correct);
  if (o.correct) return `Correct: "${o.text}" is right${item.feedback ? `. ${item.feedback}` : '.'}`;
  return key ? `Not quite: the answer is "${key.text}".` : `Not quite: "${o.text}" is not right here.`;
}

function fixQuizItem(q: QuizArtifact, i: number, w: ArtifactWarning): QuizArtifact {
  const items = q.items.map((x) => ({ ...x, options: x.options.map((o) => ({ ...o })) }));
  const item = items[i];
  if (!item) return q;
  const j = indices(w.path)[1];
  switch (w.code) {
    case 'NO_KEY':
      if (item.options[0]) item.options[0].correct = true;
      break;
    case 'MULTIPLE_KEYS': {
      const first = item.options.findIndex((o) => o.correct);
      item.options.forEach((o, k) => (o.correct = k === first));
      item.options.forEach((o, k) => (o.feedback = feedbackFor(item, k)));
      break;
    }
    case 'TRUE_FALSE_OPTIONS': {
      const trueIsKey = item.options.find((o) => /^true$/i.test(o.text.trim()))?.correct ?? true;
      item.options = [
        { id: `${item.id}-t`, text: 'True', correct: trueIsKey, feedback: '' },
        { id: `${item.id}-f`, text: 'False', correct: !trueIsKey, feedback: '' },
      ];
      item.options.forEach((o, k) => (o.feedback = feedbackFor(item, k)));
      break;
    }
    case 'TOO_FEW_OPTIONS':
      for (const text of GENERIC_DISTRACTORS) {
        if (item.options.length >= 3) break;
        item.options.push({ id: `${item.id}-x${item.options.length}`, text, correct: false, feedback: '' });
      }
      item.options.forEach((o, k) => (o.feedback ||= feedbackFor(item, k)));
      break;
    case 'MISSING_FEEDBACK':
      item.options.forEach((o, k) => (o.feedback ||= feedbackFor(item, k)));
      break;
    case 'ALL_NONE_OF_THE_ABOVE': {
      const k = j ?? item.options.findIndex((o) => AOTA.test(o.text));
      const opt = item.options[k];
      if (!opt) break;
      if (opt.correct && item.options.length > 2) {
        // "All of the above" as the key means every other option is right: ask for all of them instead.
        item.options.splice(k, 1);
        item.type = 'multiple_choice';
        item.options.forEach((o) => (o.correct = !/\bnone\b|\bneither\b/i.test(opt.text)));
        if (!item.options.some((o) => o.correct)) item.options[0]!.correct = true;
        item.stem = /select all/i.test(item.stem) ? item.stem : `${item.stem} (Select all that apply.)`;
        item.options.forEach((o, n) => (o.feedback = feedbackFor(item, n)));
      } else if (item.options.length > 2) item.options.splice(k, 1);
      else {
        const used = new Set(item.options.map((o) => o.text));
        opt.text = GENERIC_DISTRACTORS.find((d) => !used.has(d))!;
        opt.feedback = feedbackFor(item, k);
      }
      break;
    }
    case 'TOO_FEW_PAIRS': {
      const pair = item.pairs[0];
      if (pair) {
        item.type = 'short_answer';
        item.stem = `What goes with "${pair.left}"?`;
        item.acceptedAnswers = [pair.right];
        item.pairs = [];
      } else if (items.length > 1) items.splice(i, 1);
      break;
    }
    case 'NO_ACCEPTED_ANSWER':
      item.acceptedAnswers = [(item.feedback || item.stem).slice(0, 200)];
      break;
    case 'DUPLICATE_STEP': {
      const steps = orderingSteps(item);
      item.steps = steps.filter((x, k) => steps.findIndex((y) => stepKey(y) === stepKey(x)) === k);
      break;
    }
    case 'TOO_FEW_STEPS': {
      // Two steps: "which comes first?"; fewer: nothing to order, so the item goes (or becomes a short answer).
      const [first, second] = orderingSteps(item);
      if (first && second) {
        item.type = 'single_choice';
        item.stem = `${item.stem.replace(/[.?!\s]+$/, '')}: which of these comes first?`;
        item.options = [
          { id: `${item.id}-1`, text: first, correct: true, feedback: `Correct: "${first}" comes first.` },
          { id: `${item.id}-2`, text: second, correct: false, feedback: `No: "${first}" comes before it.` },
        ];
        item.steps = null;
      } else if (items.length > 1) items.splice(i, 1);
      else {
        item.type = 'short_answer';
        item.acceptedAnswers = [(first || item.feedback || item.stem).slice(0, 200)];
        item.steps = null;
      }
      break;
    }
    case 'UNKNOWN_OBJECTIVE':
      item.objectiveId = null;
      break;
  }
  return { ...q, items };
}

function fixQuiz(q: QuizArtifact, w: ArtifactWarning): QuizArtifact {
  const [i] = indices(w.path);
  if (w.path.startsWith('objectives.') && i !== undefined) {
    const objective = q.objectives[i];
    if (!objective) return q;
    if (w.code === 'OBJECTIVE_NOT_ASSESSED') {
      // Link an item that assesses nothing; else add a short-answer item for the objective.
      const free = q.items.findIndex((x) => x.objectiveId === null);
      if (free >= 0)
        return { ...q, items: q.items.map((x, k) => (k === free ? { ...x, objectiveId: objective.id } : x)) };
      const text = objective.text.replace(/^.*?\bable to\s+/i, '');
      const item: QuizItem = {
        id: `q${q.items.length + 1}-${objective.id}`.slice(0, 40),
        type: 'short_answer',
        stem: `In one sentence, how would you ${text.replace(/[.\s]+$/, '')}?`,
        options: [],
        acceptedAnswers: [text.slice(0, 200)],
        pairs: [],
        objectiveId: objective.id,
        difficulty: 'medium',
        feedback: `A good answer shows you can ${text.replace(/[.\s]+$/, '')}.`,
      };
      return { ...q, items: [...q.items, item] };
    }
    return {
      ...q,
      objectives: q.objectives.map((o, k) => (k === i ? { ...o, text: fixText(o.text, w) } : o)),
    };
  }
  return i === undefined ? q : fixQuizItem(q, i, w);
}

function fixScenario(s: ScenarioArtifact, w: ArtifactWarning): ScenarioArtifact {
  const nodes = s.nodes.map((n) => ({ ...n, choices: n.choices.map((c) => ({ ...c })) }));
  const out = { ...s, nodes };
  const [i, j] = indices(w.path);
  const endingId = () => {
    const found = nodes.find((n) => n.ending && n.choices.length === 0);
    if (found) return found.id;
    let id = 'end';
    while (nodes.some((n) => n.id === id)) id += '-x';
    nodes.push({
      id,
      title: 'End of the scenario',
      narrative: 'The situation is over. Look back at the choices you made and what followed from each.',
      choices: [],
      ending: {
        outcome: 'partial',
        summary: 'The scenario ends here; review your choices with the debrief.',
      },
    });
    return id;
  };
  switch (w.code) {
    case 'BROKEN_LINK':
      if (w.path === 'startNodeId') out.startNodeId = nodes[0]!.id;
      else if (i !== undefined && j !== undefined && nodes[i]?.choices[j])
        nodes[i].choices[j].nextNodeId = endingId();
      break;
    case 'DUPLICATE_ID': {
      const node = i !== undefined ? nodes[i] : undefined;
      if (!node) break;
      let id = `${node.id}-2`;
      while (nodes.some((n) => n.id === id)) id += 'b';
      node.id = id.slice(0, 40);
      break;
    }
    case 'DEAD_END': {
      const node = i !== undefined ? nodes[i] : undefined;
      if (node) node.ending = { outcome: 'partial', summary: node.narrative.slice(0, 1000) };
      break;
    }
    case 'ENDING_HAS_CHOICES': {
      const node = i !== undefined ? nodes[i] : undefined;
      if (node) node.ending = null;
      break;
    }
    case 'UNREACHABLE_NODE': {
      const node = i !== undefined ? nodes[i] : undefined;
      if (!node) break;
      const g = graphOf(out);
      const from = nodes.find(
        (n) => g.reachable.has(n.id) && !n.ending && n.id !== node.id && n.choices.length < 6,
      );
      if (from)
        from.choices.push({
          id: `${from.id}-to-${node.id}`.slice(0, 40),
          text: `Try another approach: ${node.title}`.slice(0, 500),
          nextNodeId: node.id,
          consequence: '',
          score: 0,
        });
      else {
        nodes.splice(i!, 1);
        for (const n of nodes) n.choices = n.choices.filter((c) => c.nextNodeId !== node.id);
      }
      break;
    }
    case 'NO_ENDING': {
      const target = i !== undefined ? nodes[i] : [...nodes].reverse().find((n) => !n.ending);
      if (!target) break;
      const end = endingId();
      const exit = {
        id: `${target.id}-end`.slice(0, 40),
        text: 'Stop here and hand over',
        nextNodeId: end,
        consequence: 'You end the situation here.',
        score: 0,
      };
      if (target.choices.length < 6) target.choices.push(exit);
      else target.choices[5] = exit;
      break;
    }
  }
  return out;
}

function fixPlan(p: PlanArtifact, w: ArtifactWarning): PlanArtifact {
  if (w.code === 'DURATION_MISMATCH')
    return {
      ...p,
      totalMinutes: Math.max(
        1,
        p.modules.reduce((n, m) => n + m.durationMinutes, 0),
      ),
    };
  const [i, j] = indices(w.path);
  if (i === undefined || !p.modules[i]) return p;
  const modules = p.modules.map((m, k) => {
    if (k !== i) return m;
    if (w.code === 'ACTIVITY_OVERRUN') {
      const used = m.activities.reduce((n, a) => n + a.durationMinutes, 0);
      let left = m.durationMinutes;
      const activities = m.activities
        .map((a) => ({
          ...a,
          durationMinutes: Math.max(1, Math.floor((a.durationMinutes * m.durationMinutes) / used)),
        }))
        .filter((a) => (left -= a.durationMinutes) >= 0);
      return { ...m, activities };
    }
    if (j !== undefined)
      return { ...m, objectives: m.objectives.map((o, n) => (n === j ? fixText(o, w) : o)) };
    return m;
  });
  return { ...p, modules };
}

/** The value at a dotted path of a (cloned) object, and a setter for it. */
function at(root: unknown, path: string): { get: () => unknown; set: (v: unknown) => void } | null {
  const parts = path.split('.').filter(Boolean);
  const key = parts.pop();
  if (key === undefined) return null;
  let cur: unknown = root;
  for (const p of parts) {
    if (!cur || typeof cur !== 'object') return null;
    cur = (cur as Record<string, unknown>)[p];
  }
  if (!cur || typeof cur !== 'object') return null;
  const obj = cur as Record<string, unknown>;
  return { get: () => obj[key], set: (v) => (obj[key] = v) };
}

/**
 * Repairs of the content and conformance warnings that are the same on every kind; undefined when the
 * warning is not one of them. A warning only a writer can repair (an off-topic artifact, a missing decision
 * point, a placeholder) returns the data unchanged.
 */
function fixAnyKind<K extends ArtifactKind>(
  kind: K,
  data: ArtifactDataByKind[K],
  w: ArtifactWarning,
): ArtifactDataByKind[K] | undefined {
  const copy = () => structuredClone(data) as ArtifactDataByKind[K];
  if (WRITER_ONLY_WARNINGS.includes(w.code)) return data;
  switch (w.code) {
    // A quote not found in its file: the source is dropped rather than guessed at.
    case UNVERIFIED_CITATION:
      return withoutSource(data, w.path);
    case 'DOUBLED_PUNCTUATION': {
      const out = copy();
      const slot = at(out, w.path);
      const v = slot?.get();
      if (slot && typeof v === 'string') slot.set(fixPunctuation(v));
      return out;
    }
    case 'TITLE_FRAGMENT': {
      if (!w.suggestion) return data;
      return { ...data, title: w.suggestion.slice(0, 200) };
    }
    case 'AUDIENCE_MISMATCH':
      return w.suggestion ? { ...data, audience: w.suggestion.slice(0, 300) } : data;
    case 'FILLER_OPTION':
    case 'OPTION_RESTATES_KEY': {
      // Drop the option while the item keeps at least two others; else only a writer can replace it.
      const [i, j] = indices(w.path);
      const out = copy() as unknown as QuizArtifact;
      const item = i !== undefined ? out.items?.[i] : undefined;
      if (!item || j === undefined || item.options.length <= 2 || item.options[j]?.correct) return data;
      item.options.splice(j, 1);
      return out as unknown as ArtifactDataByKind[K];
    }
    case 'ITEM_TYPE_MISMATCH': {
      const [i] = indices(w.path);
      if (kind !== 'quiz' || i === undefined || !w.path.endsWith('.type')) return data;
      const out = copy() as unknown as QuizArtifact;
      const item = out.items[i];
      if (item && w.suggestion === 'single_choice') item.type = 'single_choice';
      return out as unknown as ArtifactDataByKind[K];
    }
    case 'COUNT_MISMATCH': {
      // Too many questions or objectives: keep the first ones asked for. Too few needs a writer.
      const n = Number(w.suggestion);
      if (!Number.isInteger(n) || n < 1) return data;
      if (kind === 'quiz' && w.path === 'items') {
        const q = data as unknown as QuizArtifact;
        return q.items.length > n
          ? ({ ...q, items: q.items.slice(0, n) } as unknown as ArtifactDataByKind[K])
          : data;
      }
      if (kind === 'objectives' && w.path === 'objectives') {
        const o = data as ArtifactDataByKind['objectives'];
        return o.objectives.length > n
          ? ({ ...o, objectives: o.objectives.slice(0, n) } as ArtifactDataByKind[K])
          : data;
      }
      return data;
    }
    case 'DURATION_MISMATCH': {
      if (kind !== 'plan' || w.path !== 'duration') return undefined;
      // Scale every module (and its activities) to the minutes asked; the total is their sum.
      const target = Number(w.suggestion);
      const p = data as PlanArtifact;
      if (!Number.isFinite(target) || target < 1 || p.totalMinutes < 1) return data;
      const f = target / p.totalMinutes;
      const modules = p.modules.map((m) => {
        const minutes = Math.max(1, Math.round(m.durationMinutes * f));
        const activities = m.activities.map((a) => ({
          ...a,
          durationMinutes: Math.max(1, Math.floor(a.durationMinutes * f)),
        }));
        return { ...m, durationMinutes: minutes, activities };
      });
      return {
        ...p,
        modules,
        totalMinutes: modules.reduce((n, m) => n + m.durationMinutes, 0),
      } as ArtifactDataByKind[K];
    }
    default:
      return undefined;
  }
}

/**
 * Repairs one warning deterministically (the offline provider's Fix): returns new data on which that check
 * passes; other content is kept. An unknown code or path returns the data unchanged.
 */
export function fixArtifact<K extends ArtifactKind>(
  kind: K,
  data: ArtifactDataByKind[K],
  warning: ArtifactWarning,
): ArtifactDataByKind[K] {
  const generic = fixAnyKind(kind, data, warning);
  if (generic !== undefined) return generic;
  const [i] = indices(warning.path);
  switch (kind) {
    case 'objectives': {
      const d = data as ArtifactDataByKind['objectives'];
      if (i === undefined || !d.objectives[i]) return data;
      return {
        ...d,
        objectives: d.objectives.map((o, k) => (k === i ? fixObjective(o, warning) : o)),
      } as ArtifactDataByKind[K];
    }
    case 'sme_summary': {
      const d = data as ArtifactDataByKind['sme_summary'];
      if (i === undefined || !d.draftObjectives[i]) return data;
      return {
        ...d,
        draftObjectives: d.draftObjectives.map((o, k) => (k === i ? fixObjective(o, warning) : o)),
      } as ArtifactDataByKind[K];
    }
    case 'modality': {
      const d = data as ArtifactDataByKind['modality'];
      if (i === undefined || !d.recommendations[i]) return data;
      return {
        ...d,
        recommendations: d.recommendations.map((r, k) =>
          k === i ? { ...r, objective: fixText(r.objective, warning) } : r,
        ),
      } as ArtifactDataByKind[K];
    }
    case 'quiz':
      return fixQuiz(data as QuizArtifact, warning) as ArtifactDataByKind[K];
    case 'scenario':
      return fixScenario(data as ScenarioArtifact, warning) as ArtifactDataByKind[K];
    case 'plan':
      return fixPlan(data as PlanArtifact, warning) as ArtifactDataByKind[K];
    default:
      return data;
  }
}
