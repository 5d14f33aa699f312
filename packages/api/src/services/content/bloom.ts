// The one Bloom table (Anderson & Krathwohl's revised taxonomy): measurable verbs per level, the vague verbs
// objectives must not use, what a verb or an objective sentence is at, the levels a request asks for
// ("at Apply and Analyze level", "learners can evaluate…", "higher-order") and the short table the offline
// chat answer shows (BLOOM_TABLE). A verb may sit at several levels (compare, select): it matches a level when
// it is in that level's list. Both spellings are listed (analyse/analyze, prioritise/prioritize).
import { BLOOM_LEVELS, BLOOM_LEVEL_LABELS, type BloomLevel } from '../../schemas/artifacts.js';

export { BLOOM_LEVELS, BLOOM_LEVEL_LABELS, type BloomLevel };

export const BLOOM_VERBS: Record<BloomLevel, readonly string[]> = {
  remember: [
    'identify',
    'list',
    'define',
    'recall',
    'name',
    'state',
    'recognise',
    'recognize',
    'label',
    'locate',
    'match',
    'memorise',
    'memorize',
    'repeat',
    'retrieve',
    'select',
  ],
  understand: [
    'explain',
    'describe',
    'summarise',
    'summarize',
    'classify',
    'interpret',
    'paraphrase',
    'discuss',
    'outline',
    'illustrate',
    'exemplify',
    'give examples of',
    'infer',
    'predict',
    'restate',
    'compare',
  ],
  apply: [
    'apply',
    'demonstrate',
    'use',
    'carry out',
    'perform',
    'complete',
    'calculate',
    'operate',
    'execute',
    'follow',
    'implement',
    'conduct',
    'handle',
    'administer',
    'solve',
    'practise',
    'practice',
    'respond to',
    'document',
    'record',
    'report',
    'escalate',
    'inspect',
    'check',
    'prepare',
    'process',
    'dispense',
    'resolve',
  ],
  analyze: [
    'analyse',
    'analyze',
    'compare',
    'contrast',
    'differentiate',
    'diagnose',
    'distinguish',
    'examine',
    'troubleshoot',
    'investigate',
    'categorise',
    'categorize',
    'organise',
    'organize',
    'attribute',
    'break down',
    'detect',
    'spot',
  ],
  evaluate: [
    'evaluate',
    'justify',
    'critique',
    'prioritise',
    'prioritize',
    'assess',
    'judge',
    'recommend',
    'decide',
    'choose',
    'select',
    'defend',
    'argue',
    'appraise',
    'verify',
    'review',
  ],
  create: [
    'design',
    'create',
    'construct',
    'plan',
    'produce',
    'develop',
    'compose',
    'draft',
    'build',
    'devise',
    'generate',
    'formulate',
    'write',
    'propose',
  ],
};

/** Verbs that state no observable behaviour; flagged with the level's measurable verbs as replacements. */
export const VAGUE_VERBS = [
  'understand',
  'know',
  'learn',
  'appreciate',
  'be aware of',
  'be familiar with',
  'grasp',
  'comprehend',
  'realise',
  'realize',
] as const;

const norm = (v: string) => v.toLowerCase().replace(/\s+/g, ' ').trim();

/** The verb a phrase opens with, in its base form when it is a listed (or vague) verb. */
export function leadingVerb(phrase: string): string | null {
  const body = norm(phrase)
    .replace(/^.*?\b(?:will be able to|should be able to|be able to|will|can)\s+/, '')
    .replace(/^to\s+/, '');
  const all = [...VAGUE_VERBS, ...BLOOM_LEVELS.flatMap((l) => BLOOM_VERBS[l])].sort(
    (a, b) => b.length - a.length,
  );
  for (const v of all) {
    const third = v.replace(/^(\w+)/, (w) =>
      /[^aeiou]y$/.test(w) ? `${w.slice(0, -1)}ies` : /(?:s|sh|ch|x|z)$/.test(w) ? `${w}es` : `${w}s`,
    );
    if (body === v || body.startsWith(`${v} `) || body === third || body.startsWith(`${third} `)) return v;
  }
  const first = /^[a-z-]+/.exec(body);
  return first ? first[0] : null;
}

export function isVagueVerb(verb: string): boolean {
  const v = norm(verb).replace(/\s+of$/, ' of');
  return VAGUE_VERBS.some((x) => v === x || v === x.replace(/ of$/, '') || v.startsWith(`${x} `));
}

/** The levels whose lists hold the verb (empty when the verb is not a listed Bloom verb). */
export function levelsOfVerb(verb: string): BloomLevel[] {
  const v = norm(verb);
  return BLOOM_LEVELS.filter((l) => BLOOM_VERBS[l].includes(v));
}

export function verbMatchesLevel(verb: string, level: BloomLevel): boolean {
  return BLOOM_VERBS[level].includes(norm(verb));
}

/** A few measurable verbs of a level, as a suggestion ("explain, describe, summarise, classify"). */
export function suggestedVerbs(level: BloomLevel, n = 4): string[] {
  return BLOOM_VERBS[level].slice(0, n);
}

/** The level one step up or down (clamped to remember…create). */
export function shiftLevel(level: BloomLevel, by: number): BloomLevel {
  const i = Math.min(BLOOM_LEVELS.length - 1, Math.max(0, BLOOM_LEVELS.indexOf(level) + by));
  return BLOOM_LEVELS[i]!;
}

/** The level's index, lowest (remember) 0 … highest (create) 5. */
export const levelIndex = (level: BloomLevel) => BLOOM_LEVELS.indexOf(level);

/** Analyze, Evaluate and Create: what "higher-order" asks for. */
export const HIGHER_ORDER: readonly BloomLevel[] = ['analyze', 'evaluate', 'create'];
/** Remember and Understand: what "recall" or "lower-order" asks for. */
export const LOWER_ORDER: readonly BloomLevel[] = ['remember', 'understand'];

/**
 * One row per level for a chat answer's Bloom table: four verbs to show and the stem of a sample objective
 * ("Learners will be able to <verb> … <stem> <topic>"); the level's label is BLOOM_LEVEL_LABELS's, as on the cards.
 */
export const BLOOM_TABLE: readonly { level: BloomLevel; verbs: string[]; stem: string }[] = [
  {
    level: 'remember',
    verbs: ['define', 'list', 'recall', 'identify'],
    stem: 'identify the key terms and facts of',
  },
  {
    level: 'understand',
    verbs: ['explain', 'summarise', 'classify', 'describe'],
    stem: 'explain in their own words the main principles of',
  },
  {
    level: 'apply',
    verbs: ['apply', 'demonstrate', 'use', 'carry out'],
    stem: 'apply the correct procedure for',
  },
  {
    level: 'analyze',
    verbs: ['analyse', 'compare', 'differentiate', 'diagnose'],
    stem: 'analyse a realistic case and diagnose problems related to',
  },
  {
    level: 'evaluate',
    verbs: ['evaluate', 'justify', 'critique', 'prioritise'],
    stem: 'evaluate alternative approaches to and justify a recommendation on',
  },
  {
    level: 'create',
    verbs: ['design', 'construct', 'plan', 'produce'],
    stem: 'design an improved approach or job aid for',
  },
];

/**
 * The level of an objective sentence from its first listed verb among its first four words ("Learners will be
 * able to compare …" → analyze). A verb listed at several levels gives the lowest. Undefined when no listed
 * verb opens it.
 */
export function bloomOf(objective: string): { level: BloomLevel; verb: string; rest: string } | undefined {
  const body = objective
    .replace(/^.*?\b(?:will be able to|should be able to|be able to|able to|will|can)\s+/i, '')
    .replace(/^to\s+/i, '');
  const words = body.split(/\s+/);
  for (let i = 0; i < Math.min(words.length, 4); i++) {
    const lead = leadingVerb(words.slice(i).join(' '));
    if (!lead) continue;
    const levels = levelsOfVerb(lead);
    if (levels.length === 0) continue;
    const rest = words
      .slice(i + lead.split(' ').length)
      .join(' ')
      .replace(/[.\s]+$/, '');
    return { level: levels[0]!, verb: lead, rest };
  }
  return undefined;
}

// ---- Levels a request asks for --------------------------------------------------------------------------

/** Words that name a level: the verb, its noun and adjective ("apply", "application", "applied"). */
const LEVEL_WORDS: [BloomLevel, string][] = [
  ['remember', 'remember(?:ing)?|recall|knowledge|memori[sz](?:e|ation)'],
  ['understand', 'understand(?:ing)?|comprehension|comprehend'],
  ['apply', 'appl(?:y|ying|ied|ication)'],
  ['analyze', 'analy[sz](?:e|ing|is|tical)'],
  ['evaluate', 'evaluat(?:e|ing|ion|ive)|judg(?:e|ement|ment)'],
  ['create', 'creat(?:e|ing|ion)|synthesis'],
];
const ANY_LEVEL = LEVEL_WORDS.map(([, w]) => w).join('|');
/** The level a word names ("apply", "application", "analyse"), or undefined. */
export const levelOfWord = (w: string): BloomLevel | undefined =>
  LEVEL_WORDS.find(([, re]) => new RegExp(`^(?:${re})$`, 'i').test(w))?.[0];
const LIST = `(?:${ANY_LEVEL})(?:\\s*(?:,|\\/|&|\\band\\b|\\bor\\b|\\bto\\b|–|-)\\s*(?:${ANY_LEVEL}))*`;

/** "at Apply and Analyze level", "Bloom levels: apply, analyse", "application-level questions". */
const NAMED = [
  new RegExp(`\\b(${LIST})[\\s-]*(?:levels?|order)\\b`, 'gi'),
  new RegExp(`\\bbloom(?:'s)?(?:\\s+(?:taxonomy|levels?))?\\s*(?::|of|at|=)?\\s*(${LIST})\\b`, 'gi'),
  new RegExp(`\\blevels?\\s*(?::|of|=)\\s*(${LIST})\\b`, 'gi'),
  new RegExp(
    `\\b(?:at|targeting|target|aimed at|pitched at)\\s+(?:the\\s+)?(${LIST})\\b(?!\\s+(?:a|an|the)\\b)`,
    'gi',
  ),
];
/** Who does the thinking in "learners can evaluate …", "ask staff to analyse …". */
const DOER =
  '(?:learners?|participants?|students?|trainees?|staff|they|them|nurses?|agents?|managers?|employees?|people|pupils|operators?|engineers?|analysts?|technicians?|handlers?|reps?|colleagues|team members|the learner|each learner)';
const ABLE =
  '(?:will\\s+|can\\s+|should\\s+|must\\s+|could\\s+|are\\s+able\\s+to\\s+|be\\s+able\\s+to\\s+|to\\s+)+';

/** A verb that is a request's own deliverable verb when an artifact noun follows ("create a quiz"). */
const ARTIFACT_OBJECT =
  /^(?:an?\s+|the\s+|some\s+|\d+\s+)?(?:[\w-]+\s+){0,3}?(?:quiz(?:zes)?|questions?|items?|plan|programme|program|objectives?|scenarios?|modules?|course|curriculum|summary|outline|lesson|session|workshop|campaign|assessment|test)\b/i;

const allVerbs = () =>
  [...new Set(BLOOM_LEVELS.flatMap((l) => BLOOM_VERBS[l]))].sort((a, b) => b.length - a.length);

/** Third person and -ing forms of a base verb ("analyse" → analyses, analysing). */
function verbForms(v: string): string {
  const [head, ...rest] = v.split(' ');
  const h = head!;
  const third = /[^aeiou]y$/.test(h)
    ? `${h.slice(0, -1)}ies`
    : /(?:s|sh|ch|x|z)$/.test(h)
      ? `${h}es`
      : `${h}s`;
  const ing = h.endsWith('e') && !h.endsWith('ee') ? `${h.slice(0, -1)}ing` : `${h}ing`;
  const tail = rest.length ? `\\s+${rest.join('\\s+')}` : '';
  return `(?:${h}|${third}|${ing})${tail}`;
}

export interface BloomAsk {
  /** Levels named or implied by a learner's verb, lowest first. */
  levels: BloomLevel[];
  /** The levels named one by one ("Apply and Analyze"): each must be present. A range ("Apply to Create",
   * "Apply or higher") admits its levels without requiring each. */
  required: BloomLevel[];
  /** "higher-order" / "lower-order" thinking asked for without naming levels. */
  order: 'higher' | 'lower' | null;
}

/**
 * The Bloom levels a request asks for: levels named ("at Apply and Analyze level", "Bloom: evaluate"),
 * verbs of what learners do ("so that nurses can evaluate …", "ask learners to analyse …"), and
 * "higher-order" / "lower-order" / "recall only". A request verb whose object is a deliverable ("create a
 * quiz", "design a plan") is not a level.
 */
export function bloomLevelsAsked(text: string): BloomAsk {
  const t = text.replace(/\s+/g, ' ');
  const found = new Set<BloomLevel>();
  const named = new Set<BloomLevel>();
  const add = (w: string) => {
    const l = levelOfWord(w.trim());
    if (l) {
      found.add(l);
      named.add(l);
    }
  };
  // A range admits every level between its ends, and requires none of them.
  const span = (a: string, b: string) => {
    const x = levelIndex(levelOfWord(a)!);
    const y = levelIndex(levelOfWord(b)!);
    for (let i = Math.min(x, y); i <= Math.max(x, y); i++) found.add(BLOOM_LEVELS[i]!);
  };
  for (const re of NAMED)
    for (const m of t.matchAll(re)) {
      const after = t.slice(m.index + m[0].length);
      // "at application of the rules" is a topic, not a level; "at Apply level" or "at Apply and Analyze" is.
      if (re === NAMED[3] && /^\s+(?:of|in|to|the|a|an|for|with|on|from)\b/i.test(after)) continue;
      // "at Apply or higher" is a range (below), not a named level.
      if (/^(?:[\s-]+levels?)?\s+(?:or|and)\s+(?:higher|above|up)\b/i.test(after)) continue;
      // "Remember to Analyze levels": a range.
      const range = new RegExp(`^(${ANY_LEVEL})\\s*(?:to|–|-)\\s*(${ANY_LEVEL})$`, 'i').exec(m[1]!.trim());
      if (range) span(range[1]!, range[2]!);
      else for (const w of m[1]!.split(/\s*(?:,|\/|&|\band\b|\bor\b|–|-)\s*/i)) add(w);
    }
  // "from Understand up to Evaluate", "spanning understand to create", "levels Apply to Create".
  for (const m of t.matchAll(
    new RegExp(
      `\\b(?:from|spanning|span|levels?|bloom:?|between)\\s+(${ANY_LEVEL})\\s+(?:up\\s+)?(?:to|and|through)\\s+(${ANY_LEVEL})\\b`,
      'gi',
    ),
  ))
    span(m[1]!, m[2]!);
  // "at Apply or higher": that level and every one above it.
  for (const m of t.matchAll(
    new RegExp(`\\b(${ANY_LEVEL})(?:[\\s-]+levels?)?\\s+(?:or|and)\\s+(?:higher|above|up)\\b`, 'gi'),
  ))
    span(m[1]!, 'create');
  // "Bloom: apply for the gowning sequence, evaluate for judging …": the level opening each clause.
  for (const m of t.matchAll(/\bbloom(?:'s)?(?:\s+levels?)?\s*:\s*([^.!?]+)/gi))
    for (const clause of m[1]!.split(/[,;]|\band\b/i)) add(clause.trim().split(/\s+/)[0] ?? '');
  // A sentence that is only levels: "Apply and Evaluate."
  for (const m of t.matchAll(new RegExp(`(?:^|[.!?:]\\s+)(${LIST})\\s*(?:[.!?]|$)`, 'gi')))
    for (const w of m[1]!.split(/\s*(?:,|\/|&|\band\b|\bor\b|\bto\b|–|-)\s*/i)) add(w);
  const verbs = allVerbs().map(verbForms).join('|');
  const doing = new RegExp(
    `\\b(?:${DOER}\\s+${ABLE}|(?:ask|asks|asking|require|requires|get|gets|make|makes|challenge|challenges)\\s+${DOER}\\s+(?:to\\s+)?|able to\\s+)(${verbs})\\b`,
    'gi',
  );
  for (const m of t.matchAll(doing)) {
    const after = t.slice(m.index + m[0].length).trim();
    if (ARTIFACT_OBJECT.test(after)) continue;
    const verb = allVerbs().find((v) => new RegExp(`^${verbForms(v)}$`, 'i').test(m[1]!.trim()));
    // A verb listed at several levels (compare, select) names the lowest.
    const l = verb ? levelsOfVerb(verb)[0] : undefined;
    if (l) {
      found.add(l);
      named.add(l);
    }
  }
  const order = /\bhigher[- ](?:order|level)(?:\s+thinking)?\b|\bHOTS\b|\bcritical thinking\b/i.test(t)
    ? 'higher'
    : /\blower[- ]order\b|\brecall[- ](?:only|level|questions?|items?)\b|\bpure recall\b/i.test(t)
      ? 'lower'
      : null;
  return {
    levels: BLOOM_LEVELS.filter((l) => found.has(l)),
    required: BLOOM_LEVELS.filter((l) => named.has(l)),
    order,
  };
}
