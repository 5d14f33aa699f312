// What an offline artifact builder works from: the command (create, revise, add scenario, export plan, Fix),
// the parsed request (topic, audience, counts, duration, constraints, level), the current artifact the
// artifact service sends in a system message ("[current artifact: quiz v2]" + its JSON), the retrieved file
// passages, and the domain knowledge the content is written from (file statements first).
import type { ArtifactKind, BloomLevel } from '../../../schemas/artifacts.js';
import { ARTIFACT_KINDS } from '../../../schemas/artifacts.js';
import type { AssistantSessionType } from '../../../schemas/assistant.js';
import { ASSISTANT_SESSION_TYPES } from '../../../schemas/assistant.js';
import { detectArtifactRequest } from '../../artifacts/intent.js';
import { parseArtifactRequest, type ParsedArtifactRequest } from '../../content/request.js';
import { hashOf, lowerFirst, textOf, userTextsOf } from '../assistant-text.js';
import { filePassagesOf } from '../file-passages.js';
import type { OfflineBuildContext } from '../offline-objects.js';
import type { LlmMessage } from '../types.js';
import { domainOf, type Domain, type DomainError } from './domains.js';
import { groundingOf, type Grounding } from './grounded.js';

/** Lower-cases a leading capital that starts a word ("Record…" → "record…"), never an acronym ("HR Advisor"). */
export const softLower = (s: string) => (/^[A-Z][a-z]/.test(s) ? lowerFirst(s) : s);

export type OfflineCommand = 'create' | 'revise' | 'add_scenario' | 'export_plan' | 'fix';

export interface SessionArtifact {
  kind: ArtifactKind;
  version: number;
  data: Record<string, unknown>;
  current: boolean;
}

/** The content a builder writes from: a confidently matched vocabulary, else the draft's placeholders. */
export interface Knowledge {
  steps: string[];
  /** The steps are a procedure in order (Domain.ordered); false: practices asked about as such. */
  stepsInOrder: boolean;
  facts: string[];
  myths: string[];
  errors: DomainError[];
  terms: { term: string; meaning: string }[];
  tools: string[];
  /** Names of the files used. */
  sources: string[];
  /** True when the steps and facts come from the user's files. */
  fromFiles: boolean;
}

export interface ArtifactContext {
  /** The message being answered. */
  text: string;
  userTexts: string[];
  command: OfflineCommand;
  /** For Fix: the warning's code and path ("Fix NO_KEY at items.2.options: …"). */
  fix: { code: string; path: string } | null;
  current: SessionArtifact | null;
  artifacts: SessionArtifact[];
  request: ParsedArtifactRequest;
  topic: string;
  audience: string;
  level: BloomLevel | null;
  domain: Domain;
  knowledge: Knowledge;
  /** The facts of the user's documents with their citations, or null without documents. */
  grounding: Grounding | null;
  /** The request's own subtopics ("grouping dates, calculated fields and refreshing" → three). */
  subtopics: string[];
  /** True when no vocabulary matched confidently: the content is a draft with "[SME: …]" placeholders. */
  draft: boolean;
  sessionType: AssistantSessionType;
  /** A stable number of the topic, for variant picks that must not change between runs. */
  seed: number;
}

const ARTIFACT_HEADER = /\[(current )?artifact: ([a-z_]+) v(\d+)\]\s*\n/g;

/** The artifacts the service put in system messages, each header followed by its JSON. */
export function sessionArtifactsOf(system: LlmMessage[]): SessionArtifact[] {
  const out: SessionArtifact[] = [];
  for (const m of system) {
    const text = textOf(m.content);
    const heads = [...text.matchAll(ARTIFACT_HEADER)];
    heads.forEach((h, i) => {
      const kind = h[2] as ArtifactKind;
      if (!(ARTIFACT_KINDS as readonly string[]).includes(kind)) return;
      const body = text.slice(h.index + h[0].length, heads[i + 1]?.index ?? text.length);
      const data = parseJsonPrefix(body);
      if (data) out.push({ kind, version: Number(h[3]), data, current: !!h[1] });
    });
  }
  return out;
}

/** The JSON object at the start of a text (anything after its closing brace is ignored). */
function parseJsonPrefix(body: string): Record<string, unknown> | null {
  const start = body.indexOf('{');
  if (start < 0) return null;
  for (let end = body.lastIndexOf('}'); end > start; end = body.lastIndexOf('}', end - 1)) {
    try {
      const v: unknown = JSON.parse(body.slice(start, end + 1));
      return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
    } catch {
      // Try the previous closing brace: text may follow the JSON.
    }
  }
  return null;
}

const FIX = /^\s*fix\s+([A-Z][A-Z0-9_]+)\s+at\s+(\S*?)\s*(?::|$)/i;

function knowledgeOf(domain: Domain, messages: LlmMessage[]): Knowledge {
  const sources = [...new Set(filePassagesOf(messages).map((p) => p.filename))];
  // A document's content reaches the builders as facts with citations (ArtifactContext.grounding); the
  // knowledge is the vocabulary's or the draft's, never loose lines of a file.
  return {
    steps: domain.steps,
    stepsInOrder: domain.ordered,
    facts: domain.facts,
    myths: domain.myths,
    errors: domain.errors,
    terms: domain.terms,
    tools: domain.tools,
    sources,
    fromFiles: false,
  };
}

const LIST_CUE =
  /\b(?:covering|cover|covers|including|include|includes|such as|things like|like|focus(?:ing)? on|decisions?(?: points?)?|on|about|e\.g\.)\b\s*:?\s*/gi;
// "a customer's allergy question" is a subtopic; "5 questions", "questions" and "question types" are not.
const META =
  /\b\d+\s+(?:[\w-]+\s+){0,2}questions?\b|^\W*questions?\W*$|\bquestion (?:types?|formats?)\b|\b(?:quiz|items?|answers?|choice|true\/false|options?|minutes?|hours?|weeks?|days?|decision points?|objectives?|levels?|bloom|format|types?|mix|feedback|distractors?|scenario|learners?|staff|please|path|points?)\b|^\W*\d[\d.,%]*\W*$|\d+\s*-?\s*(?:min|h|hr|s|x|%)\b/i;

/**
 * The subtopics a request lists ("Cover the hierarchy of control, harness inspection, edge protection and
 * ladder use"; "(SSKIN, repositioning, skin inspection)"; "Decisions: isolate, escalate, communicate"): short
 * phrases of the request itself, for a draft to be built around. Empty when it lists none.
 */
export function subtopicsOf(message: string): string[] {
  const out: string[] = [];
  const brackets = [...message.matchAll(/\(([^()]{3,200})\)/g)].map((m) => m[1]!);
  const sentences = message.replace(/\([^()]*\)/g, ' ').split(/(?<=[.!?])\s+|\s+[—–]\s+/);
  const candidates: string[] = [...brackets];
  // "3 decision points — change control, trade-offs, communication": a list after a dash names the decisions.
  for (const m of message.matchAll(
    /\b(?:decision[- ]points?|decisions|choices|topics|areas)\s*[—–]\s*([^.;!?]+)/gi,
  ))
    candidates.push(m[1]!);
  for (const sentence of sentences) {
    const comma = sentence.indexOf(',');
    if (comma < 0 || !/,.*(?:\band\b|\bor\b|,)/.test(sentence)) continue;
    let from = -1;
    for (const m of sentence.matchAll(LIST_CUE)) if (m.index < comma) from = m.index + m[0].length;
    // A cue after other detail ("2 hours total, delivered on arrival, covering site rules, permits to work,
    // emergency procedures and PPE"): the first one a list follows.
    if (from < 0)
      for (const m of sentence.matchAll(LIST_CUE)) {
        const at = m.index + m[0].length;
        // Not "on"/"about"/"like" there: "delivered on arrival, covering …" is not a list of arrivals.
        if (/^(?:on|about|like)\b/i.test(m[0])) continue;
        if (m.index > comma && /,.*(?:\band\b|\bor\b|,)/.test(sentence.slice(at))) {
          from = at;
          break;
        }
      }
    const colon = sentence.indexOf(':');
    if (from < 0 && colon >= 0 && colon < comma) from = colon + 1;
    if (from >= 0) candidates.push(sentence.slice(from));
  }
  for (const list of candidates) {
    const items = list
      .split(/,|;|\band\b|\bor\b|\bvs\.?\b/)
      .map((x) =>
        x
          .replace(/[.!?:]+$/, '')
          .replace(/^[^:]*:\s*/, '')
          .replace(/^\s*(?:the|a|an|and|or|e\.g\.)\s+/i, '')
          .replace(/\s+/g, ' ')
          .trim(),
      )
      .filter(
        (x) =>
          x.length >= 3 &&
          x.split(' ').length <= 7 &&
          !META.test(x) &&
          !/^(?:for|to|with|in|at|by|from|of|who|which|that)\b/i.test(x),
      );
    if (items.length < 3) continue;
    for (const x of items) if (!out.some((o) => o.toLowerCase() === x.toLowerCase())) out.push(x);
  }
  return out.slice(0, 8);
}

/** A line naming an organisation or a page header rather than a subject. */
const HEADER_LINE =
  /\b(?:ltd|limited|plc|inc|llc|gmbh|trust|council|company|corporation|group|university|confidential|page \d+)\b|\|/i;

/**
 * What the user's files are about: a short first line that reads like a title ("Ladder safety checklist"),
 * else the first file's name, words spaced ("gmp-line-clearance.pptx" → "gmp line clearance").
 */
function fileTopic(messages: LlmMessage[]): string | null {
  const passages = filePassagesOf(messages);
  const first = passages.find((p) => p.part === 1) ?? passages[0];
  if (!first) return null;
  // The first of its opening lines that reads like a title: not the extraction's "Slide 1" / "Sheet: …" marks
  // (a deck's topic was "Slide 1"), not a company header.
  const line = first.text
    .split(/\n+/)
    .slice(0, 6)
    .map((l) => l.replace(/^[#\s]+/, '').trim())
    .find((l) => l && !/^(?:slide|sheet|page|tab)\b\s*(?:\d+|:)/i.test(l) && !HEADER_LINE.test(l));
  if (line && line.split(/\s+/).length <= 6 && !/[.!?:]$/.test(line))
    return line === line.toUpperCase() ? line.toLowerCase() : lowerFirst(line);
  return first.filename
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/[-_]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const TRAILING =
  /(?:[\s—–\-:;,]+|\s+(?:and|or|what|how|when|where|the|a|an|of|to|for|with|on|in|at|by|from|about))+$/i;
/** A topic never ends on a dash or a function word ("critical limits and what" → "critical limits"). */
export function tidyTopic(topic: string): string {
  let t = topic.trim();
  for (let prev = ''; prev !== t;) {
    prev = t;
    t = t.replace(TRAILING, '').trim();
  }
  return t || topic.trim();
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

export function artifactContextOf(
  messages: LlmMessage[],
  ctx: Pick<OfflineBuildContext, 'system' | 'profile'>,
): ArtifactContext {
  const all = [...ctx.system, ...messages];
  const userTexts = userTextsOf(messages);
  const text = userTexts[userTexts.length - 1] ?? '';
  const artifacts = sessionArtifactsOf(ctx.system);
  const current = artifacts.find((a) => a.current) ?? null;
  const sessionType = (ASSISTANT_SESSION_TYPES as readonly string[]).includes(ctx.profile ?? '')
    ? (ctx.profile as AssistantSessionType)
    : 'LND_COPILOT';

  const fixMatch = FIX.exec(text);
  const intent = fixMatch ? null : detectArtifactRequest(text, { sessionType, current });
  const command: OfflineCommand = fixMatch
    ? 'fix'
    : intent && intent.command !== 'create'
      ? intent.command
      : 'create';

  // The request that defines the artifact: this message when it creates one, else the latest earlier
  // message that named a topic.
  const request = parseArtifactRequest(command === 'create' ? text : '');
  const earlier = [...userTexts].reverse().map(parseArtifactRequest);
  const fromCurrent = current ?? artifacts[artifacts.length - 1] ?? null;
  const audience =
    request.audience ??
    (command !== 'create' ? str(fromCurrent?.data.audience) : null) ??
    earlier.find((r) => r.audience)?.audience ??
    null;
  // "questions on this checklist": the file names the subject better than the word for it.
  const documentWord =
    /^(?:checklist|document|file|policy|procedure|guide|slides|deck|notes|pdf|handbook|manual|text|attachment|upload)s?$/i;
  const requestTopic =
    request.topic && documentWord.test(request.topic) ? (fileTopic(all) ?? request.topic) : request.topic;
  const topic =
    requestTopic ??
    (command !== 'create' ? str(fromCurrent?.data.topic) : null) ??
    fileTopic(all) ??
    earlier.find((r) => r.topic)?.topic ??
    null;
  // Without a named topic: training for the audience. The vocabulary is chosen on the topic alone.
  const resolved = tidyTopic(topic ?? (audience ? `${audience} training` : 'workplace skills'));
  const subtopics = subtopicsOf(text);
  const domain = domainOf(resolved, audience, subtopics, text);
  return {
    text,
    userTexts,
    command,
    fix: fixMatch ? { code: fixMatch[1]!.toUpperCase(), path: fixMatch[2]! } : null,
    current,
    artifacts,
    request,
    topic: resolved,
    audience: audience ?? domain.audience,
    level: request.level,
    domain,
    knowledge: knowledgeOf(domain, all),
    grounding: groundingOf(all),
    subtopics,
    draft: domain.id === 'draft',
    sessionType,
    seed: hashOf(resolved.toLowerCase()),
  };
}

/** "preventing patient falls" → "Preventing patient falls". */
export const titleCase = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

/** Picks the i-th element of a list, wrapping around. */
export const pick = <T>(list: readonly T[], i: number): T =>
  list[((i % list.length) + list.length) % list.length]!;
