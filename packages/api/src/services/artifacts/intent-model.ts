// Whether a message asks for an artifact, and which kind, decided by the model when one is configured (issue
// 36): one small structured call (a one-field schema, a few tokens, a short deadline). The version commands
// ("revise …", "add scenario", "export plan") and the end of an SME interview are the session's state, not a
// reading of the message: the rules (intent.ts) decide those. Offline, or when the call fails or takes too
// long, the offline classifier decides everything, as before.
import { z } from 'zod';
import { ARTIFACT_KINDS, type ArtifactKind } from '../../schemas/artifacts.js';
import type { AssistantSessionType } from '../../schemas/assistant.js';
import type { LlmMessage, LlmProvider, LlmUsage } from '../llm/types.js';
import { detectArtifactRequest, type ArtifactIntent, type DetectArtifactOptions } from './intent.js';

/** How long the intent call may take before the offline classifier decides instead. */
export const INTENT_TIMEOUT_MS = 8_000;
/** Completion tokens of the intent call: `{"kind":"sme_summary"}` is about eight. */
export const INTENT_MAX_TOKENS = 40;
/** The message as the intent call sees it (pasted notes are long; their start says what they are). */
const INTENT_MESSAGE_CHARS = 4_000;
/** The answer before it, for a reply such as "yes, go ahead" (its end: where an offer would be). */
const INTENT_PREVIOUS_CHARS = 1_500;

export const INTENT_FORMAT_NAME = 'artifact_intent';
export const intentSchema = z.object({ kind: z.enum([...ARTIFACT_KINDS, 'none']) });

const KIND_MEANINGS: Record<ArtifactKind, string> = {
  objectives: 'a set of learning objectives',
  quiz: 'a quiz, knowledge check, test or assessment questions',
  scenario:
    'a branching scenario (a decision-based case or role play; also "turn this procedure into a scenario")',
  modality: 'a recommendation of delivery formats (which modality: eLearning, classroom, job aid, coaching…)',
  plan: 'a learning plan: a programme, curriculum, course outline, campaign or schedule of sessions or modules',
  sme_summary:
    "a summary of a subject-matter expert's input (interview notes, a walkthrough) into an outline, tasks, errors, objectives and gaps",
};

/** An intent with who decided it, and what deciding cost (the model's call). */
export type DecidedIntent = ArtifactIntent & { decidedBy: 'model' | 'rules'; usage?: LlmUsage };

/**
 * The intent call's messages: what each kind is, the session type, the assistant's previous answer (its end)
 * when there is one, then the user's message.
 */
export function intentMessages(
  message: string,
  sessionType: AssistantSessionType,
  previousAnswer?: string | null,
): LlmMessage[] {
  const text = message.length > INTENT_MESSAGE_CHARS ? `${message.slice(0, INTENT_MESSAGE_CHARS)}…` : message;
  const before =
    previousAnswer && previousAnswer.length > INTENT_PREVIOUS_CHARS
      ? `…${previousAnswer.slice(-INTENT_PREVIOUS_CHARS)}`
      : previousAnswer;
  return [
    {
      role: 'system',
      content: [
        'You route messages in an L&D assistant. Decide whether the user\'s message asks for one of these deliverables, and which; answer "none" for anything else (a question, advice, discussion, an answer to an interview question, a request for prose such as an email or a script).',
        ...ARTIFACT_KINDS.map((k) => `- ${k}: ${KIND_MEANINGS[k]}`),
        `The session type is ${sessionType}.${sessionType === 'SME_WALKTHROUGH' ? " In an SME walkthrough the user's answers to the interview are not requests; pasted interview notes to summarise are sme_summary." : ''}`,
        'Answer with the JSON object only.',
      ].join('\n'),
    },
    ...(before ? [{ role: 'assistant' as const, content: before }] : []),
    { role: 'user', content: text },
  ];
}

/** The kind the model reads in a message ("none": conversation). Throws when the call fails. */
export async function modelArtifactKind(
  llm: LlmProvider,
  message: string,
  sessionType: AssistantSessionType,
  o: { signal?: AbortSignal; timeoutMs?: number; previousAnswer?: string | null } = {},
): Promise<{ kind: ArtifactKind | 'none'; usage: LlmUsage }> {
  const deadline = AbortSignal.timeout(o.timeoutMs ?? INTENT_TIMEOUT_MS);
  const { object, usage } = await llm.generateObject({
    schema: intentSchema,
    name: INTENT_FORMAT_NAME,
    description: 'Which deliverable the message asks for',
    messages: intentMessages(message, sessionType, o.previousAnswer),
    maxTokens: INTENT_MAX_TOKENS,
    temperature: 0,
    signal: o.signal ? AbortSignal.any([o.signal, deadline]) : deadline,
  });
  return { kind: object.kind, usage };
}

/**
 * The artifact a message asks for: the rules for the version commands and the end of an SME interview, the
 * model for the rest when `llm` is a model, the rules otherwise or when the model's call fails.
 */
export async function decideArtifactIntent(
  llm: LlmProvider | undefined,
  message: string,
  opts: DetectArtifactOptions,
  o: {
    signal?: AbortSignal;
    timeoutMs?: number;
    /** The assistant's previous answer: "yes, do that" may accept an offer made there. */
    previousAnswer?: string | null;
    onError?: (err: unknown) => void;
  } = {},
): Promise<DecidedIntent | null> {
  const rules = detectArtifactRequest(message, opts);
  const byRules = rules && { ...rules, decidedBy: 'rules' as const };
  if (!llm || llm.kind === 'offline' || !message.trim()) return byRules;
  const interviewEnd = opts.sessionType === 'SME_WALKTHROUGH' && rules?.kind === 'sme_summary';
  if (rules && (rules.command !== 'create' || interviewEnd)) return byRules;
  try {
    const { kind, usage } = await modelArtifactKind(llm, message, opts.sessionType, o);
    return kind === 'none' ? null : { kind, command: 'create', decidedBy: 'model', usage };
  } catch (err) {
    if (o.signal?.aborted) throw err;
    o.onError?.(err);
    return byRules;
  }
}
