// The SME_WALKTHROUGH session's two modes, derived deterministically from the user's messages (so the offline
// provider needs no stored state, and the system prompt can tell an online model where the session stands):
//
// - walkthrough: the assistant interviews the subject-matter expert one structured question at a time
//   (topic if not given, audience, performance gap, tasks, common errors, tools, assessment evidence). Each
//   user message answers the question asked just before it ("skip" leaves it open, a question back is
//   answered and the question repeated, "summarise" ends early); once every area is answered or skipped the
//   answers become a content outline and draft objectives.
// - simulation: "simulate a pharmacist SME" (role-play, act as, pretend to be…) makes the assistant play an
//   SME of that field so a designer can practise interviewing; it stays in character until "debrief", which
//   reviews the designer's questions (areas covered, open vs closed questions, probes) out of character.
import { cell, clip, hashOf, lowerFirst, subjectOf, subjectPhrase, upperFirst } from './assistant-text.js';
import { matchDomain } from './offline-artifacts/domains.js';

export const SME_SLOTS = ['topic', 'audience', 'gap', 'tasks', 'errors', 'tools', 'evidence'] as const;
export type SmeSlot = (typeof SME_SLOTS)[number];

const SLOT_INFO: Record<SmeSlot, { label: string; question: string; hint: string; why: string }> = {
  topic: {
    label: 'Topic',
    question: 'What task, process or subject should this training cover?',
    hint: 'A few words are enough, e.g. “pre-use forklift checks” or “handling billing complaints”.',
    why: 'everything else — questions, outline and objectives — is framed around it',
  },
  audience: {
    label: 'Audience',
    question:
      'Who will take this training? Tell me their roles, how experienced they are, roughly how many, and where and when they work.',
    hint: 'e.g. “about 40 new warehouse operatives a year, most with no forklift experience, on rotating shifts”.',
    why: 'the audience decides the starting level, the examples and the delivery format',
  },
  gap: {
    label: 'Performance gap',
    question:
      'What are people doing today, and what should they be doing instead? What does the gap cost — errors, time, complaints, risk?',
    hint: 'Concrete symptoms help most, e.g. “checks are skipped on night shifts; two near-misses last quarter”.',
    why: 'training should close a real gap; it tells us what to emphasise and how to show it worked',
  },
  tasks: {
    label: 'Key tasks',
    question:
      'Walk me through the task the way a competent person does it, step by step. Where are the key decisions?',
    hint: 'A rough numbered list is perfect; include the steps experts do without thinking.',
    why: 'the steps become the modules and practice activities, and the decisions become scenarios',
  },
  errors: {
    label: 'Common errors',
    question:
      'Where do people usually go wrong? Name the most common mistakes, why they happen and what they lead to.',
    hint: 'e.g. “they skip the hydraulic check when rushed, which is how the last leak went unnoticed”.',
    why: 'mistakes make the best practice scenarios and assessment distractors',
  },
  tools: {
    label: 'Tools and resources',
    question:
      'Which tools, systems, forms, job aids or references do people use for this — or should they use but don’t?',
    hint: 'e.g. “the pre-use checklist on the truck, the WMS scanner, the site safety manual”.',
    why: 'practice should use the real tools, and job aids can replace memorising',
  },
  evidence: {
    label: 'Assessment evidence',
    question:
      'How would you know someone is competent? What would you watch them do, check in their work, or ask them?',
    hint: 'e.g. “they complete a check unprompted, spot a planted fault, and log it correctly”.',
    why: 'it defines the assessment and the standard each objective must state',
  },
};

/** The walkthrough as the user's messages left it. */
export interface WalkthroughState {
  started: boolean;
  topic?: string;
  audience?: string;
  /** The kickoff named no topic, so the topic is the first question. */
  topicAsked: boolean;
  answers: Partial<Record<SmeSlot, string>>;
  skipped: SmeSlot[];
  /** Messages sent after the summary (added to it). */
  notes: string[];
  complete: boolean;
}

export interface SimulationState {
  field: string;
  persona: Persona;
  /** The designer's messages since the simulation started (the current one included). */
  turns: string[];
}

export type SmeEvent =
  | 'kickoff'
  | 'answer'
  | 'skip'
  | 'clarify'
  | 'summary'
  | 'after-summary'
  | 'sim-start'
  | 'sim-turn'
  | 'debrief';

export interface SmeState {
  mode: 'walkthrough' | 'simulation';
  event: SmeEvent;
  walkthrough: WalkthroughState;
  /** The running simulation (or the one being debriefed). */
  simulation?: SimulationState;
  /** The area the current message answered or skipped, or asked about. */
  slot?: SmeSlot;
}

const SIM_WITH_ROLE =
  /\b(?:simulate|simulation of|role[- ]?play(?:\s+as)?|pretend to be|act as|play the role of|play the part of|you to be|can you be)\s+(?:an?\s+|the\s+|my\s+)?([\w'&/ -]{0,40}?)\s*\b(?:sme|subject[- ]matter expert|expert|specialist)s?\b/i;
const SIM_LEADING =
  /^\s*(?:ok(?:ay)?,?\s+)?(?:let'?s\s+|please\s+|can you\s+|could you\s+|now\s+)?(?:simulate|role[- ]?play(?:\s+as)?|pretend to be|act as|play the role of)\s+(?:an?\s+|the\s+)?([^.,;!?]{2,60}?)(?:\s+(?:so|to|for|while|and)\b|[.,;!?]|$)/i;
const PRACTISE =
  /\bpractis?[cs]e\s+(?:my\s+|an?\s+|the\s+)?interview(?:ing)?\s+(?:with\s+|of\s+)?(?:an?\s+)?([\w'&/ -]{2,40}?)(?:[.,;!?]|$|\s+(?:so|to|for)\b)/i;
const DEBRIEF =
  /\b(debrief|end (?:the |this )?(?:simulation|role[- ]?play)|stop (?:the |this )?(?:simulation|role[- ]?play)|break character|out of character|how did i do|feedback on my (?:interview|questions))\b/i;
const SKIP =
  /^\s*(?:skip|pass|next question|n\/a|not sure|no idea|i don'?t know|don'?t know|later)\b[\s.!]*$/i;
const SUMMARY =
  /^\s*(?:please\s+)?(?:summari[sz]e|summary|wrap (?:it )?up|that'?s (?:all|it|everything)|i'?m done|done|finish(?: up)?)\b/i;
/** "summarise", "that's all", "done": the expert ends the interview (artifacts/intent.ts reads it too). */
export const isSummaryRequest = (text: string) => SUMMARY.test(text);
const RESTART = /\b(?:restart|start over|new walkthrough|start (?:a |another )?(?:new )?walkthrough)\b/i;
const CLARIFY =
  /^\s*(?:why (?:do|would|are) you (?:need|ask|want)|what do you mean|what does that mean|can you (?:explain|rephrase|clarify)|i don'?t understand)\b/i;

function cleanField(raw: string | undefined): string | undefined {
  const f = (raw ?? '')
    .replace(/\b(?:sme|subject[- ]matter expert|expert|specialist|interview|role|the part of)s?\b/gi, ' ')
    .replace(/^(?:\s*(?:an?|the|my|our)\s+)+/i, '')
    .replace(/\s+/g, ' ')
    .trim();
  return f.length >= 2 && !/^(?:me|you|someone|somebody|one)$/i.test(f) ? clip(f, 40) : undefined;
}

/** The field an SME simulation is asked for ('simulate a pharmacist SME' → 'pharmacist'), or null if none. */
export function simulationRequest(text: string): { field?: string } | null {
  if (DEBRIEF.test(text)) return null;
  const m = SIM_WITH_ROLE.exec(text) ?? SIM_LEADING.exec(text) ?? PRACTISE.exec(text);
  return m ? { field: cleanField(m[1]) } : null;
}

export const isDebrief = (text: string) => DEBRIEF.test(text);

function nextSlot(w: WalkthroughState): SmeSlot | undefined {
  return SME_SLOTS.find((s) => {
    if (w.skipped.includes(s)) return false;
    if (s === 'topic') return !w.topic;
    return w.answers[s] === undefined;
  });
}

function freshWalkthrough(): WalkthroughState {
  return { started: false, topicAsked: false, answers: {}, skipped: [], notes: [], complete: false };
}

function kickoff(w: WalkthroughState, text: string) {
  const s = subjectOf(text);
  w.started = true;
  w.topic = s.topic ?? (s.audience ? subjectPhrase(s) : undefined);
  w.audience = s.audience;
  w.topicAsked = !w.topic;
}

/** A topic given as an answer ("forklift pre-use checks", or a sentence naming it). */
function topicFromAnswer(text: string): string {
  const s = subjectOf(text);
  return (
    s.topic ?? clip(text.replace(/^(?:it'?s|it is|this is)\s+(?:about\s+)?/i, '').replace(/[.!?]+$/, ''), 60)
  );
}

/** Replays the user's messages (oldest first; the last is the one being answered). */
export function smeStateOf(userTexts: string[]): SmeState {
  let w = freshWalkthrough();
  let sim: SimulationState | undefined;
  let mode: SmeState['mode'] = 'walkthrough';
  let event: SmeEvent = 'kickoff';
  let slot: SmeSlot | undefined;
  let debriefed = false;
  for (const text of userTexts) {
    slot = undefined;
    const simRequest = simulationRequest(text);
    if (simRequest) {
      const field = simRequest.field ?? w.topic ?? 'operations';
      sim = { field, persona: personaFor(field), turns: [] };
      mode = 'simulation';
      event = 'sim-start';
      debriefed = false;
      continue;
    }
    if (mode === 'simulation') {
      if (isDebrief(text)) {
        event = 'debrief';
        mode = 'walkthrough';
        debriefed = true;
        continue;
      }
      sim!.turns.push(text);
      event = 'sim-turn';
      continue;
    }
    if (debriefed) debriefed = false;
    if (!w.started || RESTART.test(text)) {
      w = freshWalkthrough();
      kickoff(w, text);
      event = 'kickoff';
      continue;
    }
    if (w.complete) {
      w.notes.push(text);
      event = 'after-summary';
      continue;
    }
    const next = nextSlot(w);
    if (SUMMARY.test(text) || !next) {
      w.complete = true;
      event = 'summary';
      continue;
    }
    slot = next;
    if (CLARIFY.test(text)) {
      event = 'clarify';
      continue;
    }
    if (SKIP.test(text)) {
      w.skipped.push(next);
      event = 'skip';
    } else {
      if (next === 'topic') w.topic = topicFromAnswer(text);
      else w.answers[next] = text.trim();
      event = 'answer';
    }
    if (!nextSlot(w)) {
      w.complete = true;
      event = 'summary';
    }
  }
  return { mode: event === 'debrief' ? 'simulation' : mode, event, walkthrough: w, simulation: sim, slot };
}

/** One paragraph for the system prompt: where the session stands (used with online models too). */
export function describeSmeState(s: SmeState): string {
  if (s.event === 'debrief' && s.simulation)
    return `The user asked for a debrief of the simulation in which you played ${s.simulation.persona.name}, ${s.simulation.persona.role}. Step out of character and review their interview questions.`;
  if (s.mode === 'simulation' && s.simulation)
    return `Mode: simulation. You are role-playing ${s.simulation.persona.name}, ${s.simulation.persona.role} with ${s.simulation.persona.years} years of experience. Stay in character (answer as this expert would, briefly for closed questions, with realistic tacit knowledge the designer must probe for) until the user says "debrief".`;
  const w = s.walkthrough;
  const answered = SME_SLOTS.filter((x) => (x === 'topic' ? !!w.topic : w.answers[x] !== undefined)).map(
    (x) => SLOT_INFO[x].label,
  );
  const next = nextSlot(w);
  if (w.complete)
    return `Mode: walkthrough, complete. Topic: ${w.topic ?? 'not named'}. Summarise the answers into a content outline and draft objectives${w.skipped.length ? `, listing skipped areas (${w.skipped.map((x) => SLOT_INFO[x].label).join(', ')}) as gaps to confirm` : ''}.`;
  return `Mode: walkthrough. Topic: ${w.topic ?? 'not named yet'}. Answered so far: ${answered.join(', ') || 'nothing'}.${w.skipped.length ? ` Skipped: ${w.skipped.map((x) => SLOT_INFO[x].label).join(', ')}.` : ''} Ask exactly one question next${next ? `, about: ${SLOT_INFO[next].label}` : ''}.`;
}

// ---------------------------------------------------------------------------------------------------------
// Walkthrough answers

function needed(w: WalkthroughState): SmeSlot[] {
  return SME_SLOTS.filter((s) => s !== 'topic' || w.topicAsked);
}

function progress(w: WalkthroughState): string {
  return needed(w)
    .map((s) => {
      const done = s === 'topic' ? !!w.topic : w.answers[s] !== undefined;
      const mark = done ? '✓' : w.skipped.includes(s) ? '–' : '○';
      return `${mark} ${SLOT_INFO[s].label}`;
    })
    .join(' · ');
}

function questionBlock(w: WalkthroughState, s: SmeSlot): string {
  const list = needed(w);
  const info = SLOT_INFO[s];
  return `### Question ${list.indexOf(s) + 1} of ${list.length} — ${info.label}\n**${info.question}**\n\n*${info.hint}*`;
}

const topicName = (w: WalkthroughState) => w.topic ?? 'your topic';

function walkthroughIntro(w: WalkthroughState): string {
  const next = nextSlot(w)!;
  return `## SME walkthrough: ${topicName(w)}

I'll interview you as the subject-matter expert, **one question at a time**, and keep track of what you've covered. When we're done I'll turn your answers into a content outline and draft learning objectives.

- Answer in your own words — rough notes and lists are fine.
- Say **skip** to leave a question open, or **summarise** to wrap up early.
- Want to practise interviewing instead? Say, for example, **simulate a pharmacist SME**.
${w.audience ? `\nNoted already — **audience:** ${w.audience}.\n` : ''}
${questionBlock(w, next)}`;
}

function walkthroughAnswer(s: SmeState, summary: () => string): string {
  const w = s.walkthrough;
  switch (s.event) {
    case 'kickoff':
      return walkthroughIntro(w);
    case 'summary':
      return summary();
    case 'after-summary':
      return `Added to your notes: “${clip(w.notes[w.notes.length - 1]!, 160)}”.\n\n${summary()}`;
    case 'clarify': {
      const info = SLOT_INFO[s.slot!];
      return `Good question. I ask about **${info.label.toLowerCase()}** because ${info.why}.\n\n${questionBlock(w, s.slot!)}`;
    }
    default: {
      const next = nextSlot(w)!;
      const info = SLOT_INFO[s.slot!];
      const ack =
        s.event === 'skip'
          ? `No problem — I'll leave **${info.label.toLowerCase()}** as a gap to confirm later.`
          : s.slot === 'topic'
            ? `Thanks — we'll focus on **${w.topic}**.`
            : `Thanks — noted under **${info.label.toLowerCase()}**: “${clip(w.answers[s.slot!]!, 140)}”`;
      return `${ack}\n\n**Progress:** ${progress(w)}\n\n${questionBlock(w, next)}`;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Simulation

export interface Persona {
  name: string;
  role: string;
  years: number;
  field: string;
  domain: Expertise;
}

/** What the simulated expert says about their field, in the first person. */
interface Expertise {
  audience: string;
  gap: string;
  tasks: string[];
  /** The step experts compress ("the usual checks") until probed. */
  tacit: string;
  errors: string[];
  tools: string[];
  evidence: string[];
  story: string;
}

const sentence = (s: string) => `${upperFirst(s.trim().replace(/[.\s]+$/, ''))}.`;

/**
 * The expert's knowledge from the one vocabulary (offline-artifacts/domains.ts) on a confident, scored match of
 * the field (so "customer care" is not nursing and "data analyst" is not software engineering): its steps,
 * errors, tools and workplace situation, told as an expert tells them. A field no vocabulary covers gets what
 * any experienced practitioner says, never another field's content.
 */
function expertiseOf(field: string): Expertise {
  const d = matchDomain(field)?.domain;
  if (!d) return genericExpertise(field);
  const [first, ...others] = d.errors;
  const s = d.scenario;
  return {
    audience: `Mostly new ${d.audience} — they know the theory, but not how it actually runs in ${d.setting} when it gets busy.`,
    gap: `On a quiet day it goes fine. Under pressure the shortcuts creep in: ${lowerFirst(first!.error)}, and then ${first!.consequence}.`,
    tasks: d.steps.slice(0, 4),
    tacit: `The bit nobody writes down: ${lowerFirst(first!.fix.replace(/[.\s]+$/, ''))}. Every time, even when you’re rushed — that’s what separates the people who’ve been doing this for years.`,
    errors: [first!, ...others].slice(0, 3).map((e) => e.error),
    tools: d.tools.slice(0, 3).map(upperFirst),
    evidence: [
      `Watch them do it for real and see whether they ${lowerFirst(d.steps[0]!.replace(/[.\s]+$/, ''))}`,
      `Give them a case with a planted mistake — ${lowerFirst(others[0]?.error ?? first!.error)} — and see if they catch it`,
      'Look at their records a month later',
    ],
    story: `I remember one — ${lowerFirst(s.place.replace(/[.\s]+$/, ''))}. ${sentence(s.situation)} The tempting shortcut: ${lowerFirst(s.shortcut.replace(/[.\s]+$/, ''))}. ${sentence(s.complication)} Nobody meant any harm; the shortcut had always worked before.`,
  };
}

function genericExpertise(field: string): Expertise {
  return {
    audience: `People new to ${field} work — some transferring from related roles, a few completely new. Mixed shifts and sites.`,
    gap: `The basics of ${field} are fine on a normal day. Under time pressure people take shortcuts on the checks, and that’s where our quality issues and complaints come from.`,
    tasks: [
      `Prepare: check what the job needs and what could go wrong`,
      `Carry out the core ${field} procedure`,
      `Check the result against the standard`,
      `Record it and hand over`,
    ],
    tacit: `“Check the result” for me means comparing it against the original request, not against what I think I did. Experienced people always do it; new people check their own work against their own memory.`,
    errors: [
      'Skipping the preparation because the job looks routine',
      'Checking their own work against memory instead of the standard',
      'Not escalating early when something looks unusual',
    ],
    tools: [
      `The ${field} procedures and checklists`,
      'The team’s shared tracker',
      'Experienced colleagues — the unofficial tool everyone uses',
    ],
    evidence: [
      'Watch them do a real job start to finish without prompting',
      'Give them a piece of work with a planted mistake and see if they find it',
      'Look at their records a month later',
    ],
    story: `A newer colleague followed every step perfectly on a job that was slightly unusual — and that was the problem. It needed escalating, and nothing in the procedure said so.`,
  };
}

const NAMES = [
  'Dana Whitfield',
  'Marcus Oyelaran',
  'Priya Raman',
  'Tomás Iglesias',
  'Helen Park',
  'Samuel Okafor',
  'Ingrid Larsen',
  'Rafael Mendes',
];

export function personaFor(field: string): Persona {
  const h = hashOf(field.toLowerCase());
  const person =
    /(?:ist|er|or|ian|nurse|chef|agent|rep|manager|officer|lead|analyst|clerk|driver|operator|technician|operative|assistant|advisor|adviser)s?$/i.test(
      field,
    );
  const domain = expertiseOf(field);
  return {
    name: NAMES[h % NAMES.length]!,
    role: person ? `a senior ${field.replace(/s$/, '')}` : `a senior ${field} specialist`,
    years: 8 + (h % 17),
    field,
    domain,
  };
}

type SimTopic = Exclude<SmeSlot, 'topic'> | 'story' | 'intro' | 'probe' | 'other';

const TOPIC_TESTS: [SimTopic, RegExp][] = [
  ['story', /\b(example|story|stories|time when|last time|a time|instance|case where|happened)\b/i],
  [
    'evidence',
    /\b(competen\w*|assess\w*|how (?:would|do|will|could) you (?:know|tell)|measure|good look like|look like when|signed? off|test them|evaluate|standard|ready)\b/i,
  ],
  [
    'errors',
    /\b(mistakes?|errors?|go(?:es)? wrong|wrong|mess(?:es)? up|problems?|pitfalls?|struggle|trip (?:people )?up|fail\w*|risks?)\b/i,
  ],
  [
    'tools',
    /\b(tools?|systems?|software|equipment|resources?|references?|job aids?|checklists?|use to|apps?|forms?)\b/i,
  ],
  [
    'audience',
    /\b(who (?:are|is|will|would|does|do)|audience|learners?|new (?:starters?|hires?|staff|people)|trainees|experience level|background of|juniors?)\b/i,
  ],
  [
    'gap',
    /\b(gap|problem you|currently|today|change|business|impact|cost|why now|improve|differently|why (?:is|do|does|this) (?:this )?training|need (?:this|the) training)\b/i,
  ],
  [
    'tasks',
    /\b(walk me through|steps?|process|procedure|how do (?:you|they)|what do (?:you|they) do|typical (?:day|shift)|tasks?|describe (?:your|the) (?:job|role|work)|day[- ]to[- ]day)\b/i,
  ],
  [
    'intro',
    /\b(yourself|your (?:role|background|experience|job)|introduce|hello|\bhi\b|hey|how long have you)\b/i,
  ],
  [
    'probe',
    /\b(why|what do you mean|tell me more|explain|elaborate|usual checks?|such as|like what|expand|what exactly|specifically)\b/i,
  ],
];

/** Questions about the role-play itself, answered in character and left out of the debrief. */
const META =
  /\b(?:are you (?:an? )?(?:ai|bot|robot|real|human|language model)|chatgpt|language model|is this (?:a )?simulation)\b/i;
const CLOSED = /^\s*(?:do|does|did|is|are|was|were|can|could|should|would|will|have|has|had)\b/i;
const WH = /\b(what|how|why|which|who|where|when|walk me|tell me|describe)\b/i;

export function simTopicOf(question: string): SimTopic {
  return TOPIC_TESTS.find(([, re]) => re.test(question))?.[0] ?? 'other';
}

export const isClosedQuestion = (q: string) => CLOSED.test(q) && !WH.test(q);

function list(items: string[]): string {
  return items.map((x, i) => `${i + 1}. ${x}`).join('\n');
}

function inCharacter(p: Persona, turns: string[]): string {
  const q = turns[turns.length - 1] ?? '';
  const topic = simTopicOf(q);
  const d = p.domain;
  const asked = turns.slice(0, -1).filter((t) => simTopicOf(t) === topic).length;
  const previous = turns.length > 1 ? simTopicOf(turns[turns.length - 2]!) : undefined;
  const say = (text: string) => `**${p.name}:** ${text}`;
  const h = hashOf(q);

  if (META.test(q))
    return say(
      `Ha — after ${p.years} years in this job I sometimes feel like a machine. Anyway, you’ve got me for half an hour: what do you need for the training?`,
    );
  if (isClosedQuestion(q) && topic !== 'probe') {
    const brief: Partial<Record<SimTopic, string>> = {
      errors: 'Oh, all the time.',
      tools: 'Yes, the usual ones.',
      tasks: 'Yes — it’s fairly standard.',
      evidence: 'Usually, yes. You can tell.',
      audience: 'Mostly, yes.',
      gap: 'It could be better, yes.',
    };
    return say(brief[topic] ?? (h % 2 === 0 ? 'Yes, mostly.' : 'Not really, no.'));
  }
  switch (topic) {
    case 'intro':
      return say(
        `I’ve been ${p.role} for ${p.years} years, and for the last few I’ve also been the one who trains the new people — mostly by having them shadow me. Most of what I know has never been written down, so I’m glad someone’s finally doing this properly. Where do you want to start?`,
      );
    case 'audience':
      return say(d.audience);
    case 'gap':
      return say(d.gap);
    case 'tasks':
      return asked > 0
        ? say(`Like I said — the steps are simple. The part that takes years is this: ${d.tacit}`)
        : say(
            `Honestly, it’s second nature by now. Roughly:\n\n${list(d.tasks)}\n\n…and then the usual checks, obviously. Nothing complicated.`,
          );
    case 'errors':
      return say(
        asked > 0
          ? `The root of most of them? Time pressure and habits picked up from whoever trained them. ${d.errors[d.errors.length - 1]} is the one I’d fix first.`
          : `Where do I start.\n\n${d.errors.map((e) => `- ${e}`).join('\n')}\n\nNone of it is because people don’t care. It’s habits and time pressure.`,
      );
    case 'tools':
      return say(
        `We use:\n\n${d.tools.map((t) => `- ${t}`).join('\n')}\n\nThe tools are fine. Whether people actually use them is another question.`,
      );
    case 'evidence':
      return say(
        `I don’t trust a quiz for this. I’d want to:\n\n${d.evidence.map((e) => `- ${e}`).join('\n')}\n\nIf they can do that without me standing over them, they’re ready.`,
      );
    case 'story':
      return say(d.story);
    case 'probe':
      if (previous === 'tasks' || /usual checks?/i.test(q)) return say(d.tacit);
      if (previous === 'errors')
        return say(
          `Because the shortcut usually works. You skip a step ten times, nothing happens, so it stops feeling like a risk. Then the eleventh time… ${d.story}`,
        );
      return say(
        `Fair question. What I mean is: the written procedure covers the normal case, and experience covers the rest. ${d.tacit}`,
      );
    default:
      return say(
        `Hmm, it depends on the situation, to be honest. In ${p.field} every day is a bit different. What exactly do you need to know for the training?`,
      );
  }
}

const AREA_QUESTIONS: Record<Exclude<SmeSlot, 'topic'>, string> = {
  audience: 'Who exactly will take this training, and what do they already know?',
  gap: 'What are people doing today that they should do differently, and what does it cost?',
  tasks: 'Can you walk me through the task step by step, the way you’d do it yourself?',
  errors: 'Where do new people usually go wrong, and why?',
  tools: 'Which tools, systems or references do you use, and which ones do people skip?',
  evidence: 'How would you know someone is competent — what would you watch them do?',
};

function rephrased(q: string): string {
  const topic = simTopicOf(q);
  return topic in AREA_QUESTIONS
    ? AREA_QUESTIONS[topic as keyof typeof AREA_QUESTIONS]
    : 'Can you walk me through a real example of that — what actually happened?';
}

function debrief(sim: SimulationState): string {
  const p = sim.persona;
  const qs = sim.turns.filter((q) => !META.test(q));
  const topics = qs.map(simTopicOf);
  const areas = Object.keys(AREA_QUESTIONS) as (keyof typeof AREA_QUESTIONS)[];
  const covered = areas.filter((a) => topics.includes(a));
  const closed = qs.filter(isClosedQuestion);
  const open = qs.length - closed.length;
  const probes = topics.filter((t) => t === 'probe').length;
  const tasksAsked = topics.includes('tasks');
  const tacitFound =
    topics.some((t, i) => t === 'probe' && i > 0 && topics[i - 1] === 'tasks') ||
    qs.some((q) => /usual checks?/i.test(q)) ||
    topics.filter((t) => t === 'tasks').length > 1;
  const told: Record<keyof typeof AREA_QUESTIONS, string> = {
    audience: p.domain.audience,
    gap: p.domain.gap,
    tasks: p.domain.tasks.join('; '),
    errors: p.domain.errors.join('; '),
    tools: p.domain.tools.join('; '),
    evidence: p.domain.evidence.join('; '),
  };
  const rows = areas.map((a) =>
    covered.includes(a)
      ? `| ${SLOT_INFO[a].label} | ✓ | ${cell(told[a], 150)} |`
      : `| ${SLOT_INFO[a].label} | ✗ | Ask: “${AREA_QUESTIONS[a]}” |`,
  );
  const technique: string[] = [];
  technique.push(
    qs.length
      ? `**Open questions:** ${open} of ${qs.length}.${closed.length ? ` Closed questions got short answers — ${p.name.split(' ')[0]} said little more than yes or no. Try instead:` : ' Good — open questions get experts talking.'}`
      : '**No questions yet.** Start with the task itself: “Walk me through the last time you did this.”',
  );
  for (const c of closed.slice(0, 3))
    technique.push(`  - Instead of “${clip(c, 80)}”, ask: “${rephrased(c)}”`);
  technique.push(
    `**Probing:** ${probes} follow-up question${probes === 1 ? '' : 's'}. ${
      tasksAsked && !tacitFound
        ? '“…and then the usual checks, obviously” was a cue: experts compress the steps they no longer notice. Ask “What exactly do you check, and what are you looking for?”'
        : tacitFound
          ? 'You uncovered the tacit step behind “the usual checks” — that is the knowledge novices lack.'
          : 'Follow each answer with “Why?” or “Can you give me an example?” to get past the textbook version.'
    }`,
  );
  technique.push(
    topics.includes('story')
      ? '**Stories:** you asked for a real example — it will make the best scenario in the course.'
      : '**Stories:** you did not ask for a real incident. “Tell me about a time it went wrong” gives you scenarios and the stakes.',
  );
  const missing = areas.filter((a) => !covered.includes(a));
  return `## Interview debrief: ${p.name}, ${p.role.replace(/^an? /, '')}

*Out of character now.* You asked ${qs.length} question${qs.length === 1 ? '' : 's'}.

### Coverage of the six areas
| Area | Covered | What you learned / what to ask |
|---|---|---|
${rows.join('\n')}

### Interview technique
${technique.map((t) => (t.startsWith('  ') ? t : `- ${t}`)).join('\n')}

### Score
**${covered.length}/6** areas · **${open}/${qs.length}** open questions · **${probes}** probe${probes === 1 ? '' : 's'}

### Try next time
${
  missing.length
    ? missing
        .slice(0, 3)
        .map((a, i) => `${i + 1}. ${AREA_QUESTIONS[a]}`)
        .join('\n')
    : '1. Ask for a second story where it went well, and compare the two.\n2. Check your understanding by summarising back: “So the key decision is…, right?”'
}

Say **simulate a ${p.field} SME** to practise again, or carry on with your own walkthrough.`;
}

function simulationStart(p: Persona): string {
  return `*Simulation started: I'm playing ${p.name}, ${p.role} with ${p.years} years on the job. Interview me as you would a real subject-matter expert — I'll stay in character. Say **debrief** at any time for feedback on your interview.*

**${p.name}:** Hi! I was told you're putting some training together and need a bit of my time. Happy to help — though fair warning, I've been doing this so long that a lot of it is just instinct now. What do you want to know?`;
}

/**
 * The offline answer of an SME_WALKTHROUGH session. `summary` renders the interview's summary: the typed SME
 * summary's Markdown (offline-artifacts/sme-summary.ts), the same card the send makes when the interview ends.
 */
export function smeAnswer(userTexts: string[], summary: () => string): string {
  const s = smeStateOf(userTexts);
  if (s.event === 'sim-start') return simulationStart(s.simulation!.persona);
  if (s.event === 'sim-turn') return inCharacter(s.simulation!.persona, s.simulation!.turns);
  if (s.event === 'debrief') return debrief(s.simulation!);
  return walkthroughAnswer(s, summary);
}
