// Pasted interview notes read into the slots of an SME walkthrough (issue 36: "in an SME session, pasted
// interview notes restart the interview instead of giving the summary"; then the summary kept none of them).
// Labelled parts go to their slot ("Errors: …", "Process: …", "Tools: …", "Competence: …"); what the expert
// said without a label stays as what the expert said, in their words.
import { REQUEST_VERB } from '../../content/request.js';

export interface NotesAnswers {
  tasks?: string;
  errors?: string;
  tools?: string;
  evidence?: string;
  gap?: string;
  audience?: string;
  /** The expert: "Ravi, our lead community pharmacist", "Tomasz, de-icing supervisor". */
  expert?: string;
  /** Sentences of the notes under no label, in order. */
  said: string[];
}

type Slot = Exclude<keyof NotesAnswers, 'said' | 'expert'>;
const LABELS: [RegExp, Slot][] = [
  [
    /^(?:(?:most|typical|common|frequent|main)\s+)?(?:errors?|mistakes?|pitfalls?|failures?)\s*:\s*/i,
    'errors',
  ],
  [/^(?:the\s+)?(?:process|steps?|tasks?|procedure|workflow|sequence)\s*:\s*/i, 'tasks'],
  [/^(?:tools?|systems?|job aids?|equipment|documents used)\s*:\s*/i, 'tools'],
  [/^(?:competence|evidence(?: of competence)?|assessment|sign[- ]off|how to tell)\s*:\s*/i, 'evidence'],
  [/^(?:the\s+)?(?:gap|problem|issue|pain points?|why it matters|business need)s?\s*:\s*/i, 'gap'],
  [/^(?:audience|learners|who|target group)\s*:\s*/i, 'audience'],
];
/** "SME: Tomasz, de-icing supervisor." / "Notes from call with Dana (HR Ops lead):" */
const EXPERT =
  /^(?:sme|expert|interviewee)\s*:\s*([^.;\n]+)[.;]?\s*|^(?:(?:raw\s+)?notes?\s+(?:from|of)\s+(?:a\s+|the\s+|my\s+|our\s+)?(?:[\w-]+\s+){0,3}?(?:call|interview|conversation|meeting|chat)\s+with\s+)([^:\n]+):\s*/i;

/** The notes of a message that pastes them, or null when it has none (a request alone, a short answer). */
export function notesOf(message: string): NotesAnswers | null {
  // The ask is a sentence of its own ("Summarise my notes into an SME summary for our de-icing training.",
  // "Can you turn them into an SME interview summary?"); the notes are the rest.
  const segments = message
    .split(/\n+|(?<=[.?!])\s+(?=[A-Z])/)
    .map((s) => s.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '').trim())
    .filter(Boolean);
  const out: NotesAnswers = { said: [] };
  let notes = 0;
  for (let s of segments) {
    if (
      /\b(?:summar[iy]\w*|sme (?:interview )?summary|turn (?:them|these|this|it)|here are (?:my|the|some))\b/i.test(
        s,
      ) &&
      (REQUEST_VERB.test(s) || /\?$/.test(s) || /^here are\b/i.test(s))
    ) {
      const expert = /\binterview with ([^.,:;?]+?)(?:,\s*([^.?:;]+?))?(?:,?\s+about\b|[.?:;]|$)/i.exec(s);
      if (expert && !out.expert) out.expert = [expert[1], expert[2]].filter(Boolean).join(', ').trim();
      continue;
    }
    const who = EXPERT.exec(s);
    if (who) {
      out.expert ??= (who[1] ?? who[2])!.replace(/\s*\(([^)]+)\)\s*/, ', $1').trim();
      s = s.slice(who[0].length).trim();
      if (!s) continue;
    }
    const label = LABELS.find(([re]) => re.test(s));
    if (label) {
      const [re, slot] = label;
      const text = s.replace(re, '').trim();
      out[slot] = out[slot] ? `${out[slot]}; ${text}` : text;
      notes += 2;
      continue;
    }
    if (s.split(/\s+/).length >= 4) {
      out.said.push(s.replace(/\s+$/, ''));
      notes += 1;
    }
  }
  return notes >= 3 ? out : null;
}
