// Offline branching scenarios: a workplace situation from the topic's domain with a best path (and a
// complication to judge), a shortcut that can still be recovered, and a harmful choice; every node is
// reachable, every non-ending node has choices, every path ends. "Shorter" drops the shortcut branch.
import type { Citation, ScenarioArtifact, ScenarioNode } from '../../../schemas/artifacts.js';
import { quantities } from '../../content/nlp.js';
import { lowerFirst } from '../assistant-text.js';
import { pick, softLower, titleCase, type ArtifactContext } from './context.js';
import { stemOf } from './domains.js';
import { bare, docName, type GroundedFact, type Grounding } from './grounded.js';

/** A choice or summary as a sentence; a placeholder ("[SME: …]") stays as it is. */
const sentence = (s: string) => (/\]\s*$/.test(s) ? s.trim() : `${titleCase(s.replace(/[.\s]+$/, ''))}.`);
/** Lower-cases a sentence's first letter unless it opens an acronym or a code ("LP-3", "QA"). */

/** Decision points asked for, else three (two for a shorter version); at most six. */
const decisionCount = (c: ArtifactContext, short: boolean) =>
  Math.max(1, Math.min(6, c.request.decisionPoints ?? (short ? 2 : 3)));

/** Values the request itself gives ("4 units", "40 units", "EUR 9,500"), not its counts of things to build. */
function requestDetails(text: string): string[] {
  const out: string[] = [];
  for (const q of quantities(text)) {
    const after = text.slice(q.end, q.end + 24).toLowerCase();
    if (
      /^\s*(?:-?\s*)?(?:decision|points?|questions?|items?|objectives?|minutes?|hours?|days?|weeks?|options?|modules?|sessions?)\b/.test(
        after,
      )
    )
      continue;
    if (!q.unit) continue;
    if (!out.includes(q.text)) out.push(q.text);
  }
  return out.slice(0, 5);
}

const TITLE_CUT =
  /^(?:with|to|in|on|at|for|from|into|during|before|after|without|about|near|by|while|\d[\d.,]*)$/i;

/**
 * A title from the situation the designer told: its first clause, without a leading time ("At 7 a.m."), cut
 * before a preposition or number to at most 12 words ("A guest arrives at 11 pm with a confirmed booking").
 * Null when it is told in the second person or does not cut cleanly.
 */
export function situationTitle(situation: string): string | null {
  // Second person reads oddly as a title; a quotation cut short is a fragment.
  if (/^you\b/i.test(situation)) return null;
  const clause = situation
    .replace(/[.?!]+$/, '')
    .replace(/^(?:at|around|by|just after|just before)\s+[^,]*?\d[^,]*?(?:a\.m\.|p\.m\.|am|pm)\s*,?\s*/i, '')
    .split(/,\s|\s(?:but|and then|and|while|because|so|when|then|which|who|that)\s/i)[0]!;
  let words = clause.split(/\s+/);
  if (words.length > 12) {
    const at = words.findLastIndex((w, i) => i >= 4 && i <= 12 && TITLE_CUT.test(w));
    if (at < 0) return null;
    words = words.slice(0, at);
  }
  const title = words.join(' ');
  return words.length >= 3 && !/(?:^|\s)['‘"“]|['’"”](?:\s|$)/.test(title) ? titleCase(title) : null;
}

interface Decision {
  title: string;
  narrative: string;
  best: string;
  bestConsequence: string;
  shortcut: string;
  wrong: string;
  /** What the partial and the failure endings teach. */
  lesson: string;
  /** What the document also requires at that point (told in the failure ending). */
  also?: string[];
  source?: Citation;
}

/** Words that mark where things go wrong: a document's failure points, where a scenario's decisions belong. */
const FAILURE =
  /\b(?:defects?|defective|fails?|failed|failure|not working|broken|damaged?|faults?|incidents?|spills?|breach\w*|deviations?|non-?conform\w*|emergenc\w*|escalat\w*|report\w*|stop|tag\w*|quarantin\w*|do not use|never|must not|prohibited|suspect\w*|refus\w*|withdraw\w*|isolat\w*)\b/i;

/** The stems of a text's content words (domains.ts stemOf), for relevance to the request. */
const stemsIn = (text: string) =>
  new Set(
    text
      .split(/[^A-Za-z0-9]+/)
      .filter((w) => w.length >= 4)
      .map(stemOf),
  );

/**
 * The k facts a scenario's decisions are made at: the document's rules and failure points (defects, spills,
 * breaches, what to report and to whom) that bear on the situation the request describes, in document order;
 * the rest of the document when those run short.
 */
function decisionFacts(g: Grounding, c: ArtifactContext, k: number): GroundedFact[] {
  const asked = stemsIn(c.userTexts.join(' '));
  const candidates = g.facts.filter(
    (f) => f.fact.kind === 'rule' || f.fact.kind === 'procedure' || f.fact.kind === 'quantity',
  );
  const stems = candidates.map((f) => stemsIn(`${f.section} ${f.fact.text} ${f.source.quote}`));
  // A word of the request counts more the fewer facts share it ("difficile" over "patient").
  const df = new Map<string, number>();
  for (const set of stems) for (const st of set) df.set(st, (df.get(st) ?? 0) + 1);
  const scored = candidates.map((f, i) => {
    const text = `${f.section} ${f.fact.text}`;
    const relevance = [...stems[i]!]
      .filter((st) => asked.has(st))
      .reduce((sum, st) => sum + 1 / df.get(st)!, 0);
    const score =
      3 * relevance +
      (FAILURE.test(text) ? 2 : 0) +
      (f.fact.kind === 'rule' ? 1 : 0) +
      (f.fact.kind === 'procedure' ? 0.5 : 0);
    return { f, i, score };
  });
  const top = [...scored].sort((a, b) => b.score - a.score || a.i - b.i);
  const out: typeof scored = [];
  for (const x of top) {
    if (out.length >= k) break;
    // one decision per sentence: a rule and its quantity share a quote
    if (out.some((o) => o.f.source.quote === x.f.source.quote)) continue;
    out.push(x);
  }
  return out.sort((a, b) => a.i - b.i).map((x) => x.f);
}

/** Other facts of the same section, told in the endings (what the document also requires there). */
function related(g: Grounding, f: GroundedFact): string[] {
  return g.facts
    .filter((x) => x !== f && x.section === f.section && x.source.quote !== f.source.quote)
    .filter((x) => x.fact.kind !== 'procedure')
    .map((x) => x.fact.text)
    .filter((t, i, a) => a.indexOf(t) === i)
    .slice(0, 2);
}

/** A decision at one of the document's rules (or a procedure step, or a limit), with its citation. */
function groundedDecision(f: GroundedFact, j: number, also: string[] = []): Decision {
  const where = `${docName(f.source.fileName)}${f.section ? ` (${f.section})` : ''}`;
  const fact = f.fact;
  if (fact.kind === 'rule')
    return {
      title: `Decision ${j + 1}`,
      narrative: `The next moment the document covers, under ${where}. What do you do?`,
      best: `Do what the document requires: ${softLower(bare(fact.text))}`,
      bestConsequence: 'You follow the documented rule.',
      shortcut: 'Ask a colleague what they usually do and go with that',
      wrong: fact.negation
        ? `Decide that ${softLower(bare(fact.negation))}`
        : `Skip this requirement to save time: ${softLower(bare(fact.text))}`,
      lesson: fact.text,
      also,
      source: f.source,
    };
  if (fact.kind === 'procedure') {
    const step = fact.steps[Math.min(fact.steps.length - 1, j)]!;
    return {
      title: `Decision ${j + 1}`,
      narrative: `You are at this step of ${fact.title ? bare(fact.title) : where}. What do you do?`,
      best: `Follow the documented step: ${softLower(bare(step.text))}`,
      bestConsequence: 'You follow the procedure as written.',
      shortcut: 'Do the step from memory without checking the procedure',
      wrong: `Skip the step: ${softLower(bare(step.text))}`,
      lesson: step.text,
      also,
      source: { ...f.source, part: step.part, quote: step.quote },
    };
  }
  return {
    title: `Decision ${j + 1}`,
    narrative: `You need to check this against ${where}. What do you do?`,
    best: `Check it against the document: ${softLower(bare(fact.text))}`,
    bestConsequence: 'You check against the documented value.',
    shortcut: 'Estimate it by eye and carry on',
    wrong: 'Carry on without checking',
    lesson: fact.text,
    also,
    source: f.source,
  };
}

/** A draft decision around one of the request's own terms, with placeholders for what an expert must supply. */
function draftDecision(c: ArtifactContext, j: number): Decision {
  const sub = c.subtopics.length ? pick(c.subtopics, j) : c.topic;
  return {
    title: `Decision ${j + 1}`,
    narrative: `${sub === c.topic ? '' : `Decision ${j + 1}: ${sub}. `}[SME: what the learner sees at decision ${j + 1}] What do you do?`,
    best: `[SME: the right action on ${sub}]`,
    bestConsequence: '[SME: what happens next when this is done right]',
    shortcut: `[SME: a tempting shortcut on ${sub}]`,
    wrong: `[SME: the action on ${sub} that makes it worse]`,
    lesson: `[SME: the rule or standard for ${sub}]`,
  };
}

/**
 * A scenario as a chain of decision points, exactly as many as asked: each decision's best choice leads to the
 * next, a shortcut to a partial ending and a harmful choice to a failure ending, both saying what should have
 * been done. Decisions come from the user's documents (their rules, steps and limits, cited) or, without
 * them and without a matching vocabulary, are a draft around the request's own terms with "[SME: …]"
 * placeholders.
 */
export function buildChainScenario(c: ArtifactContext, o: { short?: boolean } = {}): ScenarioArtifact {
  const k = decisionCount(c, !!o.short);
  const g = c.grounding;
  let decisions: Decision[];
  if (g) {
    const chosen = decisionFacts(g, c, k);
    decisions = Array.from({ length: k }, (_, j) => {
      const f = chosen[j];
      return f ? groundedDecision(f, j, related(g, f)) : draftDecision(c, j);
    });
  } else decisions = Array.from({ length: k }, (_, j) => draftDecision(c, j));
  // The situation the designer told ("a guest arrives at 11 pm … overbooked") opens the scenario as told.
  const situation = c.request.situation;
  const told = situation ? situationTitle(situation) : null;
  const details = g || situation ? [] : requestDetails(c.text);
  // "one of the ward staff", "one of the team" (never "the the team")
  const who = /^(?:the|a|an|our|your|my)\s/i.test(c.audience) ? c.audience : `the ${c.audience}`;
  const opening = g
    ? `You are one of ${who}, working to ${g.files.join(' and ')}. ${situation ?? `The situation: ${c.topic}.`}`
    : situation
      ? `You are one of ${who}. ${situation}`
      : `You are one of ${who}. The situation: ${c.topic}${details.length ? ` (${details.join(', ')})` : ''}. [SME: the opening situation in the learner’s words]`;
  const nodes: ScenarioNode[] = [];
  decisions.forEach((d, j) => {
    const id = j === 0 ? 'start' : `d${j + 1}`;
    const next = j === k - 1 ? 'end-best' : `d${j + 2}`;
    nodes.push({
      id,
      title: j === 0 ? 'The situation' : d.title,
      narrative: j === 0 ? `${opening} ${d.narrative}` : d.narrative,
      choices: [
        {
          id: `c${j + 1}a`,
          text: sentence(d.best),
          nextNodeId: next,
          consequence: d.bestConsequence,
          score: 10,
        },
        {
          id: `c${j + 1}b`,
          text: sentence(d.shortcut),
          nextNodeId: `end-partial-${j + 1}`,
          consequence: 'It saves a little time, but the risk is still there.',
          score: 0,
        },
        {
          id: `c${j + 1}c`,
          text: sentence(d.wrong),
          nextNodeId: `end-harm-${j + 1}`,
          consequence: 'This makes the situation worse.',
          score: -10,
        },
      ],
      ending: null,
      ...(d.source ? { source: d.source } : {}),
    });
    nodes.push(
      {
        id: `end-partial-${j + 1}`,
        title: `Partly handled (decision ${j + 1})`,
        narrative: 'The shortcut left the risk in place.',
        choices: [],
        ending: { outcome: 'partial', summary: `Better: ${d.lesson}` },
        ...(d.source ? { source: d.source } : {}),
      },
      {
        id: `end-harm-${j + 1}`,
        title: `Harm done (decision ${j + 1})`,
        narrative: 'This choice went against what is required, and the situation got worse.',
        choices: [],
        ending: {
          outcome: 'failure',
          summary: [`What is required: ${d.lesson}`, ...(d.also ?? [])].join(' ').slice(0, 1000),
        },
        ...(d.source ? { source: d.source } : {}),
      },
    );
  });
  nodes.push({
    id: 'end-best',
    title: 'Handled well',
    narrative: `You made every decision as required. This is what good practice in ${c.topic} looks like.`,
    choices: [],
    ending: {
      outcome: 'success',
      summary:
        decisions
          .map((d) => bare(d.lesson))
          .join('; ')
          .slice(0, 990) || 'Every decision was right.',
    },
  });
  return {
    title: `Branching scenario: ${told ?? titleCase(c.topic)}`,
    topic: c.topic,
    audience: c.audience,
    objective: situation
      ? `Practise the right response ${told ? `when ${told.replace(/^(?:A|An|The|Several|Some|One|Two|Three|This|That|Your|Their|Our)\b/, (w) => w.toLowerCase())}` : 'to this situation'}: make each decision as required and follow it through`
      : `Practise ${c.topic}: make each decision as required and follow it through`,
    startNodeId: 'start',
    nodes,
  };
}

export function buildScenario(c: ArtifactContext, o: { short?: boolean } = {}): ScenarioArtifact {
  // A situation the designer told is theirs to stage: a vocabulary's own situation (a fall on a ward) would
  // replace it (their insulin overdose), so it opens a chain whose decisions are grounded or drafted.
  if (c.grounding || c.draft || c.request.situation) return buildChainScenario(c, o);
  const s = c.domain.scenario;
  const k = c.knowledge;
  // A checklist the user gave is what the right path follows.
  const goodFollow = k.fromFiles ? `Follow the documented step: ${lowerFirst(k.steps[0]!)}` : s.goodFollow;
  const ending = (
    id: string,
    title: string,
    outcome: 'success' | 'partial' | 'failure',
    narrative: string,
    summary: string,
  ): ScenarioNode => ({ id, title, narrative, choices: [], ending: { outcome, summary } });
  const choice = (id: string, text: string, nextNodeId: string, consequence: string, score: number) => ({
    id,
    text: sentence(text),
    nextNodeId,
    consequence,
    score,
  });

  const start: ScenarioNode = {
    id: 'start',
    title: 'The situation',
    narrative: `${sentence(s.place)} You are working with ${s.character}. ${sentence(s.situation)} What do you do?`,
    choices: [
      choice('c1', s.best, 'complication', 'You act on the risk straight away.', 10),
      ...(o.short
        ? []
        : [choice('c2', s.shortcut, 'shortcut', 'You save a little time, but the risk is still there.', -5)]),
      choice('c3', s.avoid, 'end-harm', 'This makes the situation worse.', -10),
    ],
    ending: null,
  };
  const complication: ScenarioNode = {
    id: 'complication',
    title: 'A complication',
    narrative: `Good start. ${sentence(s.complication)} What now?`,
    choices: [
      choice('c4', goodFollow, 'end-best', 'You deal with the new information properly.', 10),
      choice(
        'c5',
        s.weakFollow,
        'end-partial',
        'The immediate problem is handled, but a risk is left open.',
        0,
      ),
    ],
    ending: null,
  };
  const nodes: ScenarioNode[] = [
    start,
    complication,
    ending(
      'end-best',
      'Handled well',
      'success',
      `You handled both the situation and the complication. This is what good practice in ${c.topic} looks like.`,
      `You acted on the risk at once and followed through: ${lowerFirst(sentence(goodFollow))}`,
    ),
    ending(
      'end-partial',
      'Partly handled',
      'partial',
      'The first risk was dealt with, but the follow-up was left for later.',
      `Right first step, weak follow-up. Better: ${lowerFirst(sentence(goodFollow))}`,
    ),
    ending(
      'end-harm',
      'Harm done',
      'failure',
      `Choosing to ${lowerFirst(s.avoid.replace(/[.\s]+$/, ''))} made things worse.`,
      `This choice is the opposite of good practice in ${c.topic}. Better: ${lowerFirst(sentence(s.best))}`,
    ),
  ];
  if (!o.short)
    nodes.splice(
      2,
      0,
      {
        id: 'shortcut',
        title: 'The shortcut',
        narrative: `You chose to ${lowerFirst(s.shortcut.replace(/[.\s]+$/, ''))}. A few minutes later the risk has not gone away. What do you do?`,
        choices: [
          choice('c6', s.recover, 'end-recovered', 'You recover the situation, a little late.', 5),
          choice('c7', s.persist, 'end-persist', 'The risk is left unmanaged.', -10),
        ],
        ending: null,
      },
      ending(
        'end-recovered',
        'Recovered',
        'partial',
        'You caught it in time, but the delay added risk.',
        `Recovered, but late. Next time: ${lowerFirst(sentence(s.best))}`,
      ),
      ending(
        'end-persist',
        'Left too late',
        'failure',
        'The shortcut became the outcome: the risk was never dealt with.',
        `Carrying on with the shortcut let the problem grow. Better: ${lowerFirst(sentence(s.best))}`,
      ),
    );
  return {
    title: `Branching scenario: ${titleCase(c.topic)}`,
    topic: c.topic,
    audience: c.audience,
    objective: `Practise ${c.topic}: choose the right action under pressure and follow it through`,
    startNodeId: 'start',
    nodes,
  };
}
