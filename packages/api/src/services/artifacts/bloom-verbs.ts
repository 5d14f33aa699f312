// Measurable verbs of Bloom's revised taxonomy (Anderson & Krathwohl), one list per level, and the vague verbs
// objectives must not use. A verb may sit at several levels (compare, select): an objective's verb matches its
// level when it is in that level's list. Both spellings are listed (analyse/analyze, prioritise/prioritize).
import { BLOOM_LEVELS, type BloomLevel } from '../../schemas/artifacts.js';

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
