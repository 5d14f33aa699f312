// The facts in a document: what offline items, objectives and scenarios are built from. extractFacts() reads
// the blocks of structureDocument() (headings, paragraphs, list items, table rows — page furniture, metadata,
// document control and revision tables are already gone) and finds
//   rule        must / must not / never / always / only / shall / is required / is prohibited, split into
//               condition, subject, modal and action so that negate() can write its faithful negation
//   quantity    a threshold or amount with its unit, what it measures and its comparator
//   procedure   the ordered steps under one heading, each a full sentence
//   definition  "X means Y", "X is defined as Y", "X: Y" in a glossary, table rows term | meaning
//   role        who is responsible or accountable for what
//   form_code   form and document codes ("QA-F-017", "Form HR-12")
// Every fact carries `text` (a clean full sentence), `quote` (verbatim in its block, so in the stored chunk of its
// `part`) and the heading it sits under. Headings themselves and sentence fragments are never facts.
import { lastWord, type DocBlock } from './document.js';
import {
  formatQuantity,
  nounPhrases,
  quantities,
  sentenceTokens,
  tokens as tokensOf,
  type Dimension,
  type Quantity,
  type Span,
  type Token,
} from './nlp.js';

export type Comparator =
  'at_least' | 'at_most' | 'more_than' | 'less_than' | 'within' | 'between' | 'exactly';

interface FactBase {
  /** A clean full sentence stating the fact. */
  text: string;
  /** Verbatim in the block's text, so in the stored chunk of `part`. */
  quote: string;
  /** The stored chunk holding `quote`: FileChunk.ordinal (0-based, as a citation's part). */
  part: number;
  /** The heading the fact sits under. */
  heading?: string;
}

export interface RuleFact extends FactBase {
  kind: 'rule';
  /** positive: something must be done; negative: something must not be done. */
  polarity: 'positive' | 'negative';
  modality: 'must' | 'must_not' | 'always' | 'never' | 'only' | 'required' | 'prohibited';
  /** The modal words as written: "must", "must not", "is required to", "are prohibited", "Never". */
  modal: string;
  /** Who or what the rule is about ("Alcohol-based hand rub"); "" for an imperative. */
  subject: string;
  /** What must (not) be done, without the modal ("be applied for at least 20 seconds"). */
  action: string;
  /** A leading condition kept with the rule ("Before touching a patient,"). */
  condition?: string;
  /** The faithful negation (a false statement), or null when none can be written faithfully. */
  negation: string | null;
}

export interface QuantityFact extends FactBase {
  kind: 'quantity';
  /** The quantity; its start/end are offsets in `quote`. */
  quantity: Quantity;
  value: number;
  max?: number;
  unit: string;
  dimension: Dimension | 'score';
  comparator: Comparator;
  /** What is measured ("filter integrity test pressure", "gifts", "contact time (Liquid soap)"). */
  measure: string;
  /** `text` with the quantity replaced by "____". */
  blank: string;
}

export interface ProcedureStep {
  ordinal: number;
  /** A full sentence. */
  text: string;
  quote: string;
  part: number;
}

export interface ProcedureFact extends FactBase {
  kind: 'procedure';
  title: string;
  steps: ProcedureStep[];
}

export interface DefinitionFact extends FactBase {
  kind: 'definition';
  term: string;
  definition: string;
}

export interface RoleFact extends FactBase {
  kind: 'role';
  role: string;
  responsibility: string;
}

export interface FormCodeFact extends FactBase {
  kind: 'form_code';
  code: string;
  /** The form's name where the document gives it ("Filter Integrity Test Record"). */
  name?: string;
}

export type Fact = RuleFact | QuantityFact | ProcedureFact | DefinitionFact | RoleFact | FormCodeFact;

// ------------------------------------------------------------------------------------------------- helpers

const FUNCTION_END = new Set(
  'the a an of to and or with for in on at by from before after each every all any this that these those their your our its is are was be must should may can will not than as if when which who into per'.split(
    ' ',
  ),
);

const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const lowerFirst = (s: string) => (/^[A-Z][a-z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s);
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** A clean full sentence: one line, capitalised, ending in . ! or ?. */
export function cleanSentence(s: string): string {
  let t = squash(s).replace(/[\s,;:–—-]+$/, '');
  if (!/[.!?]["'”’)]?$/.test(t)) t += '.';
  return upperFirst(t);
}

/** A sentence fragment: too short, starting in lower case, or ending on a word that needs more after it. */
function isFragment(text: string, toks: Token[], listItem: boolean): boolean {
  const t = text.trim();
  const words = t.split(/\s+/).filter((w) => /\w/.test(w));
  if (words.length < (listItem ? 2 : 3)) return true;
  if (!/^[("“'‘]?[A-Z0-9]/.test(t)) return true;
  if (/[,;:–—-]$/.test(t)) return true;
  const last = lastWord(t);
  if (FUNCTION_END.has(last)) return true;
  if (!listItem && !toks.some((x) => x.pos === 'VERB' || x.pos === 'AUX')) return true;
  return false;
}

// ---------------------------------------------------------------------------------------------------- rules

interface ParsedRule {
  polarity: RuleFact['polarity'];
  modality: RuleFact['modality'];
  modal: string;
  subject: string;
  action: string;
  condition?: string;
  /** Where the action starts in the sentence. */
  actionStart: number;
  /** Tokens of the action (for the verb's lemma). */
  actionTokens: Token[];
  /** The subject's head noun looks plural. */
  plural: boolean;
  imperative: boolean;
  /** The action's main verb, as a lemma ("be declared in …" → "declare"). */
  verb?: string;
}

const actionVerb = (toks: Token[]) => toks.find((t) => t.pos === 'VERB')?.lemma;

const SUBORDINATORS =
  /^(before|after|when|whenever|if|where|unless|during|while|once|in|for|at|on|until|following|prior|within|as|to)\b/i;
const BE = new Set(['is', 'are', 'be', 'was', 'were']);

/** Finds the rule in a sentence: its modal, condition, subject and action. */
function parseRule(sentence: string, toks: Token[]): ParsedRule | undefined {
  const n = toks.length;
  const at = (i: number) => toks[i]?.normal ?? '';
  let m = -1; // first token of the modal phrase
  let len = 0; // tokens in the modal phrase
  let modality: RuleFact['modality'] | undefined;
  let imperative = false;
  // an imperative starts the sentence or follows its leading condition ("If any check fails, do not use …")
  const clauseStart = (i: number) =>
    i === 0 || toks[i - 1]?.text === ';' || (toks[i - 1]?.text === ',' && SUBORDINATORS.test(sentence));
  for (let i = 0; i < n && m < 0; i++) {
    const w = at(i);
    const w1 = at(i + 1);
    if (clauseStart(i) && (w === 'never' || w === 'always')) {
      [m, len, modality, imperative] = [i, 1, w === 'never' ? 'never' : 'always', true];
    } else if (clauseStart(i) && w === 'do' && (w1 === 'not' || w1 === "n't")) {
      [m, len, modality, imperative] = [i, 2, 'must_not', true];
    } else if (clauseStart(i) && w === "don't") {
      [m, len, modality, imperative] = [i, 1, 'must_not', true];
    } else if (
      w === 'only' &&
      i === 0 &&
      toks.slice(1, 14).some((t) => /^(may|can|must|shall)$/.test(t.normal))
    ) {
      [m, len, modality] = [0, 1, 'only'];
    } else if (w === 'must' || w === 'shall') {
      if (w1 === 'not' || w1 === 'never' || w1 === "n't") [m, len, modality] = [i, 2, 'must_not'];
      else if (w1 === 'only') [m, len, modality] = [i, 2, 'only'];
      else if (w1 === 'always') [m, len, modality] = [i, 2, 'must'];
      else [m, len, modality] = [i, 1, 'must'];
    } else if (w === "mustn't" || w === "shan't" || w === 'cannot') {
      [m, len, modality] = [i, 1, 'must_not'];
    } else if ((w === 'may' || w === 'can') && (w1 === 'not' || w1 === 'never')) {
      [m, len, modality] = [i, 2, 'must_not'];
    } else if ((w === 'may' || w === 'can') && w1 === 'only') {
      [m, len, modality] = [i, 2, 'only'];
    } else if ((w === 'have' || w === 'has') && w1 === 'to' && i > 0) {
      [m, len, modality] = [i, 2, 'must'];
    } else if (BE.has(w) && i > 0) {
      const neg = w1 === 'not';
      const adj = at(i + (neg ? 2 : 1));
      if (!neg && /^(required|mandatory|compulsory|obligatory)$/.test(adj))
        [m, len, modality] = [i, 2, 'required'];
      else if (!neg && /^(prohibited|forbidden|banned)$/.test(adj)) [m, len, modality] = [i, 2, 'prohibited'];
      else if (neg && /^(permitted|allowed|tolerated|acceptable)$/.test(adj))
        [m, len, modality] = [i, 3, 'prohibited'];
      else if (!neg && adj === 'never' && i > 0) [m, len, modality] = [i, 2, 'never'];
    } else if ((w === 'never' || w === 'always') && i > 0 && toks[i + 1]?.pos === 'VERB') {
      [m, len, modality] = [i, 1, w === 'never' ? 'never' : 'always'];
    }
  }
  if (m < 0 || !modality) return undefined;
  // skip adverbs straight after the modal ("must always", "must never")
  let a = m + len;
  while (a < n && /^(always|also|still|then|therefore)$/.test(at(a)) && modality !== 'always') a++;
  const endTok = toks.at(-1)!;
  const actionEnd = /^[.!?]$/.test(endTok.text) ? endTok.start : endTok.end;
  const modalText = sentence.slice(toks[m]!.start, toks[m + len - 1]!.end);
  let prefixEnd = toks[m]!.start;
  const prefix = sentence.slice(0, prefixEnd).trim();
  let subject = prefix;
  let condition: string | undefined;
  // "Before touching a patient, staff must …": the condition stays with the rule
  const comma = prefix.lastIndexOf(',');
  if (comma > 0 && SUBORDINATORS.test(prefix)) {
    condition = prefix.slice(0, comma + 1);
    subject = prefix.slice(comma + 1).trim();
  }
  if (modality === 'only') {
    // "Only the QA Manager may release …": the subject follows "Only", the modal is the may/can/must after it
    const modalIdx = toks.findIndex((t, i) => i > 0 && /^(may|can|must|shall)$/.test(t.normal));
    if (m === 0) {
      subject = sentence.slice(toks[1]!.end - toks[1]!.text.length, toks[modalIdx]!.start).trim();
      prefixEnd = toks[modalIdx]!.start;
      a = modalIdx + 1;
      return {
        polarity: 'positive',
        modality,
        modal: `Only … ${toks[modalIdx]!.text}`,
        subject,
        action: sentence.slice(toks[a]?.start ?? actionEnd, actionEnd).trim(),
        actionStart: toks[a]?.start ?? actionEnd,
        actionTokens: toks.slice(a),
        plural: false,
        imperative: false,
        verb: actionVerb(toks.slice(a)),
      };
    }
  }
  // an imperative after another clause ("…; never charge in the aisles") has no subject of its own
  if (imperative && !condition) subject = '';
  if (!imperative && !subject) return undefined;
  // a modal inside a reported clause ("This policy sets out what employees must do") is not the sentence's rule:
  // the subject may hold participles and relative clauses ("Staff working on wards", "A ward that scores …"),
  // not a finite verb of its own
  const subjectStart = condition ? prefixEnd - subject.length : 0;
  if (/\s(what|how|whether|why)\b/i.test(subject)) return undefined;
  let relative = false;
  for (const t of toks) {
    if (t.start < subjectStart || t.end > prefixEnd) continue;
    if (/^(that|who|which|whose|whom|where)$/.test(t.normal)) relative = true;
    if (!relative && t.pos === 'VERB' && !/(ing|ed|en)$/.test(t.normal) && t.start > subjectStart)
      return undefined;
  }
  if (subject && !/[A-Za-z]/.test(subject)) return undefined;
  const action = a < n ? sentence.slice(toks[a]!.start, actionEnd).trim() : '';
  if (!action && modality !== 'required' && modality !== 'prohibited') return undefined;
  const subjectToks = toks.filter(
    (t) => t.start >= (condition ? sentence.indexOf(subject) : 0) && t.end <= prefixEnd,
  );
  const head = [...subjectToks]
    .reverse()
    .find((t) => t.pos === 'NOUN' || t.pos === 'PROPN' || t.pos === 'PRON');
  const plural =
    !!head &&
    ((/s$/i.test(head.text) && !/ss$/i.test(head.text) && head.lemma !== head.normal) ||
      /^(staff|people|personnel|they|we|you|employees|children)$/i.test(head.text));
  const polarity =
    modality === 'must_not' || modality === 'never' || modality === 'prohibited' ? 'negative' : 'positive';
  return {
    polarity,
    modality,
    modal: modalText,
    subject,
    action,
    ...(condition ? { condition } : {}),
    actionStart: toks[a]?.start ?? actionEnd,
    actionTokens: toks.filter((t) => t.start >= (toks[a]?.start ?? actionEnd)),
    plural,
    imperative,
    verb: actionVerb(toks.slice(a)),
  };
}

// Comparators written before a quantity, and how a negation turns them around.
const BEFORE: [RegExp, Comparator][] = [
  [
    /(at least|a minimum of|minimum of|min\.|no less than|not less than|no fewer than|not fewer than|≥)\s*$/i,
    'at_least',
  ],
  [
    /(at most|up to|no more than|not more than|a maximum of|maximum of|max\.|not\s+(?:to\s+)?exceed(?:ing)?|limited to|capped at|restricted to|≤)\s*$/i,
    'at_most',
  ],
  [
    /(more than|over|above|greater than|exceeding|exceeds?|in excess of|higher than|deeper than|longer than|wider than|thicker than|heavier than|larger than|older than|>)\s*$/i,
    'more_than',
  ],
  [
    /(less than|under|below|fewer than|lower than|shorter than|narrower than|thinner than|lighter than|smaller than|younger than|<)\s*$/i,
    'less_than',
  ],
  [/(within|in under|in less than)\s*$/i, 'within'],
  [/(exactly|precisely)\s*$/i, 'exactly'],
  [/between\s*$/i, 'between'],
];
const AFTER: [RegExp, Comparator][] = [
  [/^\s*(or more|or longer|or above|or higher|or over|and above|or greater|minimum)\b/i, 'at_least'],
  [/^\s*(or less|or fewer|or below|or under|or lower|maximum|max\b)/i, 'at_most'],
];

function comparatorOf(
  before: string,
  after: string,
  range: boolean,
): { comparator: Comparator; at?: number } {
  for (const [re, c] of BEFORE) {
    const m = re.exec(before);
    if (m) return { comparator: c, at: m.index };
  }
  for (const [re, c] of AFTER) if (re.test(after)) return { comparator: c };
  return { comparator: range ? 'between' : 'exactly' };
}

/** A comparator's words turned around, for a negation: "at least" → "less than", "below" → "above". */
const FLIP: [RegExp, string][] = [
  [/^(at least|a minimum of|minimum of|min\.|no less than|not less than|≥)$/i, 'less than'],
  [/^(no fewer than|not fewer than)$/i, 'fewer than'],
  [/^(at most|up to|no more than|not more than|a maximum of|maximum of|max\.|≤)$/i, 'more than'],
  [/^(more than|greater than|higher than|in excess of)$/i, 'no $1'],
  [/^(less than|fewer than|lower than)$/i, 'no $1'],
  [/^above$/i, 'below'],
  [/^below$/i, 'above'],
  [/^over$/i, 'under'],
  [/^under$/i, 'over'],
  [/^within$/i, 'after more than'],
];
const COMPARED_NUMBER =
  /\b(at least|a minimum of|no less than|not less than|no fewer than|at most|up to|no more than|not more than|a maximum of|more than|less than|fewer than|above|below|over|under|within)\s+(\d[\d,.]*)/i;
const flipped = (phrase: string): string | undefined => {
  for (const [re, to] of FLIP) if (re.test(phrase)) return phrase.replace(re, to);
  return undefined;
};

/** The verb at the start of an action in its base form ("checks the chart" → "check the chart"). */
function baseForm(action: string, toks: Token[]): string {
  const first = toks[0];
  if (!first || first.pos !== 'VERB' || first.lemma === first.normal) return action;
  return first.lemma + action.slice(first.text.length);
}

/** The negation of a parsed rule; `qs` are the sentence's quantities (offsets in the sentence). */
function negateParsed(r: ParsedRule, qs: Quantity[]): string | null {
  const cond = r.condition ? `${r.condition} ` : '';
  const subj = r.condition ? lowerFirst(r.subject) : r.subject;
  const be = r.plural ? 'are' : 'is';
  const finish = (s: string) => cleanSentence(upperFirst(s));
  // "must report … and must not work …", "… 8.5 bar; do not drive …": the negation is of the first clause only
  const second =
    /,?\s+(?:and|or|but)\s+(?:must|shall|should|may|can|is|are|never|always|only|do not)\b|\s*;/i.exec(
      r.action,
    );
  if (second && second.index > 0) r = { ...r, action: r.action.slice(0, second.index) };
  switch (r.modality) {
    case 'must': {
      // a threshold in the action turns around: "must be applied for at least 20 seconds" → "may be applied for
      // less than 20 seconds" (the rest of a coordinated action is left out: it would muddle the statement)
      for (const sq of qs) {
        const start = sq.start - r.actionStart;
        const end = sq.end - r.actionStart;
        if (start < 0 || end > r.action.length) continue;
        const before = r.action.slice(0, start);
        const { at } = comparatorOf(before, r.action.slice(end), sq.max !== undefined);
        if (at === undefined) continue;
        const flip = flipped(before.slice(at).trim());
        if (!flip) continue;
        const head = before.slice(0, at).trimEnd();
        const tail = r.action.slice(end).replace(/^(,|;| and | but | or | until | unless ).*$/s, '');
        return finish(`${cond}${subj} may ${head ? `${head} ` : ''}${flip} ${sq.text}${tail}`);
      }
      // a bare number: "must be at least 12 characters long"
      const bare = COMPARED_NUMBER.exec(r.action);
      const flip = bare && flipped(bare[1]!);
      if (bare && flip) {
        const tail = r.action
          .slice(bare.index + bare[0].length)
          .replace(/^(,|;| and | but | or | until | unless ).*$/s, '');
        return finish(`${cond}${subj} may ${r.action.slice(0, bare.index)}${flip} ${bare[2]}${tail}`);
      }
      // "All staff need not …" reads as "no staff need": the negation is about staff in general
      return finish(`${cond}${subj.replace(/^all\s+/i, '')} need not ${r.action}`);
    }
    case 'always':
      if (r.imperative) return finish(`${cond}you need not ${lowerFirst(r.action)}`);
      return finish(`${cond}${subj} need not ${baseForm(r.action, r.actionTokens)}`);
    case 'must_not':
      if (r.imperative) return finish(`${cond}you may ${r.action}`);
      return finish(`${cond}${subj} may ${r.action}`);
    case 'never':
      if (r.imperative) return finish(`${cond}you may ${lowerFirst(r.action)}`);
      if (/^(is|are)$/i.test(r.modal.split(' ')[0]!))
        return finish(`${cond}${subj} ${r.modal.split(' ')[0]} sometimes ${r.action}`);
      return finish(`${cond}${subj} may ${baseForm(r.action, r.actionTokens)}`);
    case 'required': {
      const verb = r.modal.split(' ')[0]!;
      const word = r.modal.split(' ')[1]!.toLowerCase();
      const rest = !r.action ? '' : /^[,;]/.test(r.action) ? r.action : ` ${r.action}`;
      if (word === 'required') return finish(`${cond}${subj} ${verb} not required${rest}`);
      return finish(`${cond}${subj} ${verb} optional${rest}`);
    }
    case 'prohibited': {
      const verb = r.modal.split(' ')[0]!;
      const rest = !r.action ? '' : /^[,;]/.test(r.action) ? r.action : ` ${r.action}`;
      return finish(`${cond}${subj} ${verb || be} permitted${rest}`);
    }
    case 'only': {
      // "Only the QA Manager may release …" → "Someone other than the QA Manager may release …"
      if (r.modal.startsWith('Only'))
        return finish(`someone other than ${lowerFirst(r.subject)} may ${r.action}`);
      // "… may only be returned to service by the maintenance contractor" → "… by someone other than …"
      const agent = /^(be \w+ .*?\bby )(.+)$/.exec(r.action);
      if (agent) return finish(`${cond}${subj} may ${agent[1]}someone other than ${agent[2]}`);
      return null;
    }
  }
}

/**
 * The faithful negation of a rule: a statement the document makes false. "Alcohol-based hand rub must be applied
 * for at least 20 seconds" → "Alcohol-based hand rub may be applied for less than 20 seconds."; "Staff must not
 * wear rings" → "Staff may wear rings."; "Only the QA Manager may release a batch" → "Someone other than the QA
 * Manager may release a batch." Null when the sentence holds no rule or no faithful negation exists ("X may only
 * be used on …").
 */
export function negate(rule: RuleFact | string): string | null {
  if (typeof rule !== 'string') return rule.negation;
  const text = rule.trim();
  const [first] = sentenceTokens(text);
  if (!first) return null;
  const sentence = first.sentence.text;
  const shift = first.sentence.start;
  const toks = first.tokens.map((t) => ({ ...t, start: t.start - shift, end: t.end - shift }));
  const parsed = parseRule(sentence, toks);
  const qs = quantities(text)
    .filter((q) => q.start >= shift && q.end <= shift + sentence.length)
    .map((q) => ({ ...q, start: q.start - shift, end: q.end - shift }));
  return parsed ? negateParsed(parsed, qs) : null;
}

// ------------------------------------------------------------------------------------------- definitions

const DEFINES =
  /^["“‘']?(?<term>[A-Z][^.:;"”]{0,60}?)["”’']?(?:\s+\((?<abbr>[A-Z][A-Za-z0-9]{1,9})\))?,?\s+(?:means|refers to|is defined as|is the term used for|shall mean|denotes|stands for)\s+(?<def>.+?)[.]?$/;
const GLOSSARY_LINE =
  /^["“‘']?(?<term>[A-Z][A-Za-z0-9'’()/&\s-]{0,50}?)["”’']?\s*(?::|\s[–—-]\s)\s*(?<def>\S.+?)[.]?$/;
const GLOSSARY_HEADING = /definition|glossary|terms|abbreviation|terminology|acronym|key words|vocabulary/i;
const LABELS =
  /^(note|notes|important|warning|caution|tip|example|remember|scope|purpose|exception|reminder|contact|owner|author|version|date|title|subject|location|time|phone|email|tel|ext|fax|see|ref|reference|step|steps|result|action|answer|question)$/i;

function definitionOf(
  sentence: string,
  glossary: boolean,
): { term: string; definition: string; text: string } | undefined {
  let m = DEFINES.exec(sentence.trim());
  if (m?.groups) {
    const term = squash(m.groups.term! + (m.groups.abbr ? ` (${m.groups.abbr})` : ''));
    const def = squash(m.groups.def!);
    if (term.split(' ').length <= 8 && def.split(' ').length >= 3)
      return { term, definition: def, text: cleanSentence(`${term} means ${def}`) };
  }
  m = GLOSSARY_LINE.exec(sentence.trim());
  if (m?.groups) {
    const term = squash(m.groups.term!);
    const def = squash(m.groups.def!);
    const article = /^(a|an|the|any|one|each)\b/i.test(def);
    if (LABELS.test(term) || term.split(' ').length > 6 || def.split(' ').length < 3) return undefined;
    if (!glossary && !article) return undefined;
    const text = article ? `${term} is ${lowerFirst(def)}` : `${term} means ${lowerFirst(def)}`;
    return { term, definition: def, text: cleanSentence(text) };
  }
  return undefined;
}

// ------------------------------------------------------------------------------------------------- roles

const RESPONSIBLE =
  /^(?<role>.+?)\s+(?:is|are|will be|shall be|remains?)\s+(?:(?:solely|jointly|directly|ultimately|also)\s+)?(?:responsible|accountable)\s+for\s+(?<what>.+?)[.]?$/i;
const IN_CHARGE = /^(?<role>.+?)\s+(?:is|are)\s+in charge of\s+(?<what>.+?)[.]?$/i;
const HAS_RESPONSIBILITY =
  /^(?<role>.+?)\s+(?:has|have|holds?)\s+(?:overall\s+|day-to-day\s+)?(?:responsibility|accountability)\s+for\s+(?<what>.+?)[.]?$/i;
const ROLE_WORD =
  /\b(manager|managers|officer|officers|lead|leads|head|director|directors|supervisor|supervisors|staff|team|teams|committee|board|nurse|nurses|operator|operators|employee|employees|worker|workers|chef|porter|pharmacist|pharmacists|technician|technicians|engineer|engineers|auditor|auditors|coordinator|administrator|administrators|owner|owners|controller|person|persons|people|champion|champions|representative|representatives|clinician|clinicians|doctor|doctors|physician|physicians|practitioner|practitioners|analyst|analysts|inspector|inspectors|chair|secretary|ceo|cfo|cto|hr|qa|qc|department|function|unit|everyone|all)\b/i;
const ROLES_HEADING = /responsibilit|roles?\b|accountabilit|who does what|ownership/i;

function roleOf(
  sentence: string,
  rolesSection: boolean,
): { role: string; responsibility: string } | undefined {
  const s = sentence.trim();
  for (const re of [RESPONSIBLE, IN_CHARGE, HAS_RESPONSIBILITY]) {
    const m = re.exec(s);
    if (m?.groups) {
      const role = squash(m.groups.role!);
      if (role.split(' ').length > 8 || /^(it|this|that|which|who)$/i.test(role)) continue;
      return { role, responsibility: squash(m.groups.what!) };
    }
  }
  if (rolesSection) {
    const m = /^(?<role>[A-Z][A-Za-z\s&/()-]{1,50}?)\s*(?::|\s[–—-]\s)\s*(?<what>\S.+?)[.]?$/.exec(s);
    if (m?.groups && ROLE_WORD.test(m.groups.role!))
      return { role: squash(m.groups.role!), responsibility: squash(m.groups.what!) };
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------- form codes

const CODE = /\b[A-Z][A-Z0-9]{1,5}-(?:[A-Z0-9]{1,6}-){0,2}[A-Z]?\d{1,5}[A-Z]?\b/g;
const FORM_WORD_CODE = /\b(?:Form|Template|Checklist|Record|Log)\s+(?:No\.?\s*)?(\d{1,4}[A-Z]?)\b/g;
const NOT_CODES = /^(COVID|SARS|MERS|H\d+N\d+|NEWS|MP\d|PM\d|ISO|IEC|EN|BS|ICD)\b/;

function codesIn(sentence: string): { code: string; index: number }[] {
  const out: { code: string; index: number }[] = [];
  for (const m of sentence.matchAll(CODE))
    if (!NOT_CODES.test(m[0]) && /[A-Z]/.test(m[0])) out.push({ code: m[0], index: m.index });
  for (const m of sentence.matchAll(FORM_WORD_CODE))
    if (!out.some((o) => m.index <= o.index && o.index < m.index + m[0].length))
      out.push({ code: m[0], index: m.index });
  return out;
}

function formName(sentence: string, code: string, index: number): string | undefined {
  const after = sentence.slice(index + code.length);
  const paren = /^\s*\(([A-Z][^()]{2,60})\)/.exec(after);
  if (paren) return paren[1]!.trim();
  const before = sentence.slice(0, index);
  const named = /((?:[A-Z][\w-]*\s+){1,5}(?:Form|Record|Log|Checklist|Template|Register))\s*\(?$/.exec(
    before,
  );
  if (named) return named[1]!.trim();
  return undefined;
}

// ------------------------------------------------------------------------------------------------- quantities

const SCORE_BEFORE = /\b(score|scores|level|grade|rating|count|index|value)\s+(?:of\s+)?$/i;

const ATTRIBUTE_GAP =
  /^\s*(?:worth|valued at|costing|of|is|are|was|=|:|at|to)?\s*(?:at least|at most|up to|no more than|not more than|no less than|more than|less than|over|above|under|below|about|around|approximately|exactly|a minimum of|a maximum of|of)?\s*$/i;

/**
 * What a quantity measures: the noun phrase it is an attribute of ("core temperature at least 75 °C", "gifts worth
 * up to EUR 50", "a fluid bolus of 500 ml", "95% of staff"), the time to do something ("report … within 24
 * hours" → "time to report"), else the sentence's subject.
 */
function measureOf(
  sentence: string,
  q: Span,
  nps: Span[],
  toks: Token[],
  subjectEnd: number,
  comparator: Comparator,
  dimension: string,
  others: Span[] = [],
  actionVerb?: string,
): string {
  const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;
  const usable = nps.filter(
    (np) => !overlaps(np, q) && !others.some((o) => overlaps(np, o)) && !/^[A-Z]$/.test(np.text),
  );
  const before = usable.filter((np) => np.end <= q.start);
  const after = usable.filter((np) => np.start >= q.end);
  if (
    dimension === 'time' &&
    (comparator === 'within' ||
      /\bfor\s+(?:at least|at most|up to|a minimum of|a maximum of)?\s*$/i.test(sentence.slice(0, q.start)))
  ) {
    // the verb: the rule's action verb, else a verb before the quantity (not a participle before its noun,
    // "purified water"), else the first word of an imperative ("Flush the filter …")
    // within the quantity's own sentence or clause (a table cell may hold several)
    const clause = Math.max(
      0,
      ...[...sentence.slice(0, q.start).matchAll(/[.;!?]\s+/g)].map((m) => m.index + m[0].length),
    );
    const own = toks.filter((t) => t.start >= clause);
    const verbs = own.filter(
      (t, i) =>
        t.end <= q.start &&
        t.pos === 'VERB' &&
        !(/(ed|en|ing)$/.test(t.normal) && own[i + 1]?.pos === 'NOUN'),
    );
    const first = own[0];
    const second = own[1];
    const imperative =
      first &&
      second &&
      /^[A-Z][a-z]+$/.test(first.text) &&
      /^(VERB|PROPN|NOUN)$/.test(first.pos) &&
      /^(DET|PRON|ADP|ADV|PART|NUM)$/.test(second.pos)
        ? first.normal
        : undefined;
    const verb = actionVerb ?? verbs.at(-1)?.lemma ?? imperative;
    if (verb && !/^(be|have|do|get)$/.test(verb))
      return comparator === 'within' ? `time to ${verb}` : `how long to ${verb}`;
  }
  const prev = before.at(-1);
  if (prev && comparator !== 'within' && ATTRIBUTE_GAP.test(sentence.slice(prev.end, q.start)))
    return lowerFirst(prev.text);
  // "95% of staff"
  const next = after[0];
  if (next && /^\s*of\s+(?:the\s+|all\s+)?$/i.test(sentence.slice(q.end, next.start)))
    return lowerFirst(next.text);
  // "Speed limit: 10 km/h in the warehouse"
  const label = /^([A-Z][\w /-]{1,40}?):\s/.exec(sentence);
  if (label && label[0].length <= q.start && label[1]!.split(' ').length <= 5) return lowerFirst(label[1]!);
  const subject = before.find((np) => np.end <= subjectEnd) ?? usable[0];
  return subject ? lowerFirst(subject.text) : '';
}

/** A value stated as a limit is a bound: "speed limit: 10 km/h" is at most 10 km/h, "minimum dose" at least. */
function limitOf(measure: string, comparator: Comparator): Comparator {
  if (comparator !== 'exactly') return comparator;
  if (/\b((?<!critical )limit|maximum|max|cap|ceiling)\b/i.test(measure)) return 'at_most';
  if (/\b(minimum|min|floor)\b/i.test(measure)) return 'at_least';
  return comparator;
}

function unitlessThresholds(text: string, toks: Token[]): Quantity[] {
  const out: Quantity[] = [];
  toks.forEach((t, i) => {
    if (t.type !== 'number' || !/^\d+(\.\d+)?$/.test(t.text)) return;
    const after = text.slice(t.end, t.end + 14);
    const before = text.slice(Math.max(0, t.start - 20), t.start);
    if (AFTER.some(([re]) => re.test(after)) || SCORE_BEFORE.test(before)) {
      if (toks[i + 1] && /^(%|°|percent)$/.test(toks[i + 1]!.text)) return;
      out.push({
        text: t.text,
        start: t.start,
        end: t.end,
        value: Number(t.text),
        unit: '',
        dimension: 'count',
        template: '{0}',
      });
    }
  });
  return out;
}

// --------------------------------------------------------------------------------------------------- tables

interface TableContext {
  header?: string[] | undefined;
}

const TERM_HEADER = /^(term|terms|word|abbreviation|acronym|name|concept|expression)$/i;
const MEANING_HEADER = /^(meaning|definition|description|explanation|stands for|what it means)$/i;
const ROLE_HEADER =
  /^(responsible|responsibility|owner|who|role|accountable|by whom|action by|responsible person)$/i;
const TASK_HEADER = /monitor|check|action|task|activity|duty|duties/i;
const DUTY_HEADER = /responsib|duties|duty|tasks?|accountab|what they do/i;
const USE_WHEN_HEADER = /^(use when|when to use( it)?|used when|use if|use it when|indications?)$/i;

function tableFacts(
  b: DocBlock,
  table: TableContext,
  heading: string | undefined,
  glossary: boolean,
): Fact[] {
  const cells = b.cells ?? [];
  const header = table.header;
  const out: Fact[] = [];
  const base = { part: b.part, ...(heading ? { heading } : {}) };
  const quoteOf = (cell: string) => (cell && b.text.includes(cell) ? cell : b.text);
  const key = (cells[0]?.trim() ?? '').replace(/^(The|A|An) /, (m) => m.toLowerCase());
  if (!key || cells.filter((c) => c.trim()).length < 2) return out;
  // term | meaning
  const termCol = header ? header.findIndex((h) => TERM_HEADER.test(h.trim())) : -1;
  const meaningCol = header ? header.findIndex((h) => MEANING_HEADER.test(h.trim())) : -1;
  if ((termCol >= 0 && meaningCol >= 0) || (glossary && cells.length === 2)) {
    const term = cells[termCol >= 0 ? termCol : 0]!.trim();
    const definition = cells[meaningCol >= 0 ? meaningCol : 1]!.trim();
    if (term && definition.split(/\s+/).length >= 2)
      out.push({
        kind: 'definition',
        term,
        definition,
        text: cleanSentence(`${term} means ${lowerFirst(definition)}`),
        quote: b.text,
        ...base,
      });
    return out;
  }
  // when to use what: "Method | Use when | Duration" → "Use liquid soap and water when hands are visibly soiled…"
  const whenCol = header ? header.findIndex((h, i) => i > 0 && USE_WHEN_HEADER.test(h.trim())) : -1;
  const condition = whenCol > 0 ? (cells[whenCol] ?? '').trim().replace(/[.;\s]+$/, '') : '';
  if (condition && condition.split(/\s+/).length >= 2) {
    const what = lowerFirst(key);
    out.push({
      kind: 'rule',
      polarity: 'positive',
      modality: 'must',
      modal: 'Use',
      subject: '',
      action: `use ${what} when ${lowerFirst(condition)}`,
      negation: cleanSentence(`${key} need not be used when ${lowerFirst(condition)}`),
      text: cleanSentence(`Use ${what} when ${lowerFirst(condition)}`),
      quote: b.text,
      ...base,
    });
  }
  // who is responsible: a "Responsible" column ("Chef"), or roles listed in the first column ("Role | Duties")
  let roleSentence: string | undefined;
  const roleCol = header ? header.findIndex((h) => ROLE_HEADER.test(h.trim())) : -1;
  const dutyCol = header ? header.findIndex((h, i) => i > 0 && DUTY_HEADER.test(h.trim())) : -1;
  if (roleCol > 0 && cells[roleCol]?.trim()) {
    const role = cells[roleCol]!.trim();
    const taskCol = header!.findIndex((h, i) => i !== roleCol && i > 0 && TASK_HEADER.test(h));
    const task = taskCol >= 0 ? cells[taskCol]?.trim() : undefined;
    // a checklist ("When | Task | Owner") says what is done when; a plan ("Step | … | Monitoring | Responsible")
    // names the step
    const when = /^(when|timing|time|day|due|deadline|by when|week|date|phase)$/i.test(
      header![0]?.trim() ?? '',
    );
    const responsibility = !task
      ? key
      : when
        ? `${lowerFirst(task)} (${key})`
        : `${key} (${header![taskCol]!.toLowerCase()}: ${lowerFirst(task)})`;
    out.push({
      kind: 'role',
      role,
      responsibility,
      text: cleanSentence(`${role} is responsible for ${responsibility}`),
      quote: b.text,
      ...base,
    });
  } else if (roleCol === 0 && dutyCol > 0 && cells[dutyCol]?.trim()) {
    const role = cells[0]!.trim();
    const responsibility = cells[dutyCol]!.trim();
    // "Probes every batch …" reads on from the role; "Guiding the aircraft …" after "is responsible for"
    const verb = /^[A-Z][a-z]+s\b/.test(responsibility) && !/^[A-Z][a-z]+ss\b/.test(responsibility);
    roleSentence = cleanSentence(
      verb
        ? `${role} ${lowerFirst(responsibility)}`
        : `${role} is responsible for ${lowerFirst(responsibility)}`,
    );
    out.push({ kind: 'role', role, responsibility, text: roleSentence, quote: b.text, ...base });
  }
  // quantities and codes in the cells, each said as a sentence about the row
  const others = (c: number) =>
    cells
      .filter((x, i) => i !== c && x.trim())
      .map((x) => x.trim())
      .join('; ');
  cells.forEach((cell, c) => {
    const label = header?.[c]?.trim();
    const plainLabel = label && label.split(/\s+/).length <= 3 && !/[.;?]/.test(cell.trim().slice(0, -1));
    const sentence =
      (c === dutyCol && roleSentence) ||
      (c === 0
        ? `${cell.trim()}: ${others(0)}`
        : plainLabel
          ? `For ${key}, the ${label.toLowerCase()} is ${lowerFirst(cell.trim())}`
          : `${key}: ${cell.trim()}`);
    const text = cleanSentence(sentence);
    const all = quantities(cell);
    for (const q of all) {
      const { comparator } = comparatorOf(cell.slice(0, q.start), cell.slice(q.end), q.max !== undefined);
      const quote = quoteOf(cell.trim());
      const offset = quote.indexOf(q.text);
      const others = all.filter((o) => o.start !== q.start);
      const found = measureOf(cell, q, nounPhrases(cell), tokensOf(cell), 0, comparator, q.dimension, others);
      const measure =
        c === 0
          ? (label?.toLowerCase() ?? found)
          : found
            ? `${found} (${key})`
            : label
              ? `${label.toLowerCase()} (${key})`
              : key;
      out.push({
        kind: 'quantity',
        quantity: { ...q, start: offset, end: offset + q.text.length },
        value: q.value,
        ...(q.max !== undefined ? { max: q.max } : {}),
        unit: q.unit,
        dimension: q.dimension,
        comparator,
        measure,
        blank: text.replace(q.text, '____'),
        text,
        quote,
        ...base,
      });
    }
    for (const { code, index } of codesIn(cell))
      out.push(formFact(code, formName(cell, code, index), text, b.text, base));
  });
  return out;
}

function formFact(
  code: string,
  name: string | undefined,
  text: string,
  quote: string,
  base: { part: number; heading?: string },
): FormCodeFact {
  return { kind: 'form_code', code, ...(name ? { name } : {}), text, quote, ...base };
}

// --------------------------------------------------------------------------------------------- procedures

const CONDITION_START =
  /^(before|after|when|whenever|if|unless|during|while|until|once|on|at|in|for|with|without|where|each|every|any)\b/i;
const PROCEDURE_HEADING =
  /procedure|steps?\b|how to|process|technique|method|instructions|sequence|protocol|routine|checklist|checks\b/i;

function procedureOf(
  items: DocBlock[],
  heading: string | undefined,
  numbered: boolean,
): ProcedureFact | undefined {
  const steps: ProcedureStep[] = [];
  // a list of moments or conditions ("Before touching a patient.", "After …") is not a procedure
  const conditions = items.filter((b) => CONDITION_START.test(b.text)).length;
  if (conditions * 2 >= items.length) return undefined;
  for (const [i, b] of items.entries()) {
    if (isFragment(b.text, [], true)) return undefined;
    steps.push({
      ordinal: numbered ? b.ordinal! : i + 1,
      text: cleanSentence(b.text),
      quote: clipText(b.text).quote,
      part: b.part,
    });
  }
  if (steps.length < 3) return undefined;
  const title = heading ?? 'Procedure';
  return {
    kind: 'procedure',
    title,
    steps,
    text: steps.map((s) => s.text).join(' '),
    quote: steps[0]!.quote,
    part: steps[0]!.part,
    ...(heading ? { heading } : {}),
  };
}

/** Runs of list items that make a procedure: numbered 1, 2, 3 … under one heading, or bullets under a
 * heading that names a procedure ("Hand washing technique", "Steps"). */
function procedures(
  blocks: DocBlock[],
  headingAt: (i: number) => string | undefined,
): { procedure: ProcedureFact; at: number }[] {
  const out: { procedure: ProcedureFact; at: number }[] = [];
  let run: DocBlock[] = [];
  let runStart = -1;
  const flush = () => {
    if (run.length >= 3) {
      const heading = headingAt(runStart);
      const numbered = run.every((b) => b.ordinal !== undefined);
      if (numbered || PROCEDURE_HEADING.test(heading ?? '')) {
        const procedure = procedureOf(run, heading, numbered);
        if (procedure) out.push({ procedure, at: runStart });
      }
    }
    run = [];
    runStart = -1;
  };
  blocks.forEach((b, i) => {
    if (b.type !== 'list_item') {
      if (b.type === 'heading' || b.type === 'paragraph' || b.type === 'table_row') flush();
      return;
    }
    if (b.continued) return;
    const level = b.level ?? 1;
    if (run.length && level > (run[0]!.level ?? 1)) return; // sub-steps stay with their step
    if (run.length && level < (run[0]!.level ?? 1)) flush();
    const prev = run.at(-1);
    const next = b.ordinal;
    const continuesRun =
      prev && (prev.ordinal === undefined ? next === undefined : next === prev.ordinal + 1);
    if (!continuesRun) {
      flush();
      if (b.ordinal !== undefined && b.ordinal !== 1) return;
      runStart = i;
    }
    run.push(b);
  });
  flush();
  return out;
}

// ---------------------------------------------------------------------------------------------------- entry

/** A citation's quote holds at most this many characters (schemas/artifacts.ts citationSchema). */
export const QUOTE_MAX = 600;

/** A text cut to QUOTE_MAX characters at word boundaries around `focus` (still verbatim); `shift` is where it starts. */
function clipText(quote: string, focus?: Span): { quote: string; shift: number } {
  if (quote.length <= QUOTE_MAX) return { quote, shift: 0 };
  let start = focus && focus.end > QUOTE_MAX - 40 ? Math.min(focus.start - 120, quote.length - QUOTE_MAX) : 0;
  start = Math.max(0, start);
  if (start > 0) start = quote.indexOf(' ', start) + 1;
  let end = Math.min(quote.length, start + QUOTE_MAX);
  if (end < quote.length) end = quote.lastIndexOf(' ', end);
  return { quote: quote.slice(start, end).trimEnd(), shift: start };
}

/** A fact's quote longer than QUOTE_MAX becomes the words around what the fact is about. */
function clipQuote(fact: Fact): void {
  const { quote, shift } = clipText(fact.quote, fact.kind === 'quantity' ? fact.quantity : undefined);
  fact.quote = quote;
  if (fact.kind === 'quantity' && shift)
    fact.quantity = { ...fact.quantity, start: fact.quantity.start - shift, end: fact.quantity.end - shift };
}

interface BlockNlp {
  sentences: { sentence: Span; tokens: Token[] }[];
  quantities: Quantity[];
  nounPhrases: Span[];
}

/**
 * Reads all blocks in one pass of the NLP library (their texts joined by blank lines, which always end a
 * sentence) and hands each block its sentences, quantities and noun phrases with offsets in the block's text.
 */
function analyzeBlocks(blocks: DocBlock[]): BlockNlp[] {
  const starts: number[] = [];
  let at = 0;
  for (const b of blocks) {
    starts.push(at);
    at += b.text.length + 2;
  }
  const joined = blocks.map((b) => b.text).join('\n\n');
  const out: BlockNlp[] = blocks.map(() => ({ sentences: [], quantities: [], nounPhrases: [] }));
  const blockOf = (pos: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= pos) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const shift = <T extends Span>(x: T, by: number): T => ({ ...x, start: x.start - by, end: x.end - by });
  const inBlock = (x: Span, i: number) => x.end <= starts[i]! + blocks[i]!.text.length;
  for (const s of sentenceTokens(joined)) {
    const i = blockOf(s.sentence.start);
    if (!inBlock(s.sentence, i)) continue;
    out[i]!.sentences.push({
      sentence: shift(s.sentence, starts[i]!),
      tokens: s.tokens.map((t) => shift(t, starts[i]!)),
    });
  }
  for (const q of quantities(joined)) {
    const i = blockOf(q.start);
    if (inBlock(q, i)) out[i]!.quantities.push(shift(q, starts[i]!));
  }
  for (const np of nounPhrases(joined)) {
    const i = blockOf(np.start);
    if (inBlock(np, i)) out[i]!.nounPhrases.push(shift(np, starts[i]!));
  }
  return out;
}

/** The facts of a document's blocks (structureDocument()), in document order. */
export function extractFacts(blocks: DocBlock[]): Fact[] {
  const found: { fact: Fact; at: number }[] = [];
  const headings: (string | undefined)[] = [];
  let heading: string | undefined;
  const seenCodes = new Set<string>();
  let table: TableContext = {};
  const nlp = analyzeBlocks(blocks);
  blocks.forEach((b, i) => {
    const add = (fact: Fact) => {
      clipQuote(fact);
      if (fact.kind === 'form_code') {
        if (seenCodes.has(fact.code)) return;
        seenCodes.add(fact.code);
      }
      found.push({ fact, at: i });
    };
    if (b.type === 'heading') {
      heading = b.text
        .replace(/^sheet:\s*/i, '')
        .replace(/:$/, '')
        .trim();
      headings[i] = heading;
      return;
    }
    headings[i] = heading;
    const base = { part: b.part, ...(heading ? { heading } : {}) };
    const glossary = GLOSSARY_HEADING.test(heading ?? '');
    const rolesSection = ROLES_HEADING.test(heading ?? '');
    if (b.type === 'table_row') {
      if (blocks[i - 1]?.type !== 'table_row') table = {};
      if (b.header) table.header = b.cells;
      else tableFacts(b, table, heading, glossary).forEach(add);
      return;
    }
    const listItem = b.type === 'list_item';
    const { quantities: qs, nounPhrases: nps } = nlp[i]!;
    for (const { sentence, tokens } of nlp[i]!.sentences) {
      const quote = sentence.text;
      const local = <T extends Span>(x: T): T => ({
        ...x,
        start: x.start - sentence.start,
        end: x.end - sentence.start,
      });
      // a glossary line needs no verb ("Batch record: the controlled record of …")
      const def = isFragment(sentence.text, tokens, true) ? undefined : definitionOf(sentence.text, glossary);
      if (def) add({ kind: 'definition', ...def, quote, ...base });
      if (isFragment(sentence.text, tokens, listItem)) continue;
      const text = cleanSentence(sentence.text);
      const role = roleOf(sentence.text, rolesSection);
      if (role) add({ kind: 'role', ...role, text, quote, ...base });
      const toks = tokens.map(local);
      const inSentence = qs.filter((q) => q.start >= sentence.start && q.end <= sentence.end).map(local);
      const rule = def ? undefined : parseRule(sentence.text, toks);
      if (rule) {
        const { actionTokens: _a, actionStart: _s, plural: _p, imperative: _i, verb: _v, ...parsed } = rule;
        add({ kind: 'rule', ...parsed, negation: negateParsed(rule, inSentence), text, quote, ...base });
      }
      const thresholds = unitlessThresholds(sentence.text, toks).filter(
        (u) => !inSentence.some((q) => q.start <= u.start && u.end <= q.end),
      );
      const subjectEnd = rule
        ? sentence.text.indexOf(rule.modal)
        : (toks.find((t) => t.pos === 'VERB' || t.pos === 'AUX')?.start ?? sentence.text.length);
      const localNps = nps.filter((np) => np.start >= sentence.start && np.end <= sentence.end).map(local);
      const all = [...inSentence, ...thresholds].sort((a, b) => a.start - b.start);
      all.forEach((q, k) => {
        // "8.5 bar (123 psi)": the conversion in brackets restates the fact before it
        if (k > 0 && /^\s*\(\s*$/.test(sentence.text.slice(all[k - 1]!.end, q.start))) return;
        // a bare value ("1 hour", a cell read as a line) says nothing about what it measures
        const rest = sentence.text.slice(0, q.start) + sentence.text.slice(q.end);
        if ((rest.match(/[A-Za-z]{2,}/g) ?? []).length < 2) return;
        const others = all.filter((o) => o !== q);
        const compared = comparatorOf(
          sentence.text.slice(0, q.start),
          sentence.text.slice(q.end),
          q.max !== undefined,
        );
        const measure = measureOf(
          sentence.text,
          q,
          localNps,
          toks,
          subjectEnd,
          compared.comparator,
          q.dimension,
          others,
          rule?.verb,
        );
        add({
          kind: 'quantity',
          quantity: q,
          value: q.value,
          ...(q.max !== undefined ? { max: q.max } : {}),
          unit: q.unit,
          dimension: q.unit === '' ? 'score' : q.dimension,
          comparator: limitOf(measure, compared.comparator),
          measure,
          blank: cleanSentence(sentence.text.slice(0, q.start) + '____' + sentence.text.slice(q.end)),
          text,
          quote,
          ...base,
        });
      });
      for (const { code, index } of codesIn(sentence.text))
        add(formFact(code, formName(sentence.text, code, index), text, quote, base));
    }
  });
  for (const { procedure, at } of procedures(blocks, (i) => headings[i])) found.push({ fact: procedure, at });
  // stable: facts of one block keep their order; a procedure comes where its first step is
  return found.sort((a, b) => a.at - b.at).map((f) => f.fact);
}

// ------------------------------------------------------------------------------------------ nearby values

export interface NearbyValue {
  value: number;
  max?: number;
  /** Written in the quantity's own style: "6 bar", "EUR 40", "€120", "15 to 20 seconds". */
  text: string;
}

const NICE = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 7.5, 8, 10, 12, 15, 20, 25, 30, 40, 45, 50, 60, 75, 80, 90];
const LADDERS: Record<string, number[]> = {
  s: [5, 10, 15, 20, 30, 40, 45, 60, 90, 120, 180, 240, 300],
  min: [1, 2, 3, 5, 10, 15, 20, 30, 45, 60, 90, 120, 180, 240],
  h: [1, 2, 3, 4, 6, 8, 12, 24, 36, 48, 72, 96, 120],
  day: [1, 2, 3, 5, 7, 10, 14, 21, 28, 30, 45, 60, 90, 180, 365],
  'working day': [1, 2, 3, 5, 7, 10, 15, 20, 30],
  week: [1, 2, 3, 4, 6, 8, 10, 12, 16, 26, 52],
  month: [1, 2, 3, 6, 9, 12, 18, 24, 36, 48, 60],
  year: [1, 2, 3, 5, 7, 10, 15, 20, 25, 30, 50],
  '×': [1.5, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 100, 1000],
};

function ladderFor(unit: string, value: number): number[] {
  const fixed = LADDERS[unit] ?? (unit.endsWith(' day') ? LADDERS.day : undefined);
  if (fixed && value <= fixed.at(-1)! * 1.5) return fixed;
  const exp = Math.floor(Math.log10(Math.max(Math.abs(value), 1e-9)));
  const out: number[] = [];
  for (let e = exp - 2; e <= exp + 1; e++)
    for (const v of NICE) out.push(Number((v * 10 ** e).toPrecision(6)));
  return [...new Set(out)].sort((a, b) => a - b);
}

function additive(value: number, step: number, min: number, max: number): number[] {
  const out: number[] = [];
  const base = Math.round(value / step) * step;
  for (let k = -4; k <= 4; k++) {
    const v = Number((base + k * step).toPrecision(6));
    if (v >= min && v <= max) out.push(v);
  }
  return out;
}

/** n of the candidates nearest to `value` (but at least 15 % away on a ratio scale), on both sides if possible. */
function pick(value: number, candidates: number[], n: number, logScale: boolean): number[] {
  const dist = (c: number) => (logScale ? Math.abs(Math.log(c / value)) : Math.abs(c - value));
  const far = (c: number) => (logScale ? dist(c) >= Math.log(1.15) && dist(c) <= Math.log(3) : c !== value);
  const sorted = [...new Set(candidates)]
    .filter((c) => c !== value && far(c))
    .sort((a, b) => dist(a) - dist(b) || a - b);
  const chosen = sorted.slice(0, n);
  const below = chosen.some((c) => c < value);
  const above = chosen.some((c) => c > value);
  if (chosen.length === n && n > 1 && (!below || !above)) {
    const other = sorted.find((c) => (below ? c > value : c < value));
    if (other !== undefined) chosen[chosen.length - 1] = other;
  }
  return chosen.sort((a, b) => a - b);
}

/**
 * n plausible wrong values for a quantity, in its unit and style: 8.5 bar → 6 bar, 10 bar, 12 bar; EUR 50 →
 * EUR 40, EUR 60, EUR 75; 75 °C → 65 °C, 70 °C, 80 °C. Never equal to the value, never absurd (within a factor
 * of three, percentages within 0–100), currency kept.
 */
export function nearbyValues(
  q: Pick<Quantity, 'value' | 'max' | 'unit' | 'dimension' | 'template' | 'text'>,
  n = 3,
): NearbyValue[] {
  const v = q.value;
  const format = (value: number, max?: number): NearbyValue => ({
    value,
    ...(max !== undefined ? { max } : {}),
    text: formatQuantity(q, value, max),
  });
  let values: number[];
  if (q.dimension === 'temperature' || v <= 0) {
    const step = Math.abs(v) >= 50 ? 5 : Math.abs(v) >= 10 ? 2 : 1;
    values = pick(v, additive(v, step, -273, 10_000), n, false);
  } else if (q.dimension === 'percent') {
    const step = v >= 30 ? 10 : v >= 10 ? 5 : 1;
    values = pick(v, additive(v, step, step, 100), n, false);
  } else if (
    q.unit === '' ||
    q.unit === 'units' ||
    (Number.isInteger(v) && v <= 10 && !LADDERS[q.unit] && q.dimension === 'count')
  ) {
    values = pick(v, additive(v, 1, 0, Infinity), n, false);
  } else {
    // A whole amount gets whole distractors: £10 → £8, £12, £15, not £7.5 (a decimal one keeps its style).
    const ladder = ladderFor(q.unit, v).filter((c) => !Number.isInteger(v) || v < 5 || Number.isInteger(c));
    values = pick(v, ladder, n, true);
  }
  if (q.max === undefined) return values.map((x) => format(x));
  // a range moves as a whole, keeping its width ratio: 20 to 30 seconds → 10 to 15, 30 to 45 …
  const ratio = q.max / v;
  const ladder = ladderFor(q.unit, q.max);
  const snap = (x: number) =>
    ladder.reduce((best, c) => (Math.abs(c - x) < Math.abs(best - x) ? c : best), ladder[0]!);
  return values
    .map((lo) => ({ lo, hi: snap(lo * ratio) }))
    .filter(({ lo, hi }) => hi > lo && !(lo === v && hi === q.max))
    .map(({ lo, hi }) => format(lo, hi));
}
