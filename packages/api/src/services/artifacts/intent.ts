// Which typed artifact (if any) an assistant message asks for. Explicit asks ("5 multiple-choice questions on
// GDPR", "write objectives for…", "eLearning vs virtual classroom vs job aid") and the version commands
// (revise, add scenario, export plan) make an artifact; plain conversation returns null so the normal streamed
// text answer stays. Deterministic regular expressions only: the same message always gives the same intent.
import type { ArtifactKind } from '../../schemas/artifacts.js';
import type { AssistantSessionType } from '../../schemas/assistant.js';
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

/** A request for a deliverable: an imperative, or "I need / can you …" before it. */
const REQUEST_VERB =
  /\b(?:create|write|make|build|design|draft|generate|produce|prepare|develop|put together|give me|come up with|suggest|recommend|outline|plan out|turn (?:this|it|these) into)\b|^(?:i|we)\s+(?:need|want|would like)\b/i;
/** A question about something rather than an ask for a deliverable. */
const QUESTION =
  /^(?:what|why|how|who|when|where|is|are|does|do|did|should|explain|tell me|define|describe)\b|\?\s*$|\b(?:explain|tell me about|what (?:is|are|makes)|difference between|how (?:do|should|can) i)\b/i;
/** A message that is itself the name of a deliverable: "a branching scenario about…", "5 questions on…". */
const NOUN_PHRASE_START =
  /^(?:(?:a|an|the|some|\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty)\b|(?:learning|training|onboarding|branching|multiple|single|true|short|quiz|scenario|objectives?|advanced|basic|introductory|intermediate|measurable|smart|simple|quick|new|virtual|online|self-paced|blended)\b)/i;

const COUNT =
  '(?:\\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|a few|several)';
/** Nouns of each kind; the one that appears first in the message is what it asks for. */
const KIND_NOUNS: [ArtifactKind, RegExp][] = [
  [
    'quiz',
    new RegExp(
      `\\b(?:quiz(?:zes)?|knowledge checks?|assessment(?: items?| questions?)?|test (?:items?|questions?)|exam questions?|mcqs?|${COUNT}\\s+(?:[\\w/-]+\\s+){0,3}(?:questions?|items?))\\b|\\b(?:multiple[- ]choice|single[- ]choice|true[- /]?(?:or[- ])?false|short[- ]answer|matching)\\s+(?:questions?|items?)\\b`,
      'i',
    ),
  ],
  ['scenario', /\b(?:branching\s+)?scenarios?\b(?![- ]based)|\brole[- ]?plays?\b|\bbranching\b/i],
  ['objectives', /\b(?:learning\s+|performance\s+)?objectives?\b|\blearning outcomes?\b|\boutcomes\b/i],
  [
    'modality',
    /\bmodalit(?:y|ies)\b|\bdelivery (?:formats?|methods?|modes?)\b|\bblended (?:approach|solution|design)\b|\bwhich (?:format|medium)\b/i,
  ],
  [
    'plan',
    /\b(?:learning|training|onboarding|development|study|course|induction|rollout|lesson)\s+plans?\b|\bplan\b|\bcurriculum\b|\bprogram(?:me)?\b|\bonboarding\b|\binduction\b|\bcourse(?: outline)?\b|\broadmap\b|\bsyllabus\b|\bmodules?\b|\bworkshops?\b|\bbootcamp\b|\bsessions?\b|\bwebinars?\b|\blessons?\b|\bmasterclass\b|\be-?learning (?:module|course)\b|\bmicro-?learning\b|\bseries\b/i,
  ],
];

/** Delivery options compared ("eLearning vs virtual classroom vs job aid"). */
const MODALITY_WORDS =
  /\b(?:e-?learning|virtual classroom|v?ilt|instructor[- ]led|classroom|job aids?|videos?|micro-?learning|coaching|simulations?|webinars?|workshops?|on[- ]the[- ]job|podcasts?|self[- ]paced|face[- ]to[- ]face|in[- ]person|online)\b/gi;
const COMPARISON = /\b(?:vs\.?|versus|or|which|compare|choose|best|should)\b/i;

/** "Which modality / delivery format …?": asking for modality advice is a deliverable even as a question. */
const MODALITY_QUESTION =
  /\b(?:best|right|most effective) way to (?:deliver|roll out|run)\b|\bhow (?:should|do|can|could) (?:we|i) (?:deliver|roll out)\b|\b(?:which|what|best|right)\s+(?:modalit(?:y|ies)|delivery\s+(?:formats?|methods?|modes?)|formats?|medium|media|blend)\b/i;

function modalityComparison(t: string): boolean {
  if (MODALITY_QUESTION.test(t)) return true;
  const found = new Set((t.match(MODALITY_WORDS) ?? []).map((w) => w.toLowerCase()));
  return found.size >= 2 && COMPARISON.test(t);
}

/** A deliverable that names no kind ("make one", "create some training"). */
const DELIVERABLE = /\b(?:one|some|something|training|materials?|content|them)\b/i;

/** Where the subject of a request starts ("… for new nurses", "… on GDPR"). */
const SUBJECT_START = /\s(?:for|on|about|covering|regarding|teaching|around|concerning|from)\s/i;

/** The kind whose noun comes first in the message, if any. */
function namedKind(t: string): ArtifactKind | null {
  let best: { kind: ArtifactKind; at: number } | null = null;
  for (const [kind, re] of KIND_NOUNS) {
    const m = re.exec(t);
    if (m && (!best || m.index < best.at)) best = { kind, at: m.index };
  }
  return best?.kind ?? null;
}

/** The kind a session type implies for a deliverable that names none ("make one for the fire-safety module"). */
const SESSION_KIND: Partial<Record<AssistantSessionType, ArtifactKind>> = {
  ASSESSMENT_BUILDER: 'quiz',
  MICROLEARNING: 'plan',
  LND_COPILOT: 'plan',
};

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
    // Everything else in a walkthrough is an answer or a question to the (simulated) expert, unless it
    // plainly asks for a deliverable.
    if (!REQUEST_VERB.test(t)) return null;
  }

  const asks = REQUEST_VERB.test(t);
  if (QUESTION.test(t) && !asks && !modalityComparison(t)) return null;

  if (modalityComparison(t)) return { kind: 'modality', command: 'create' };
  if (!asks && !NOUN_PHRASE_START.test(t)) return null;
  // The deliverable is named before the subject: in "make one for the fire-safety module" the module is
  // what it is for, not what to make.
  const head = t.split(SUBJECT_START)[0] ?? t;
  const kind = namedKind(head || t);
  if (kind) return { kind, command: 'create' };
  const implied = asks && DELIVERABLE.test(head) ? SESSION_KIND[opts.sessionType] : undefined;
  if (implied) return { kind: implied, command: 'create' };
  const anywhere = namedKind(t);
  return anywhere ? { kind: anywhere, command: 'create' } : null;
}
