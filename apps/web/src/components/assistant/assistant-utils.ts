// Assistant-specific texts, constants and rules of the /assistant screen (SPEC §2 Assistant and Dashboard, §5
// Upload, §8 Assistant toasts); the generic conversation helpers are in ../conversation/.
import {
  ACCEPTED_EXTENSIONS,
  ERROR_CODES,
  FILE_INPUT_ACCEPT,
  SESSION_TYPE_PLANS,
  type AssistantSessionType,
} from '@app/api/schemas';
import { fileMatchesAccept } from '@app/ui';

/** SPEC §8 Assistant toasts (rename and delete of a session have no §8 text; these follow the chat's). */
export const ASSISTANT_TEXTS = {
  loadSessionsFailed: 'Failed to load sessions',
  loadSessionFailed: 'Failed to load session messages',
  createFailed: 'Failed to create new session',
  renameFailed: 'Failed to update session title',
  deleteFailed: 'Failed to delete session',
  sendFailed: 'Failed to send message',
  uploadFailed: 'Failed to upload file',
  deleteFileFailed: 'Failed to delete file',
} as const;

export const ACTION_AUTOSEND_DELAY_MS = 500;
/** How often the file list is re-read while a file is being processed. */
export const FILE_POLL_MS = 1500;

export interface SessionTypeInfo {
  type: AssistantSessionType;
  label: string;
  description: string;
}

/** The five session types in the picker's order, with what each does (its behaviour is on the server). */
export const SESSION_TYPES: readonly SessionTypeInfo[] = [
  {
    type: 'LND_COPILOT',
    label: 'L&D Copilot',
    description: 'Your instructional design partner: objectives, activities, assessments and modality.',
  },
  {
    type: 'SME_WALKTHROUGH',
    label: 'SME Walkthrough',
    description:
      'Interview a subject-matter expert one question at a time, or practise with a simulated one.',
  },
  {
    type: 'MICROLEARNING',
    label: 'Microlearning',
    description: '3–7 minute modules with one objective each and spaced retrieval practice.',
  },
  {
    type: 'ASSESSMENT_BUILDER',
    label: 'Assessment Builder',
    description: 'Questions aligned to your objectives, with the rationale behind every distractor.',
  },
  {
    type: 'EXPERT_PANEL',
    label: 'Expert Panel',
    description:
      'An instructional designer, an SME, a learner advocate and compliance weigh in, then a synthesis.',
  },
];

export function sessionTypeInfo(type: string | undefined): SessionTypeInfo {
  return SESSION_TYPES.find((t) => t.type === type) ?? SESSION_TYPES[0]!;
}

/** The plan names a gated type needs, e.g. 'Pro and Team'; undefined when every plan has it. */
export function requiredPlansText(type: AssistantSessionType): string | undefined {
  const plans = SESSION_TYPE_PLANS[type];
  if (!plans?.length) return undefined;
  const names = plans.map((p) => p.charAt(0).toUpperCase() + p.slice(1).toLowerCase());
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
}

/**
 * Whether the user's plan lacks `type` (the server's rule, SESSION_TYPE_PLANS, shown ahead of time; the
 * server still decides). Unknown plan (still loading): not locked. Staff (an admin without a live
 * subscription) may use every type.
 */
export function isTypeLocked(
  type: AssistantSessionType,
  o: { plan: string | null | undefined; known: boolean; staff: boolean },
): boolean {
  const plans = SESSION_TYPE_PLANS[type];
  if (!plans?.length || !o.known || o.staff) return false;
  return !o.plan || !plans.includes(o.plan.toLowerCase());
}

/** A dashboard action (/assistant?action=…): the session type it opens and the first message it sends. */
export interface AssistantAction {
  sessionType: AssistantSessionType;
  message: string;
  /** Asks for files first and sends once they are attached (or the user cancels). */
  pickFiles?: boolean;
}

/**
 * SPEC §2 Dashboard actions. A learning plan is whole-programme design, which is the L&D Copilot's job
 * (Microlearning builds short single-objective modules); both SME actions open an SME walkthrough.
 */
export const ASSISTANT_ACTIONS: Record<string, AssistantAction> = {
  start_chat: {
    sessionType: 'LND_COPILOT',
    message: 'Hi! What can you help me with?',
  },
  new_learning_plan: {
    sessionType: 'LND_COPILOT',
    message: "I'd like to create a new learning plan. Can you help me get started?",
  },
  sme_walkthrough: {
    sessionType: 'SME_WALKTHROUGH',
    message:
      "I'm a subject-matter expert and I'd like to turn what I know into training. Can you walk me through it?",
  },
  upload_sme_notes: {
    sessionType: 'SME_WALKTHROUGH',
    message: "I've attached my SME notes. Can you help me turn them into training?",
    pickFiles: true,
  },
};

export function actionFor(action: string | null | undefined): AssistantAction | undefined {
  return action && Object.hasOwn(ASSISTANT_ACTIONS, action) ? ASSISTANT_ACTIONS[action] : undefined;
}

/** Prompt suggestions of the empty screen (SPEC §2): learning plans, onboarding, assessments, engagement, compliance. */
export const ASSISTANT_SUGGESTIONS = [
  { label: 'Learning plan', prompt: 'Create a learning plan for new team leaders' },
  { label: 'Onboarding', prompt: 'Design a two-week onboarding programme for remote customer support staff' },
  { label: 'Assessment', prompt: 'Make a knowledge check on data privacy basics' },
  { label: 'Engagement', prompt: 'Suggest ways to make compulsory e-learning more engaging for busy nurses' },
  { label: 'Compliance', prompt: 'Write Bloom-aligned objectives for anti-bribery compliance training' },
];

/** The 14 accepted types of SPEC §5 (for `<input accept>` and for drops and pastes). */
export const UPLOAD_ACCEPT = FILE_INPUT_ACCEPT;
export const ACCEPTED_TYPES_TEXT = ACCEPTED_EXTENSIONS.map((e) => e.toUpperCase()).join(', ');

export function isAcceptedFile(file: Pick<File, 'name' | 'type'>): boolean {
  return fileMatchesAccept({ name: file.name, type: '' }, UPLOAD_ACCEPT);
}

export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

interface ErrorLike {
  message?: string;
  data?: { httpStatus?: number; code?: string; appCode?: string } | null;
}

export const UPGRADE_PATH = '/dashboard';
/** Server codes only an upgrade fixes: the toast offers 'Upgrade' (to the dashboard's upgrade panel). */
const UPGRADE_APP_CODES = new Set<string>([
  ERROR_CODES.QUOTA_EXCEEDED,
  ERROR_CODES.SUBSCRIPTION_INACTIVE,
  ERROR_CODES.PLAN_FEATURE,
]);

export const RATE_LIMIT_DESCRIPTION =
  'Rate limit exceeded. Please wait a moment before sending another message.';

/**
 * A failed assistant call as a toast: the §8 title, the server's reason as the description (the rate-limit
 * text on 429; 'Please try again.' when there is no useful reason), and 'Upgrade' when only a plan fixes it.
 */
export function assistantErrorToast(
  title: string,
  err: unknown,
): { message: string; description: string; action?: { label: string; to: string } } {
  const e = (err ?? {}) as ErrorLike;
  const code = e.data?.appCode;
  const upgrade = !!code && UPGRADE_APP_CODES.has(code);
  let description: string;
  if (
    e.data?.httpStatus === 429 ||
    e.data?.code === ERROR_CODES.TOO_MANY_REQUESTS ||
    code === ERROR_CODES.RATE_LIMITED
  )
    description = RATE_LIMIT_DESCRIPTION;
  else {
    const m = e.message?.trim();
    description =
      !m || /fetch|network|Unexpected|JSON|Internal server error/i.test(m) ? 'Please try again.' : m;
  }
  return {
    message: title,
    description,
    action: upgrade ? { label: 'Upgrade', to: UPGRADE_PATH } : undefined,
  };
}
