// Asking the model for a typed artifact (llm.generateObject with the kind's zod schema). The messages are the
// assistant's prompt with its system prompt replaced by what good looks like for the kind; the version
// commands and Fix add the current artifact as a system message in the one form the offline builders read:
// `[current artifact: <kind> v<version>]` then the data as JSON on the next lines.
// With a model (not the offline provider), an artifact that passes the schema is checked — structure, quality
// and conformance to the parsed request (checks.ts) — and any warnings drive ONE repair turn: the model sees
// its JSON, the warnings in plain words, the request, the session type's rules and the file context, and the
// repaired artifact is kept only when it has fewer warnings (issue 36). `max_tokens` fits the kind and the
// counts asked for (artifactMaxTokens).
import {
  ARTIFACT_FORMAT_NAMES,
  ARTIFACT_KIND_LABELS,
  ARTIFACT_SCHEMAS,
  type ArtifactData,
  type ArtifactKind,
  type ArtifactWarning,
} from '../../schemas/artifacts.js';
import type { AssistantSessionType } from '../../schemas/assistant.js';
import { ARTIFACT_SESSION_RULES } from '../assistant/prompts.js';
import type { ParsedRequest } from '../content/request.js';
import { addUsage, LlmError, type LlmMessage, type LlmProvider, type LlmUsage } from '../llm/types.js';
import { checkArtifact } from './checks.js';
import type { CitedChunks } from './citations.js';

const BASE = `You are an expert instructional designer inside an L&D assistant. Produce the requested deliverable as one JSON object that matches the given schema exactly. Write concrete, practical content for the stated topic and audience (when the audience is not stated, choose a sensible one and name it). When excerpts of the user's files are provided, base the content on them and never invent facts attributed to them. Ids are short and unique within the artifact (e.g. "o1", "q1", "n1").`;

const KIND_RULES: Record<ArtifactKind, string> = {
  objectives: `Learning objectives, ABCD form: audience, one measurable action verb (never "understand", "know", "learn", "be aware of", "appreciate"), the observable behaviour starting with that verb, a condition and a criterion. The verb must match the Bloom level (e.g. Remember: list, identify; Apply: demonstrate, use; Evaluate: justify, assess). Prefer higher levels where the job requires them; one behaviour per objective.`,
  quiz: `A quiz / knowledge check. Write the number and types of items asked for (default 5 single-choice items). Every choice item has exactly one key (multiple_choice: one or more correct options), 3–4 options, feedback on EVERY option saying why it is right or which misconception it reveals, and plausible distractors drawn from real mistakes that match the key in length and grammar; never "all of the above" or "none of the above". true_false items have options "True" and "False". short_answer items list accepted answers; matching items list pairs; ordering items list 3–8 steps in their correct order (steps; null for every other type). Link each item to an objective (objectiveId) and make sure every objective is assessed. Pass mark 80 unless asked otherwise.`,
  scenario: `A branching scenario. A realistic situation for the audience, a start node, 2–4 choices per decision node, each choice leading to an existing node with a consequence and a score (negative for harmful choices). Every node must be reachable from the start node; every path must end at an ending node (no choices, an ending with outcome success, partial or failure and a summary). Include at least one success and one failure ending; no dead ends.`,
  modality: `A modality recommendation. List the constraints that matter (audience size, locations, shifts, devices, budget, time to competence) and, for each objective or need, the best modality with a rationale tied to those constraints, the development effort and the tools. Prefer the smallest intervention that works (a job aid over a course where it suffices). End with a summary of the blend.`,
  plan: `A learning plan. Modules in order, each with a duration in minutes, a modality, 1–3 objectives with measurable verbs, practice activities (with minutes) and an assessment. totalMinutes is the sum of the module durations and fits the duration asked for; put practice before assessment and space the practice.`,
  sme_summary: `A summary of the SME interview in this conversation: a content outline (one module per key task, one on common errors, one on practice and assessment), the tasks with their steps, the common errors with consequence and fix, draft Bloom-aligned objectives with measurable verbs, and the gaps still to confirm with the expert. Use only what the expert said; put open points in gaps.`,
};

/** Where the citations go: every part drawn from a file says which passage, verbatim (checked on save). */
const CITATIONS = `Citations: where an objective, a quiz item, a scenario node or a plan module is drawn from the user's files, set its "source" to the passage it comes from: fileId and fileName as in the passage's marker "[file: name, part N of M, id ID]", part = N, and quote = a short passage (one or two sentences) copied character for character from that part. Set "source" to null where the content is not drawn from a file. Never cite a passage that does not say what the part states.`;

/** The system instruction for generating one kind (in a session of `sessionType`, whose rules it keeps). */
export function artifactInstruction(kind: ArtifactKind, sessionType?: AssistantSessionType | null): string {
  return [
    BASE,
    `Deliverable: ${ARTIFACT_KIND_LABELS[kind]}.\n${KIND_RULES[kind]}`,
    ...(sessionType ? [ARTIFACT_SESSION_RULES[sessionType]] : []),
    CITATIONS,
  ].join('\n\n');
}

/** The most completion tokens an artifact may take, and the least. */
export const ARTIFACT_MAX_TOKENS = 16_000;
export const ARTIFACT_MIN_TOKENS = 1_200;

/**
 * Completion tokens for one artifact: a base plus an estimate per part (an item with four options, feedback on
 * each and a citation is ≈450 tokens; an objective ≈220; a scenario node with its choices ≈450; a plan module
 * ≈450), from the counts the request asks for or the kind's defaults; between ARTIFACT_MIN_TOKENS and
 * ARTIFACT_MAX_TOKENS. A 20-item quiz so gets about four times what a 5-item one does.
 */
export function artifactMaxTokens(kind: ArtifactKind, request: ParsedRequest | null = null): number {
  const r = request;
  const between = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));
  let n: number;
  switch (kind) {
    case 'objectives':
      n = 400 + 220 * between(r?.objectiveCount ?? 5, 1, 30);
      break;
    case 'quiz': {
      const items = between(r?.itemCount ?? 5, 1, 50);
      n = 500 + 450 * items + 60 * Math.ceil(items / 2);
      break;
    }
    case 'scenario':
      // Decisions along a path, each with a node per choice's consequence, and the endings.
      n = 600 + 450 * (2 * between(r?.decisionPoints ?? 3, 1, 12) + 3);
      break;
    case 'modality':
      n = 800 + 320 * between(Math.max(r?.modalities.length ?? 0, 5), 1, 20);
      break;
    case 'plan': {
      const modules = r?.moduleCount ?? r?.duration?.days ?? 6;
      n = 600 + 450 * between(modules, 2, 40);
      break;
    }
    default:
      n = 4_500;
  }
  return between(Math.round(n), ARTIFACT_MIN_TOKENS, ARTIFACT_MAX_TOKENS);
}

/** The system message naming the artifact a command applies to (the form the offline builders read). */
export function currentArtifactMessage(kind: ArtifactKind, version: number, data: unknown): LlmMessage {
  return {
    role: 'system',
    content: `[current artifact: ${kind} v${version}]\n${JSON.stringify(data, null, 2)}`,
  };
}

/** The user message of Fix. */
export const fixCommand = (w: Pick<ArtifactWarning, 'code' | 'path' | 'message'>) =>
  `Fix ${w.code} at ${w.path}: ${w.message}`;

export interface GenerateArtifactRequest {
  kind: ArtifactKind;
  /** The session's type: its rules stay in the artifact instruction. */
  sessionType?: AssistantSessionType | null;
  /** The parsed request the artifact answers: sizes max_tokens and drives the conformance repair. */
  request?: ParsedRequest | null;
  /**
   * One repair turn when the checks find warnings (default true; only with a model, never offline). Fix asks
   * for one warning's repair and turns it off.
   */
  repair?: boolean;
  /**
   * The texts of the chunks an artifact's sources cite (citations.ts, read from the session's files): a quote
   * not found in its chunk is a warning (UNVERIFIED_CITATION) the repair turn sees too.
   */
  citedChunks?: (data: ArtifactData) => Promise<CitedChunks>;
  /** The conversation's messages (system prompt first, then context, history and the user's message). */
  messages: LlmMessage[];
  /** The artifact a command applies to (revise, add scenario, export plan, Fix), if any. */
  current?: { kind: ArtifactKind; version: number; data: unknown } | null;
  signal?: AbortSignal;
  profile?: string;
}

/**
 * The kind's instruction replaces the conversation's own system prompt (the rest — file context, history, the
 * user's message — stays); the current artifact goes right before the user's message.
 */
export function artifactMessages(
  r: Pick<GenerateArtifactRequest, 'kind' | 'messages' | 'current' | 'sessionType'>,
): LlmMessage[] {
  const rest = r.messages[0]?.role === 'system' ? r.messages.slice(1) : r.messages;
  const last = rest.at(-1);
  const before = last ? rest.slice(0, -1) : rest;
  return [
    { role: 'system', content: artifactInstruction(r.kind, r.sessionType) },
    ...before,
    ...(r.current ? [currentArtifactMessage(r.current.kind, r.current.version, r.current.data)] : []),
    ...(last ? [last] : []),
  ];
}

/** What the repair turn did: warnings before and after, and which version was kept. */
export interface ArtifactRepair {
  before: number;
  /** Null when the repair call failed (the first version is kept). */
  after: number | null;
  kept: 'repaired' | 'first';
}

export interface GeneratedArtifact {
  data: ArtifactData;
  /** Every request's usage added up (the repair turn's included). */
  usage: LlmUsage;
  /** The repair turn, when one was sent. */
  repair: ArtifactRepair | null;
}

/** The user turn that asks the model to repair its artifact: the warnings in plain words and the request. */
export function repairTurnPrompt(
  kind: ArtifactKind,
  warnings: ArtifactWarning[],
  request: ParsedRequest | null,
): string {
  const noun = ARTIFACT_KIND_LABELS[kind].toLowerCase();
  return [
    `The checks found ${warnings.length === 1 ? 'a problem' : `${warnings.length} problems`} in this ${noun}:`,
    ...warnings.map(
      (w) =>
        `- ${w.message}${w.path ? ` (at ${w.path})` : ''}${w.suggestion ? ` Suggested: ${w.suggestion}.` : ''}`,
    ),
    ...(request ? ['', `The request it must answer: "${request.text}"`] : []),
    '',
    `Write the whole ${noun} again as one JSON object with these problems fixed. Keep what is already right, follow the request's counts, item types, levels and duration exactly, and keep every citation (source) a verbatim quote of the part it names.`,
  ].join('\n');
}

const aborted = (err: unknown, signal?: AbortSignal) =>
  signal?.aborted || (err instanceof LlmError && err.kind === 'aborted');

export async function generateArtifact(
  llm: LlmProvider,
  r: GenerateArtifactRequest,
): Promise<GeneratedArtifact> {
  const messages = artifactMessages(r);
  const ask = (msgs: LlmMessage[]) =>
    llm.generateObject({
      schema: ARTIFACT_SCHEMAS[r.kind],
      name: ARTIFACT_FORMAT_NAMES[r.kind],
      description: `${ARTIFACT_KIND_LABELS[r.kind]} for learning and development`,
      messages: msgs,
      signal: r.signal,
      profile: r.profile,
      // The offline provider builds from rules; only a model's answer needs room.
      ...(llm.kind === 'offline' ? {} : { maxTokens: artifactMaxTokens(r.kind, r.request) }),
    });
  const first = await ask(messages);
  const data = first.object as ArtifactData;
  if (llm.kind === 'offline' || r.repair === false) return { data, usage: first.usage, repair: null };

  const warningsOf = async (d: ArtifactData) =>
    checkArtifact(r.kind, d as never, r.request ?? null, await r.citedChunks?.(d));
  const warnings = await warningsOf(data);
  if (warnings.length === 0) return { data, usage: first.usage, repair: null };
  let second;
  try {
    second = await ask([
      ...messages,
      { role: 'assistant', content: JSON.stringify(data) },
      { role: 'user', content: repairTurnPrompt(r.kind, warnings, r.request ?? null) },
    ]);
  } catch (err) {
    if (aborted(err, r.signal)) throw err;
    // A failed repair keeps the first answer: its warnings stay on the card.
    return { data, usage: first.usage, repair: { before: warnings.length, after: null, kept: 'first' } };
  }
  const repaired = second.object as ArtifactData;
  const after = (await warningsOf(repaired)).length;
  const better = after < warnings.length;
  return {
    data: better ? repaired : data,
    usage: addUsage(first.usage, second.usage),
    repair: { before: warnings.length, after, kept: better ? 'repaired' : 'first' },
  };
}

/** The repair turn in a few words, for the usage log. */
export function describeRepair(repair: ArtifactRepair): string {
  const outcome =
    repair.after === null
      ? 'the repair failed; kept the first version'
      : `${repair.before} → ${repair.after} warnings; kept the ${repair.kept === 'repaired' ? 'repaired' : 'first'} version`;
  return `artifact repair turn (${outcome})`;
}
