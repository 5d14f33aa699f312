// The built-in offline provider (default when OPENAI_API_KEY is not set): deterministic, streamed in
// small chunks with a short delay. A request for a deliverable (objectives, a quiz, a scenario, modality
// advice, a learning plan) answers with the Markdown of the same typed artifact the assistant's card shows
// (offline-artifacts/: one request parser, one vocabulary, drafts and documents alike); what a message asks
// for is the one intent classifier's (artifacts/intent.ts); the rest is conversation: a greeting, the SME
// interview's opener, learning technology, the version commands (revise, add scenario, export plan) and a
// short answer pointing at what can be built.
import { artifactMarkdown, deliverableOf, offlineAssistantAnswer } from './offline-assistant.js';
import { buildOfflineObject, type OfflineObjectBuilder } from './offline-objects.js';
import { conversationSubject, subjectPhrase, textOf } from './assistant-text.js';
import { conversationIntentOf, versionCommandOf } from '../artifacts/intent.js';
import { BLOOM_LEVEL_LABELS, BLOOM_TABLE } from '../content/bloom.js';
import type { ArtifactKind } from '../../schemas/artifacts.js';
import {
  estimateUsage,
  LlmError,
  type LlmEvent,
  type LlmMessage,
  type LlmProvider,
  type LlmRequest,
} from './types.js';

export interface OfflineProviderOptions {
  /** Pause between chunks (default 12 ms). */
  delayMs?: number;
  /** Characters per chunk, roughly (default 12; chunks end on a word boundary). */
  chunkSize?: number;
  /** generateObject() builders of this provider by format name, ahead of the registered ones. */
  builders?: Record<string, OfflineObjectBuilder>;
}

function tech(topic: string): string {
  return `## Technology compatibility: ${topic}

| Standard | Tracks | Works offline | Best for |
|---|---|---|---|
| SCORM 1.2 | Completion, score, time | No | Any LMS, simple courses |
| SCORM 2004 | Adds sequencing, objectives | No | Structured, multi-SCO courses |
| xAPI (Tin Can) | Any experience, inside or outside the LMS | Yes (queued) | Simulations, apps, on-the-job learning |
| cmi5 | xAPI rules for LMS-launched content | Yes | Modern LMS + rich tracking |

### Example xAPI statement
Send one statement per meaningful action, for example a learner completing a scenario:

\`\`\`json
{
  "actor": { "mbox": "mailto:learner@example.com", "name": "Alex Learner" },
  "verb": {
    "id": "http://adlnet.gov/expapi/verbs/completed",
    "display": { "en-US": "completed" }
  },
  "object": {
    "id": "https://example.com/courses/${topic.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}/scenario-1",
    "definition": { "name": { "en-US": "Branching scenario 1" } }
  },
  "result": { "success": true, "score": { "scaled": 0.85 }, "duration": "PT12M30S" }
}
\`\`\`

### Checklist
1. Confirm which standard your LMS supports (and its version) before authoring.
2. Meet **WCAG 2.2 AA**: captions, keyboard navigation, colour contrast, alt text.
3. Test on the devices learners really use, including low bandwidth.
4. Agree on the reporting you need *before* choosing SCORM or xAPI.`;
}

function greeting(): string {
  return `Hello! I'm your L&D assistant. I can help you design effective training. Try one of these:

- **Learning objectives** — "Write Bloom-aligned objectives for customer complaint handling"
- **Quizzes** — "Create a 5-question quiz on data privacy basics"
- **Scenarios** — "Build a branching scenario about giving feedback"
- **Modality advice** — "Which formats suit onboarding for remote sales staff?"
- **Learning plans** — "Draft a learning plan for new team leaders"
- **SME walkthrough** — "Interview me as an SME about forklift safety"

After a draft, you can say **revise**, **add scenario** or **export plan**.

What are you working on — the topic, and who the learners are?`;
}

function smeOpener(): string {
  return `## SME walkthrough

I'll play the instructional designer interviewing you, the subject-matter expert, and turn your answers (or your notes) into objectives, a task analysis and a scenario.

### To start
1. **What is the subject?** The task, process or product the training is about.
2. **Who will take the training?** Their role and what they already know.
3. **What should they do differently afterwards?**

If you have notes, paste them here (or upload them in the L&D assistant) and I'll ask about the gaps.`;
}

function sme(topic: string): string {
  return `## SME walkthrough: ${topic}

I'll play the instructional designer interviewing you, the subject-matter expert. Answer in as much or as little detail as you like — I'll turn it into objectives and content.

### Part 1 — The job
1. Who performs tasks related to ${topic}, and how often?
2. Walk me through the last time it went **well**. What did the person do, step by step?
3. Now the last time it went **badly**. What was missed?

### Part 2 — Knowledge vs. skill
4. What must people **know by heart**, and what can they look up in a job aid?
5. Which decisions require judgement? What cues do experts notice that novices miss?

### Part 3 — Context
6. What gets in the way (time pressure, tools, culture)?
7. How would a manager know the training worked?

### What I'll produce from your answers
- Bloom-aligned objectives
- A task analysis table (step · cue · common error · consequence)
- A scenario based on your "went badly" story

Start with question 1 whenever you're ready.`;
}

/** The one Bloom table (content/bloom.ts), with the labels the cards use. */
function bloomTable(topic: string): string {
  const rows = BLOOM_TABLE.map(
    (b, i) =>
      `| ${i + 1}. ${BLOOM_LEVEL_LABELS[b.level]} | ${b.verbs.join(', ')} | Learners will be able to ${b.verbs[0]} … ${b.stem} ${topic}. |`,
  );
  return ['| Bloom level | Action verbs | Sample objective |', '|---|---|---|', ...rows].join('\n');
}

/** A message that asks for no deliverable: what can be built, and the Bloom table when Bloom is asked about. */
function general(topic: string | undefined, text: string): string {
  const about = topic ?? 'your topic';
  return `## Getting started: ${about}

I build typed, editable deliverables from a request like “a 6-question quiz on ${about} for new starters, no true/false” — with the counts, item types, Bloom levels and minutes you ask for, written from your uploaded documents when you attach them.${
    /\bbloom/i.test(text) ? `\n\n### Bloom's revised taxonomy\n${bloomTable(about)}` : ''
  }

### What I can build next
| Ask for | You get |
|---|---|
| "objectives" | Bloom-aligned objectives with condition and criterion |
| "quiz" | Items with answers and feedback |
| "scenario" | A branching scenario with decision points |
| "modality" | A delivery-format recommendation |
| "learning plan" | A module-by-module plan with minutes |${topic ? '' : '\n\nTell me the topic and the audience, e.g. “hand hygiene for new ward staff”.'}`;
}

function lastAssistant(messages: LlmMessage[]): string | undefined {
  for (let i = messages.length - 2; i >= 0; i--)
    if (messages[i]!.role === 'assistant') return messages[i]!.content;
  return undefined;
}

/** Kinds the chat answers with a typed artifact (an SME summary needs the interview, which the chat has not). */
const CHAT_ARTIFACTS: ReadonlySet<ArtifactKind> = new Set([
  'objectives',
  'quiz',
  'scenario',
  'modality',
  'plan',
]);

/** The full offline answer for a conversation (the last message is the user's; context messages are read too). */
export function offlineAnswer(messages: LlmMessage[]): string {
  const turns = messages.filter((m) => m.role !== 'system');
  const userTexts = turns.filter((m) => m.role === 'user').map((m) => textOf(m.content));
  const user = userTexts[userTexts.length - 1] ?? '';
  const command = versionCommandOf(user);
  const conversation = command ? null : conversationIntentOf(user);
  if (conversation === 'greeting') return greeting();
  const deliverable = command ? null : deliverableOf(user);
  if (deliverable && CHAT_ARTIFACTS.has(deliverable.kind))
    return artifactMarkdown(deliverable.kind, messages);
  // The subject: this message's, or (for a version command) the conversation's.
  const subject = conversationSubject(command ? userTexts.slice(0, -1) : [user]);
  const topic = subjectPhrase(subject);
  /** What a version command's heading names: the conversation's topic, else who it is for. */
  const named = subject.topic ?? subject.audience ?? 'your topic';
  const previous = lastAssistant(turns);
  switch (command ?? conversation) {
    case 'sme_interview':
      return topic ? sme(topic) : smeOpener();
    case 'technology':
      return tech(topic ?? 'your course');
    case 'revise': {
      const change = user.replace(/^\s*(please\s+)?revise\s*(it|this|that)?\s*[:,-]?\s*/i, '').trim();
      if (!previous)
        return `There is nothing to revise yet. Ask me for objectives, a quiz, a scenario or a learning plan first.`;
      const body = previous.replace(/^#+ .*\n+/, '');
      return `## Revised version\n\n**Change requested:** ${change || 'general polish'}\n\n${body}\n\n---\n*Revised to reflect: ${change || 'clarity and concision'}. Say **revise** again for further changes or **export plan** for a clean copy.*`;
    }
    case 'add_scenario': {
      // The typed scenario of the conversation's subject, as its card renders it, under an "Added" heading.
      const scenario = artifactMarkdown('scenario', messages).replace(/^# (.*)\n/, '');
      return `## Added scenario: ${named}\n${scenario}\n*This scenario is now part of the plan. Say **export plan** to get the whole plan in one document.*`;
    }
    case 'export_plan': {
      const parts = turns
        .filter((m) => m.role === 'assistant' && /^#{1,2} /.test(m.content))
        .map((m) =>
          m.content
            .replace(/\n+---\n\*[^\n]*\*\s*$/, '')
            .replace(/\n+\*This scenario[^\n]*\*\s*$/, '')
            .trim(),
        );
      if (parts.length === 0) return `There is no plan to export yet. Ask me for a **learning plan** first.`;
      return `# Exported plan: ${named}\n\n*Consolidated from this conversation — copy it into your document or authoring tool.*\n\n${parts.join('\n\n---\n\n')}`;
    }
    default:
      return general(topic, user);
  }
}

/** Splits text into small chunks on word boundaries. */
export function chunkText(text: string, size: number): string[] {
  const chunks: string[] = [];
  let i = 0;
  while (i < text.length) {
    let end = Math.min(text.length, i + size);
    if (end < text.length) {
      const space = text.indexOf(' ', end);
      end = space === -1 ? text.length : Math.min(space + 1, i + size * 3);
    }
    chunks.push(text.slice(i, end));
    i = end;
  }
  return chunks;
}

/** The offline provider cannot see images: it names the ones sent with the conversation's last turn. */
export function withImageNote(answer: string, messages: LlmMessage[]): string {
  let i = messages.length - 1;
  while (i >= 0 && messages[i]!.role !== 'user') i--;
  const names: string[] = [];
  for (; i >= 0 && messages[i]!.role === 'user'; i--)
    for (const img of messages[i]!.images ?? []) names.unshift(img.filename ?? img.mimeType);
  if (names.length === 0) return answer;
  return `${answer}\n\n*Attached image${names.length > 1 ? 's' : ''}: ${names.join(', ')} (offline mode cannot look at images; connect a vision-capable model to use them).*`;
}

/**
 * Names each attached file that could not be read, with its reason, above the answer: the context carries a note
 * for it (retrieval.ts `fileNote`), and an answer that went on without saying so would look like it used the file.
 */
export function withFileNotes(answer: string, messages: LlmMessage[]): string {
  const notes = new Map<string, string>();
  const re = /\[file: (.+?) could not be read(?:: (.*?))?\. Its text is not available/g;
  for (const m of messages)
    for (const [, name, reason] of textOf(m.content).matchAll(re))
      if (name && !notes.has(name)) notes.set(name, reason?.trim() ?? '');
  if (!notes.size) return answer;
  const lines = [...notes].map(
    ([name, reason]) => `**${name} could not be used**${reason ? `: ${reason.replace(/\.$/, '')}` : ''}.`,
  );
  return `${lines.join('\n')}\n\n${answer}`;
}

const abortError = (signal: AbortSignal) =>
  signal.reason instanceof Error ? signal.reason : new LlmError('Generation cancelled', 'aborted');

export function createOfflineProvider(o: OfflineProviderOptions = {}): LlmProvider {
  const delayMs = o.delayMs ?? 12;
  const chunkSize = o.chunkSize ?? 12;
  return {
    kind: 'offline',
    model: 'offline',
    async *stream(req: LlmRequest): AsyncIterable<LlmEvent> {
      // An assistant session's type (req.profile) has its own behaviour (offline-assistant.ts).
      const answer = withFileNotes(
        withImageNote(
          (req.profile && offlineAssistantAnswer(req.profile, req.messages, offlineAnswer)) ||
            offlineAnswer(req.messages),
          req.messages,
        ),
        req.messages,
      );
      for (const chunk of chunkText(answer, chunkSize)) {
        if (req.signal?.aborted) throw abortError(req.signal);
        if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
        if (req.signal?.aborted) throw abortError(req.signal);
        yield { type: 'delta', content: chunk };
      }
      yield { type: 'usage', usage: estimateUsage(req.messages, answer) };
    },
    // Deterministic, immediate: see offline-objects.ts (registered builders, then the schema fallback).
    async generateObject(req) {
      if (req.signal?.aborted) throw abortError(req.signal);
      const object = await buildOfflineObject(req, o.builders);
      return { object, usage: estimateUsage(req.messages, JSON.stringify(object) ?? '') };
    },
  };
}
