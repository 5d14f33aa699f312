// The project's one wrapper around its NLP library: wink-nlp with its English model (wink-eng-lite-web-model),
// loaded once on first use (docs/decisions/assistant-content.md, "Reading English with wink-nlp").
// Everything that reads English — requests, documents, facts — goes through these small typed functions, never
// through wink directly:
//   tokens(text)       words with part of speech, lemma and character offsets
//   sentences(text)    sentence spans (wink's boundaries, with the fixes below)
//   nounPhrases(text)  runs of ADJ / NOUN / PROPN ending in a noun
//   quantities(text)   numbers with units: "8.5 bar", "75 °C", "30 s", "EUR 50", "€150", "20 to 30 seconds",
//                      "2 hours a week", "10×", "95%" (digits or number words)
//   parseNumber(s)     "1,200", "8,5", "twenty-five", "three hundred and twenty"
// Offsets are UTF-16 indices into the text given: text.slice(start, end) is the item's text. The last few texts
// read are kept (by value), so asking for tokens, then sentences, then quantities of one text reads it once.
// The model reads about 400,000 characters a second on the 2-core machine.
import { createRequire } from 'node:module';
import type { Document, ItemSentence, ItsFunction, WinkMethods } from 'wink-nlp';

export type Pos =
  | 'ADJ'
  | 'ADP'
  | 'ADV'
  | 'AUX'
  | 'CCONJ'
  | 'DET'
  | 'INTJ'
  | 'NOUN'
  | 'NUM'
  | 'PART'
  | 'PRON'
  | 'PROPN'
  | 'PUNCT'
  | 'SCONJ'
  | 'SYM'
  | 'VERB'
  | 'X'
  | 'SPACE';

export interface Token {
  text: string;
  /** Lower case, as wink normalises it. */
  normal: string;
  lemma: string;
  pos: Pos;
  /** wink's token type: word, number, punctuation, symbol, currency, email, url, … */
  type: string;
  /** wink's negation flag: the token is in the scope of a "not" / "never". */
  negated: boolean;
  start: number;
  end: number;
}

export interface Span {
  text: string;
  start: number;
  end: number;
}

export type Dimension =
  | 'time'
  | 'temperature'
  | 'pressure'
  | 'mass'
  | 'volume'
  | 'length'
  | 'speed'
  | 'concentration'
  | 'electrical'
  | 'energy'
  | 'currency'
  | 'percent'
  | 'multiplier'
  | 'count';

export interface Quantity extends Span {
  /** The value (a range's lower end). */
  value: number;
  /** A range's upper end ("20 to 30 seconds" → value 20, max 30). */
  max?: number;
  /** The unit in a canonical spelling: 's', 'min', 'h', 'day', '°C', 'bar', 'EUR', '%', '×', 'mg/kg', … */
  unit: string;
  dimension: Dimension;
  /**
   * The text with its number(s) replaced by {0} and {1}: "EUR {0}", "€{0}", "{0} bar", "{0} to {1} seconds";
   * formatQuantity() writes other values in the same style.
   */
  template: string;
  /** A rate that follows: "2 hours a week" → 'week'. */
  per?: string;
  /** Written with ± ("±2 °C"). */
  tolerance?: true;
}

// ----------------------------------------------------------------------------------------------- the model

let engine: WinkMethods | undefined;

/** wink-nlp with the English model; sentence boundaries, negation and parts of speech (no NER, no sentiment). */
function nlp(): WinkMethods {
  if (!engine) {
    const require = createRequire(import.meta.url);
    const winkNLP = require('wink-nlp') as (model: unknown, pipe?: string[]) => WinkMethods;
    engine = winkNLP(require('wink-eng-lite-web-model'), ['sbd', 'negation', 'pos']);
  }
  return engine;
}

interface Analysis {
  /** Tokens without whitespace tokens. */
  tokens: Token[];
  /** Sentences as [first, last] indices into tokens (inclusive). */
  sentences: [number, number][];
}

const CACHE_SIZE = 8;
const cache = new Map<string, Analysis>();

function analyze(text: string): Analysis {
  const hit = cache.get(text);
  if (hit) {
    cache.delete(text);
    cache.set(text, hit);
    return hit;
  }
  const result = read(text);
  cache.set(text, result);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return result;
}

function read(text: string): Analysis {
  if (!text.trim()) return { tokens: [], sentences: [] };
  const w = nlp();
  const its = w.its;
  const doc: Document = w.readDoc(text);
  const all = doc.tokens();
  const words = all.out();
  const spaces = all.out(its.precedingSpaces) as string[];
  const pos = all.out(its.pos) as Pos[];
  const types = all.out(its.type) as string[];
  const normal = all.out(its.normal) as string[];
  const negated = all.out(its.negationFlag) as unknown as boolean[];
  const lemma = all.out(its.lemma as ItsFunction<string>) as string[];
  const tokens: Token[] = [];
  /** wink token index → our index (whitespace tokens map to the next token). */
  const index: number[] = [];
  let at = 0;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    at += spaces[i]!.length;
    if (!text.startsWith(word, at)) {
      const found = text.indexOf(word, at);
      if (found >= 0) at = found;
    }
    index.push(tokens.length);
    if (pos[i] !== 'SPACE' && word.trim()) {
      tokens.push({
        text: word,
        normal: normal[i]!,
        lemma: lemma[i]!,
        pos: pos[i]!,
        type: types[i]!,
        negated: Boolean(negated[i]),
        start: at,
        end: at + word.length,
      });
    }
    at += word.length;
  }
  const raw: [number, number][] = [];
  doc.sentences().each((s: ItemSentence) => {
    const [a, b] = s.out(its.span) as unknown as [number, number];
    const first = index[a] ?? tokens.length;
    let last = (index[b] ?? tokens.length) - 1;
    if (words[b]?.trim() && pos[b] !== 'SPACE') last = index[b]!;
    if (last >= first) raw.push([first, last]);
  });
  return { tokens, sentences: fixSentences(text, tokens, raw) };
}

/** Abbreviations after which a capitalised word does not start a sentence. */
const TITLES = new Set(
  'dr mr mrs ms prof st no nos fig figs ref refs vs cf e.g i.e approx ca incl dept tel ext art para sec. ed vol op'.split(
    ' ',
  ),
);
const LIST_MARK = /^(?:\d{1,3}|[a-z]|[ivx]{1,4})[.)]?$/i;

/**
 * wink's boundaries, corrected: a word glued to its full stop ("wash.", "30 s.") before a capitalised word ends a
 * sentence unless it is a title or a known abbreviation; a paragraph break (blank line) always ends one; a
 * "sentence" that is only a list number ("1.") joins the next one.
 */
function fixSentences(text: string, tokens: Token[], raw: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const [a, b] of raw) {
    let first = a;
    for (let i = a; i < b; i++) {
      const t = tokens[i]!;
      const next = tokens[i + 1]!;
      const gap = text.slice(t.end, next.start);
      const glued =
        t.text.length > 1 &&
        t.text.endsWith('.') &&
        !TITLES.has(t.normal.slice(0, -1)) &&
        !/\.[a-z]/i.test(t.text.slice(0, -1)) &&
        /^\s+$/.test(gap) &&
        /^[A-Z]/.test(next.text);
      if (glued || /\n[ \t]*\n/.test(gap)) {
        out.push([first, i]);
        first = i + 1;
      }
    }
    out.push([first, b]);
  }
  const merged: [number, number][] = [];
  for (let k = 0; k < out.length; k++) {
    const [a, b] = out[k]!;
    const only = text.slice(tokens[a]!.start, tokens[b]!.end);
    if (LIST_MARK.test(only) && k + 1 < out.length) {
      out[k + 1] = [a, out[k + 1]![1]];
      continue;
    }
    merged.push([a, b]);
  }
  return merged;
}

const span = (text: string, start: number, end: number): Span => ({
  text: text.slice(start, end),
  start,
  end,
});

// --------------------------------------------------------------------------------------------- public API

/** The words, numbers and punctuation of the text (no whitespace tokens). */
export function tokens(text: string): Token[] {
  return analyze(text).tokens;
}

/** The sentences of the text, trimmed. */
export function sentences(text: string): Span[] {
  const { tokens: t, sentences: s } = analyze(text);
  return s.map(([a, b]) => span(text, t[a]!.start, t[b]!.end));
}

/** Sentences with their tokens (for callers that look inside each sentence). */
export function sentenceTokens(text: string): { sentence: Span; tokens: Token[] }[] {
  const { tokens: t, sentences: s } = analyze(text);
  return s.map(([a, b]) => ({ sentence: span(text, t[a]!.start, t[b]!.end), tokens: t.slice(a, b + 1) }));
}

const NP_WORD = new Set<Pos>(['ADJ', 'NOUN', 'PROPN']);
const isNoun = (t: Token) => t.pos === 'NOUN' || t.pos === 'PROPN';
const capitalised = (t: Token | undefined) => !!t && /^[A-Z]/.test(t.text);

/** "the Head of Compliance checks the …": a lower-case "-s" word after a name and before a determiner is the verb
 * (the tagger often calls it a plural noun). */
const verbAfterName = (t: Token[], i: number) =>
  t[i]!.pos === 'NOUN' &&
  /^[a-z]+s$/.test(t[i]!.text) &&
  t[i - 1]?.pos === 'PROPN' &&
  /^(DET|PRON)$/.test(t[i + 1]?.pos ?? '');

/**
 * Noun phrases: maximal runs of adjectives, nouns and proper nouns that end in a noun, with hyphenated words kept
 * whole ("alcohol-based hand rub") and "of" inside a name ("Head of Compliance"). Determiners are left out.
 */
export function nounPhrases(text: string): Span[] {
  const t = analyze(text).tokens;
  const out: Span[] = [];
  let i = 0;
  while (i < t.length) {
    if (!NP_WORD.has(t[i]!.pos) || verbAfterName(t, i)) {
      i++;
      continue;
    }
    let j = i;
    let lastNoun = isNoun(t[i]!) ? i : -1;
    while (j + 1 < t.length) {
      const next = t[j + 1]!;
      const glued = (a: Token, b: Token) => a.end === b.start;
      if (NP_WORD.has(next.pos) && !verbAfterName(t, j + 1)) j++;
      else if (
        (next.text === '-' || next.text === '/') &&
        glued(t[j]!, next) &&
        t[j + 2] &&
        glued(next, t[j + 2]!) &&
        /^\w/.test(t[j + 2]!.text)
      )
        j += 2;
      else if (
        next.normal === 'of' &&
        capitalised(t[j]) &&
        t[j]!.pos === 'PROPN' &&
        capitalised(t[j + 2]) &&
        NP_WORD.has(t[j + 2]!.pos)
      )
        j += 2;
      else break;
      if (isNoun(t[j]!)) lastNoun = j;
    }
    if (lastNoun >= i) {
      const end = t[lastNoun]!.text.endsWith('.') ? t[lastNoun]!.end - 1 : t[lastNoun]!.end;
      if (end > t[i]!.start) out.push(span(text, t[i]!.start, end));
    }
    i = j + 1;
  }
  return out;
}

// ------------------------------------------------------------------------------------------------ numbers

const ONES: Record<string, number> = Object.fromEntries([
  ...'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen'
    .split(' ')
    .map((w, i) => [w, i] as const),
  ...'twenty thirty forty fifty sixty seventy eighty ninety'
    .split(' ')
    .map((w, i) => [w, 20 + 10 * i] as const),
]);
const SCALES: Record<string, number> = { hundred: 100, thousand: 1000, million: 1e6 };
const isNumberWord = (w: string) => w in ONES || w in SCALES;

/** A number written with digits: "8.5", "1,200", "1,200.50", "8,5" (decimal comma), "1.200,50", "-18". */
function parseDigits(s: string): number | undefined {
  const m = /^([-+−]?)(\d[\d,.]*)$/.exec(s.replace(/\s/g, ''));
  if (!m) return undefined;
  let body = m[2]!;
  const sign = m[1] === '-' || m[1] === '−' ? -1 : 1;
  const lastDot = body.lastIndexOf('.');
  const lastComma = body.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) {
    // the later separator is the decimal one
    body = lastComma > lastDot ? body.replace(/\./g, '').replace(',', '.') : body.replace(/,/g, '');
  } else if (lastComma >= 0) {
    body = /^\d{1,3}(,\d{3})+$/.test(body) ? body.replace(/,/g, '') : body.replace(',', '.');
  } else if ((body.match(/\./g) ?? []).length > 1) {
    if (!/^\d{1,3}(\.\d{3})+$/.test(body)) return undefined;
    body = body.replace(/\./g, '');
  }
  if (!/^\d+(\.\d+)?$/.test(body)) return undefined;
  return sign * Number(body);
}

/** "twenty-five", "three hundred and twenty", "two thousand" → a number; undefined for anything else. */
function parseWords(words: string[]): number | undefined {
  let total = 0;
  let current = 0;
  let seen = false;
  for (const w of words) {
    if (w === 'and' || w === '-') continue;
    if (w in ONES) {
      current += ONES[w]!;
      seen = true;
    } else if (w === 'hundred') {
      current = (current || 1) * 100;
      seen = true;
    } else if (w in SCALES) {
      total += (current || 1) * SCALES[w]!;
      current = 0;
      seen = true;
    } else return undefined;
  }
  return seen ? total + current : undefined;
}

/** A number written with digits or words ("1,200", "8,5", "twenty-five", "three hundred and twenty"). */
export function parseNumber(s: string): number | undefined {
  const trimmed = s.trim();
  const digits = parseDigits(trimmed);
  if (digits !== undefined) return digits;
  const words = trimmed.toLowerCase().split(/[\s-]+/);
  return words.length && words.every((w) => isNumberWord(w) || w === 'and') ? parseWords(words) : undefined;
}

// -------------------------------------------------------------------------------------------------- units

interface UnitInfo {
  unit: string;
  dimension: Dimension;
}

// surface forms (as written after a number) → canonical unit; case-sensitive ones first, then lower case.
const UNIT_TABLE: [Dimension, string, string][] = [
  ['time', 'ms', 'ms millisecond milliseconds'],
  ['time', 's', 's sec secs second seconds'],
  ['time', 'min', 'min mins minute minutes'],
  ['time', 'h', 'h hr hrs hour hours'],
  ['time', 'day', 'day days'],
  ['time', 'working day', 'working-day working-days'],
  ['time', 'week', 'wk wks week weeks'],
  ['time', 'month', 'month months'],
  ['time', 'year', 'yr yrs year years'],
  ['temperature', '°C', '°c ºc celsius'],
  ['temperature', '°F', '°f ºf fahrenheit'],
  ['temperature', '°', '° º degree degrees'],
  ['pressure', 'bar', 'bar bars'],
  ['pressure', 'mbar', 'mbar'],
  ['pressure', 'Pa', 'pa pascal pascals'],
  ['pressure', 'kPa', 'kpa'],
  ['pressure', 'MPa', 'mpa'],
  ['pressure', 'hPa', 'hpa'],
  ['pressure', 'psi', 'psi'],
  ['pressure', 'mmHg', 'mmhg'],
  ['pressure', 'atm', 'atm'],
  ['mass', 'µg', 'µg μg mcg microgram micrograms'],
  ['mass', 'mg', 'mg milligram milligrams milligramme milligrammes'],
  ['mass', 'g', 'g gram grams gramme grammes'],
  ['mass', 'kg', 'kg kgs kilogram kilograms kilo kilos'],
  ['mass', 'tonne', 'tonne tonnes'],
  ['mass', 'lb', 'lb lbs'],
  ['mass', 'oz', 'oz'],
  ['volume', 'µL', 'µl μl microlitre microlitres microliter microliters'],
  ['volume', 'mL', 'ml millilitre millilitres milliliter milliliters cc'],
  ['volume', 'cL', 'cl'],
  ['volume', 'dL', 'dl'],
  ['volume', 'L', 'l litre litres liter liters'],
  ['volume', 'm³', 'm³ m3'],
  ['volume', 'gallon', 'gallon gallons gal'],
  ['length', 'µm', 'µm μm micron microns micrometre micrometres'],
  ['length', 'nm', 'nm'],
  ['length', 'mm', 'mm millimetre millimetres millimeter millimeters'],
  ['length', 'cm', 'cm centimetre centimetres centimeter centimeters'],
  ['length', 'm', 'm metre metres meter meters'],
  ['length', 'km', 'km kilometre kilometres kilometer kilometers'],
  ['length', 'inch', 'inch inches'],
  ['length', 'ft', 'ft foot feet'],
  ['length', 'mile', 'mile miles'],
  ['speed', 'km/h', 'kph'],
  ['speed', 'mph', 'mph'],
  ['concentration', 'ppm', 'ppm'],
  ['concentration', 'ppb', 'ppb'],
  ['concentration', 'CFU', 'cfu'],
  ['concentration', 'log', 'log log10'],
  ['concentration', 'mmol/L', 'mmol'],
  ['electrical', 'V', 'v volt volts'],
  ['electrical', 'kV', 'kv'],
  ['electrical', 'mA', 'ma'],
  ['electrical', 'W', 'w watt watts'],
  ['electrical', 'kW', 'kw'],
  ['electrical', 'Hz', 'hz'],
  ['energy', 'kWh', 'kwh'],
  ['energy', 'kcal', 'kcal'],
  ['energy', 'J', 'j joule joules'],
  ['energy', 'kJ', 'kj'],
  ['percent', '%', '% percent'],
  ['multiplier', '×', '× x times'],
  ['count', 'units', 'unit units iu'],
  ['currency', 'EUR', 'eur euro euros €'],
  ['currency', 'USD', 'usd dollar dollars $ us$'],
  ['currency', 'GBP', 'gbp £'],
  ['currency', 'CHF', 'chf'],
  ['currency', 'JPY', 'jpy ¥ yen'],
  ['currency', 'INR', 'inr ₹ rupees'],
  ['currency', 'AUD', 'aud a$'],
  ['currency', 'CAD', 'cad c$'],
];
const UNITS = new Map<string, UnitInfo>();
for (const [dimension, unit, forms] of UNIT_TABLE)
  for (const f of forms.split(' ')) UNITS.set(f, { unit, dimension });
/** Single letters and other forms that are units only when written exactly so (not "A", "in", "t"). */
const CASE_SENSITIVE = new Set([
  'm',
  'g',
  'l',
  'L',
  's',
  'h',
  'v',
  'V',
  'w',
  'W',
  'j',
  'J',
  'x',
  'pa',
  'Pa',
  'ma',
  'mA',
]);
const CURRENCY_BEFORE = new Set([
  '€',
  '$',
  '£',
  '¥',
  '₹',
  'us$',
  'a$',
  'c$',
  'eur',
  'usd',
  'gbp',
  'chf',
  'jpy',
  'inr',
  'aud',
  'cad',
]);
const RATE_WORDS: Record<string, string> = {
  daily: 'day',
  weekly: 'week',
  monthly: 'month',
  yearly: 'year',
  hourly: 'h',
  annually: 'year',
};

function unitOf(word: string): UnitInfo | undefined {
  const lower = word.toLowerCase();
  if (CASE_SENSITIVE.has(lower) || CASE_SENSITIVE.has(word)) {
    // 'l' only as "l" or "L"; 's', 'h', 'm', 'g' only in lower case; V / W / J / Pa / mA as written
    if (['v', 'w', 'j'].includes(lower) && word !== word.toUpperCase()) return undefined;
    if (['s', 'h', 'm', 'g', 'x'].includes(lower) && word !== lower) return undefined;
    if (lower === 'pa' && word !== 'Pa') return undefined;
    if (lower === 'ma' && word !== 'mA') return undefined;
  }
  return UNITS.get(lower);
}

interface NumberAt {
  value: number;
  /** Token index after the number. */
  next: number;
  /** A unit glued to the digits ("30s", "24h", "10x"). */
  glued?: { unit: UnitInfo; text: string };
  /** A range inside one token ("20-30"). */
  max?: number;
}

function numberAt(t: Token[], i: number): NumberAt | undefined {
  const tok = t[i]!;
  if (/\d/.test(tok.text)) {
    const range = /^(\d[\d,.]*)[-–](\d[\d,.]*)$/.exec(tok.text);
    if (range) {
      const a = parseDigits(range[1]!);
      const b = parseDigits(range[2]!);
      if (a !== undefined && b !== undefined && b > a) return { value: a, max: b, next: i + 1 };
    }
    const value = parseDigits(tok.text);
    if (value !== undefined) return { value, next: i + 1 };
    const glued = /^(\d[\d,.]*)([a-zA-Zµμ°º%×]+)$/.exec(tok.text);
    if (glued) {
      const v = parseDigits(glued[1]!);
      const unit = unitOf(glued[2]!);
      if (v !== undefined && unit) return { value: v, next: i + 1, glued: { unit, text: glued[2]! } };
    }
    return undefined;
  }
  if (!isNumberWord(tok.normal) || (tok.normal === 'one' && tok.pos !== 'NUM')) return undefined;
  const words = [tok.normal];
  let j = i + 1;
  while (j < t.length) {
    const w = t[j]!;
    if (isNumberWord(w.normal)) words.push(w.normal);
    else if (w.text === '-' && t[j + 1] && isNumberWord(t[j + 1]!.normal) && w.start === t[j - 1]!.end)
      words.push('-');
    else if (w.normal === 'and' && words.at(-1)! in SCALES && t[j + 1] && t[j + 1]!.normal in ONES)
      words.push('and');
    else break;
    j++;
  }
  const value = parseWords(words);
  return value === undefined ? undefined : { value, next: j };
}

/** A unit starting at token j: one token, "°" + "C", "degrees Celsius", "working days", "mg/kg", "per cent". */
function unitAt(t: Token[], j: number): { unit: UnitInfo; next: number; dropDot?: true } | undefined {
  const a = t[j];
  if (!a) return undefined;
  const b = t[j + 1];
  const glued = (x: Token, y: Token | undefined) => !!y && x.end === y.start;
  if ((a.text === '°' || a.text === 'º') && b && /^[CF]\.?$/.test(b.text) && glued(a, b))
    return {
      unit: UNITS.get(`°${b.text[0]!.toLowerCase()}`)!,
      next: j + 2,
      ...(b.text.length > 1 ? { dropDot: true } : {}),
    };
  if ((a.text === 'µ' || a.text === 'μ') && b && glued(a, b)) {
    const u = unitOf(`µ${b.text}`);
    if (u) return { unit: u, next: j + 2 };
  }
  if (/^degrees?$/i.test(a.text) && b && /^(celsius|c|fahrenheit|f)$/i.test(b.text))
    return { unit: UNITS.get(/^c/i.test(b.text) ? '°c' : '°f')!, next: j + 2 };
  if (a.normal === 'per' && b?.normal === 'cent') return { unit: UNITS.get('%')!, next: j + 2 };
  if (/^(working|business|calendar|clear)$/.test(a.normal) && b && /^days?$/.test(b.normal))
    return { unit: { unit: `${a.normal} day`, dimension: 'time' }, next: j + 2 };
  // "x" is a multiplier only when glued to its number ("10x"), not "3 x 4"
  if ((a.text === 'x' || a.text === 'X') && !glued(t[j - 1]!, a)) return undefined;
  // wink keeps a full stop on an abbreviation: "30 s." → "s."
  const dotted = a.text.length > 1 && a.text.endsWith('.');
  const u = unitOf(dotted ? a.text.slice(0, -1) : a.text);
  if (!u) return undefined;
  if (dotted) return { unit: u, next: j + 1, dropDot: true };
  // a compound: "mg/kg", "mL/h", "km/h"
  const slash = t[j + 1];
  const denom = t[j + 2];
  if (slash?.text === '/' && denom && glued(a, slash) && glued(slash, denom) && u.dimension !== 'currency') {
    const d = unitOf(denom.text);
    if (d) {
      const dimension = u.dimension === 'length' && d.dimension === 'time' ? 'speed' : 'concentration';
      return { unit: { unit: `${u.unit}/${d.unit}`, dimension }, next: j + 3 };
    }
  }
  return { unit: u, next: j + 1 };
}

const RANGE_JOIN = new Set(['to', '-', '–', '—', 'and']);

/**
 * Numbers with units: "8.5 bar", "75 °C", "30 s", "EUR 50", "€150", "20 to 30 seconds", "between 2 and 8 °C",
 * "2 hours a week", "10×", "95%", "twenty minutes". A bare number (a year, a step, a count of people) is not a
 * quantity.
 */
export function quantities(text: string): Quantity[] {
  const t = analyze(text).tokens;
  const out: Quantity[] = [];
  let i = 0;
  while (i < t.length) {
    const q = quantityAt(text, t, i);
    if (q) {
      out.push(q.quantity);
      i = q.next;
    } else i++;
  }
  return out;
}

function quantityAt(text: string, t: Token[], i: number): { quantity: Quantity; next: number } | undefined {
  const tok = t[i]!;
  let k = i;
  // a currency written before the number: "EUR 50", "€150", "US$50"
  let currency: UnitInfo | undefined;
  if (CURRENCY_BEFORE.has(tok.normal) && (tok.type === 'currency' || /^[A-Z]{3}$/.test(tok.text))) {
    currency = UNITS.get(tok.normal);
    k++;
  }
  // "−18 °C" (a unicode minus as its own token), "±2 °C"
  let sign = 1;
  let tolerance: true | undefined;
  if (!currency && (tok.text === '−' || tok.text === '±') && t[i + 1] && tok.end === t[i + 1]!.start) {
    if (tok.text === '−') sign = -1;
    else tolerance = true;
    k++;
  }
  if (!t[k]) return undefined;
  const n = numberAt(t, k);
  if (!n || (currency && !/^\d/.test(t[k]!.text))) return undefined;
  const value = n.value * sign;
  let max = n.max;
  let j = n.next;
  let unit: UnitInfo | undefined = currency ?? n.glued?.unit;
  let dropDot = false;

  // the second number of a range: "20 to 30", "between 2 and 8", "EUR 50 to EUR 150"
  const rangeFrom = (at: number) => {
    const join = t[at];
    if (!join || !RANGE_JOIN.has(join.normal)) return undefined;
    if (join.normal === 'and' && t[i - 1]?.normal !== 'between') return undefined;
    let m = at + 1;
    if (currency && t[m] && UNITS.get(t[m]!.normal)?.unit === currency.unit) m++;
    const second = t[m] ? numberAt(t, m) : undefined;
    if (!second || second.max !== undefined || second.value <= value) return undefined;
    return second;
  };
  if (max === undefined && (!unit || currency)) {
    const second = rangeFrom(j);
    if (second) {
      max = second.value;
      j = second.next;
      unit ??= second.glued?.unit;
    }
  }
  if (!unit) {
    const u = unitAt(t, j);
    if (!u) return undefined;
    unit = u.unit;
    j = u.next;
    dropDot = !!u.dropDot;
    // "20 s to 30 s"
    const second = max === undefined && !dropDot ? rangeFrom(j) : undefined;
    if (second) {
      const u2 = second.glued ? { unit: second.glued.unit, next: second.next } : unitAt(t, second.next);
      if (u2 && u2.unit.unit === unit.unit) {
        max = second.value;
        j = u2.next;
        dropDot = !!(u2 as { dropDot?: true }).dropDot;
      }
    }
  }
  // a rate: "2 hours a week", "20 minutes per day", "3 times daily"
  let per: string | undefined;
  const r0 = dropDot ? undefined : t[j];
  const r1 = t[j + 1];
  if (r0 && /^(a|an|per|each|every)$/.test(r0.normal) && r1) {
    const u = unitOf(r1.text);
    if (u?.dimension === 'time' || r1.normal === 'shift') {
      per = u?.unit ?? 'shift';
      j += 2;
    }
  } else if (r0 && RATE_WORDS[r0.normal]) {
    per = RATE_WORDS[r0.normal];
    j += 1;
  }
  const start = tok.start;
  const end = dropDot && !per ? t[j - 1]!.end - 1 : t[j - 1]!.end;
  const written = text.slice(start, end);
  const quantity: Quantity = {
    text: written,
    start,
    end,
    value,
    unit: unit.unit,
    dimension: unit.dimension,
    template: templateOf(written, max !== undefined),
  };
  if (max !== undefined) quantity.max = max;
  if (per) quantity.per = per;
  if (tolerance) quantity.tolerance = tolerance;
  return { quantity, next: j };
}

const NUMBER_IN_TEXT =
  /(?<!\d)[-−]?\d[\d,.]*\d|(?<!\d)[-−]?\d|\b(?:(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million)(?:[\s-]+(?:and\s+)?)?)+\b/gi;

function templateOf(written: string, range: boolean): string {
  let n = 0;
  const limit = range ? 2 : 1;
  return written.replace(NUMBER_IN_TEXT, (m) => {
    if (n >= limit) return m;
    const trail = /[\s-]+$/.exec(m)?.[0] ?? '';
    return `{${n++}}${trail}`;
  });
}

const SINGULAR: Record<string, string> = {
  seconds: 'second',
  minutes: 'minute',
  hours: 'hour',
  days: 'day',
  weeks: 'week',
  months: 'month',
  years: 'year',
  euros: 'euro',
  dollars: 'dollar',
  times: 'time',
  units: 'unit',
  litres: 'litre',
  liters: 'liter',
  metres: 'metre',
  meters: 'meter',
  degrees: 'degree',
  tablets: 'tablet',
};
const PLURAL = Object.fromEntries(Object.entries(SINGULAR).map(([p, s]) => [s, p]));

/** A number written like the document writes it: thousands commas when it used them, no needless decimals. */
function formatNumber(v: number, like: string): string {
  const decimals = /[.,](\d{1,2})(?!\d)/.exec(like.replace(/^\D+/, ''))?.[1]?.length ?? 0;
  let s = Number.isInteger(v)
    ? String(v)
    : v.toFixed(Math.max(decimals, 1)).replace(/0+$/, '').replace(/\.$/, '');
  if (/\d,\d{3}/.test(like) && Math.abs(v) >= 1000) s = Number(s).toLocaleString('en-US');
  if (/^\d+,\d{1,2}$/.test(like.replace(/[^\d,]/g, ''))) s = s.replace('.', ','); // a decimal comma
  return s;
}

/** The quantity written with other values in its own style: formatQuantity(EUR 50, 100) → "EUR 100". */
export function formatQuantity(
  q: Pick<Quantity, 'template' | 'text' | 'max'>,
  value: number,
  max?: number,
): string {
  const like = /[-−]?\d[\d,.]*/.exec(q.text)?.[0] ?? '';
  let out = q.template.replace('{0}', formatNumber(value, like));
  if (max !== undefined) out = out.replace('{1}', formatNumber(max, like));
  // "1 hour" / "2 hours"
  const shown = max ?? value;
  return out.replace(/\b([a-z]+)\b(?=[^{}]*$)/i, (w) => {
    const lower = w.toLowerCase();
    if (shown === 1 && SINGULAR[lower]) return SINGULAR[lower]!;
    if (shown !== 1 && PLURAL[lower] && !/^[\d.,]+$/.test(w)) return PLURAL[lower]!;
    return w;
  });
}
