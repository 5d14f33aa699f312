// The built-in offline provider (default when OPENAI_API_KEY is not set): deterministic, streamed in
// small chunks with a short delay, and useful — it recognises what the user asks for (objectives,
// quizzes, scenarios, modality advice, learning plans, SME walkthroughs) and the version commands
// (revise, add scenario, export plan), and answers in Markdown built around the user's topic.
import { offlineAssistantAnswer } from './offline-assistant.js';
import { buildOfflineObject, type OfflineObjectBuilder } from './offline-objects.js';
import { renderArtifactMarkdown } from '../artifacts/markdown.js';
import { BLOOM_TABLE } from '../content/bloom.js';
import { classifyKind } from '../content/request.js';
// Registers the typed L&D artifact builders (objectives, quiz, scenario, modality, plan, SME summary).
import { buildOfflineArtifact } from './offline-artifacts/index.js';
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

type Intent =
  | 'objectives'
  | 'quiz'
  | 'scenario'
  | 'modality'
  | 'plan'
  | 'sme'
  | 'tech'
  | 'revise'
  | 'add_scenario'
  | 'export'
  | 'greeting'
  | 'general';

export function detectIntent(text: string): Intent {
  const t = text.toLowerCase();
  if (/^\s*(please\s+)?export( the)? plan\b|\bexport (the |my )?(learning )?plan\b/.test(t)) return 'export';
  if (/^\s*(please\s+)?add (a |another )?scenario\b|\badd (a |another )?(branching )?scenario\b/.test(t))
    return 'add_scenario';
  if (/^\s*(please\s+)?revise\b|\brevise (it|this|that|the)\b/.test(t)) return 'revise';
  if (/\bsme\b|subject[- ]matter expert|walkthrough|walk-through/.test(t)) return 'sme';
  if (/\bxapi\b|\bscorm\b|\bcmi5\b|\blms\b|\blrs\b|\bjson\b|\bcode\b|accessibility|wcag|tin can/.test(t))
    return 'tech';
  if (/\bquiz|\bassessment|knowledge check|\bquestions?\b|\btest items?\b|\bmcqs?\b/.test(t)) return 'quiz';
  if (/\bscenario|branching|role[- ]?play|simulation/.test(t)) return 'scenario';
  if (/\bmodalit|delivery (format|method)|\bformats?\b|blended|e-?learning vs|which medium/.test(t))
    return 'modality';
  if (/\bobjectives?\b|\bbloom|learning outcomes?|\boutcomes\b/.test(t)) return 'objectives';
  if (
    /\bplan\b|curriculum|onboarding|programme|program\b|course outline|roadmap|compliance training|\bcourse\b|\bmodules?\b/.test(
      t,
    )
  )
    return 'plan';
  if (/^\s*(hi|hello|hey|good (morning|afternoon|evening))\b[\s!.,]*$/.test(t)) return 'greeting';
  // The dashboard's 'Start Chat' opener (and the like): a greeting with an open question, not a topic.
  if (/^\s*(hi|hello|hey)\b[\s!.,]*(what|how) can you help( me)?( (create|do|with))?\b/.test(t))
    return 'greeting';
  return 'general';
}

/** The subject the user is asking about, e.g. "fire safety for warehouse staff". */
export function extractTopic(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  const m =
    /\b(?:about|on|for|covering|regarding|around|of|teaching|train(?:ing)?)\s+(.{3,}?)(?:[.?!]|$)/i.exec(
      clean,
    ) ??
    /^(?:please\s+)?(?:can you\s+|could you\s+|help me\s+|i need\s+|i want\s+)?(?:to\s+)?(?:create|write|generate|design|build|make|draft|give me|prepare)\s+(?:me\s+)?(?:a|an|the|some)?\s*(.{3,}?)(?:[.?!]|$)/i.exec(
      clean,
    );
  let topic = (m?.[1] ?? clean).trim();
  topic = topic
    .replace(/^(?:a|an|the|my|our|some)\s+/i, '')
    .replace(/\b(?:please|thanks|thank you)\b.*$/i, '')
    .replace(/[.?!,;:]+$/, '')
    .trim();
  if (topic.length > 80) topic = `${topic.slice(0, 77).replace(/\s+\S*$/, '')}…`;
  return topic || 'your topic';
}

function bloomTable(topic: string): string {
  const rows = BLOOM_TABLE.map(
    (b, i) =>
      `| ${i + 1}. ${b.label} | ${b.verbs.join(', ')} | Learners will be able to ${b.verbs[0]} … ${b.stem} ${topic}. |`,
  );
  return ['| Bloom level | Action verbs | Sample objective |', '|---|---|---|', ...rows].join('\n');
}

function objectives(topic: string): string {
  return `## Learning objectives: ${topic}

Objectives aligned to **Bloom's revised taxonomy**, from lower- to higher-order thinking. Each one uses a single observable verb so it can be assessed.

${bloomTable(topic)}

### Polished objectives (ABCD format)
1. **Given** a short case description, learners will **identify** the three most important risks related to ${topic} with no errors.
2. Learners will **explain** to a peer why each step of the ${topic} process matters, covering all key points on the checklist.
3. **Using** the job aid, learners will **apply** the procedure for ${topic} in a simulated task within 10 minutes.
4. Learners will **evaluate** two proposed solutions to a ${topic} problem and **justify** their choice against the agreed criteria.

### Tips
- Keep one verb per objective; avoid "understand" or "know", which cannot be observed.
- Match each objective to at least one assessment item and one practice activity.
- Ask me for a **quiz** or a **scenario** built on these objectives.`;
}

function quiz(topic: string): string {
  return `## Knowledge check: ${topic}

Five items mixing recall, application and judgement. Correct answers are marked ✅, with feedback for learners.

**1. Which statement best describes the main purpose of ${topic}?** *(Understand)*
- A. It is mainly a formality required by policy
- B. It helps people perform safely and consistently in real situations ✅
- C. It only matters for new starters
- D. It replaces the need for supervision

> **Feedback:** Correct — B. ${topic} exists to change what people do on the job. *If incorrect:* revisit the introduction, which links the topic to real consequences.

**2. True or false: once learners have completed the module, no refresher is needed.** *(Remember)*
- **Answer:** False ✅
> **Feedback:** Skills decay without practice; plan spaced refreshers at 1 week, 1 month and 3 months.

**3. A colleague skips a step in the ${topic} procedure because "it always works anyway". What should you do first?** *(Apply)*
- A. Ignore it, nothing went wrong
- B. Report them immediately without speaking to them
- C. Point out the skipped step and explain the risk it controls ✅
- D. Do the step for them next time

> **Feedback:** C — address it directly and explain the *why*; escalate only if the behaviour continues.

**4. Put these actions in the right order:** assess the situation · act using the procedure · check the result · record and report. *(Apply)*
- **Answer:** assess → act → check → record ✅
> **Feedback:** Checking before recording ensures you report what actually happened.

**5. Two teams handle ${topic} differently. Team A follows the checklist strictly; Team B adapts it to each case. Which is better and why?** *(Evaluate)*
- **Model answer:** Team A for routine, high-risk steps; Team B's judgement for unusual cases — as long as deviations are justified and documented.
> **Feedback:** Look for answers that weigh risk, consistency and context rather than picking one side.

### Next steps
- Tell me the audience and I will adjust difficulty and wording.
- Say **add scenario** to turn item 3 into a branching scenario.`;
}

function scenario(topic: string, heading = `## Branching scenario: ${topic}`): string {
  return `${heading}

**Goal:** practise decision-making about ${topic} in a safe, realistic setting.
**Audience:** front-line staff and their team leads · **Duration:** 15–20 minutes

### Setting
It is a busy Monday morning. You are covering for a colleague and a situation involving ${topic} comes up that you have only read about.

### Characters
- **You** — the learner, making the decisions
- **Sam** — an experienced colleague who prefers shortcuts
- **Priya** — the team lead, available but stretched

### Decision points
| Step | Situation | Choice A | Choice B | Choice C |
|---|---|---|---|---|
| 1 | The first sign of a problem appears | Follow the procedure ✅ | Ask Sam what he usually does | Wait and see |
| 2 | Sam suggests a faster workaround | Politely decline and explain why ✅ | Accept to save time | Escalate immediately |
| 3 | The situation gets worse | Involve Priya with the facts ✅ | Keep trying alone | Hand over to Sam |

### Consequences and feedback
- **Best path (A → A → A):** the issue is resolved safely and documented; Priya asks you to share what you did at the team huddle.
- **Shortcut path (B at step 2):** it seems to work, but a later audit finds a gap — show the real cost of the shortcut.
- **Passive path (C at step 1):** the problem escalates; feedback explains the early warning signs.

### Debrief questions
1. Which cue told you something was wrong?
2. What made the shortcut tempting, and how would you handle Sam next time?
3. What will you do differently on the job this week?`;
}

function modality(topic: string): string {
  return `## Modality recommendations: ${topic}

| Modality | Best for | Fit for ${topic} | Effort to build |
|---|---|---|---|
| Self-paced eLearning | Consistent knowledge, large audiences | ✅ Core concepts and policy | Medium |
| Microlearning (3–5 min) | Reinforcement, spaced practice | ✅ Refreshers after launch | Low |
| Virtual instructor-led | Discussion, Q&A, distributed teams | ◑ Case discussions | Medium |
| Classroom / workshop | Hands-on skills, behaviour change | ✅ Practice with feedback | High |
| Job aid / checklist | Infrequent or critical procedures | ✅ At the point of need | Low |
| Coaching / on-the-job | Transfer and habit building | ✅ First 30 days | Medium |

### Recommended blend
1. **Before:** a 10-minute eLearning primer on the essentials of ${topic}.
2. **During:** a 90-minute workshop (or VILT) built around scenarios and practice.
3. **After:** a one-page job aid plus three microlearning refreshers over six weeks, and a manager check-in.

### Questions that would change this advice
- How many learners, and are they co-located?
- Is there a compliance or certification requirement?
- What technology (LMS, devices, bandwidth) do they have?`;
}

function plan(topic: string): string {
  return `## Learning plan: ${topic}

### 1. Needs and audience
- **Business goal:** what should improve (errors, time to competence, satisfaction)?
- **Audience:** roles, prior knowledge, constraints (time, shifts, languages).
- **Performance gap:** what people do today vs. what they need to do.

### 2. Objectives (Bloom-aligned)
1. **Explain** the purpose and key principles of ${topic}. *(Understand)*
2. **Apply** the standard procedure for ${topic} in common situations. *(Apply)*
3. **Analyse** a case and **identify** what went wrong. *(Analyse)*
4. **Evaluate** options in an unusual situation and justify a decision. *(Evaluate)*

### 3. Structure
| Module | Content | Activities | Modality | Time |
|---|---|---|---|---|
| 1. Why it matters | Context, risks, real stories | Poll, short video | eLearning | 15 min |
| 2. Core procedure | Step-by-step process, job aid | Demo, guided practice | Workshop / VILT | 45 min |
| 3. Practice | Realistic cases | Branching scenario | eLearning | 20 min |
| 4. Judgement calls | Edge cases, escalation | Group discussion | Workshop / VILT | 30 min |
| 5. On the job | Apply and reflect | Manager check-in | Coaching | 2 weeks |

### 4. Assessment
- Knowledge check after modules 1–2 (80% to pass).
- Scenario performance in module 3, with feedback on every choice.
- Observed practice on the job, using a short checklist.

### 5. Evaluation (Kirkpatrick)
- **Level 1:** reaction survey · **Level 2:** pre/post quiz · **Level 3:** manager observation at 30 days · **Level 4:** the business metric from step 1.

### Version commands
Say **revise** with a change (e.g. "revise: make it 2 hours"), **add scenario**, or **export plan** for a clean copy.`;
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

/** An SME walkthrough asked for without a subject ('on them', 'my area of expertise'): the interview opener. */
const VAGUE_SME_TOPIC =
  /^(them|it|this|that|these|those|my notes|the notes|(my|your) (area of )?expertise|area of expertise|your topic)$/i;

function smeOpener(): string {
  return `## SME walkthrough

I'll play the instructional designer interviewing you, the subject-matter expert, and turn your answers (or your notes) into objectives, a task analysis and a scenario.

### To start
1. **What is the subject?** The task, process or product the training is about.
2. **Who will take the training?** Their role and what they already know.
3. **What should they do differently afterwards?**

If you have notes, paste them here (or upload them in the L&D assistant) and I'll ask about the gaps.`;
}

function general(topic: string): string {
  return `## Getting started: ${topic}

Here is a quick instructional-design starting point for **${topic}**.

### Three draft objectives
1. Learners will **describe** the key ideas of ${topic}. *(Understand)*
2. Learners will **apply** ${topic} to a realistic work task. *(Apply)*
3. Learners will **evaluate** an example and **recommend** improvements. *(Evaluate)*

### Suggested approach
- Start with a short, relevant story or problem to create the need to learn.
- Teach the minimum concepts, then move quickly to practice with feedback.
- Close with a job aid and a plan for applying it on the job.

### What I can build next
| Ask for | You get |
|---|---|
| "objectives" | A full Bloom table with action verbs |
| "quiz" | Items with answers and feedback |
| "scenario" | A branching scenario outline |
| "modality" | A delivery-format comparison |
| "learning plan" | A module-by-module plan |`;
}

function lastAssistant(messages: LlmMessage[]): string | undefined {
  for (let i = messages.length - 2; i >= 0; i--)
    if (messages[i]!.role === 'assistant') return messages[i]!.content;
  return undefined;
}

function lastTopic(messages: LlmMessage[]): string | undefined {
  for (let i = messages.length - 2; i >= 0; i--) {
    const m = messages[i]!;
    if (m.role !== 'user') continue;
    const intent = detectIntent(m.content);
    if (intent !== 'revise' && intent !== 'add_scenario' && intent !== 'export')
      return extractTopic(m.content);
  }
  return undefined;
}

/** Kinds the chat answers with a typed artifact (an SME summary needs the interview, which the chat has not). */
const CHAT_ARTIFACTS = new Set(['objectives', 'quiz', 'scenario', 'modality', 'plan']);

/**
 * A chat request for a deliverable answers with the Markdown of the same typed artifact the assistant makes
 * (offline-artifacts/: one request parser, one vocabulary, drafts and documents alike), not a fixed template.
 * Undefined for conversation, version commands and the SME interview.
 */
function artifactAnswer(messages: LlmMessage[], user: string, intent: Intent): string | undefined {
  if (['revise', 'add_scenario', 'export', 'greeting', 'sme', 'tech'].includes(intent)) return undefined;
  const reading = classifyKind(user, 'LND_COPILOT');
  if (!CHAT_ARTIFACTS.has(reading.kind) || reading.confidence < 0.7) return undefined;
  const kind = reading.kind as Exclude<typeof reading.kind, 'none' | 'sme_summary'>;
  return renderArtifactMarkdown(
    kind,
    buildOfflineArtifact(kind, messages, { system: [], profile: 'LND_COPILOT' }),
  );
}

/** The full offline answer for a conversation (the last message is the user's). */
export function offlineAnswer(messages: LlmMessage[]): string {
  const user = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const intent = detectIntent(user);
  const typed = artifactAnswer(messages, user, intent);
  if (typed) return typed;
  const previous = lastAssistant(messages);
  const topic =
    intent === 'revise' || intent === 'add_scenario' || intent === 'export'
      ? (lastTopic(messages) ?? extractTopic(user))
      : extractTopic(user);
  switch (intent) {
    case 'objectives':
      return objectives(topic);
    case 'quiz':
      return quiz(topic);
    case 'scenario':
      return scenario(topic);
    case 'modality':
      return modality(topic);
    case 'plan':
      return plan(topic);
    case 'sme':
      return VAGUE_SME_TOPIC.test(topic) ? smeOpener() : sme(topic);
    case 'tech':
      return tech(topic);
    case 'greeting':
      return greeting();
    case 'revise': {
      const change = user.replace(/^\s*(please\s+)?revise\s*(it|this|that)?\s*[:,-]?\s*/i, '').trim();
      if (!previous)
        return `There is nothing to revise yet. Ask me for objectives, a quiz, a scenario or a learning plan first.`;
      const body = previous.replace(/^#+ .*\n+/, '');
      return `## Revised version\n\n**Change requested:** ${change || 'general polish'}\n\n${body}\n\n---\n*Revised to reflect: ${change || 'clarity and concision'}. Say **revise** again for further changes or **export plan** for a clean copy.*`;
    }
    case 'add_scenario':
      return `${scenario(topic, `## Added scenario: ${topic}`)}\n\n*This scenario is now part of the plan. Say **export plan** to get the whole plan in one document.*`;
    case 'export': {
      const parts = messages
        .filter((m) => m.role === 'assistant' && m.content.startsWith('##'))
        .map((m) =>
          m.content.replace(/\n+---\n\*[^\n]*\*\s*$/, '').replace(/\n+\*This scenario[^\n]*\*\s*$/, ''),
        );
      if (parts.length === 0) return `There is no plan to export yet. Ask me for a **learning plan** first.`;
      return `# Exported plan: ${topic}\n\n*Consolidated from this conversation — copy it into your document or authoring tool.*\n\n${parts.join('\n\n---\n\n')}`;
    }
    default:
      return general(topic);
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
      const answer = withImageNote(
        (req.profile && offlineAssistantAnswer(req.profile, req.messages, offlineAnswer)) ||
          offlineAnswer(req.messages.filter((m) => m.role !== 'system')),
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
