// Chat-specific texts and types of the chat screen (SPEC §2 Chat, §8 Chat); the generic helpers are in
// ../conversation/conversation-utils.ts.
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@app/api/client';
import { ERROR_CODES } from '@app/api/schemas';

type ChatOutputs = inferRouterOutputs<AppRouter>['chat'];
type ChatMessage = ChatOutputs['getSession']['messages'][number];

export type ChatSessionItem = ChatOutputs['listSessions']['sessions'][number];
/** A chat message on screen: the server's, or a local one (no token count) and the streaming placeholder. */
export type ChatUiMessage = Omit<ChatMessage, 'tokensUsed' | 'stopped'> & {
  tokensUsed?: ChatMessage['tokensUsed'];
  stopped?: boolean;
  /** The assistant placeholder while the answer streams. */
  streaming?: boolean;
};
/** The events of `chat.sendStream` and `chat.watch`. */
export type ChatSendEvent = ChatOutputs['sendStream'] extends AsyncIterable<infer E> ? E : never;
export type ChatWatchEvent = ChatOutputs['watch'] extends AsyncIterable<infer E> ? E : never;

export const RATE_LIMIT_MESSAGE = 'Rate limit exceeded. Please wait a moment before sending another message.';
export const SEND_FAILED_MESSAGE = 'Failed to send message. Please try again.';
export const ACTION_AUTOSEND_DELAY_MS = 500;

/** Canned first messages of /chat?action=… */
export const CANNED_ACTIONS: Record<string, string> = {
  start_chat: 'Hello! What can you help me create today?',
  new_learning_plan: 'Help me create a new learning plan for onboarding new employees.',
  sme_walkthrough: 'Start an SME walkthrough on my area of expertise.',
  upload_sme_notes: 'I have SME notes to turn into training. Start an SME walkthrough on them.',
};

/** Prompt suggestions (SPEC §1): learning plans, onboarding, assessments, engagement, compliance. */
export const PROMPT_SUGGESTIONS = [
  { label: 'Learning plan', prompt: 'Create a learning plan for new team leaders' },
  { label: 'Onboarding', prompt: 'Which formats suit onboarding for remote sales staff?' },
  { label: 'Assessment', prompt: 'Create a quiz on data privacy basics' },
  { label: 'Engagement', prompt: 'Build a branching scenario about giving constructive feedback' },
  { label: 'Compliance', prompt: 'Write Bloom-aligned objectives for anti-bribery compliance training' },
];

interface ErrorLike {
  message?: string;
  data?: { httpStatus?: number; code?: string; appCode?: string } | null;
}

/** Server codes (services/quota.ts) that only an upgrade fixes: the toast offers 'Upgrade'. */
export const UPGRADE_APP_CODES = new Set<string>([
  ERROR_CODES.QUOTA_EXCEEDED,
  ERROR_CODES.SUBSCRIPTION_INACTIVE,
]);
/** Where the upgrade panel is. */
export const UPGRADE_PATH = '/dashboard';

/** The toast of a failed send: the SPEC §8 text, and whether it offers the 'Upgrade' action. */
export function sendErrorToast(err: unknown): { message: string; upgrade: boolean } {
  const code = (err as ErrorLike | null | undefined)?.data?.appCode;
  return { message: sendErrorMessage(err), upgrade: !!code && UPGRADE_APP_CODES.has(code) };
}

/** SPEC §8 Chat: 429 → the rate-limit text; otherwise the server message or the generic text. */
export function sendErrorMessage(err: unknown): string {
  const e = (err ?? {}) as ErrorLike;
  if (
    e.data?.httpStatus === 429 ||
    e.data?.code === ERROR_CODES.TOO_MANY_REQUESTS ||
    e.data?.appCode === ERROR_CODES.RATE_LIMITED
  )
    return RATE_LIMIT_MESSAGE;
  const m = e.message?.trim();
  if (!m || /fetch|network|Unexpected|JSON/i.test(m)) return SEND_FAILED_MESSAGE;
  return m;
}
