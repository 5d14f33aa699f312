// Scoring one eval request: what the product returned (artifact kind, data, warnings, answer text) against the
// request's expectations, criterion by criterion. Pure: the runner passes in the stored chunks the citations
// are checked against.
import {
  BLOOM_LEVELS,
  type ArtifactKind,
  type ArtifactWarning,
  type BloomLevel,
  type QuizItemType,
} from '../schemas/artifacts.js';
import type { EvalRequest } from './corpus.js';
import {
  artifactTexts,
  hasTerm,
  itemUnits,
  normalizeText,
  termLabel,
  wordsOf,
  type ItemUnit,
  type Term,
} from './match.js';

export const CRITERIA = [
  { id: 'kind', label: 'kind', floor: true },
  { id: 'topic', label: 'topic terms present', floor: true },
  { id: 'title', label: 'title names the topic', floor: true },
  { id: 'offTopic', label: 'off-topic terms absent', floor: true },
  { id: 'audience', label: 'audience named', floor: true },
  { id: 'count', label: 'count', floor: true },
  { id: 'types', label: 'item types', floor: true },
  { id: 'bloom', label: 'Bloom levels', floor: true },
  { id: 'minutes', label: 'minutes (±15 %)', floor: true },
  { id: 'decisionPoints', label: 'decision points', floor: true },
  { id: 'facts', label: 'document facts used (≥ 60 %)', floor: true },
  { id: 'echo', label: 'no echo of the request', floor: true },
  { id: 'fragments', label: 'no fragment or header as an item', floor: true },
  // Informational: better checks raise more warnings on the same content, so no floor.
  { id: 'warnings', label: 'no warnings left', floor: false },
] as const;
export type CriterionId = (typeof CRITERIA)[number]['id'];

export interface Outcome {
  pass: boolean;
  /** What was found (shown for failures). */
  detail: string;
}

/** What the product gave for a request. */
export interface Produced {
  /** The artifact's kind, or null when the answer made none. */
  kind: ArtifactKind | null;
  data: unknown;
  warnings: ArtifactWarning[];
  /** The answer's text (the artifact's Markdown, or prose). */
  answer: string;
  /** The send failed (the message). */
  error?: string;
}

/** A stored chunk of an uploaded file (citations are checked against these). */
export interface StoredChunk {
  fileId: string;
  ordinal: number;
  text: string;
}

export interface CitationCheck {
  verified: number;
  total: number;
  failures: string[];
}

export interface RequestScore {
  id: string;
  field: string;
  expectedKind: ArtifactKind;
  kind: ArtifactKind | null;
  withDocuments: boolean;
  /** Only the criteria that apply to the request. */
  outcomes: Partial<Record<CriterionId, Outcome>>;
  facts: { used: number; total: number } | null;
  citations: CitationCheck;
  warnings: number;
}

type Obj = Record<string, unknown>;
const arr = (v: unknown): Obj[] => (Array.isArray(v) ? (v as Obj[]) : []);
const inRange = (n: number, spec: number | [number, number]) =>
  Array.isArray(spec) ? n >= spec[0] && n <= spec[1] : n === spec;
const specLabel = (spec: number | [number, number]) =>
  Array.isArray(spec) ? `${spec[0]}–${spec[1]}` : `${spec}`;

// ---------------------------------------------------------------------------------------------- structure

/** Nodes with two or more choices reachable from the start, and the most of them on one path. */
export function decisionPointsOf(data: unknown): { nodes: number; deepest: number } {
  const d = (data ?? {}) as Obj;
  const byId = new Map(arr(d.nodes).map((n) => [String(n.id), n]));
  const next = (n: Obj) => arr(n.choices).map((c) => String(c.nextNodeId));
  const isDecision = (n: Obj) => arr(n.choices).length >= 2;
  const seen = new Set<string>();
  const queue = [String(d.startNodeId)];
  while (queue.length) {
    const id = queue.shift()!;
    const n = byId.get(id);
    if (!n || seen.has(id)) continue;
    seen.add(id);
    queue.push(...next(n));
  }
  const memo = new Map<string, number>();
  const deepest = (id: string, path: Set<string>): number => {
    const n = byId.get(id);
    if (!n || path.has(id)) return 0;
    if (memo.has(id)) return memo.get(id)!;
    path.add(id);
    const below = Math.max(0, ...next(n).map((x) => deepest(x, path)));
    path.delete(id);
    const v = below + (isDecision(n) ? 1 : 0);
    memo.set(id, v);
    return v;
  };
  return {
    nodes: [...seen].filter((id) => isDecision(byId.get(id)!)).length,
    deepest: deepest(String(d.startNodeId), new Set()),
  };
}

/** What "count" counts for a kind. */
export function countOf(kind: ArtifactKind, data: unknown): number {
  const d = (data ?? {}) as Obj;
  switch (kind) {
    case 'quiz':
      return arr(d.items).length;
    case 'objectives':
      return arr(d.objectives).length;
    case 'plan':
      return arr(d.modules).length;
    case 'modality':
      return arr(d.recommendations).length;
    case 'sme_summary':
      return arr(d.draftObjectives).length;
    case 'scenario':
      return decisionPointsOf(data).nodes;
  }
}

/** The Bloom levels of an artifact's objectives (objectives, quiz, SME summary draft objectives). */
export function bloomLevelsOf(kind: ArtifactKind, data: unknown): BloomLevel[] {
  const d = (data ?? {}) as Obj;
  const list =
    kind === 'objectives' || kind === 'quiz' ? d.objectives : kind === 'sme_summary' ? d.draftObjectives : [];
  return arr(list)
    .map((o) => o.bloomLevel)
    .filter((l): l is BloomLevel => BLOOM_LEVELS.includes(l as BloomLevel));
}

function checkBloom(req: EvalRequest, levels: BloomLevel[]): Outcome {
  const e = req.expect;
  const rank = (l: BloomLevel) => BLOOM_LEVELS.indexOf(l);
  const got = levels.length ? levels.join(', ') : 'no objectives with a level';
  if (levels.length === 0) return { pass: false, detail: got };
  if (e.bloom) {
    const asked = new Set(e.bloom);
    const outside = levels.filter((l) => !asked.has(l));
    const unused = e.bloom.filter((l) => !levels.includes(l));
    // A level cannot be used when there are fewer objectives than levels asked.
    const pass = outside.length === 0 && (unused.length === 0 || levels.length < e.bloom.length);
    return { pass, detail: `asked ${e.bloom.join('/')}, got ${got}` };
  }
  if (e.bloomRange) {
    const [lo, hi] = e.bloomRange;
    const pass =
      levels.every((l) => rank(l) >= rank(lo) && rank(l) <= rank(hi)) &&
      levels.includes(lo) &&
      levels.includes(hi);
    return { pass, detail: `asked ${lo} to ${hi}, got ${got}` };
  }
  const lo = e.bloomAtLeast!;
  return { pass: levels.every((l) => rank(l) >= rank(lo)), detail: `asked ${lo} or higher, got ${got}` };
}

function checkTypes(req: EvalRequest, data: unknown): Outcome {
  const e = req.expect;
  const items = arr((data as Obj | null)?.items);
  const types = items.map((i) => String(i.type) as QuizItemType);
  const tally: Record<string, number> = {};
  for (const t of types) tally[t] = (tally[t] ?? 0) + 1;
  const problems: string[] = [];
  if (e.types) {
    for (const [t, n] of Object.entries(e.types)) if ((tally[t] ?? 0) !== n) problems.push(`${n} ${t} asked`);
  }
  const allowed = e.allowedTypes ?? (e.types ? (Object.keys(e.types) as QuizItemType[]) : null);
  if (allowed) {
    const other = [...new Set(types.filter((t) => !allowed.includes(t)))];
    if (other.length) problems.push(`not allowed: ${other.join(', ')}`);
  }
  const forbidden = (e.forbiddenTypes ?? []).filter((t) => tally[t]);
  if (forbidden.length) problems.push(`forbidden: ${forbidden.join(', ')}`);
  // One key is a single-answer question, whatever it is called (a select-all item has two or more keys).
  const oneKey = items.filter(
    (i) => i.type === 'multiple_choice' && arr(i.options).filter((o) => o.correct === true).length === 1,
  ).length;
  if (oneKey) problems.push(`${oneKey} multiple_choice item(s) with one key (single_choice)`);
  const got = Object.entries(tally)
    .map(([t, n]) => `${n} ${t}`)
    .join(', ');
  return {
    pass: items.length > 0 && problems.length === 0,
    detail: `${problems.join('; ')} — got ${got || 'no items'}`,
  };
}

function checkMinutes(req: EvalRequest, kind: ArtifactKind, data: unknown): Outcome {
  const want = req.expect.minutes!;
  if (kind !== 'plan') return { pass: false, detail: `a ${kind} has no duration` };
  const d = data as Obj;
  const total = Number(d.totalMinutes);
  const sum = arr(d.modules).reduce((s, m) => s + (Number(m.durationMinutes) || 0), 0);
  const near = (x: number) => Math.abs(x - want) <= want * 0.15;
  return {
    pass: near(total) && near(sum),
    detail: `asked ${want}, total ${total}, modules add up to ${sum}`,
  };
}

// ------------------------------------------------------------------------------------------------- echo

/**
 * The request's own words pasted into the artifact: a run of 10 consecutive words of the instruction (the whole
 * instruction when it is shorter, from 5 words) inside one text of the artifact.
 */
export function echoOf(instruction: string, texts: string[]): string | null {
  const req = wordsOf(instruction);
  if (req.length < 5) return null;
  const n = Math.min(10, req.length);
  const hays = texts.map((t) => ` ${wordsOf(t).join(' ')} `);
  for (let i = 0; i + n <= req.length; i++) {
    const run = ` ${req.slice(i, i + n).join(' ')} `;
    if (hays.some((h) => h.includes(run))) return run.trim();
  }
  return null;
}

// -------------------------------------------------------------------------------------- fragments, headers

/**
 * Words a sentence cannot end on (articles, conjunctions, determiners, "of", "than"), and "and/or" + a question
 * word: "…each shift. An", "Quiz: The", "critical limits and what". Prepositions are left out: a phrasal verb may
 * end a sentence ("hand it on").
 */
const DANGLING =
  /(?:^|[^\p{L}])(?:a|an|the|and|or|but|nor|of|than|your|their|its|this|these|those|our|my|(?:and|or) (?:what|how|when|where|why|who|which))[^\p{L}\p{N}]*$/iu;
const QUOTED = /(?<![\p{L}\p{N}])['‘"“]([^'’"”]{8,}?)['’"”](?![\p{L}\p{N}])/gu;
const EXTRACTION_MARKS =
  /(?:^|\s)#{1,6}\s*(?:slide|sheet)\b|\|\s*-{3,}|\|[^|\n]+\|[^|\n]+\||\bpage \d+ of \d+\b/i;

/** Why an item piece is a sentence fragment or a document's header, or null. */
export function fragmentOf(unit: ItemUnit, boilerplate: string[]): string | null {
  const quoted = [...unit.text.matchAll(QUOTED)]
    .map((m) => m[1]!)
    .filter((q) => q.trim().split(/\s+/).length >= 3);
  // An artifact may be named like its source document; its items may not be the document's header lines.
  const named = unit.path === 'title' || unit.path === 'topic';
  for (const c of [unit.text, ...quoted]) {
    const n = normalizeText(c);
    for (const b of named ? [] : boilerplate) {
      const nb = normalizeText(b);
      if (n.includes(nb) && nb.length >= n.length * 0.5) return `header "${b}"`;
    }
    if (EXTRACTION_MARKS.test(c)) return 'a table row, slide/sheet marker or page footer';
    if (/\n\s*[\p{Ll}\p{N}°]/u.test(c.trim())) return 'a hard-wrapped line break inside the text';
    if (DANGLING.test(c.trim()) || /[-–—]$/.test(c.trim()))
      return `ends mid-sentence ("…${c.trim().slice(-24)}")`;
  }
  for (const q of quoted)
    if (/^\s*\p{Ll}/u.test(q) && q.trim().split(/\s+/).length >= 4)
      return `quotes a line from mid-sentence ("${q}")`;
  return null;
}

// ------------------------------------------------------------------------------------------------ citations

/** Every `{fileId, part, quote}` in the data, checked against the stored chunks of the request's files. */
export function checkCitations(data: unknown, fileIds: Set<string>, chunks: StoredChunk[]): CitationCheck {
  const found: Obj[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      const o = v as Obj;
      if (typeof o.quote === 'string' && typeof o.fileId === 'string') found.push(o);
      Object.values(o).forEach(walk);
    }
  };
  walk(data);
  const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
  const failures: string[] = [];
  let verified = 0;
  for (const c of found) {
    const quote = squash(String(c.quote));
    const part = typeof c.part === 'number' ? c.part : Number.NaN;
    // `part` may count from 0 (the chunk ordinal) or from 1 (as the card shows it).
    const candidates = chunks.filter(
      (k) => k.fileId === c.fileId && (Number.isNaN(part) || k.ordinal === part || k.ordinal === part - 1),
    );
    const ok =
      fileIds.has(String(c.fileId)) &&
      quote.length > 0 &&
      candidates.some((k) => squash(k.text).includes(quote));
    if (ok) verified++;
    else failures.push(`${String(c.fileId)} part ${String(c.part)}: "${quote.slice(0, 60)}"`);
  }
  return { verified, total: found.length, failures };
}

// --------------------------------------------------------------------------------------------------- score

const missing = (terms: Term[], text: string) => terms.filter((t) => !hasTerm(text, t)).map(termLabel);

export function scoreRequest(
  req: EvalRequest,
  got: Produced,
  files: { fileIds: Set<string>; chunks: StoredChunk[] },
): RequestScore {
  const e = req.expect;
  const o: Partial<Record<CriterionId, Outcome>> = {};
  const hasArtifact = got.kind !== null;
  // Content criteria read the artifact, or the prose when the answer made none; structure needs the artifact.
  const texts = hasArtifact ? artifactTexts(got.data) : [got.answer];
  const text = normalizeText(texts.join('\n'));
  const noArtifact: Outcome = {
    pass: false,
    detail: got.error ? `send failed: ${got.error}` : 'no artifact (a prose answer)',
  };
  const kind = got.kind;

  o.kind = {
    pass: kind === e.kind,
    detail: `expected ${e.kind}, got ${kind ?? (got.error ? 'an error' : 'prose')}`,
  };

  const gone = missing(e.topic, text);
  o.topic = { pass: gone.length === 0, detail: `missing: ${gone.join(', ')}` };

  const named = hasArtifact
    ? `${String((got.data as Obj).title ?? '')} / ${String((got.data as Obj).topic ?? '')}`
    : '';
  o.title = hasArtifact
    ? { pass: e.topic.some((t) => hasTerm(normalizeText(named), t)), detail: `"${named}"` }
    : noArtifact;

  const leaks = req.offTopic.filter((t) => hasTerm(text, t));
  o.offTopic = { pass: leaks.length === 0, detail: `found: ${leaks.join(', ')}` };

  if (e.audience) {
    const audience = hasArtifact ? normalizeText(String((got.data as Obj).audience ?? '')) : text;
    const lacking = missing(e.audience, audience);
    o.audience = {
      pass: lacking.length === 0,
      detail: `missing ${lacking.join(', ')} in "${hasArtifact ? (got.data as Obj).audience : 'the answer'}"`,
    };
  }

  if (e.count !== undefined) {
    if (kind !== e.kind) o.count = kind ? wrongKind(kind) : noArtifact;
    else {
      const n = countOf(kind, got.data);
      o.count = { pass: inRange(n, e.count), detail: `asked ${specLabel(e.count)}, got ${n}` };
    }
  }

  if (e.kind === 'quiz')
    o.types = kind === 'quiz' ? checkTypes(req, got.data) : kind ? wrongKind(kind) : noArtifact;

  if (e.bloom || e.bloomRange || e.bloomAtLeast)
    o.bloom = kind ? checkBloom(req, bloomLevelsOf(kind, got.data)) : noArtifact;

  if (e.minutes !== undefined) o.minutes = kind ? checkMinutes(req, kind, got.data) : noArtifact;

  if (e.decisionPoints !== undefined) {
    if (kind !== 'scenario') o.decisionPoints = kind ? wrongKind(kind) : noArtifact;
    else {
      const dp = decisionPointsOf(got.data);
      o.decisionPoints = {
        pass: inRange(dp.nodes, e.decisionPoints) || inRange(dp.deepest, e.decisionPoints),
        detail: `asked ${specLabel(e.decisionPoints)}, got ${dp.nodes} decision nodes, at most ${dp.deepest} on one path`,
      };
    }
  }

  let facts: RequestScore['facts'] = null;
  if (req.documents.length) {
    const unused = missing(req.facts, text);
    facts = { used: req.facts.length - unused.length, total: req.facts.length };
    o.facts = {
      pass: facts.used >= 0.6 * facts.total,
      detail: `${facts.used}/${facts.total} used; not used: ${unused.join(', ')}`,
    };
  }

  if (req.echoText) {
    const run = echoOf(req.echoText, texts);
    o.echo = { pass: run === null, detail: `"${run}"` };
  }

  const boilerplate = req.documents.flatMap((d) => d.boilerplate);
  // Items only: a prose answer has none (and its Markdown tables are not fragments).
  if (kind) {
    const bad = itemUnits(kind, got.data).flatMap((u) => {
      const why = fragmentOf(u, boilerplate);
      return why ? [`${u.path}: ${why}`] : [];
    });
    o.fragments = {
      pass: bad.length === 0,
      detail: bad.slice(0, 3).join('; ') + (bad.length > 3 ? ` (+${bad.length - 3})` : ''),
    };
  }

  if (kind)
    o.warnings = {
      pass: got.warnings.length === 0,
      detail: got.warnings.map((w) => w.code).join(', '),
    };

  // A failed send gave nothing to read: no criterion passes (not even "no off-topic terms").
  if (got.error) for (const id of Object.keys(o) as CriterionId[]) o[id] = noArtifact;

  return {
    id: req.id,
    field: req.field,
    expectedKind: e.kind,
    kind,
    withDocuments: req.documents.length > 0,
    outcomes: o,
    facts,
    citations: kind
      ? checkCitations(got.data, files.fileIds, files.chunks)
      : { verified: 0, total: 0, failures: [] },
    warnings: got.warnings.length,
  };
}

function wrongKind(kind: ArtifactKind): Outcome {
  return { pass: false, detail: `a ${kind} instead` };
}
