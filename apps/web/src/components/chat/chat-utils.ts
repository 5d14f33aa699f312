// Pure helpers of the chat screen (SPEC §2 Chat, §4 Chat send, §8 Chat).
import { differenceInCalendarDays, format } from 'date-fns';

export interface ChatSessionItem {
  id: string;
  title: string;
  createdAt: Date;
  updatedAt: Date;
  messageCount: number;
}

export interface ChatUiMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  createdAt: Date;
  tokensUsed?: number;
  /** The assistant placeholder while the answer streams. */
  streaming?: boolean;
}

export const RATE_LIMIT_MESSAGE = 'Rate limit exceeded. Please wait a moment before sending another message.';
export const SEND_FAILED_MESSAGE = 'Failed to send message. Please try again.';
export const STREAM_THROTTLE_MS = 100;
export const ACTION_AUTOSEND_DELAY_MS = 500;
export const SESSION_REFETCH_MS = 10_000;
export const COLLAPSE_OVER_CHARS = 200;
export const INPUT_MAX_HEIGHT_PX = 120;

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

/**
 * Sidebar date label: Today, Yesterday, weekday within a week, otherwise a short date (with the year
 * when it is not this year). Calendar days relative to `now`, so DST days count as one day.
 */
export function dateLabel(date: Date, now = new Date()): string {
  const days = differenceInCalendarDays(now, date);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days > 1 && days < 7) return format(date, 'EEEE');
  return format(date, date.getFullYear() === now.getFullYear() ? 'MMM d' : 'MMM d, yyyy');
}

/**
 * Merges a refetched session list into the local one: the server's order and sessions win, but a local
 * title is kept unless the server copy has more messages (it may not have saved the title yet).
 */
export function mergeSessions(
  local: ChatSessionItem[],
  server: ChatSessionItem[],
  now = Date.now(),
): ChatSessionItem[] {
  const byId = new Map(local.map((s) => [s.id, s]));
  const serverIds = new Set(server.map((s) => s.id));
  // Sessions created here in the last 30 s may be missing from a list fetched just before.
  const fresh = local.filter((s) => !serverIds.has(s.id) && now - new Date(s.createdAt).getTime() < 30_000);
  return [
    ...fresh,
    ...server.map((s) => {
      const mine = byId.get(s.id);
      if (mine && mine.title !== s.title && s.messageCount <= mine.messageCount) {
        return { ...s, title: mine.title, messageCount: Math.max(s.messageCount, mine.messageCount) };
      }
      return s;
    }),
  ];
}

/** This tab's latest exchange (user message + answer so far, or the final answer), whichever chat is shown. */
export interface LiveExchange {
  sessionId: string;
  user: ChatUiMessage;
  assistant: ChatUiMessage;
}

/**
 * The messages to show for `sessionId` after loading them from the server: the server's, plus this tab's
 * exchange of that session where the server does not have it yet — the streaming answer (the server only
 * stores it on completion), and the user message if the server has not saved it yet.
 */
export function withLiveExchange(
  server: ChatUiMessage[],
  live: LiveExchange | null,
  sessionId: string,
): ChatUiMessage[] {
  if (!live || live.sessionId !== sessionId) return server;
  // The server already stored the whole exchange (this tab is only behind on the stream): its copy wins.
  const u = server.findIndex((m) => m.id === live.user.id);
  if (u >= 0 && server.slice(u + 1).some((m) => m.role === 'assistant')) return server;
  const ids = new Set(server.map((m) => m.id));
  const missing = [live.user, live.assistant].filter((m) => !ids.has(m.id));
  return missing.length ? [...server, ...missing] : server;
}

/** The session to open after deleting `id`: the next one in the list, else the previous one. */
export function neighbourOf(sessions: ChatSessionItem[], id: string): ChatSessionItem | undefined {
  const i = sessions.findIndex((s) => s.id === id);
  if (i < 0) return sessions[0];
  return sessions[i + 1] ?? sessions[i - 1];
}

interface ErrorLike {
  message?: string;
  data?: { httpStatus?: number; code?: string; appCode?: string } | null;
}

/** Server codes (services/quota.ts) that only an upgrade fixes: the toast offers 'Upgrade'. */
export const UPGRADE_APP_CODES = new Set(['QUOTA_EXCEEDED', 'SUBSCRIPTION_INACTIVE']);
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
  if (e.data?.httpStatus === 429 || e.data?.code === 'TOO_MANY_REQUESTS') return RATE_LIMIT_MESSAGE;
  const m = e.message?.trim();
  if (!m || /fetch|network|Unexpected|JSON/i.test(m)) return SEND_FAILED_MESSAGE;
  return m;
}
