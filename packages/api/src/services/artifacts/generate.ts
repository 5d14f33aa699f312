// Asking the model for a typed artifact (llm.generateObject with the kind's zod schema). The messages are the
// assistant's prompt with its system prompt replaced by what good looks like for the kind; the version
// commands and Fix add the current artifact as a system message in the one form the offline builders read:
// `[current artifact: <kind> v<version>]` then the data as JSON on the next lines.
import {
  ARTIFACT_FORMAT_NAMES,
  ARTIFACT_KIND_LABELS,
  ARTIFACT_SCHEMAS,
  type ArtifactData,
  type ArtifactKind,
  type ArtifactWarning,
} from '../../schemas/artifacts.js';
import type { LlmMessage, LlmProvider, LlmUsage } from '../llm/types.js';

const BASE = `You are an expert instructional designer inside an L&D assistant. Produce the requested deliverable as one JSON object that matches the given schema exactly. Write concrete, practical content for the stated topic and audience (when the audience is not stated, choose a sensible one and name it). When excerpts of the user's files are provided, base the content on them and never invent facts attributed to them. Ids are short and unique within the artifact (e.g. "o1", "q1", "n1").`;

const KIND_RULES: Record<ArtifactKind, string> = {
  objectives: `Learning objectives, ABCD form: audience, one measurable action verb (never "understand", "know", "learn", "be aware of", "appreciate"), the observable behaviour starting with that verb, a condition and a criterion. The verb must match the Bloom level (e.g. Remember: list, identify; Apply: demonstrate, use; Evaluate: justify, assess). Prefer higher levels where the job requires them; one behaviour per objective.`,
  quiz: `A quiz / knowledge check. Write the number and types of items asked for (default 5 single-choice items). Every choice item has exactly one key (multiple_choice: one or more correct options), 3–4 options, feedback on EVERY option saying why it is right or which misconception it reveals, and plausible distractors drawn from real mistakes that match the key in length and grammar; never "all of the above" or "none of the above". true_false items have options "True" and "False". short_answer items list accepted answers; matching items list pairs. Link each item to an objective (objectiveId) and make sure every objective is assessed. Pass mark 80 unless asked otherwise.`,
  scenario: `A branching scenario. A realistic situation for the audience, a start node, 2–4 choices per decision node, each choice leading to an existing node with a consequence and a score (negative for harmful choices). Every node must be reachable from the start node; every path must end at an ending node (no choices, an ending with outcome success, partial or failure and a summary). Include at least one success and one failure ending; no dead ends.`,
  modality: `A modality recommendation. List the constraints that matter (audience size, locations, shifts, devices, budget, time to competence) and, for each objective or need, the best modality with a rationale tied to those constraints, the development effort and the tools. Prefer the smallest intervention that works (a job aid over a course where it suffices). End with a summary of the blend.`,
  plan: `A learning plan. Modules in order, each with a duration in minutes, a modality, 1–3 objectives with measurable verbs, practice activities (with minutes) and an assessment. totalMinutes is the sum of the module durations and fits the duration asked for; put practice before assessment and space the practice.`,
  sme_summary: `A summary of the SME interview in this conversation: a content outline (one module per key task, one on common errors, one on practice and assessment), the tasks with their steps, the common errors with consequence and fix, draft Bloom-aligned objectives with measurable verbs, and the gaps still to confirm with the expert. Use only what the expert said; put open points in gaps.`,
};

/** The system instruction for generating one kind. */
export function artifactInstruction(kind: ArtifactKind): string {
  return `${BASE}\n\nDeliverable: ${ARTIFACT_KIND_LABELS[kind]}.\n${KIND_RULES[kind]}`;
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
export function artifactMessages(r: Omit<GenerateArtifactRequest, 'signal' | 'profile'>): LlmMessage[] {
  const rest = r.messages[0]?.role === 'system' ? r.messages.slice(1) : r.messages;
  const last = rest.at(-1);
  const before = last ? rest.slice(0, -1) : rest;
  return [
    { role: 'system', content: artifactInstruction(r.kind) },
    ...before,
    ...(r.current ? [currentArtifactMessage(r.current.kind, r.current.version, r.current.data)] : []),
    ...(last ? [last] : []),
  ];
}

export async function generateArtifact(
  llm: LlmProvider,
  r: GenerateArtifactRequest,
): Promise<{ data: ArtifactData; usage: LlmUsage }> {
  const { object, usage } = await llm.generateObject({
    schema: ARTIFACT_SCHEMAS[r.kind],
    name: ARTIFACT_FORMAT_NAMES[r.kind],
    description: `${ARTIFACT_KIND_LABELS[r.kind]} for learning and development`,
    messages: artifactMessages(r),
    signal: r.signal,
    profile: r.profile,
  });
  return { data: object as ArtifactData, usage };
}
