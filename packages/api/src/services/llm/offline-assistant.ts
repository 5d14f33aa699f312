// The offline provider's answers for assistant sessions, one deterministic behaviour per session type
// (`LlmRequest.profile`): LND_COPILOT (design partner: objectives ↔ activities ↔ assessment ↔ modality),
// SME_WALKTHROUGH (assistant-sme.ts: structured interview or SME simulation), MICROLEARNING (3–7 minute
// modules, one objective each, spaced retrieval), ASSESSMENT_BUILDER (items aligned to the stated objectives
// with distractor rationale) and EXPERT_PANEL (four named viewpoints, then a synthesis). The subject comes
// from what the user names ("on X", "for Y"), never from the raw request; without one the answer says so.
import { smeAnswer } from './assistant-sme.js';
import {
  cell,
  clip,
  conversationSubject,
  lowerFirst,
  subjectPhrase,
  turnsOf,
  upperFirst,
  userTextsOf,
} from './assistant-text.js';
import { renderArtifactMarkdown } from '../artifacts/markdown.js';
import {
  conversationIntentOf,
  detectArtifactRequest,
  versionCommandOf,
  type ArtifactIntent,
} from '../artifacts/intent.js';
import { BLOOM_LEVEL_LABELS, BLOOM_LEVELS, bloomOf, type BloomLevel } from '../content/bloom.js';
import { classifyKind, modalityComparison, namedKind, parseRequest } from '../content/request.js';
import type { ArtifactKind } from '../../schemas/artifacts.js';
import type { AssistantSessionType } from '../../schemas/assistant.js';
import { artifactContextOf } from './offline-artifacts/context.js';
import { groundingOf } from './offline-artifacts/grounded.js';
// Registers the typed L&D artifact builders (objectives, quiz, scenario, modality, plan, SME summary).
import { buildOfflineArtifact } from './offline-artifacts/index.js';
import { filePassagesOf, type FilePassage } from './file-passages.js';
import type { LlmMessage } from './types.js';

/**
 * The typed artifact a message asks for (the one intent classifier, artifacts/intent.ts), when the reading is
 * confident enough to answer with a card: a request verb and a kind (0.9), or a kind named in a message that is
 * not another conversation (a greeting, an SME interview, a question on learning technology). An SME summary
 * only in an assistant session (`session`: it needs the interview or the notes). Null for everything else, the
 * version commands included: a less confident reading keeps the conversational answer.
 */
export function deliverableOf(
  text: string,
  session?: { type: AssistantSessionType; previousUserTexts: string[] },
): ArtifactIntent | null {
  const sessionType = session?.type ?? 'LND_COPILOT';
  const intent = detectArtifactRequest(text, {
    sessionType,
    current: null,
    previousUserTexts: session?.previousUserTexts,
  });
  if (!intent || intent.command !== 'create') return null;
  if (intent.kind === 'sme_summary') return session ? intent : null;
  const { confidence } = classifyKind(text, sessionType);
  return confidence >= 0.9 || (confidence >= 0.7 && !conversationIntentOf(text)) ? intent : null;
}

/**
 * The Markdown of the typed artifact of `kind` for a conversation, exactly as its card renders it: the same
 * builder the assistant's generateObject uses, with the context messages (files, the session's artifacts).
 */
export function artifactMarkdown(kind: ArtifactKind, messages: LlmMessage[], profile?: string): string {
  const system = messages.filter((m) => m.role === 'system');
  const turns = messages.filter((m) => m.role !== 'system');
  return renderArtifactMarkdown(kind, buildOfflineArtifact(kind, turns, { system, profile }));
}

export const ASSISTANT_PROFILES = [
  'LND_COPILOT',
  'SME_WALKTHROUGH',
  'MICROLEARNING',
  'ASSESSMENT_BUILDER',
  'EXPERT_PANEL',
] as const;
export type AssistantProfile = (typeof ASSISTANT_PROFILES)[number];

export const isAssistantProfile = (p: string | undefined): p is AssistantProfile =>
  !!p && (ASSISTANT_PROFILES as readonly string[]).includes(p);

interface Ask {
  /** The message being answered. */
  text: string;
  /** All user messages, oldest first (the last is `text`). */
  userTexts: string[];
  topic?: string;
  audience?: string;
  /** `topic`, or a phrase built from the audience, or a neutral stand-in. */
  subject: string;
  /** Whether the conversation named a subject at all. */
  named: boolean;
  /** Passages of the session's files in the context. */
  files: FilePassage[];
}

function askOf(messages: LlmMessage[], profile: string): Ask {
  const userTexts = userTextsOf(messages);
  const text = userTexts[userTexts.length - 1] ?? '';
  const s = conversationSubject(userTexts);
  const files = filePassagesOf(messages);
  // Without a subject named, the files' subject, read as the typed card reads it.
  const phrase =
    subjectPhrase(s) ??
    (files.length
      ? artifactContextOf(
          messages.filter((m) => m.role !== 'system'),
          { system: messages.filter((m) => m.role === 'system'), profile },
        ).topic
      : undefined);
  return {
    text,
    userTexts,
    topic: s.topic,
    audience: s.audience,
    subject: phrase ?? 'your topic',
    named: !!phrase,
    files,
  };
}

const askForSubject = (a: Ask) =>
  a.named
    ? ''
    : '\n\n> **Tell me the topic and the audience** (e.g. “hand hygiene for new ward staff”) and I’ll tailor every part of this to them.';

// ---------------------------------------------------------------------------------------------------------
// LND_COPILOT

type CopilotFocus = 'objectives' | 'activities' | 'assessment' | 'modality' | 'design';

/** Asking how to check learning ("how should we assess / measure this?"): no deliverable noun, a verb. */
const ASSESS_VERB = /\b(?:assess(?:ing)?|measure|evaluate|test)\b/i;
/** Delivery asked about in one word ("blended?", "what format?"): modalityComparison needs two options. */
const DELIVERY = /\b(?:blended|delivery|formats?)\b/i;
/** Practice activities have no artifact kind of their own. */
const ACTIVITIES = /\b(?:activit(?:y|ies)|exercises?|practi[cs]e|engag\w*|interactive|games?)\b/i;

/**
 * What part of the design a conversational message is about: the kind it names, read by the one request parser
 * (content/request.ts namedKind, modalityComparison), or practice activities, or the whole design.
 */
function copilotFocus(text: string): CopilotFocus {
  const kind = namedKind(text);
  if (kind === 'modality' || modalityComparison(text) || DELIVERY.test(text)) return 'modality';
  if (kind === 'quiz' || ASSESS_VERB.test(text)) return 'assessment';
  if (ACTIVITIES.test(text)) return 'activities';
  if (kind === 'objectives' || /\bbloom\b/i.test(text)) return 'objectives';
  return 'design';
}

function alignmentRows(subject: string): string[][] {
  return [
    [
      `Explain why ${subject} matters and what good looks like *(Understand)*`,
      'Short real story, then “spot the difference” between a good and a poor example',
      '2–3 multiple-choice items with feedback',
      'Self-paced eLearning (10 min)',
    ],
    [
      `Carry out the core procedure of ${subject} with a job aid *(Apply)*`,
      'Demonstration, then guided practice with the real tools',
      'Observed task against a checklist',
      'Workshop or virtual session',
    ],
    [
      `Diagnose what went wrong in a ${subject} case *(${BLOOM_LEVEL_LABELS.analyze})*`,
      'Case study with deliberately planted errors',
      'Case questions: identify the error and its cause',
      'Virtual session, small groups',
    ],
    [
      `Choose and justify an action in an unusual ${subject} situation *(Evaluate)*`,
      'Branching scenario with consequences',
      'Scenario path score plus a one-line justification',
      'Self-paced scenario, then a debrief',
    ],
  ];
}

function copilotAnswer(a: Ask, fallback: (messages: LlmMessage[]) => string, messages: LlmMessage[]): string {
  if (versionCommandOf(a.text)) return fallback(turnsOf(messages));
  if (conversationIntentOf(a.text) === 'greeting')
    return `Hello! I'm your L&D design partner. Tell me what you're building and for whom, and I'll help you line up the four things that make training work:

1. **Objectives** — observable, Bloom-aligned outcomes
2. **Activities** — practice that mirrors the job
3. **Assessments** — evidence that each objective was met
4. **Modality** — the delivery format that fits the audience and constraints

Try: “Design a course on difficult conversations for new team leaders”.`;
  const s = a.subject;
  const who = a.audience ?? 'your learners';
  const focus = copilotFocus(a.text);
  const rows = alignmentRows(s);
  if (focus === 'objectives')
    return `## Objectives for ${s}

Each objective names one observable behaviour, its condition and its standard (ABCD), and comes paired with the activity that practises it and the assessment that proves it.

${rows
  .map(
    (r, i) =>
      `${i + 1}. **${r[0]!.replace(/ \*\(.*\)\*$/, '')}** ${r[0]!.match(/\*\(.*\)\*$/)?.[0] ?? ''}\n   - *Audience:* ${who} · *Condition:* ${i === 1 ? 'given the job aid' : i === 3 ? 'given an unfamiliar case' : 'after the module'} · *Degree:* ${i === 1 ? 'no critical step missed' : i === 2 ? 'the main error and its cause named' : 'matches the agreed criteria'}\n   - *Practised by:* ${lowerFirst(r[1]!)}\n   - *Evidenced by:* ${lowerFirst(r[2]!)}`,
  )
  .join('\n')}

### Check before you build
- Every objective has at least one activity and one assessment item — no orphans.
- Avoid “understand” and “know” in the final wording; use the verbs above.
- Cut any content that serves no objective.${askForSubject(a)}`;
  if (focus === 'activities')
    return `## Practice activities for ${s}

Activities should look like the job: the closer the practice is to the real task, the better it transfers.

| Bloom level | Activity | How it works | Time |
|---|---|---|---|
| Understand | Spot the difference | Compare a good and a poor example of ${s}; learners name three differences | 10 min |
| Apply | Guided practice | Learners perform the task with the job aid while a peer checks each step | 20 min |
| Apply | Teach-back | Each learner explains one step to a partner, who asks “why?” twice | 10 min |
| ${BLOOM_LEVEL_LABELS.analyze} | Find the fault | A worked example with two planted errors; learners find and fix them | 15 min |
| Evaluate | Branching scenario | Three decisions under time pressure, each with realistic consequences | 15 min |
| Create | Job-aid remix | Small groups improve the job aid for their own team | 20 min |

### Making them engaging
- Start with a problem, not a lecture; let learners try before you explain.
- Use ${who}'s real cases, vocabulary and tools.
- Give feedback that explains *why*, not just right or wrong.${askForSubject(a)}`;
  if (focus === 'assessment')
    return `## Assessment strategy for ${s}

| Objective | Evidence | Method | When |
|---|---|---|---|
${rows.map((r) => `| ${cell(r[0]!)} | ${cell(r[2]!)} | ${r === rows[1] ? 'Performance (observed)' : r === rows[3] ? 'Scenario' : 'Knowledge check'} | ${r === rows[1] ? 'On the job, week 2' : 'End of module'} |`).join('\n')}

### Formative vs. summative
- **Formative:** quick checks inside each module with explanatory feedback; they shape practice and never block progress.
- **Summative:** the observed task and the scenario; set the pass standard with your subject-matter expert before launch.

### Quality checks
- Each item measures exactly one objective at its Bloom level (no recall items for an Apply objective).
- Distractors come from real mistakes, so wrong answers tell you what to reteach.
- Pilot with 3–5 people from ${who} and drop items everyone gets right or wrong.${askForSubject(a)}`;
  if (focus === 'modality')
    return `## Modality for ${s}

| Factor | What it suggests |
|---|---|
| Audience (${who}) | Choose formats that fit their shifts, devices and locations |
| Skill type | Procedures and judgement need practice with feedback; facts suit self-paced |
| Risk of error | High-risk tasks need observed practice before doing it for real |
| Frequency of use | Rare tasks need a job aid at the point of need rather than memorisation |
| Scale and budget | Large audiences favour self-paced plus short live sessions |

### Recommended blend
1. **Self-paced primer (10–15 min):** the why and the core concepts.
2. **Live practice (60–90 min, classroom or virtual):** demonstration, guided practice, scenarios.
3. **On the job (first 30 days):** job aid plus a manager check-in using the observation checklist.
4. **Reinforcement:** three short refreshers spaced over six weeks.

### Tell me to refine
- How many learners, where, and on which devices?
- Is there a compliance or certification requirement?${askForSubject(a)}`;
  return `## Design brief: ${s}

**Audience:** ${who}. Here is a first alignment map — each row links an objective to the activity that practises it, the assessment that proves it and the format that delivers it.

| Objective | Practice activity | Assessment | Modality |
|---|---|---|---|
${rows.map((r) => `| ${r.map((c) => cell(c, 200)).join(' | ')} |`).join('\n')}

### Design notes
- Keep the knowledge part short; spend most of the time on rows 2–4, where behaviour changes.
- Build the job aid first: it anchors the practice and the observed assessment.
- Measure success with the business signal that prompted this request, not just completions.

### Questions to sharpen this
1. What should ${who} do differently after the training, and how will you see it?
2. How much time can they spend, and in what format (shifts, devices, locations)?
3. Is there a compliance or certification requirement?

Ask me to expand any column — **objectives**, **activities**, **assessment** or **modality** — or say **revise** with a change.${askForSubject(a)}`;
}

// ---------------------------------------------------------------------------------------------------------
// MICROLEARNING

const MODULE_DURATIONS = [4, 5, 3, 6, 4, 5];

interface MicroModule {
  title: string;
  objective: string;
  level: BloomLevel;
  format: string;
  hook: string;
  core: string;
  practice: string;
  retrieval: string;
}

function microModules(s: string, who: string): MicroModule[] {
  return [
    {
      title: `Why ${s} matters`,
      objective: `Explain in one sentence the main risk or benefit of ${s} in their own role`,
      level: 'understand',
      format: '60-second story video + one reflection prompt',
      hook: `A 30-second real incident (or near-miss) involving ${s}.`,
      core: 'One idea only: what goes wrong, what it costs, and what good looks like.',
      practice: `Learners pick which of two short clips shows good practice and say why.`,
      retrieval: `In one sentence: why does ${s} matter in your job?`,
    },
    {
      title: `The core steps of ${s}`,
      objective: `Put the core steps of ${s} in the right order`,
      level: 'apply',
      format: 'Interactive walkthrough on mobile',
      hook: 'Learners try to order the steps before seeing them.',
      core: 'The 3–5 steps, each with the reason it exists.',
      practice: 'Drag-and-drop sequencing with feedback on each misplaced step.',
      retrieval: `List the steps of ${s} from memory, then check against the job aid.`,
    },
    {
      title: 'Spot the mistake',
      objective: `Identify the most common error in a worked example of ${s}`,
      level: 'analyze',
      format: 'Annotated example or photo with hotspots',
      hook: '“Something is wrong in this picture — can you find it in 20 seconds?”',
      core: 'The two or three mistakes people really make, and why they are tempting.',
      practice: 'Three examples; learners tap the error and choose its consequence.',
      retrieval: `What is the most common mistake with ${s}, and how do you prevent it?`,
    },
    {
      title: 'Decide under pressure',
      objective: `Choose the best action in a realistic ${s} situation and justify it`,
      level: 'evaluate',
      format: 'Two-decision branching scenario',
      hook: `It's the end of a busy shift and a ${s} problem appears.`,
      core: 'Consequences of each choice, shown rather than told.',
      practice: 'Two decisions; the feedback follows the path taken.',
      retrieval: 'What would you do first in the scenario, and why?',
    },
    {
      title: 'Job aid and commitment',
      objective: `Use the job aid to check their own practice of ${s}`,
      level: 'apply',
      format: 'Downloadable checklist + personal commitment',
      hook: '“Here is everything from this series on one page.”',
      core: `The one-page job aid, walked through in 90 seconds, for ${who}.`,
      practice: 'Learners check a recent piece of their own work against the job aid.',
      retrieval: 'Which item of the job aid do you most often miss?',
    },
    {
      title: 'Apply it on the job',
      objective: `Plan one improvement to their own ${s} practice`,
      level: 'create',
      format: 'Short planning template shared with the manager',
      hook: 'A colleague shares what changed after they applied this.',
      core: 'How to pick one habit to change and how to notice progress.',
      practice: 'Learners write one if-then plan (“If …, then I will …”).',
      retrieval: 'What did you change this week, and what happened?',
    },
  ];
}

function microAnswer(a: Ask): string {
  const s = a.subject;
  const who = a.audience ?? 'your learners';
  const t = a.text.toLowerCase();
  // The number of modules asked for, as the request parser reads it (content/request.ts).
  const count = Math.min(6, Math.max(3, parseRequest(a.text).moduleCount ?? 5));
  const modules = microModules(s, who).slice(0, count);
  const n = /\bmodule\s*(\d)\b/.exec(t)?.[1];
  if (/\bscript|storyboard\b/.test(t) || n) {
    const i = Math.min(count, Math.max(1, Number(n ?? 1))) - 1;
    const m = modules[i] ?? modules[0]!;
    const minutes = MODULE_DURATIONS[i]!;
    return `## Microlearning script: module ${i + 1} — ${m.title}

**Length:** ${minutes} minutes · **One objective:** ${m.objective}. *(${BLOOM_LEVEL_LABELS[m.level]})* · **Format:** ${m.format}

| Time | Screen / scene | Narration or text | Interaction |
|---|---|---|---|
| 0:00–0:30 | Hook | ${cell(m.hook)} | Tap to continue |
| 0:30–${Math.floor(minutes / 2)}:00 | Core idea | ${cell(m.core)} | One check-in question |
| ${Math.floor(minutes / 2)}:00–${minutes - 1}:00 | Practice | ${cell(m.practice)} | Feedback on every choice |
| ${minutes - 1}:00–${minutes}:00 | Retrieval | “${cell(m.retrieval)}” | Free recall, then reveal |

### Writing rules for this module
- One objective only; cut anything that does not serve it.
- Write for a phone screen: short sentences, one idea per screen, captions on every video.
- End with the retrieval question, not a summary — recalling beats re-reading.${askForSubject(a)}`;
  }
  if (/\bretrieval|spaced|quiz|questions?|flashcards?|reinforce|refresher/.test(t))
    return `## Spaced retrieval plan: ${s}

Retrieval practice works best when it is effortful and spread out: each question below comes back at growing intervals, mixed with the others.

### Question bank (one per module)
${modules.map((m, i) => `${i + 1}. **${m.title}:** ${m.retrieval}`).join('\n')}

### Schedule
| When | What learners get | Questions |
|---|---|---|
| Day 0 | End of each module | That module's question |
| Day 2 | 2-minute push quiz | Questions 1–${Math.min(3, count)} |
| Day 7 | 3-minute mixed quiz | All questions, shuffled |
| Day 21 | Scenario refresher | The hardest two questions, reworded as a case |
| Day 45 | Manager check-in | Question ${count} in conversation |

### Tips
- Ask before you show: free recall first, then reveal the answer with feedback.
- Interleave questions from different modules; never repeat the exact wording twice.
- Send the items people miss most again sooner.${askForSubject(a)}`;
  return `## Microlearning series: ${s}

${count} modules of 3–7 minutes for ${who}, **one objective each**, with spaced retrieval practice tying them together.

| # | Module | One objective | Bloom | Minutes | Format |
|---|---|---|---|---|---|
${modules.map((m, i) => `| ${i + 1} | ${cell(m.title)} | ${cell(m.objective)} | ${BLOOM_LEVEL_LABELS[m.level]} | ${MODULE_DURATIONS[i]} | ${cell(m.format)} |`).join('\n')}

### Inside every module
1. **Hook (≤ 30 s)** — a problem or a story, not an agenda.
2. **One core idea** — only what the objective needs.
3. **Practice** — one interaction with feedback.
4. **Retrieval question** — recall from memory before moving on.

### Spaced retrieval
- Day 2: a 2-minute quiz on modules 1–${Math.min(3, count)} · Day 7: all modules, mixed · Day 21: a scenario refresher.
- Each module's retrieval question comes back reworded; missed ones return sooner.

Say **script module 2** for a storyboard, or **retrieval plan** for the question bank and schedule.${askForSubject(a)}`;
}

// ---------------------------------------------------------------------------------------------------------
// ASSESSMENT_BUILDER

interface Objective {
  text: string;
  level: BloomLevel;
  verb: string;
  object: string;
}

const OBJECTIVE_LINE = /^\s*(?:\d+[.)]|[-*•]|objective\s*\d*\s*[:.)-])\s*(.{8,})$/i;

/** Objectives the user stated: numbered or bulleted lines, or sentences with "will be able to". */
export function statedObjectives(userTexts: string[]): Objective[] {
  const found: Objective[] = [];
  for (const text of userTexts) {
    const lines = text.split(/\n+/);
    const candidates = lines
      .map((l) => OBJECTIVE_LINE.exec(l)?.[1])
      .filter((l): l is string => !!l)
      .concat(
        text
          .split(/(?<=[.!?])\s+|\n+/)
          .filter((x) =>
            /\b(?:will be able to|should be able to|learners will|participants will)\b/i.test(x),
          ),
      );
    const mine: Objective[] = [];
    for (const c of candidates) {
      const b = bloomOf(c);
      if (!b || !b.rest) continue;
      const text = `${b.verb} ${b.rest}`.replace(/[.;\s]+$/, '');
      if (mine.some((o) => o.text === text)) continue;
      mine.push({ text, level: b.level, verb: b.verb, object: b.rest.replace(/[.;\s]+$/, '') });
    }
    // The latest message that states objectives replaces earlier ones.
    if (mine.length) found.splice(0, found.length, ...mine);
  }
  return found.slice(0, 8);
}

function draftObjectives(s: string): Objective[] {
  return [
    {
      text: `identify the key requirements of ${s}`,
      level: 'remember',
      verb: 'identify',
      object: `the key requirements of ${s}`,
    },
    {
      text: `apply the correct procedure for ${s}`,
      level: 'apply',
      verb: 'apply',
      object: `the correct procedure for ${s}`,
    },
    {
      text: `evaluate how a colleague handled a ${s} case`,
      level: 'evaluate',
      verb: 'evaluate',
      object: `how a colleague handled a ${s} case`,
    },
  ];
}

function item(o: Objective, n: number, who: string): string {
  const obj = clip(o.object, 90);
  switch (o.level) {
    case 'remember':
    case 'understand':
      return `**Item ${n} · Multiple choice · ${BLOOM_LEVEL_LABELS[o.level]}**
*Stem:* Which statement correctly ${o.level === 'remember' ? 'describes' : 'explains'} ${obj}?
- A. The accurate statement from your source material ✅
- B. A statement that is true of a closely related concept
- C. The accurate statement with one key detail changed (a number, a step, a threshold)
- D. A common belief people bring from outside work

| Option | Distractor rationale |
|---|---|
| B | *Confusion:* catches learners who mix up ${obj} with a neighbouring idea — reteach the distinction. |
| C | *Partial knowledge:* plausible to someone who half-remembers; the changed detail is the one that matters on the job. |
| D | *Misconception:* the intuitive answer; choosing it shows the myth survived the training. |`;
    case 'apply':
      return `**Item ${n} · Scenario multiple choice · ${BLOOM_LEVEL_LABELS.apply}**
*Stem:* You are one of ${who}, it is a busy shift, and you need to ${o.verb} ${obj}. What do you do first?
- A. Follow the agreed procedure and confirm the result ✅
- B. Skip the verification step to save time — it usually works
- C. Do the right steps, but in a different order
- D. Stop and wait for a manager before doing anything

| Option | Distractor rationale |
|---|---|
| B | *Shortcut:* the most common real-world error; attractive under time pressure. Choosing it means the “why” of the check did not land. |
| C | *Sequence error:* shows the steps are known but not their logic; practise with sequencing and consequences. |
| D | *Over-caution:* plausible for anxious novices, but the objective expects them to act on their own. |`;
    case 'analyze':
      return `**Item ${n} · Case-based multiple choice · ${BLOOM_LEVEL_LABELS.analyze}**
*Case:* A short description (4–6 sentences) of a situation where someone had to ${o.verb} ${obj}, with one root cause and two distracting details.
*Stem:* What is the most likely cause of the problem?
- A. The root cause described in the case ✅
- B. A symptom that appears in the case, mistaken for the cause
- C. A real contributing factor that is not the main cause
- D. A striking but irrelevant detail from the case

| Option | Distractor rationale |
|---|---|
| B | *Symptom for cause:* learners stop at the first visible problem. |
| C | *Secondary factor:* true, but fixing it would not prevent a repeat — tests prioritising. |
| D | *Red herring:* catches learners who react to salience instead of evidence. |`;
    case 'evaluate':
      return `**Item ${n} · Judgement item · ${BLOOM_LEVEL_LABELS.evaluate}**
*Stem:* Two colleagues disagree about how to ${o.verb} ${obj}. Colleague 1 follows the standard strictly; colleague 2 adapts it to the situation. Which approach is better justified here, and why?
- A. The approach that fits the risk and the evidence in the case, with the reason stated ✅
- B. Always the strict approach, whatever the situation
- C. Always the flexible approach, because experience beats rules
- D. Whichever is faster

| Option | Distractor rationale |
|---|---|
| B | *Rule-bound:* safe-sounding, but ignores the evidence the case gives. |
| C | *Overconfidence:* appeals to experienced learners; tests whether they can justify a deviation. |
| D | *Convenience:* shows time pressure outranks judgement — a coaching point. |

*Follow-up (short answer):* “Justify your choice in two sentences.” Full marks name the deciding evidence and the risk.`;
    default:
      return `**Item ${n} · Performance task · ${BLOOM_LEVEL_LABELS.create}**
*Task:* ${upperFirst(o.verb)} ${obj}, for a realistic brief you give the learner (audience, constraints, success criteria).

| Criterion | Meets the standard | Not yet |
|---|---|---|
| Fit to the brief | Addresses every constraint | Misses one or more |
| Accuracy | Consistent with the procedure and policy | Contains an error that would matter on the job |
| Usability | Someone else could use it without help | Needs explanation |

*Why no distractors:* creating is shown by producing something, so this item is scored with the rubric.`;
  }
}

function assessmentAnswer(a: Ask): string {
  const stated = statedObjectives(a.userTexts);
  const objectives = stated.length ? stated : draftObjectives(a.subject);
  const who = a.audience ?? 'the learners';
  const blueprint = objectives.map(
    (o, i) =>
      `| ${i + 1}. ${cell(upperFirst(o.text), 90)} | ${BLOOM_LEVEL_LABELS[o.level]} | Item ${i + 1} | ${o.level === 'create' ? 'Performance task + rubric' : o.level === 'evaluate' ? 'Judgement MCQ + short answer' : o.level === 'analyze' ? 'Case-based MCQ' : o.level === 'apply' ? 'Scenario MCQ' : 'MCQ'} |`,
  );
  const levels = BLOOM_LEVELS.filter((l) => objectives.some((o) => o.level === l));
  return `## Assessment: ${stated.length ? `${stated.length} stated objective${stated.length === 1 ? '' : 's'}` : a.subject}

${
  stated.length
    ? 'Each item below is aligned to one of your objectives and written at its Bloom level; every distractor comes with the misconception it detects.'
    : `**You haven't stated objectives yet**, so here are draft ones for ${a.subject}. Paste your own (one per line, e.g. “1. Learners will be able to compare…”) and I'll realign every item.`
}

### Blueprint
| Objective | Bloom level | Item | Format |
|---|---|---|---|
${blueprint.join('\n')}

### Items
${objectives.map((o, i) => item(o, i + 1, who)).join('\n\n')}

### Before you use these
- Replace the bracketed descriptions with content from your source material; keep the distractor *types*.
- Keep options similar in length and grammar so the correct one does not stand out.
- Levels covered: ${levels.map((l) => BLOOM_LEVEL_LABELS[l]).join(', ')}. ${levels.length < 3 ? 'Consider adding a higher-order objective so the test does not only measure recall.' : 'A good spread from recall to judgement.'}${askForSubject(a)}`;
}

// ---------------------------------------------------------------------------------------------------------
// EXPERT_PANEL

type PanelFocus = 'assessment' | 'modality' | 'plan' | 'general';

/** What the panel is asked about, from the kind the message names (the one request parser). */
function panelFocus(text: string): PanelFocus {
  const kind = namedKind(text);
  if (kind === 'quiz' || ASSESS_VERB.test(text) || /\bcertif\w*/i.test(text)) return 'assessment';
  if (kind === 'modality' || modalityComparison(text) || DELIVERY.test(text)) return 'modality';
  if (kind === 'plan' || kind === 'objectives' || /\bdesign\b/i.test(text)) return 'plan';
  return 'general';
}

function panelAnswer(a: Ask): string {
  const s = a.subject;
  const who = a.audience ?? 'the learners';
  const focus = panelFocus(a.text);
  const views: Record<PanelFocus, [string, string, string, string]> = {
    plan: [
      `Start from the performance gap, not the content list: two or three observable objectives for ${s}, each with practice that mirrors the job. Keep the knowledge part under a third of the time.`,
      `The procedure on paper is not how experts actually do ${s}. Build the practice around the real edge cases and the tacit checks — I can list the five situations where novices get it wrong.`,
      `${upperFirst(who)} are busy. Short sessions at the point of need, real examples from their own work, and no “click next” screens. Tell them up front what they will be able to do.`,
      `Confirm whether ${s} has mandatory content, refresher intervals or record-keeping requirements; keep completion and assessment records, and make every format accessible (WCAG 2.2 AA).`,
    ],
    assessment: [
      `Align every item to one objective at its Bloom level; use scenarios for application and judgement, not recall questions.`,
      `Write the cases from real incidents. Distractors should be the mistakes I actually see, or the test will be easy and meaningless.`,
      `Make it feel fair: clear instructions, no trick questions, feedback that teaches, and a chance to retake after more practice.`,
      `If the assessment certifies competence in ${s}, document the pass mark rationale, keep attempt records and control versions of the item bank.`,
    ],
    modality: [
      `Match format to skill: self-paced for concepts, live practice with feedback for procedures and judgement, job aids for rare tasks.`,
      `Some parts of ${s} can only be learned hands-on. Don't replace observed practice with a video because it is cheaper.`,
      `Check devices, shifts and bandwidth for ${who}. Mobile-friendly, captioned, and short enough to fit a real break.`,
      `Whatever the format, the audit trail must show who completed what and when; live sessions need attendance records too.`,
    ],
    general: [
      `Clarify the objective first: what should ${who} do differently? Then choose the smallest intervention that gets there — sometimes a job aid beats a course.`,
      `Tell me where people really struggle with ${s}; the training should target those moments, not everything there is to know.`,
      `Ask a few of ${who} what gets in their way. Relevance and respect for their time decide whether they engage.`,
      `Check the policy, legal and accessibility requirements around ${s} early, so nothing has to be rebuilt before launch.`,
    ],
  };
  const risks: [string, string, string, string] = [
    'content-heavy modules with no practice',
    'training the textbook version of the task',
    'learners disengaging because it feels generic',
    'missing records or inaccessible materials in an audit',
  ];
  const panel = [
    ['Maya Chen', 'Instructional designer'],
    ['Dr. Sam Okafor', 'Subject-matter expert'],
    ['Jordan Rivera', 'Learner advocate'],
    ['Ruth Adeyemi', 'Compliance and risk'],
  ] as const;
  const v = views[focus];
  return `## Expert panel: ${s}

Four viewpoints on your question, then a synthesis you can act on.

${panel
  .map(
    ([name, role], i) => `### ${name} — ${role}
${v[i]}

*Watch out for:* ${risks[i]}.`,
  )
  .join('\n\n')}

## Synthesis
**Where the panel agrees:** start from what ${who} must do differently, build practice from real situations, and keep it short and accessible.

**Where it pulls apart:** the SME wants depth and edge cases; the learner advocate wants it short. Resolve it by teaching the core briefly and moving edge cases into scenarios and a job aid.

**Recommendation**
1. Agree two or three observable objectives with the SME and one business measure.
2. Collect three real incidents to turn into scenarios and assessment items.
3. ${focus === 'modality' ? 'Pilot the blend with a small group on their real devices.' : 'Prototype one module and test it with five learners.'}
4. Check the compliance requirements and records before building the rest.

Ask a single expert for more, e.g. “what would the compliance expert add?”${askForSubject(a)}`;
}

/**
 * Answers point at what the files say: the first facts the one document reader finds in them (rules,
 * quantities, steps; grounded.ts, as the typed cards use them), each with its file and part.
 */
function withFiles(answer: string, a: Ask, messages: LlmMessage[]): string {
  if (!a.files.length) return answer;
  const names = [...new Set(a.files.map((p) => p.filename))];
  const sources = `\n\n*Sources: ${names.join(', ')}*`;
  const quotes: { quote: string; fileName: string; part: number }[] = [];
  for (const f of groundingOf(messages)?.facts ?? []) {
    const steps =
      f.fact.kind === 'procedure' ? f.fact.steps.map((st) => ({ ...f.source, quote: st.quote })) : [f.source];
    for (const q of steps) if (!quotes.some((x) => x.quote === q.quote)) quotes.push(q);
  }
  if (!quotes.length) return `${answer}${sources}`;
  return `${answer}\n\n### From your files\n${quotes
    .slice(0, 4)
    .map((q) => `- “${clip(q.quote.replace(/[.;:]+$/, ''), 200)}” (${q.fileName}, part ${q.part})`)
    .join('\n')}${sources}`;
}

/**
 * The offline answer of an assistant session of type `profile`, or undefined for an unknown profile. A request
 * for a deliverable answers with the Markdown of the typed artifact (the card the send makes); an SME
 * walkthrough's end, with its typed SME summary. `chat` is the chat's offline answer, used for the version
 * commands (revise, add scenario, export plan).
 */
export function offlineAssistantAnswer(
  profile: string,
  messages: LlmMessage[],
  chat: (messages: LlmMessage[]) => string,
): string | undefined {
  if (!isAssistantProfile(profile)) return undefined;
  const userTexts = userTextsOf(messages);
  const text = userTexts[userTexts.length - 1] ?? '';
  const deliverable = versionCommandOf(text)
    ? null
    : deliverableOf(text, { type: profile, previousUserTexts: userTexts.slice(0, -1) });
  if (deliverable) return artifactMarkdown(deliverable.kind, messages, profile);
  if (profile === 'SME_WALKTHROUGH')
    return smeAnswer(userTexts, () => artifactMarkdown('sme_summary', messages, profile));
  const a = askOf(messages, profile);
  switch (profile) {
    case 'LND_COPILOT':
      return withFiles(copilotAnswer(a, chat, messages), a, messages);
    case 'MICROLEARNING':
      return withFiles(microAnswer(a), a, messages);
    case 'ASSESSMENT_BUILDER':
      return withFiles(assessmentAnswer(a), a, messages);
    case 'EXPERT_PANEL':
      return withFiles(panelAnswer(a), a, messages);
  }
}
