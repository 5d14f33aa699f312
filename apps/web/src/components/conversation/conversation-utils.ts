// Pure helpers of a conversation screen (SPEC §2 Chat, §4 Chat send, §9 limits), whatever its data source.
import { differenceInCalendarDays, format } from 'date-fns';
import type { ConversationMessage, ConversationSession } from './types';

// One value for the web's throttle and the server's widest coalescing window (services/llm/coalesce.ts).
export { STREAM_THROTTLE_MS } from '@app/api/schemas';
export const SESSION_REFETCH_MS = 10_000;
export const COLLAPSE_OVER_CHARS = 200;
export const INPUT_MAX_HEIGHT_PX = 120;

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
export function mergeSessions<S extends ConversationSession>(local: S[], server: S[], now = Date.now()): S[] {
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
export interface LiveExchange<M extends ConversationMessage = ConversationMessage> {
  sessionId: string;
  user: M;
  assistant: M;
}

/**
 * The messages to show for `sessionId` after loading them from the server: the server's, plus this tab's
 * exchange of that session where the server does not have it yet — the streaming answer (the server only
 * stores it on completion), and the user message if the server has not saved it yet.
 */
export function withLiveExchange<M extends ConversationMessage>(
  server: M[],
  live: LiveExchange<M> | null,
  sessionId: string,
): M[] {
  if (!live || live.sessionId !== sessionId) return server;
  // The server already stored the whole exchange (this tab is only behind on the stream): its copy wins.
  const u = server.findIndex((m) => m.id === live.user.id);
  if (u >= 0 && server.slice(u + 1).some((m) => m.role === 'assistant')) return server;
  const ids = new Set(server.map((m) => m.id));
  const missing = [live.user, live.assistant].filter((m) => !ids.has(m.id));
  return missing.length ? [...server, ...missing] : server;
}

/** The session to open after deleting `id`: the next one in the list, else the previous one. */
export function neighbourOf<S extends ConversationSession>(sessions: S[], id: string): S | undefined {
  const i = sessions.findIndex((s) => s.id === id);
  if (i < 0) return sessions[0];
  return sessions[i + 1] ?? sessions[i - 1];
}
