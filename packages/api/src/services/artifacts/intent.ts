// The one offline intent classifier: which typed artifact (if any) a chat or assistant message asks for, the
// version commands (revise, add scenario, export plan), the SME interview's end, and what a conversational
// message is (a greeting, an SME interview, a question on learning technology). Which kind a request asks for
// is the request parser's (content/request.ts classifyKind). Plain conversation returns null so the normal
// streamed text answer stays. Deterministic: the same message always gives the same intent. With a model
// configured, artifacts/intent-model.ts asks it first and falls back to these rules.
import type { ArtifactKind } from '../../schemas/artifacts.js';
import type { AssistantSessionType } from '../../schemas/assistant.js';
import { classifyKind, looksLikeNotes, REQUEST_VERB } from '../content/request.js';
import { isSummaryRequest, smeStateOf } from '../llm/assistant-sme.js';

export type ArtifactCommand = 'create' | 'revise' | 'add_scenario' | 'export_plan';

export interface ArtifactIntent {
  kind: ArtifactKind;
  command: ArtifactCommand;
}

export interface DetectArtifactOptions {
  /** The assistant session's type (the chat reads its messages as the L&D copilot does). */
  sessionType: AssistantSessionType;
  /** The session's current (latest) artifact, which revise applies to. */
  current: { kind: ArtifactKind } | null;
  /**
   * The session's earlier user messages, oldest first (without `message`). Lets an SME walkthrough whose last
   * answer completes the interview produce its summary; without them only "summarise" does.
   */
  previousUserTexts?: string[];
}

const EXPORT_PLAN =
  /^(?:please\s+)?export\s+(?:the\s+|my\s+|a\s+|this\s+)?(?:learning\s+|training\s+)?plan\b/i;
const ADD_SCENARIO = /^(?:please\s+)?add\s+(?:a\s+|another\s+|one\s+more\s+)?(?:branching\s+)?scenario\b/i;
const REVISE = /^(?:please\s+)?revise\b/i;

/** The version command a message opens with ("revise: …", "add scenario", "export plan"), or null. */
export function versionCommandOf(message: string): Exclude<ArtifactCommand, 'create'> | null {
  const t = message.replace(/\s+/g, ' ').trim();
  if (EXPORT_PLAN.test(t)) return 'export_plan';
  if (ADD_SCENARIO.test(t)) return 'add_scenario';
  if (REVISE.test(t)) return 'revise';
  return null;
}

/** What a message that asks for no artifact is, when it is one of the conversations the offline answers know. */
export type ConversationIntent = 'greeting' | 'sme_interview' | 'technology';

const GREETING =
  /^(?:hi|hello|hey|good (?:morning|afternoon|evening))\b[\s!.,]*(?:$|(?:what|how) can you help(?: me)?(?: (?:create|do|with))?\b)/i;
const SME_INTERVIEW = /\bsme\b|\bsubject[- ]matter expert\b|\bwalk-?through\b/i;
const TECHNOLOGY = /\b(?:xapi|scorm|cmi5|lms|lrs|tin can|wcag|accessibility|json)\b/i;

/**
 * A greeting (or the dashboard's "Hello! What can you help me create today?"), an SME interview asked for
 * ("start an SME walkthrough on …"), or a question on learning technology (SCORM, xAPI, WCAG); null for
 * anything else. Asked after detectArtifactRequest: a deliverable is an artifact whatever words it uses.
 */
export function conversationIntentOf(message: string): ConversationIntent | null {
  const t = message.replace(/\s+/g, ' ').trim();
  if (GREETING.test(t)) return 'greeting';
  if (SME_INTERVIEW.test(t)) return 'sme_interview';
  if (TECHNOLOGY.test(t)) return 'technology';
  return null;
}
/** Short edit commands that only make sense about the artifact on screen. */
const EDIT =
  /^(?:please\s+)?(?:(?:make|rewrite|redo)\s+(?:it|this|them|these)\s+)?(?:shorter|simpler|longer|easier|harder|plainer|more\s+(?:concise|advanced|challenging|basic)|less\s+(?:technical|wordy)|add\s+(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+more)\b/i;

export function detectArtifactRequest(message: string, opts: DetectArtifactOptions): ArtifactIntent | null {
  const t = message.replace(/\s+/g, ' ').trim();
  if (!t) return null;

  const command = versionCommandOf(t);
  if (command === 'export_plan') return { kind: 'plan', command };
  if (command === 'add_scenario') return { kind: 'scenario', command };
  if (command === 'revise' || (opts.current && EDIT.test(t)))
    return opts.current ? { kind: opts.current.kind, command: 'revise' } : null;

  if (opts.sessionType === 'SME_WALKTHROUGH') {
    const state = smeStateOf([...(opts.previousUserTexts ?? []), t]);
    const inWalkthrough = state.mode === 'walkthrough' && state.event !== 'debrief';
    const ended =
      state.event === 'summary' ||
      (isSummaryRequest(t) && (state.walkthrough.complete || !opts.previousUserTexts));
    if (inWalkthrough && ended) return { kind: 'sme_summary', command: 'create' };
    // Interview notes pasted in one go are the interview: their summary is the artifact.
    if (state.mode !== 'simulation' && looksLikeNotes(message))
      return { kind: 'sme_summary', command: 'create' };
    // Everything else in a walkthrough is an answer or a question to the (simulated) expert, unless it
    // plainly asks for a deliverable.
    if (!REQUEST_VERB.test(t)) return null;
  }

  const { kind } = classifyKind(message, opts.sessionType);
  return kind === 'none' ? null : { kind, command: 'create' };
}
