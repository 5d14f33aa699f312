// Which typed artifact (if any) an assistant message asks for. The version commands (revise, add scenario,
// export plan) and the SME interview's end are decided here, from the session; which kind a request asks for
// is the request parser's (content/request.ts classifyKind). Plain conversation returns null so the normal
// streamed text answer stays. Deterministic: the same message always gives the same intent.
import type { ArtifactKind } from '../../schemas/artifacts.js';
import type { AssistantSessionType } from '../../schemas/assistant.js';
import { classifyKind, looksLikeNotes, REQUEST_VERB } from '../content/request.js';
import { smeStateOf } from '../llm/assistant-sme.js';

export type ArtifactCommand = 'create' | 'revise' | 'add_scenario' | 'export_plan';

export interface ArtifactIntent {
  kind: ArtifactKind;
  command: ArtifactCommand;
}

export interface DetectArtifactOptions {
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
/** Short edit commands that only make sense about the artifact on screen. */
const EDIT =
  /^(?:please\s+)?(?:(?:make|rewrite|redo)\s+(?:it|this|them|these)\s+)?(?:shorter|simpler|longer|easier|harder|plainer|more\s+(?:concise|advanced|challenging|basic)|less\s+(?:technical|wordy)|add\s+(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+more)\b/i;

const SUMMARISE =
  /^(?:please\s+)?(?:summari[sz]e|summary|wrap\s+(?:it\s+)?up|that'?s\s+(?:all|it|everything)|i'?m\s+done|done|finish(?:\s+up)?)\b/i;

export function detectArtifactRequest(message: string, opts: DetectArtifactOptions): ArtifactIntent | null {
  const t = message.replace(/\s+/g, ' ').trim();
  if (!t) return null;

  if (EXPORT_PLAN.test(t)) return { kind: 'plan', command: 'export_plan' };
  if (ADD_SCENARIO.test(t)) return { kind: 'scenario', command: 'add_scenario' };
  if (REVISE.test(t) || (opts.current && EDIT.test(t)))
    return opts.current ? { kind: opts.current.kind, command: 'revise' } : null;

  if (opts.sessionType === 'SME_WALKTHROUGH') {
    const state = smeStateOf([...(opts.previousUserTexts ?? []), t]);
    const inWalkthrough = state.mode === 'walkthrough' && state.event !== 'debrief';
    const ended =
      state.event === 'summary' ||
      (SUMMARISE.test(t) && (state.walkthrough.complete || !opts.previousUserTexts));
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
