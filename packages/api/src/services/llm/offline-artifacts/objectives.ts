// Offline learning objectives: measurable, Bloom-aligned (a verb from the level's list opens every
// behaviour), with condition and criterion, written from the topic's steps, terms, errors and tools.
import type { BloomLevel, Citation, Objective, ObjectivesArtifact } from '../../../schemas/artifacts.js';
import { BLOOM_LEVELS } from '../../../schemas/artifacts.js';
import { BLOOM_VERBS, levelIndex, levelOfWord } from '../../content/bloom.js';
import { tokens } from '../../content/nlp.js';
import type { ParsedRequest } from '../../content/request.js';
import { numberOf, topicTermsOf } from '../../content/request.js';
import { lowerFirst } from '../assistant-text.js';
import { pick, titleCase, type ArtifactContext } from './context.js';
import {
  bare,
  docName,
  factsOfKind,
  FactPicker,
  type GroundedFact,
  type Grounding,
  type Of,
} from './grounded.js';

interface Template {
  verb: string;
  behavior: string;
  condition: string;
  criterion: string;
  source?: Citation;
}

const sectionName = (f: GroundedFact) => {
  const h = f.section.replace(/^\d+(\.\d+)*\.?\s*/, '').trim();
  if (!h || h.split(/\s+/).length > 8) return '';
  // "PROCEDURE" → "procedure"; "Site rules" → "site rules"; "HACCP plan" stays.
  if (h === h.toUpperCase()) return h.toLowerCase();
  return /^[A-Z][a-z]/.test(h) ? lowerFirst(h) : h;
};
const within = (f: GroundedFact) => {
  const h = sectionName(f);
  return h ? `${docName(f.source.fileName)} (${h})` : docName(f.source.fileName);
};

/** The values a section of the document sets ("8.5 bar for pneumatic tyres", "10 % for original thickness"). */
function sectionValues(g: Grounding, f: GroundedFact, n = 3): string[] {
  const out: string[] = [];
  for (const q of factsOfKind(g, 'quantity'))
    if (q.section === f.section && !out.some((o) => o.startsWith(q.fact.quantity.text)))
      out.push(q.fact.measure ? `${q.fact.quantity.text} for ${q.fact.measure}` : q.fact.quantity.text);
  return out.slice(0, n);
}

/**
 * A section's thresholds: two or more limits of one unit, each with its comparator ("up to EUR 50", "over EUR
 * 150"), as a policy's value bands or a procedure's limits are written. Null when no section has them.
 */
function thresholdBands(quantities: Of<'quantity'>[]): { facts: Of<'quantity'>[]; labels: string[] } | null {
  const WORD: Record<string, string> = {
    at_most: 'up to',
    more_than: 'over',
    at_least: 'at least',
    less_than: 'under',
  };
  const bySection = new Map<string, Of<'quantity'>[]>();
  for (const q of quantities) {
    if (!WORD[q.fact.comparator ?? '']) continue;
    const key = `${q.section}|${q.fact.quantity.unit}`;
    bySection.set(key, [...(bySection.get(key) ?? []), q]);
  }
  for (const facts of bySection.values()) {
    const labels = [...new Set(facts.map((q) => `${WORD[q.fact.comparator!]} ${q.fact.quantity.text}`))];
    if (new Set(facts.map((q) => q.fact.quantity.value)).size >= 2)
      return { facts, labels: labels.slice(0, 5) };
  }
  return null;
}

/** Form codes named in a text ("WH-101"). */
function codesIn(g: Grounding, text: string): string[] {
  return factsOfKind(g, 'form_code')
    .map((x) => x.fact.code)
    .filter((code, i, a) => a.indexOf(code) === i && text.includes(code));
}

/**
 * An objective written from a document's fact at the level asked: values to state (remember), rules to explain
 * (understand), procedures to carry out (apply), compliant and non-compliant practice to tell apart (analyze),
 * cases to judge against the document's limits (evaluate), a job aid to design from it (create). Null when the
 * document has no fact that fits.
 */
function groundedTemplate(p: FactPicker, level: BloomLevel, i: number, n: number): Template | null {
  // Facts no other objective is written from first; the same fact twice only when nothing else fits.
  return groundedFrom(p, level, i, n, true) ?? groundedFrom(p, level, i, n, false);
}

function groundedFrom(
  p: FactPicker,
  level: BloomLevel,
  i: number,
  n: number,
  fresh: boolean,
): Template | null {
  const g = p.grounding;
  const only = <T extends GroundedFact>(xs: T[]) => (fresh ? xs.filter((x) => !p.isUsed(x)) : xs);
  const quantities = only(factsOfKind(g, 'quantity'));
  const rules = only(factsOfKind(g, 'rule'));
  const procedures = only(factsOfKind(g, 'procedure').filter((x) => x.fact.steps.length >= 2));
  const roles = only(factsOfKind(g, 'role'));
  const codes = only(factsOfKind(g, 'form_code'));
  switch (level) {
    case 'remember': {
      const q = p.pick(quantities, i, n);
      if (q)
        return {
          verb: 'state',
          behavior: `state the values that ${within(q)} sets`,
          condition: 'without notes',
          criterion: `${sectionValues(g, q).join('; ')}, as the document states`,
          source: q.source,
        };
      const r = p.pick(roles, i, n) ?? p.pick(codes, i, n);
      if (r && r.fact.kind === 'role')
        return {
          verb: 'identify',
          behavior: `identify who is responsible for ${lowerFirst(bare(r.fact.responsibility))}`,
          condition: 'given the roles in the document',
          criterion: `${r.fact.role}, as the document states`,
          source: r.source,
        };
      if (r && r.fact.kind === 'form_code')
        return {
          verb: 'identify',
          behavior: `identify the form used for ${r.fact.name ? lowerFirst(r.fact.name) : 'the record the document asks for'}`,
          condition: 'without notes',
          criterion: `${r.fact.code}, as the document states`,
          source: r.source,
        };
      return null;
    }
    case 'understand': {
      const r = p.pick(rules, i, n);
      if (!r) return null;
      const values = sectionValues(g, r);
      return {
        verb: 'explain',
        behavior: `explain why this rule applies: ${bare(r.fact.text)}`,
        condition: 'in their own words',
        criterion: `naming the risk the rule controls${values.length ? ` and the values that go with it (${values.join('; ')})` : ''}`,
        source: r.source,
      };
    }
    case 'apply': {
      const pr = p.pick(procedures, i, n);
      if (pr) {
        const all = pr.fact.steps.map((x) => x.text).join(' ');
        const values = quantities
          .filter((q) => all.includes(q.fact.quantity.text))
          .map((q) => q.fact.quantity.text);
        const codes = codesIn(g, all);
        const extra = [
          ...(values.length ? [`checks against ${[...new Set(values)].slice(0, 4).join(', ')}`] : []),
          ...(codes.length ? [`recorded on ${codes.join(', ')}`] : []),
        ];
        return {
          verb: 'carry out',
          behavior: `carry out the documented procedure of ${docName(pr.source.fileName)}${sectionName(pr) ? ` (${sectionName(pr)})` : ''} in order`,
          condition: 'unprompted, on the job',
          criterion: `all ${pr.fact.steps.length} steps in order, none missed${extra.length ? `, ${extra.join(', ')}` : ''}`,
          source: pr.source,
        };
      }
      const bands = thresholdBands(quantities);
      if (bands) {
        bands.facts.forEach((q) => p.markUsed(q));
        const first = bands.facts[0]!;
        return {
          verb: 'apply',
          behavior: `apply the thresholds of ${within(first)} to decide what a given case requires`,
          condition: 'given realistic cases with their values',
          criterion: `the right action for each band (${bands.labels.join('; ')}), as the document sets it`,
          source: first.source,
        };
      }
      const r = p.pick(rules, i, n) ?? p.pick(quantities, i, n);
      if (!r) return null;
      const values = sectionValues(g, r);
      return {
        verb: 'apply',
        behavior: `apply this requirement of ${within(r)} to a realistic case: ${bare(r.fact.text)}`,
        condition: 'given a realistic case',
        criterion: `with the requirement met in full${values.length ? `, using the document's values (${values.join('; ')})` : ''}`,
        source: r.source,
      };
    }
    case 'analyze': {
      const r = p.pick(rules, i, n);
      if (!r) return null;
      return {
        verb: 'differentiate',
        behavior: `differentiate practice that meets ${within(r)} from practice that breaks this rule: ${bare(r.fact.text)}`,
        condition: 'given short case descriptions',
        criterion: 'naming the rule each non-compliant case breaks',
        source: r.source,
      };
    }
    case 'evaluate': {
      const q = p.pick(quantities, i, n) ?? p.pick(rules, i, n);
      if (!q) return null;
      const limit =
        q.fact.kind === 'quantity'
          ? `against the document's limits (${sectionValues(g, q, 4).join('; ')})`
          : `against the rule: ${bare(q.fact.text)}`;
      return {
        verb: 'judge',
        behavior: `judge whether a case meets ${within(q)} and justify the decision ${limit}`,
        condition: 'given a realistic case with its readings or facts',
        criterion: 'with a decision and a reason a reviewer accepts',
        source: q.source,
      };
    }
    case 'create': {
      const f = p.pick([...procedures, ...rules], i, n);
      if (!f) return null;
      return {
        verb: 'design',
        behavior: `design a one-page job aid for ${within(f)} that a colleague can follow unaided`,
        condition: `using ${f.source.fileName}`,
        criterion: 'with every rule and value of the document in it',
        source: f.source,
      };
    }
  }
}

/**
 * The request's own subtopics, each with the level the request gives it ("remember for the 14 allergens, apply
 * for the rest", "evaluate for judging whether a colleague's gown is compromised"), else null.
 */
export function levelledSubtopics(c: ArtifactContext): { topic: string; level: BloomLevel | null }[] {
  const out: { topic: string; level: BloomLevel | null }[] = [];
  let rest: BloomLevel | null = null;
  for (const m of c.text.matchAll(
    /\b(remember|understand|apply|analy[sz]e|evaluate|create)\s+(?:for|on)\s+((?:the\s+)?[^,.;:!?]+)/gi,
  )) {
    const level = levelOfWord(m[1]!)!;
    const topic = m[2]!.replace(/\s+(?:and|or)$/i, '').trim();
    if (/^(?:the\s+)?(?:rest|others?|remainder|everything else)$/i.test(topic)) rest = level;
    else if (topic.split(/\s+/).length <= 12) out.push({ topic, level });
  }
  for (const topic of c.subtopics) {
    const known = out.find((x) => x.topic.toLowerCase().replace(/^the\s+/, '') === topic.toLowerCase());
    if (!known) out.push({ topic, level: rest });
  }
  return out;
}

/** An objective on one of the request's own subtopics, at a level: its action when it names one ("preventing
 * cross-contact" → "demonstrate how to prevent cross-contact"), else the thing itself ("list the 14 allergens"). */
function subtopicTemplate(
  topic: string,
  level: BloomLevel,
  c: ArtifactContext,
  nameTopic: boolean,
): Template {
  const setting = c.domain.setting;
  // The first objective names the subject too when its subtopic does not ("group dates in Excel pivot tables"):
  // a quiz shows only the behaviours, and they should say what the quiz is about.
  const terms = topicTermsOf(c.topic);
  const inTopic = !nameTopic || terms.some((t) => topic.toLowerCase().includes(t)) ? '' : ` in ${c.topic}`;
  // Read after "they are", a gerund is tagged as the verb it is ("answering a customer's question").
  const lead = 'they are ';
  const toks = tokens(`${lead}${topic}`);
  const first = toks[2];
  const gerund = first && first.pos === 'VERB' && /ing$/i.test(first.text) && toks.length > 3;
  const act = gerund ? `${first.lemma.toLowerCase()} ${topic.slice(first.end - lead.length).trim()}` : null;
  // Its own verb is a verb of the level asked ("judging whether a gown is compromised" at Evaluate): as it is.
  if (act && BLOOM_VERBS[level].includes(first!.lemma.toLowerCase()))
    return {
      verb: first!.lemma.toLowerCase(),
      behavior: `${act}${inTopic}`,
      condition: 'given a realistic case',
      criterion: 'with a result a reviewer agrees with',
    };
  switch (level) {
    case 'remember':
      return act
        ? {
            verb: 'state',
            behavior: `state the steps to ${act}${inTopic}`,
            condition: 'without notes',
            criterion: 'with every step present',
          }
        : {
            verb: 'list',
            behavior: `list ${topic}${inTopic}`,
            condition: 'without notes',
            criterion: 'with every one correct',
          };
    case 'understand':
      return act
        ? {
            verb: 'explain',
            behavior: `explain how to ${act}${inTopic} and why it matters`,
            condition: 'in their own words',
            criterion: 'covering the reason and the risk it controls',
          }
        : {
            verb: 'explain',
            behavior: `explain the purpose of ${topic}${inTopic}`,
            condition: 'in their own words',
            criterion: 'with a correct reason',
          };
    case 'apply':
      return act
        ? {
            verb: 'demonstrate',
            behavior: `demonstrate how to ${act}${inTopic}`,
            condition: `in a realistic case from ${setting}`,
            criterion: 'with no safety- or compliance-critical errors',
          }
        : {
            verb: 'apply',
            behavior: `apply what they know about ${topic} to a realistic case${inTopic}`,
            condition: `from ${setting}`,
            criterion: 'with no safety- or compliance-critical errors',
          };
    case 'analyze':
      return act
        ? {
            verb: 'differentiate',
            behavior: `differentiate correct from incorrect ways to ${act}${inTopic}, naming each error`,
            condition: 'given short case descriptions',
            criterion: 'identifying at least 4 of 5 errors',
          }
        : {
            verb: 'differentiate',
            behavior: `differentiate correct from incorrect practice on ${topic}${inTopic}, naming each error`,
            condition: 'given short case descriptions',
            criterion: 'identifying at least 4 of 5 errors',
          };
    case 'evaluate':
      return act
        ? {
            verb: 'judge',
            behavior: `judge whether a colleague’s attempt to ${act}${inTopic} meets the standard`,
            condition: 'given a recorded example',
            criterion: 'with feedback tied to the standard',
          }
        : {
            verb: 'judge',
            behavior: `judge whether a colleague’s handling of ${topic}${inTopic} meets the standard`,
            condition: 'given a recorded example',
            criterion: 'with feedback tied to the standard',
          };
    case 'create':
      return {
        verb: 'design',
        behavior: `design a one-page job aid on ${act ? `how to ${act}` : topic}${inTopic}`,
        condition: 'using the team’s template',
        criterion: 'that a new colleague can use without help',
      };
  }
}

/** Objective templates per level, written around the topic and its knowledge. */
function templates(c: ArtifactContext, level: BloomLevel): Template[] {
  const t = c.topic;
  const k = c.knowledge;
  const tool = k.tools[0] ?? 'job aid';
  const n = Math.min(k.steps.length, 6);
  const setting = c.domain.setting;
  switch (level) {
    case 'remember':
      return [
        // Practices that hold in any order are listed, not sequenced (Domain.ordered).
        k.stepsInOrder
          ? {
              verb: 'list',
              behavior: `list the ${n} key steps of ${t} in the right order`,
              condition: 'without notes',
              criterion: 'with every step present and in order',
            }
          : {
              verb: 'list',
              behavior: `list the ${n} key practices of ${t}`,
              condition: 'without notes',
              criterion: 'with every practice present',
            },
        {
          verb: 'identify',
          behavior: `identify the key terms of ${t} and what each one means`,
          condition: 'given a list of terms',
          criterion: 'with at least 4 of 5 correct',
        },
        {
          verb: 'recall',
          behavior: `recall the warning signs that call for escalation in ${t}`,
          condition: 'without prompts',
          criterion: 'naming every sign on the checklist',
        },
      ];
    case 'understand':
      return [
        {
          verb: 'explain',
          behavior: `explain why ${lowerFirst(pick(k.facts, 0))}`,
          condition: 'in their own words',
          criterion: 'covering the reason and the risk it controls',
        },
        {
          verb: 'describe',
          behavior: `describe the purpose of each step of ${t}`,
          condition: 'in their own words',
          criterion: 'with a correct reason for every step',
        },
        {
          verb: 'summarise',
          behavior: `summarise what good practice in ${t} looks like for a new colleague`,
          condition: 'in five bullet points or fewer',
          criterion: 'with no inaccurate points',
        },
      ];
    case 'apply':
      return [
        {
          verb: 'apply',
          behavior: `apply the correct steps of ${t} to a realistic case from ${setting}`,
          condition: 'given a realistic case',
          criterion: 'with no safety- or compliance-critical errors',
        },
        {
          verb: 'use',
          behavior: `use the ${tool} correctly during ${t}`,
          condition: `in ${setting}`,
          criterion: 'completing every field accurately',
        },
        {
          verb: 'carry out',
          behavior: `carry out each step of ${t} in order during a routine task`,
          condition: 'observed by a supervisor',
          criterion: 'in 3 of 3 observed attempts',
        },
      ];
    case 'analyze':
      return [
        {
          verb: 'differentiate',
          behavior: `differentiate safe from unsafe practice in ${t}, naming each error and its likely consequence`,
          condition: 'given short case descriptions',
          criterion: 'identifying at least 4 of 5 errors correctly',
        },
        {
          verb: 'diagnose',
          behavior: `diagnose why a ${t} case went wrong and which step was missed`,
          condition: 'given an incident summary',
          criterion: 'with the root cause a reviewer agrees with',
        },
        {
          verb: 'examine',
          behavior: `examine records of ${t} to spot gaps and risks`,
          condition: 'given three anonymised records',
          criterion: 'finding every planted gap',
        },
      ];
    case 'evaluate':
      return [
        {
          verb: 'prioritise',
          behavior: `prioritise the actions to take first in a ${t} situation and justify the order`,
          condition: 'given two or three competing demands',
          criterion: 'with a justification a reviewer accepts',
        },
        {
          verb: 'judge',
          behavior: `judge whether a colleague’s handling of ${t} meets the standard and recommend improvements`,
          condition: 'given a recorded example',
          criterion: 'with feedback tied to the standard',
        },
        {
          verb: 'recommend',
          behavior: `recommend the best option for a difficult ${t} case, weighing risks and benefits`,
          condition: 'given a case with no perfect answer',
          criterion: 'naming at least two risks of each option',
        },
      ];
    case 'create':
      return [
        {
          verb: 'design',
          behavior: `design a one-page job aid for ${t} that a colleague can follow unaided`,
          condition: 'using the team’s template',
          criterion: 'that a new colleague can use without help',
        },
        {
          verb: 'develop',
          behavior: `develop a short improvement plan for how the team handles ${t}`,
          condition: 'based on recent incidents or feedback',
          criterion: 'with owners, dates and a measure of success',
        },
        {
          verb: 'construct',
          behavior: `construct a realistic practice case on ${t} for newer colleagues`,
          condition: 'with a model answer',
          criterion: 'that a reviewer rates as realistic',
        },
      ];
  }
}

/**
 * The levels of n objectives for what the request asks (content/request.ts, content/bloom.ts): the levels named
 * one by one each used ("Apply and Analyze"); a range or "X or higher" spread from its lowest to its highest
 * level ("from Understand up to Evaluate" with 4 objectives → one each). Lowest first. Null when the request names
 * no level.
 */
export function levelsAsked(
  n: number,
  r: Pick<ParsedRequest, 'bloomLevels' | 'bloomRequired'>,
): BloomLevel[] | null {
  const asked = [...new Set(r.bloomLevels)].sort((a, b) => levelIndex(a) - levelIndex(b));
  if (!asked.length || n < 1) return null;
  if (n >= asked.length) {
    // every level once, the rest shared out from the lowest
    const out = [...asked];
    for (let i = 0; out.length < n; i++) out.push(asked[i % asked.length]!);
    return out.sort((a, b) => levelIndex(a) - levelIndex(b));
  }
  if (n === 1) return [asked[0]!];
  // fewer objectives than levels: both ends and evenly between
  return Array.from({ length: n }, (_, i) => asked[Math.round((i * (asked.length - 1)) / (n - 1))]!);
}

/** The levels of n objectives: a progression (remember → analyze), or centred on a requested level. */
export function levelsFor(n: number, level: BloomLevel | null): BloomLevel[] {
  if (level) {
    const at = BLOOM_LEVELS.indexOf(level);
    const offsets = [0, -1, 0, 1, 0, -1, 1];
    return Array.from({ length: n }, (_, i) => {
      const idx = Math.min(5, Math.max(0, at + offsets[i % offsets.length]!));
      return BLOOM_LEVELS[idx]!;
    });
  }
  const top = Math.min(4, Math.max(1, n - 1));
  return Array.from({ length: n }, (_, i) => BLOOM_LEVELS[n === 1 ? 2 : Math.round((i * top) / (n - 1))]!);
}

/** The objectives count a request asks for ("6 objectives"), else one that fits the duration. */
export function objectiveCount(c: ArtifactContext): number {
  const m =
    /\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve)\s+(?:[\w-]+\s+)?(?:learning\s+)?(?:objectives|outcomes)\b/i.exec(
      c.text,
    );
  if (m) return Math.max(1, Math.min(30, Math.round(numberOf(m[1]!))));
  if (c.request.objectiveCount) return Math.max(1, Math.min(30, c.request.objectiveCount));
  const asked = new Set(c.request.bloomLevels).size;
  const minutes = c.request.duration?.minutes;
  if (minutes === undefined) return Math.max(4, asked);
  return minutes <= 15 ? 2 : minutes <= 30 ? 3 : minutes <= 120 ? 4 : minutes <= 420 ? 5 : 6;
}

/** The levels for n objectives of this request: the ones asked, else around its one level. */
export function objectiveLevels(c: ArtifactContext, n: number): BloomLevel[] {
  return levelsAsked(n, c.request) ?? levelsFor(n, c.level);
}

export function buildObjectiveList(
  c: ArtifactContext,
  levels: BloomLevel[],
  grounding?: Grounding | null,
): Objective[] {
  const used = new Map<BloomLevel, number>();
  const g = grounding === undefined ? c.grounding : grounding;
  const picker = g ? new FactPicker(g) : null;
  // The request's own subtopics come before the general templates: first those it gives this level, then
  // those it gives none.
  const subtopics = levelledSubtopics(c);
  let named = 0;
  const takeSubtopic = (level: BloomLevel) => {
    const at = subtopics.findIndex((x) => x.level === level);
    const i = at >= 0 ? at : subtopics.findIndex((x) => x.level === null);
    return i >= 0 ? subtopics.splice(i, 1)[0]!.topic : null;
  };
  return levels.map((level, i) => {
    const n = used.get(level) ?? 0;
    const grounded = picker && groundedTemplate(picker, level, i, levels.length);
    const own = grounded ? null : takeSubtopic(level);
    if (!grounded && !own) used.set(level, n + 1);
    const tpl =
      grounded ?? (own ? subtopicTemplate(own, level, c, named++ === 0) : pick(templates(c, level), n));
    return {
      id: `o${i + 1}`,
      audience: c.audience,
      verb: tpl.verb,
      behavior: tpl.behavior,
      bloomLevel: level,
      condition: tpl.condition,
      criterion: tpl.criterion,
      moduleId: null,
      ...(tpl.source ? { source: tpl.source } : {}),
    };
  });
}

export function buildObjectives(c: ArtifactContext): ObjectivesArtifact {
  const n = objectiveCount(c);
  const d = c.request.duration;
  return {
    title: `Learning objectives: ${titleCase(c.topic)}${d ? ` (${d.label})` : ''}`,
    topic: c.topic,
    audience: c.audience,
    objectives: buildObjectiveList(c, objectiveLevels(c, n)),
  };
}

/** An objective as a sentence ("New nurses will be able to list …"). */
export const objectiveSentence = (o: Pick<Objective, 'audience' | 'behavior'>) =>
  `${titleCase(o.audience)} will be able to ${o.behavior}`;
