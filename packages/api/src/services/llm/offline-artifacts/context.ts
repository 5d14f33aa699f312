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
import { filePassagesOf, fileStatements } from '../offline-assistant.js';
import type { OfflineBuildContext } from '../offline-objects.js';
import type { LlmMessage } from '../types.js';
import { domainOf, type Domain, type DomainError } from './domains.js';

export type OfflineCommand = 'create' | 'revise' | 'add_scenario' | 'export_plan' | 'fix';

export interface SessionArtifact {
  kind: ArtifactKind;
  version: number;
  data: Record<string, unknown>;
  current: boolean;
}

/** The content a builder writes from: file statements first, then the domain's vocabulary. */
export interface Knowledge {
  steps: string[];
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
  const passages = filePassagesOf(messages);
  const statements = fileStatements(passages, 10).map((s) => s.text);
  const sources = [...new Set(passages.map((p) => p.filename))];
  if (statements.length >= 3) {
    // The user's own material is the content: a checklist's steps become the steps, facts and errors.
    return {
      steps: statements,
      facts: statements,
      myths: statements.map((s) => `“${s}” can be left out when you are short of time`),
      errors: statements.map((s) => ({
        error: `Leaving out “${lowerFirst(s)}”`,
        consequence: 'the procedure is incomplete and the risk it controls is left open',
        fix: s,
      })),
      terms: domain.terms,
      tools: [...sources.map((f) => f.replace(/\.[a-z0-9]+$/i, '')), ...domain.tools].slice(0, 6),
      sources,
      fromFiles: true,
    };
  }
  return {
    steps: domain.steps,
    facts: domain.facts,
    myths: domain.myths,
    errors: domain.errors,
    terms: domain.terms,
    tools: domain.tools,
    sources,
    fromFiles: false,
  };
}

/** What the user's files are about: a short first-line heading, else the first file's name. */
function fileTopic(messages: LlmMessage[]): string | null {
  const passages = filePassagesOf(messages);
  const first = passages.find((p) => p.part === 1) ?? passages[0];
  if (!first) return null;
  const line = first.text
    .split(/\n+/)[0]!
    .replace(/^[#\s]+/, '')
    .trim();
  if (line && line.split(/\s+/).length <= 6 && !/[.!?:]$/.test(line)) return lowerFirst(line);
  return first.filename.replace(/\.[a-z0-9]+$/i, '').replace(/[-_]+/g, ' ');
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
  // Without a named topic, the field the conversation is about ("… for 300 warehouse staff" → warehouse
  // safety), else training for the audience.
  const contextDomain = domainOf(topic ?? '', userTexts.join('\n'), audience);
  const resolved =
    topic ??
    (contextDomain.id !== 'generic'
      ? contextDomain.label
      : audience
        ? `${audience} training`
        : 'workplace skills');
  const domain = domainOf(resolved, userTexts.join('\n'), audience);
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
    sessionType,
    seed: hashOf(resolved.toLowerCase()),
  };
}

/** "preventing patient falls" → "Preventing patient falls". */
export const titleCase = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

/** Picks the i-th element of a list, wrapping around. */
export const pick = <T>(list: readonly T[], i: number): T =>
  list[((i % list.length) + list.length) % list.length]!;
