// Text helpers of the offline assistant (offline-assistant.ts, assistant-sme.ts): what a conversation is
// about, who it is for, and small deterministic utilities. The subject is only ever a short noun phrase
// found after words like "about", "on" or "for" — never the raw request — and is absent when none is found.
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

const PEOPLE =
  /\b(staff|employees?|team|teams|colleagues|workers?|operatives?|operators?|hires|starters|joiners|recruits|graduates|interns|apprentices|trainees|learners|students|nurses?|doctors|clinicians|pharmacists?|technicians?|engineers?|developers?|managers?|leaders|supervisors?|agents?|reps|representatives|sales ?people|drivers|volunteers|contractors|professionals|designers|analysts|cashiers|associates|partners|people|users|customers|patients|residents|officers|specialists|advisors|advisers|teachers|coaches|executives|boss|bosses|clients)\b/i;

const STOP_AFTER =
  /\s+(?:for|to|with|so that|so|that|which|who|in under|in \d|within|using|by|at|because|and i|and we|please|but)\b/i;

/** "for next week", "on Monday": times, not subjects. */
const TIME =
  /^(?:(?:next|this|last|the)\s+)?(?:week|month|year|quarter|day|morning|afternoon|evening|weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|tomorrow|tonight|now|later|asap|time being|moment)s?\b/i;

function tidy(phrase: string): string | undefined {
  let p = phrase
    .replace(/^(?:the|a|an|my|our|some|this|that|these|those)\s+/i, '')
    .replace(/\b(?:please|thanks|thank you)\b.*$/i, '')
    .replace(/[\s"'“”‘’.,;:!?)(]+$/g, '')
    .replace(/^["'“‘(]+/, '')
    .trim();
  if (p.length < 3) return undefined;
  // A subject is a short noun phrase: no pronouns or requests, a few words at most.
  if (/\b(i|me|you|your|we|us|it|this|that|something|anything|help|can|could|would|should)\b/i.test(p))
    return undefined;
  if (TIME.test(p)) return undefined;
  const words = p.split(/\s+/);
  if (words.length > 7) p = words.slice(0, 7).join(' ');
  return p.length > 60 ? clip(p, 60) : p;
}

/** What a message is about and who it is for, when it says so ("a course on X for Y", "X training"). */
export function subjectOf(text: string): { topic?: string; audience?: string } {
  const clean = text.replace(/\s+/g, ' ').trim();
  let topic: string | undefined;
  let audience: string | undefined;
  for (const m of clean.matchAll(
    /\b(?:about|on|covering|regarding|around|concerning|teaching)\s+([^.?!;:\n]+)/gi,
  )) {
    const candidate = tidy(m[1]!.split(STOP_AFTER)[0]!);
    if (candidate && !PEOPLE.test(candidate) && !/^(?:how|what|why|when|where)\b/i.test(candidate)) {
      topic = candidate;
      break;
    }
  }
  for (const m of clean.matchAll(/\bfor\s+([^.?!;:\n]+)/gi)) {
    const candidate = tidy(m[1]!.split(STOP_AFTER)[0]!);
    if (!candidate) continue;
    if (PEOPLE.test(candidate)) audience ??= candidate;
    else topic ??= candidate;
  }
  if (!topic) {
    const m =
      /\b([A-Za-z][\w'&/-]*(?:\s+[A-Za-z][\w'&/-]*){0,3})\s+(?:training|course|module|modules|programme|program|curriculum|workshop|induction|onboarding|refresher|certification)\b/i.exec(
        clean,
      );
    const lead =
      /^(?:create|write|design|build|make|draft|plan|need|want|give|generate|prepare|develop|new|a|an|the|our|my|some|me|please)$/i;
    const bare = /\b(onboarding|induction)\b/i.exec(clean);
    if (m) {
      const words = m[1]!.split(/\s+/);
      while (words.length && lead.test(words[0]!)) words.shift();
      const candidate = words.length ? tidy(words.join(' ')) : undefined;
      if (candidate && !PEOPLE.test(candidate)) topic = candidate;
    }
    if (!topic && bare) topic = bare[1]!.toLowerCase();
  }
  return { topic, audience };
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
  return { topic, audience };
}

/** A phrase naming the subject ("hand hygiene", "training for new nurses"), if the conversation has one. */
export function subjectPhrase(s: { topic?: string; audience?: string }): string | undefined {
  return s.topic ?? (s.audience ? `training for ${s.audience}` : undefined);
}

/** Splits an answer into items: lines, numbered or bulleted points, ';', or "then". */
export function itemsOf(text: string, max = 6): string[] {
  const lines = text
    .split(/\n+|;\s*|\s+(?:and then|then|after that|next|finally)\s+|(?<=[.!?])\s+(?=[A-Z])/i)
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

/** Bloom's revised taxonomy: verb → level (lower case verbs; the first verb of an objective decides). */
export const BLOOM_LEVELS = ['Remember', 'Understand', 'Apply', 'Analyse', 'Evaluate', 'Create'] as const;
export type BloomLevel = (typeof BLOOM_LEVELS)[number];
const BLOOM_VERBS: Record<BloomLevel, string[]> = {
  Remember: [
    'define',
    'list',
    'recall',
    'identify',
    'name',
    'state',
    'recognise',
    'recognize',
    'label',
    'match',
  ],
  Understand: [
    'explain',
    'describe',
    'summarise',
    'summarize',
    'classify',
    'interpret',
    'paraphrase',
    'discuss',
    'outline',
    'understand',
  ],
  Apply: [
    'apply',
    'demonstrate',
    'use',
    'carry',
    'perform',
    'complete',
    'calculate',
    'operate',
    'execute',
    'follow',
    'implement',
    'conduct',
    'handle',
    'process',
    'prepare',
    'administer',
    'dispense',
    'respond',
    'resolve',
  ],
  Analyse: [
    'analyse',
    'analyze',
    'compare',
    'differentiate',
    'diagnose',
    'distinguish',
    'examine',
    'troubleshoot',
    'investigate',
    'categorise',
    'categorize',
    'spot',
  ],
  Evaluate: [
    'evaluate',
    'justify',
    'critique',
    'prioritise',
    'prioritize',
    'assess',
    'judge',
    'recommend',
    'decide',
    'choose',
    'select',
    'defend',
  ],
  Create: [
    'design',
    'create',
    'construct',
    'plan',
    'produce',
    'develop',
    'compose',
    'draft',
    'build',
    'devise',
  ],
};

/** The Bloom level and verb of an objective ("Learners will be able to compare …" → Analyse, compare). */
export function bloomOf(objective: string): { level: BloomLevel; verb: string; rest: string } | undefined {
  const body = objective
    .replace(/^.*?\b(?:will be able to|will|able to|should be able to|can)\s+/i, '')
    .replace(/^(?:to\s+)/i, '');
  const words = body.split(/\s+/);
  for (let i = 0; i < Math.min(words.length, 4); i++) {
    const w = words[i]!.toLowerCase().replace(/[^a-z]/g, '');
    const stem = w.replace(/(?:es|s)$/, '');
    for (const level of BLOOM_LEVELS) {
      const verbs = BLOOM_VERBS[level];
      const verb = verbs.find((v) => v === w || v === stem || `${v}s` === w);
      if (verb) {
        const rest = words
          .slice(i + 1)
          .join(' ')
          .replace(/^out\s+/i, '')
          .replace(/[.\s]+$/, '');
        return { level, verb: verb === 'carry' ? 'carry out' : verb, rest };
      }
    }
  }
  return undefined;
}

/** The user texts of a conversation, oldest first (the last one is the message being answered). */
export function userTextsOf(messages: LlmMessage[]): string[] {
  return turnsOf(messages)
    .filter((m) => m.role === 'user')
    .map((m) => m.content);
}
