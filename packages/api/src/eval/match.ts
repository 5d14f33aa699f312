// Text helpers of the eval: normalising text, matching corpus terms, and reading an artifact's text (all of it,
// and the parts a learner meets as items).
import type { ArtifactKind } from '../schemas/artifacts.js';

/** A term of the corpus: one spelling, or equivalent spellings (any one matches). */
export type Term = string | string[];

/** Lower case, one kind of dash, quote and space, single spaces. */
export function normalizeText(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\u2018\u2019\u201b\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u2033]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The pattern of one spelling: case-insensitive, spaces optional ("75 °C" = "75°C"), starting at a word start;
 * it may run on into a longer word ("pivot table" matches "pivot tables") unless it ends in a digit ("EUR 50" never
 * matches "EUR 500").
 */
function spellingPattern(spelling: string): RegExp {
  const n = normalizeText(spelling);
  const body = n
    .split(' ')
    .map((w) => escape(w))
    .join('\\s*');
  const start = /^[a-z0-9]/.test(n) ? '(?<![a-z0-9])' : '';
  const end = /[0-9]$/.test(n) ? '(?![0-9])' : '';
  return new RegExp(`${start}${body}${end}`);
}

const patterns = new Map<string, RegExp>();
function patternOf(spelling: string): RegExp {
  let p = patterns.get(spelling);
  if (!p) patterns.set(spelling, (p = spellingPattern(spelling)));
  return p;
}

export const spellings = (t: Term): string[] => (Array.isArray(t) ? t : [t]);
/** How a term is shown in reports: its first spelling. */
export const termLabel = (t: Term): string => spellings(t)[0] ?? '';

/** Whether normalised text contains the term (any of its spellings). */
export function hasTerm(normalized: string, t: Term): boolean {
  return spellings(t).some((s) => patternOf(s).test(normalized));
}

/** Fields that hold ids and enum values, not text a learner reads. */
const NON_TEXT_KEYS = new Set([
  'id',
  'type',
  'nextNodeId',
  'startNodeId',
  'objectiveId',
  'moduleId',
  'bloomLevel',
  'difficulty',
  'modality',
  'effort',
  'outcome',
  'fileId',
]);

/** The artifact's readable texts: every string value except ids and enum fields. */
export function artifactTexts(value: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown, key?: string) => {
    if (typeof v === 'string') {
      if (!key || !NON_TEXT_KEYS.has(key)) out.push(v);
    } else if (Array.isArray(v)) for (const x of v) walk(x, key);
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
  };
  walk(value);
  return out;
}

/** One piece of an artifact a learner meets as an item: a question, an option, a step, a choice… */
export interface ItemUnit {
  /** Where: a dotted path into the data ("items.2.options.1.text"). */
  path: string;
  text: string;
}

type Obj = Record<string, unknown>;
const arr = (v: unknown): Obj[] => (Array.isArray(v) ? (v as Obj[]) : []);
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);

/** The item-like pieces of an artifact of a kind (its title and topic included: "Quiz: The" is a fragment too). */
export function itemUnits(kind: ArtifactKind, data: unknown): ItemUnit[] {
  const d = (data ?? {}) as Obj;
  const units: ItemUnit[] = [];
  const add = (path: string, v: unknown) => {
    const s = str(v);
    if (s) units.push({ path, text: s });
  };
  add('title', d.title);
  add('topic', d.topic);
  switch (kind) {
    case 'quiz':
      arr(d.items).forEach((item, i) => {
        add(`items.${i}.stem`, item.stem);
        arr(item.options).forEach((o, j) => add(`items.${i}.options.${j}.text`, o.text));
        (Array.isArray(item.acceptedAnswers) ? item.acceptedAnswers : []).forEach((a, j) =>
          add(`items.${i}.acceptedAnswers.${j}`, a),
        );
        arr(item.pairs).forEach((p, j) => {
          add(`items.${i}.pairs.${j}.left`, p.left);
          add(`items.${i}.pairs.${j}.right`, p.right);
        });
      });
      arr(d.objectives).forEach((o, i) => add(`objectives.${i}.text`, o.text));
      break;
    case 'objectives':
      arr(d.objectives).forEach((o, i) => add(`objectives.${i}.behavior`, o.behavior));
      break;
    case 'scenario':
      add('objective', d.objective);
      arr(d.nodes).forEach((n, i) => {
        add(`nodes.${i}.title`, n.title);
        arr(n.choices).forEach((c, j) => add(`nodes.${i}.choices.${j}.text`, c.text));
      });
      break;
    case 'plan':
      arr(d.modules).forEach((m, i) => {
        add(`modules.${i}.title`, m.title);
        (Array.isArray(m.objectives) ? m.objectives : []).forEach((o, j) =>
          add(`modules.${i}.objectives.${j}`, o),
        );
        arr(m.activities).forEach((a, j) => add(`modules.${i}.activities.${j}.title`, a.title));
      });
      break;
    case 'modality':
      arr(d.recommendations).forEach((r, i) => add(`recommendations.${i}.objective`, r.objective));
      break;
    case 'sme_summary':
      arr(d.outline).forEach((o, i) => {
        add(`outline.${i}.module`, o.module);
        (Array.isArray(o.points) ? o.points : []).forEach((p, j) => add(`outline.${i}.points.${j}`, p));
      });
      arr(d.tasks).forEach((t, i) => {
        add(`tasks.${i}.task`, t.task);
        (Array.isArray(t.steps) ? t.steps : []).forEach((s, j) => add(`tasks.${i}.steps.${j}`, s));
      });
      arr(d.commonErrors).forEach((e, i) => add(`commonErrors.${i}.error`, e.error));
      arr(d.draftObjectives).forEach((o, i) => add(`draftObjectives.${i}.behavior`, o.behavior));
      break;
  }
  return units;
}

/** Words of a text for echo detection: lower case, letters and digits only. */
export function wordsOf(s: string): string[] {
  return normalizeText(s)
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(' ')
    .filter(Boolean);
}
