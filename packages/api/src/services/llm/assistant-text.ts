// Text helpers of the offline assistant (offline-assistant.ts, assistant-sme.ts): what a conversation is
// about and who it is for (read by the one request parser, content/request.ts: never the raw request, and
// absent when none is found), and small deterministic utilities. Bloom levels are content/bloom.ts's.
import { parseRequest } from '../content/request.js';
import type { LlmMessage } from './types.js';

/** The text of a message, whatever its content holds (plain text, or parts of which the text ones count). */
export function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content
      .map((p: unknown) =>
        p && typeof p === 'object' && 'text' in p && typeof (p as { text: unknown }).text === 'string'
          ? (p as { text: string }).text
          : '',
      )
      .filter(Boolean)
      .join('\n');
  return '';
}

/** The conversation without system and context messages: user and assistant turns, oldest first. */
export function turnsOf(messages: LlmMessage[]): { role: 'user' | 'assistant'; content: string }[] {
  return messages
    .filter((m) => m.role === 'user' || m.role === 'assistant')
    .map((m) => ({ role: m.role as 'user' | 'assistant', content: textOf(m.content) }));
}

/** A stable small number for a string (variant picks that must not change between runs). */
export function hashOf(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** One line, at most `max` characters, cut on a word boundary with '…'. */
export function clip(s: string, max: number): string {
  const one = s.replace(/\s+/g, ' ').trim();
  if (one.length <= max) return one;
  const cut = one.slice(0, max - 1).replace(/\s+\S*$/, '');
  return `${cut || one.slice(0, max - 1)}…`;
}

/** Safe inside a Markdown table cell. */
export function cell(s: string, max = 160): string {
  return clip(s, max).replace(/\|/g, '\\|');
}

export const lowerFirst = (s: string) => (s ? s[0]!.toLowerCase() + s.slice(1) : s);
export const upperFirst = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

/** Words of the assistant's own conversation that name a format, not a subject ("which modality fits best?"). */
const CONVERSATION_WORDS =
  /^(?:(?:an?|the|my|our|your)\s+)?(?:sme\s+)?(?:modalit(?:y|ies)|walk-?through|script|storyboard|(?:area\s+of\s+)?expertise|notes|them|it|this|that)$/i;

/**
 * What a message is about and who it is for, when it says so: the one request parser's topic and audience
 * (content/request.ts), absent when it finds none or only names a format of this conversation.
 */
export function subjectOf(text: string): { topic?: string; audience?: string } {
  const r = parseRequest(text);
  const topic = r.topic && !CONVERSATION_WORDS.test(r.topic.trim()) ? r.topic : undefined;
  return { ...(topic ? { topic } : {}), ...(r.audience ? { audience: r.audience } : {}) };
}

/**
 * The subject of a conversation: the latest user message that names one (the newest wins, so a new request
 * changes it), and the latest audience named.
 */
export function conversationSubject(userTexts: string[]): { topic?: string; audience?: string } {
  let topic: string | undefined;
  let audience: string | undefined;
  for (let i = userTexts.length - 1; i >= 0 && (!topic || !audience); i--) {
    const s = subjectOf(userTexts[i]!);
    topic ??= s.topic;
    audience ??= s.audience;
  }
  return { ...(topic ? { topic } : {}), ...(audience ? { audience } : {}) };
}

/** A phrase naming the subject ("hand hygiene", "training for new nurses"), if the conversation has one. */
export function subjectPhrase(s: { topic?: string; audience?: string }): string | undefined {
  return s.topic ?? (s.audience ? `training for ${s.audience}` : undefined);
}

/** Splits an answer into items: lines, numbered or bulleted points, ';', or "then". */
export function itemsOf(text: string, max = 6): string[] {
  const lines = text
    // Not after an abbreviation ("wrong strength (e.g. amlodipine 5 vs 10 mg)").
    .split(
      /\n+|;\s*|\s+(?:and then|then|after that|next|finally)\s+|(?<=[.!?])(?<!\b(?:e\.g|i\.e|etc|vs|cf|approx|incl|no)\.)\s+(?=[A-Z])/i,
    )
    .map((l) =>
      l
        .replace(
          /^\s*(?:\d+[.)]|[-*•]|step \d+[:.)]?|(?:first|second|third|then|next|finally|lastly)(?:ly)?,?)\s*/i,
          '',
        )
        .replace(/[.,\s]+$/, '')
        .trim(),
    )
    .filter((l) => l.length >= 3);
  const items =
    lines.length > 1 ? lines : text.split(/,\s+(?=\w)/).map((l) => l.replace(/[.\s]+$/, '').trim());
  return items.filter((l) => l.length >= 3).slice(0, max);
}

/** The user texts of a conversation, oldest first (the last one is the message being answered). */
export function userTextsOf(messages: LlmMessage[]): string[] {
  return turnsOf(messages)
    .filter((m) => m.role === 'user')
    .map((m) => m.content);
}
