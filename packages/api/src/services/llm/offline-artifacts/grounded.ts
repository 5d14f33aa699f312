// What the user's documents say, as facts an offline builder can build items, objectives, decision points and
// modules from. The file passages of the retrieval context ("[file: name, part N of M, id ID]") are read back
// into blocks (content/document.ts) and facts (content/facts.ts): rules, quantities with units, procedures,
// definitions, roles and form codes. Every fact carries its citation {fileId, fileName, part, quote}: the part is
// the passage's number as marked (1-based), the quote verbatim in that passage's text (checked here; a fact whose
// quote is not found is dropped rather than cited wrongly). Headings, title blocks and fragments are never facts
// (facts.ts leaves them out), so they never become items.
import type { Citation } from '../../../schemas/artifacts.js';
import type { DocBlock, DocumentKind } from '../../content/document.js';
import { structureDocument } from '../../content/document.js';
import { extractFacts, type Fact, type RuleFact } from '../../content/facts.js';
import { sentenceTokens, type Token } from '../../content/nlp.js';
import { filePassagesOf, type FilePassage } from '../file-passages.js';
import type { LlmMessage } from '../types.js';

export interface GroundedFact {
  fact: Fact;
  source: Citation;
  /** Position in its document, 0…1 (for spreading items over the whole document). */
  at: number;
  /** The heading the fact sits under, or "" (a section of the document). */
  section: string;
}

/** A grounded fact of one kind. */
export type Of<K extends Fact['kind']> = GroundedFact & { fact: Extract<Fact, { kind: K }> };

export interface Grounding {
  /** File names, in the order they came. */
  files: string[];
  facts: GroundedFact[];
  /** The document's sections that hold facts, in order. */
  sections: { heading: string; facts: GroundedFact[] }[];
}

const KINDS: readonly DocumentKind[] = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt', 'csv'];
const kindOf = (name: string): DocumentKind => {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() as DocumentKind | undefined;
  return ext && KINDS.includes(ext) ? ext : 'txt';
};

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The blocks of one file's passages, each block tagged with its passage's part; overlaps read once. */
function blocksOf(passages: FilePassage[], kind: DocumentKind): DocBlock[] {
  const out: DocBlock[] = [];
  const seen: string[] = [];
  const byPart = [...passages].sort((a, b) => a.part - b.part);
  for (const p of byPart) {
    for (const b of structureDocument(p.text, kind)) {
      const key = squash(b.text);
      // Chunks overlap: a block (or its tail) already read from the previous passage is skipped.
      if (!key || seen.some((s) => s.includes(key))) continue;
      seen.push(key);
      out.push({ ...b, part: p.part });
    }
  }
  return out;
}

const CONDITION_OPENER = /^(?:if|when|whenever|before|after|once|while|until|as soon as|in case)$/i;

/** Where a sentence's main clause starts: after a leading condition ("If any check fails, …"). */
function mainClause(tokens: Token[]): Token[] {
  if (!CONDITION_OPENER.test(tokens[0]?.text ?? '')) return tokens;
  const comma = tokens.findIndex((t) => t.text === ',');
  return comma > 0 ? tokens.slice(comma + 1) : [];
}

/**
 * The instructions of a document that no fact states: imperative sentences of its paragraphs and list items
 * ("If any check fails, do not use the truck.", "Remove the key, attach a red DO NOT USE tag, and report the
 * defect to the Shift Team Leader immediately."). They are rules with no modal word, so no faithful negation is
 * written for them. A procedure's steps are left to the procedure.
 */
function instructions(blocks: DocBlock[], covered: Set<string>): RuleFact[] {
  const out: RuleFact[] = [];
  let heading: string | undefined;
  for (const b of blocks) {
    if (b.type === 'heading') {
      heading = b.text.replace(/:$/, '').trim();
      continue;
    }
    if (b.type !== 'paragraph') continue;
    for (const { sentence, tokens } of sentenceTokens(b.text)) {
      const text = sentence.text.trim();
      if (covered.has(squash(text)) || text.split(/\s+/).length < 4 || !/[.!]$/.test(text)) continue;
      const main = mainClause(tokens);
      const first = main[0];
      const imperative =
        !!first &&
        /^[A-Z]/.test(first.text) === (main === tokens) &&
        (first.pos === 'VERB' ||
          (/^(?:do|don't)$/i.test(first.text) && /^(?:not|n't)$/i.test(main[1]?.text ?? '')));
      if (!imperative) continue;
      out.push({
        kind: 'rule',
        polarity: /\b(?:not|never|no)\b/i.test(text) ? 'negative' : 'positive',
        modality: 'must',
        modal: '',
        subject: '',
        action: text,
        negation: null,
        text,
        quote: text,
        part: b.part,
        ...(heading ? { heading } : {}),
      });
    }
  }
  return out;
}

/** The quote of a fact, kept only when it is verbatim (whitespace aside) in its passage. */
function verified(quote: string, passage: FilePassage | undefined): boolean {
  return !!passage && quote.trim().length > 0 && squash(passage.text).includes(squash(quote));
}

/** The facts of the files in the messages' context, or null when there are none. */
export function groundingOf(messages: LlmMessage[]): Grounding | null {
  const passages = filePassagesOf(messages);
  if (!passages.length) return null;
  const files = new Map<string, FilePassage[]>();
  for (const p of passages) {
    const key = p.fileId ?? p.filename;
    const list = files.get(key) ?? [];
    if (!list.some((x) => x.part === p.part)) list.push(p);
    files.set(key, list);
  }
  const facts: GroundedFact[] = [];
  for (const [, list] of files) {
    const first = list[0]!;
    const blocks = blocksOf(list, kindOf(first.filename));
    const extracted = extractFacts(blocks);
    const covered = new Set(
      extracted.flatMap((f) => [
        squash(f.quote),
        ...(f.kind === 'procedure' ? f.steps.map((x) => squash(x.quote)) : []),
      ]),
    );
    // facts and instructions in document order (by part, then by where the quote sits in its passage)
    const found = [...extracted, ...instructions(blocks, covered)].sort((a, b) => {
      if (a.part !== b.part) return a.part - b.part;
      const text = list.find((p) => p.part === a.part)?.text ?? '';
      return squash(text).indexOf(squash(a.quote)) - squash(text).indexOf(squash(b.quote));
    });
    const parts = list.map((p) => p.part);
    const lo = Math.min(...parts);
    const span = Math.max(1, Math.max(...parts) - lo + 1);
    found.forEach((fact, i) => {
      const passage = list.find((p) => p.part === fact.part);
      if (!verified(fact.quote, passage)) return;
      facts.push({
        fact,
        source: {
          fileId: first.fileId ?? first.filename,
          fileName: first.filename,
          part: fact.part,
          quote: fact.quote,
        },
        at: (fact.part - lo + i / Math.max(1, found.length)) / span,
        section: fact.heading ?? '',
      });
    });
  }
  if (!facts.length) return null;
  const sections: Grounding['sections'] = [];
  for (const f of facts) {
    const last = sections.at(-1);
    if (last && last.heading === f.section) last.facts.push(f);
    else sections.push({ heading: f.section, facts: [f] });
  }
  return { files: [...files.values()].map((l) => l[0]!.filename), facts, sections };
}

/** Facts of one kind (narrowed). */
export function factsOfKind<K extends Fact['kind']>(
  g: Grounding,
  kind: K,
): (GroundedFact & { fact: Extract<Fact, { kind: K }> })[] {
  return g.facts.filter(
    (f): f is GroundedFact & { fact: Extract<Fact, { kind: K }> } => f.fact.kind === kind,
  );
}

/**
 * Picks facts spread over the document: for the i-th of n picks, the unused candidate nearest to position i/n
 * (a fact already used is taken again only when no other candidate is left).
 */
/** The sentence a fact was read from, normalised: two facts of one sentence (£10 and 30 days) share it. */
function sentenceKey(f: GroundedFact): string[] {
  const norm = (t: string) =>
    t
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  if (f.fact.kind === 'procedure')
    return [`procedure:${norm(f.source.quote)}`, ...f.fact.steps.map((s) => norm(s.text))];
  return [norm(f.fact.text)];
}

/**
 * Picks facts for items, objectives or nodes so they spread over the document: the one nearest the position
 * asked (i of n) among those whose sentence no earlier pick used. When `strict`, a pick with no fresh sentence
 * left answers null (the caller tries another kind of fact); otherwise it reuses the nearest.
 */
export class FactPicker {
  private used = new Set<GroundedFact>();
  private sentences = new Set<string>();
  strict = false;
  constructor(private g: Grounding) {}

  /** Not picked, and its sentence not used (a procedure: itself not asked about; a step used elsewhere is fine). */
  private isFresh(f: GroundedFact): boolean {
    return !this.used.has(f) && !this.sentences.has(sentenceKey(f)[0]!);
  }

  pick<T extends GroundedFact>(candidates: T[], i: number, n: number): T | null {
    if (!candidates.length) return null;
    const target = n <= 1 ? 0 : i / (n - 1);
    const fresh = candidates.filter((c) => this.isFresh(c));
    if (!fresh.length && this.strict) return null;
    const pool = fresh.length ? fresh : candidates;
    let best = pool[0]!;
    for (const c of pool) if (Math.abs(c.at - target) < Math.abs(best.at - target)) best = c;
    this.markUsed(best);
    return best;
  }

  isUsed(f: GroundedFact): boolean {
    return !this.isFresh(f);
  }

  markUsed(f: GroundedFact): void {
    this.used.add(f);
    for (const k of sentenceKey(f)) this.sentences.add(k);
  }

  get grounding(): Grounding {
    return this.g;
  }
}

/** A sentence without its final full stop ("… of each shift." → "… of each shift"). */
export const bare = (s: string) => s.trim().replace(/[.;:!?\s]+$/, '');

/**
 * How a stem or an objective names a document: its file name as words, after "the" ("forklift-pre-use_SOP.docx"
 * → "the forklift pre use SOP"): a hyphenated file name read as a name in a sentence.
 */
export const docName = (fileName: string) => {
  const words = fileName
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/[-_\s]+/g, ' ')
    .trim();
  return /^the\b/i.test(words) ? words : `the ${words}`;
};
