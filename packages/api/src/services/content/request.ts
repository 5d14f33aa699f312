// The one request parser: what a designer's message asks for, read once and used by the intent classifier
// (artifacts/intent.ts), the offline builders and the conformance check (content/conformance.ts). It reads
// English with wink-nlp (tokens and parts of speech, through content/nlp.ts) for the topic noun phrase and its
// terms, and with patterns over the normalised text for the parts that are numbers with units: item counts
// and types, forbidden types, Bloom levels (content/bloom.ts), minutes, decision points and module counts.
//
// Decisions (docs/decisions/assistant-content.md, "One request parser"):
// - "multiple-choice question(s)" and "MCQ" mean one key (`single_choice`); `multiple_choice` is select-all
//   ("select all that apply", "multiple response", "choose two", "more than one correct answer").
// - Minutes: a stated learning time per day/week/month times the period ("2 hours a week for 6 weeks" = 720;
//   "20 minutes a day for two weeks" = 200, a week being WEEK_DAYS working days); "N sessions of M minutes" =
//   N × M; a programme's length with no time stated ("a two-week onboarding") is DAY_MINUTES per working day.
// Pure and deterministic (the same text always gives the same result).
import type { ArtifactKind, BloomLevel, Modality, QuizItemType } from '../../schemas/artifacts.js';
import type { AssistantSessionType } from '../../schemas/assistant.js';
import { bloomLevelsAsked, HIGHER_ORDER, LOWER_ORDER } from './bloom.js';
import { tokens } from './nlp.js';

interface Tagged {
  text: string;
  /** Universal part of speech (NOUN, PROPN, ADJ, VERB, ADP, DET, NUM, PUNCT…). */
  pos: string;
  /** Position in the phrase's token list. */
  index: number;
}

/** A text's tokens with their parts of speech and positions (content/nlp.ts). */
const taggedPhrase = (text: string): Tagged[] =>
  text.trim()
    ? tokens(text.trim())
        .filter((t) => t.pos !== 'SPACE')
        .map((t, index) => ({ text: t.text, pos: t.pos, index }))
    : [];

export interface RequestedItems {
  type: QuizItemType;
  count: number;
}

export interface RequestedDuration {
  /** Learning time in minutes (a working day is DAY_MINUTES, a week WEEK_DAYS working days). */
  minutes: number;
  /** As asked, normalised: "30 minutes", "two weeks", "half a day", "2 hours a week for 6 weeks". */
  label: string;
  /** Working days for programmes of a day or more ("two-week" → 10), else null. */
  days: number | null;
  /** A stated learning time per period ("2 hours a week" → 120 per week), when there is one. */
  rate?: { minutes: number; per: 'day' | 'week' | 'month' } | null;
}

export type RequestKind = ArtifactKind | 'none';

/** What the session type adds to a request (its rules stay in the artifact instruction too). */
export interface SessionInfluence {
  sessionType: AssistantSessionType | null;
  /** The kind a deliverable that names none is ("make one for the fire-safety module" in the builder → quiz). */
  impliedKind: ArtifactKind | null;
  /** Microlearning: modules of 3–7 minutes, one objective each. */
  moduleMinutes: { min: number; max: number } | null;
  oneObjectivePerModule: boolean;
  /** Assessment builder: a blueprint (objective → level → item → format) and items matched to levels. */
  blueprint: boolean;
}

export interface ParsedRequest {
  /** The message as read (whitespace normalised). */
  text: string;
  /** The artifact asked for, or "none" for conversation; `kindConfidence` 0…1. */
  kind: RequestKind;
  kindConfidence: number;
  /** The subject as a clean noun phrase ("Excel pivot tables", "preventing patient falls"), or null. */
  topic: string | null;
  /** Content words of the topic that an on-topic artifact mentions ("excel", "pivot", "tables"). */
  topicTerms: string[];
  /** Who it is for ("new nurses"), or null. */
  audience: string | null;
  /** Number of learners when stated ("300 warehouse staff" → 300). */
  audienceSize: number | null;
  /** Item counts by type, in the order asked ("3 true/false and 2 short-answer" → two entries). */
  items: RequestedItems[];
  /** Total items asked for (typed counts, or a plain "ten questions"), or null when no count is given. */
  itemCount: number | null;
  /** Item types the request rules out ("no true/false", "avoid matching", "without short answer"). */
  forbiddenTypes: QuizItemType[];
  /** Objectives asked for ("6 learning objectives"), or null. */
  objectiveCount: number | null;
  /** Bloom levels asked for by name, range or a learner's verb, lowest first (empty when none). */
  bloomLevels: BloomLevel[];
  /** Of those, the ones named one by one ("Apply and Analyze"), each of which must be present. */
  bloomRequired: BloomLevel[];
  /** "higher-order" / "lower-order" thinking asked for. */
  bloomOrder: 'higher' | 'lower' | null;
  /** The one level the request implies, for builders that take one ("advanced" → analyze). */
  level: BloomLevel | null;
  duration: RequestedDuration | null;
  /** `duration.minutes`, or null: the total learning time asked for. */
  totalMinutes: number | null;
  /** Decision points asked for in a scenario ("3 decision points"), or null. */
  decisionPoints: number | null;
  /** The situation a scenario request tells, as a sentence in its own words (situationOf), or null. */
  situation: string | null;
  /** Modules (sessions, lessons) asked for in a plan ("in 5 modules", "3 sessions of 90 minutes"), or null. */
  moduleCount: number | null;
  /** Constraints to weigh, as short phrases from the request ("300 learners", "night shifts"). */
  constraints: string[];
  /** Delivery options the request names or compares, in order. */
  modalities: Modality[];
  session: SessionInfluence;
}

/** The older name of the parsed request (artifacts/request.ts). */
export type ParsedArtifactRequest = ParsedRequest;

/** Learning minutes in a training day (7 hours: a working day minus breaks), and working days in a week. */
export const DAY_MINUTES = 420;
export const WEEK_DAYS = 5;
/** Working days in a month, and weeks in a month, for per-day / per-week rates over months. */
const MONTH_DAYS = 20;
const MONTH_WEEKS = 4;

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  single: 1,
  two: 2,
  couple: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  eighteen: 18,
  twenty: 20,
  'twenty-five': 25,
  thirty: 30,
  forty: 40,
  'forty-five': 45,
  fifty: 50,
  sixty: 60,
  ninety: 90,
  few: 3,
  several: 4,
};
const NUM = `(?:\\d+(?:\\.\\d+)?|${Object.keys(NUMBER_WORDS)
  .sort((a, b) => b.length - a.length)
  .join('|')})`;
export const numberOf = (s: string): number => {
  const n = Number(s);
  return Number.isFinite(n) ? n : (NUMBER_WORDS[s.toLowerCase()] ?? 0);
};

// ---- Items --------------------------------------------------------------------------------------------------

/** Asking for more than one key: the only requests that make `multiple_choice` (select-all) items. */
const SELECT_ALL =
  /\bselect[- ]all(?:[- ]that[- ]apply)?\b|\bmultiple[- ]response\b|\bmulti[- ]?select\b|\bmulti(?:ple)?[- ]answer\b|\bchoose (?:two|three|2|3|all)\b|\bmore than one (?:correct )?(?:answer|option)\b|\b(?:several|multiple|two|2) correct (?:answers|options)\b|\bcheck all that apply\b|\bmark all\b/i;

const CORE_TYPE_WORDS =
  'multiple[- ]response|multi[- ]?select|select[- ]all(?:[- ]that[- ]apply)?|multiple[- ]choice|multi[- ]choice|mcqs?|single[- ]choice|single[- ]answer|single[- ]best[- ]answer|true[- /]?(?:or[- ])?false|t\\/f|yes[- /]no|short[- ]answer|open[- ]ended|open|free[- ]text|fill[- ]in(?:[- ]the[- ]blanks?)?|gap[- ]fill|matching|match(?:ing)?[- ]pairs?|drag[- ]and[- ]drop matching';
const QUESTION_NOUN = '(?:questions?|items?|mcqs?|qs|prompts?)';
/** Ordering items: "2 ordering questions", "no sequencing", "put in order" (issue 38). */
const TYPE_WORDS = `${CORE_TYPE_WORDS}|ordering|sequencing|sequence|put[- ]in[- ]order`;
/**
 * The type words that name a type on their own (no count or negation before them): a bare "ordering" or
 * "sequence" is a topic's word ("stock ordering", "the sequence of service") unless "questions" follows.
 */
const NAMED_TYPE_WORDS = `${CORE_TYPE_WORDS}|(?:ordering|sequencing|sequence)(?=\\s+${QUESTION_NOUN})|put[- ]in[- ]order`;

function typeOf(word: string, selectAll: boolean): QuizItemType | undefined {
  const w = word.trim().toLowerCase();
  if (/^(?:multiple[- ]response|multi[- ]?select|select[- ]all)/.test(w)) return 'multiple_choice';
  // "multiple-choice" is one key unless the request asks for select-all.
  if (/^(?:multiple[- ]choice|multi[- ]choice|mcqs?)$/.test(w))
    return selectAll ? 'multiple_choice' : 'single_choice';
  if (/^single/.test(w)) return 'single_choice';
  if (/^(?:true|t\/f|yes)/.test(w)) return 'true_false';
  if (/^(?:short|open|free|fill|gap)/.test(w)) return 'short_answer';
  if (/match/.test(w)) return 'matching';
  if (/^(?:order|sequenc|put)/.test(w)) return 'ordering';
  return undefined;
}
/** Words that may stand between a count and "questions" ("8 short scenario-based questions"). */
const FILLER = `(?:(?!${NUM}\\b)(?!(?:minutes?|hours?|days?|weeks?|months?|modules?|sessions?|learners|staff|people)\\b)[a-z][\\w'-]*\\s+){0,3}?`;

function itemsOf(
  t: string,
  forbidden: QuizItemType[],
): { items: RequestedItems[]; itemCount: number | null } {
  const selectAll = SELECT_ALL.test(t);
  const items: RequestedItems[] = [];
  const add = (type: QuizItemType, count: number) => {
    const found = items.find((x) => x.type === type);
    if (found) found.count += count;
    else items.push({ type, count });
  };
  const typed = new RegExp(
    `\\b(${NUM})\\s+(?:of\\s+)?(?:more\\s+)?(?:[a-z]+[- ]based\\s+|scenario\\s+|short\\s+|quick\\s+)?(${TYPE_WORDS})(?=[\\s,.;:)]|$)(?:\\s+${QUESTION_NOUN})?`,
    'gi',
  );
  for (const m of t.matchAll(typed)) {
    const type = typeOf(m[2]!, selectAll);
    // "no true/false" counts nothing, and "one multiple-choice…" after "no" is not a count.
    if (type && !/\bno\s*$/i.test(t.slice(0, m.index))) add(type, Math.round(numberOf(m[1]!)));
  }
  let untyped = 0;
  const plain = new RegExp(
    `\\b(${NUM})[- ](?:more\\s+)?${FILLER}${QUESTION_NOUN}\\b|\\b(\\d+|${Object.keys(NUMBER_WORDS).join('|')})[- ](?:question|item)\\b|\\b(?:quiz|test|check|assessment|exam)\\s+(?:of|with)\\s+(${NUM})\\b(?!\\s*(?:minutes?|hours?|mins?))`,
    'gi',
  );
  for (const m of t.matchAll(plain)) {
    const raw = m[1] ?? m[2] ?? m[3]!;
    if (/^(?:a|an|one|single)$/i.test(raw) && !m[2]) continue;
    untyped = Math.max(untyped, Math.round(numberOf(raw)));
  }
  if (items.length === 0) {
    // Types named without counts: "multiple-choice and true/false questions on X".
    for (const m of t.matchAll(new RegExp(`\\b(${NAMED_TYPE_WORDS})(?=[\\s,.;:)]|$)`, 'gi'))) {
      const before = t.slice(Math.max(0, m.index - 40), m.index);
      if (
        /\b(?:no|not|avoid|without|never|exclude|excluding|skip|except|don'?t (?:use|include|want))\s+(?:any\s+)?(?:[\w/-]+\s+(?:or|and|nor)\s+)?$/i.test(
          before,
        )
      )
        continue;
      const type = typeOf(m[1]!, selectAll);
      if (type && !forbidden.includes(type) && !items.some((x) => x.type === type))
        items.push({ type, count: 0 });
    }
  }
  // "… and the rest single choice": the remainder of the count asked.
  const rest = new RegExp(
    `\\b(?:the\\s+)?(?:rest|remainder|others)\\s+(?:as\\s+|are\\s+|in\\s+|being\\s+)?(${TYPE_WORDS})\\b`,
    'i',
  ).exec(t);
  if (rest && untyped > 0) {
    const type = typeOf(rest[1]!, selectAll);
    const counted = items.reduce((n, x) => n + x.count, 0);
    if (type && untyped > counted) add(type, untyped - counted);
  }
  const kept = items.filter((x) => !forbidden.includes(x.type));
  const typedTotal = kept.reduce((n, x) => n + x.count, 0);
  const itemCount = Math.max(typedTotal, untyped) || null;
  return { items: kept, itemCount: itemCount === null ? null : Math.min(itemCount, 50) };
}

/** "no true/false", "avoid matching", "without short-answer items", "multiple-choice only". */
function forbiddenTypesOf(t: string): QuizItemType[] {
  const selectAll = SELECT_ALL.test(t);
  const out = new Set<QuizItemType>();
  const neg =
    /\b(?:no|not|avoid|avoiding|without|never|exclude|excluding|skip|except|nor|don'?t (?:use|include|want|add|give me)|do not (?:use|include|want|add)|leave out|no more)\s+/gi;
  const one = new RegExp(
    `^(?:any\\s+|the\\s+)?(${TYPE_WORDS})(?=[\\s,.;:)]|$)(?:\\s+${QUESTION_NOUN})?`,
    'i',
  );
  const joiner = /^\s*(?:,\s*(?:or\s+|and\s+|nor\s+)?|\s+(?:or|and|nor)\s+|\s*\/\s*)/i;
  for (const m of t.matchAll(neg)) {
    // The types right after the negation, joined by "or/and/nor/,": "no true/false or matching".
    let rest = t.slice(m.index + m[0].length);
    for (let x = one.exec(rest); x; x = one.exec(rest)) {
      const type = typeOf(x[1]!, selectAll);
      if (type) out.add(type);
      rest = rest.slice(x[0].length);
      const j = joiner.exec(rest);
      // A bare comma joins only a list that ends in "or/nor/and" ("no true/false, matching or short answer").
      if (!j || (/^\s*,\s*$/.test(j[0]) && !/\s(?:or|nor|and)\s/i.test(rest.split(/[.;:!?]/)[0]!))) break;
      rest = rest.slice(j[0].length);
    }
  }
  // "true/false questions are not allowed", "matching is not wanted".
  for (const m of t.matchAll(
    new RegExp(
      `\\b(${TYPE_WORDS})(?:\\s+${QUESTION_NOUN})?\\s+(?:are|is)\\s+(?:not\\s+(?:allowed|wanted|needed|ok)|banned|off[- ]limits)`,
      'gi',
    ),
  )) {
    const type = typeOf(m[1]!, selectAll);
    if (type) out.add(type);
  }
  // "single-choice only", "only multiple-choice questions": every other type is ruled out.
  const only = new RegExp(
    `\\bonly\\s+(${TYPE_WORDS})\\b|\\b(${TYPE_WORDS})(?:\\s+${QUESTION_NOUN})?\\s+only\\b`,
    'i',
  ).exec(t);
  if (only) {
    const keep = typeOf(only[1] ?? only[2]!, selectAll);
    if (keep)
      for (const type of [
        'single_choice',
        'multiple_choice',
        'true_false',
        'short_answer',
        'matching',
        'ordering',
      ] as const)
        if (type !== keep && !(keep === 'single_choice' && type === 'multiple_choice' && selectAll))
          out.add(type);
  }
  return [...out];
}

// ---- Duration -----------------------------------------------------------------------------------------------

const UNIT_MINUTES = {
  minute: 1,
  hour: 60,
  day: DAY_MINUTES,
  week: DAY_MINUTES * WEEK_DAYS,
  month: DAY_MINUTES * MONTH_DAYS,
};
type Unit = keyof typeof UNIT_MINUTES;
const unitOf = (u: string): Unit => {
  const x = u.toLowerCase();
  if (x.startsWith('min')) return 'minute';
  if (x.startsWith('h')) return 'hour';
  if (x.startsWith('d') || x === 'weekday') return 'day';
  if (x.startsWith('w')) return 'week';
  return 'month';
};
const AMOUNT = `(?:${NUM}|half an?|one and a half|an?)`;
const amountOf = (raw: string): number => {
  const r = raw.toLowerCase();
  return r.startsWith('half') ? 0.5 : r === 'one and a half' ? 1.5 : numberOf(r);
};
const TIME_UNIT = '(?:minutes?|mins?|hours?|hrs?|h)';
const PERIOD_UNIT = '(?:days?|weeks?|months?)';
/** The working days of a period ("6 weeks" → 30). */
const daysOf = (amount: number, unit: Unit) =>
  unit === 'day' ? amount : unit === 'week' ? amount * WEEK_DAYS : unit === 'month' ? amount * MONTH_DAYS : 0;
/** How many rate periods fit a period ("per day" over "2 weeks" → 10; "per week" over "3 months" → 12). */
function periodsOf(per: 'day' | 'week' | 'month', amount: number, unit: Unit): number {
  if (per === 'day') return daysOf(amount, unit);
  if (per === 'week')
    return unit === 'day' ? amount / WEEK_DAYS : unit === 'week' ? amount : amount * MONTH_WEEKS;
  return unit === 'month' ? amount : unit === 'week' ? amount / MONTH_WEEKS : amount / MONTH_DAYS;
}
const plural = (n: number, unit: string) => `${unit}${n === 1 ? '' : 's'}`;
const wordOf = (raw: string, amount: number, unit: Unit) =>
  amount === 1 ? (unit === 'hour' ? 'an' : 'one') : /^(?:a|an)$/i.test(raw) ? '1' : raw.toLowerCase();

function durationOf(t: string): RequestedDuration | null {
  // A stated time per day/week/month: "2 hours a week", "20 minutes a day", "30 min per weekday", "1 hour weekly".
  const rate = new RegExp(
    `\\b(${AMOUNT})[- ](${TIME_UNIT})\\b(?:\\s+of\\s+[\\w-]+(?:\\s+[\\w-]+)?)?\\s*(?:(?:a|an|per|each|every|\\/)\\s*(day|weekday|working day|week|month)|(daily|weekly|monthly))\\b`,
    'i',
  ).exec(t);
  // "three 45-minute sessions", "3 sessions of 90 minutes", "6 weekly 1-hour sessions".
  const sessions =
    new RegExp(
      `\\b(${NUM})\\s+(?:weekly\\s+|daily\\s+|monthly\\s+)?(${AMOUNT})[- ](${TIME_UNIT})[- ](?:long\\s+)?(?:[\\w-]+\\s+)?(?:sessions|modules|workshops|lessons|webinars|classes|episodes|units|calls|huddles)\\b`,
      'i',
    ).exec(t) ??
    new RegExp(
      `\\b(${NUM})\\s+(?:[\\w-]+\\s+)?(?:sessions|modules|workshops|lessons|webinars|classes|episodes|units|calls|huddles)\\s+(?:of|lasting|at)\\s+(${AMOUNT})\\s*(${TIME_UNIT})\\b`,
      'i',
    ).exec(t);
  // A period: "for 6 weeks", "over two weeks", "a 4-week campaign", "two weeks".
  const periodRe = new RegExp(
    `\\b(?:for|over|across|during|in|within|lasting)?\\s*(${AMOUNT}|the next)[- ](${PERIOD_UNIT})\\b(?:[- ]long)?`,
    'gi',
  );
  const periods = [...t.matchAll(periodRe)].filter(
    (m) =>
      // Not the rate's own "a week" / "per day".
      !(rate && m.index >= rate.index && m.index < rate.index + rate[0].length) &&
      !/^(?:the next)$/i.test(m[1]!),
  );

  if (rate) {
    let rateMinutes = amountOf(rate[1]!) * UNIT_MINUTES[unitOf(rate[2]!)];
    const perWord = (rate[3] ?? rate[4]!).toLowerCase();
    const per: 'day' | 'week' | 'month' = /^(?:day|daily|weekday|working day)$/.test(perWord)
      ? 'day'
      : /^(?:week|weekly)$/.test(perWord)
        ? 'week'
        : 'month';
    let rateLabel = `${rate[1]!.toLowerCase()} ${plural(amountOf(rate[1]!), unitOf(rate[2]!))} a ${per}`;
    // "90 minutes a week live plus 30 minutes of self-paced work": both are the week's time.
    const extra = new RegExp(
      `^[^.;]{0,40}?\\b(?:plus|and|\\+|with)\\s+(?:another\\s+)?(${AMOUNT})[- ](${TIME_UNIT})\\b(?!\\s*(?:total|in total|overall))`,
      'i',
    ).exec(t.slice(rate.index + rate[0].length));
    if (extra) {
      rateMinutes += amountOf(extra[1]!) * UNIT_MINUTES[unitOf(extra[2]!)];
      rateLabel = `${Math.round(rateMinutes)} minutes a ${per}`;
    }
    // The period the rate runs over: "for/over 6 weeks" first, else a programme's "4-week".
    const period = periods.find((m) => /^\s*(?:for|over|across|during|lasting)\b/i.test(m[0])) ?? periods[0];
    if (period) {
      const amount = amountOf(period[1]!);
      const unit = unitOf(period[2]!);
      const n = periodsOf(per, amount, unit);
      if (n > 0)
        return {
          minutes: Math.round(rateMinutes * n),
          label: `${rateLabel} for ${wordOf(period[1]!, amount, unit)} ${plural(amount, unit)}`,
          days: daysOf(amount, unit),
          rate: { minutes: Math.round(rateMinutes), per },
        };
    }
    return {
      minutes: Math.round(rateMinutes),
      label: rateLabel,
      days: null,
      rate: { minutes: Math.round(rateMinutes), per },
    };
  }
  if (sessions) {
    const n = numberOf(sessions[1]!);
    const each = amountOf(sessions[2]!) * UNIT_MINUTES[unitOf(sessions[3]!)];
    if (n > 0 && each > 0)
      return {
        minutes: Math.round(n * each),
        label: `${n} × ${sessions[2]!.toLowerCase()} ${plural(amountOf(sessions[2]!), unitOf(sessions[3]!))}`,
        days: null,
      };
  }

  const half = /\bhalf[- ](?:a[- ])?day\b/i.exec(t);
  const full = /\b(?:full|whole|one)[- ]day\b/i.exec(t);
  const m = new RegExp(`\\b(${AMOUNT})[- ](${TIME_UNIT}|${PERIOD_UNIT})\\b(?:[- ]long)?`, 'i').exec(t);
  if (half && (!m || half.index <= m.index))
    return { minutes: DAY_MINUTES / 2, label: 'half a day', days: 0.5 };
  if (!m) return full ? { minutes: DAY_MINUTES, label: 'one day', days: 1 } : null;
  const raw = m[1]!.toLowerCase();
  const amount = amountOf(raw);
  if (amount <= 0) return null;
  const unit = unitOf(m[2]!);
  const minutes = Math.round(amount * UNIT_MINUTES[unit]);
  const days = unit === 'minute' || unit === 'hour' ? null : daysOf(amount, unit);
  return { minutes, label: `${wordOf(raw, amount, unit)} ${plural(amount, unit)}`, days };
}

// ---- Counts of objectives, decision points, modules --------------------------------------------------------

function countBefore(t: string, nouns: string, filler = '(?:[\\w-]+\\s+){0,2}?'): number | null {
  const m = new RegExp(`\\b(${NUM})[- ]${filler}(?:${nouns})\\b`, 'i').exec(t);
  if (!m || /^(?:a|an|single)$/i.test(m[1]!)) return null;
  const n = Math.round(numberOf(m[1]!));
  return n > 0 ? n : null;
}

const objectiveCountOf = (t: string) =>
  countBefore(
    t,
    '(?:learning\\s+|performance\\s+|measurable\\s+|smart\\s+)?(?:objectives|outcomes)',
    '(?:[\\w-]+\\s+){0,1}?',
  );

function decisionPointsOf(t: string): number | null {
  const n =
    countBefore(
      t,
      'decision[- ]points?|decisions|branch(?:ing)?[- ]points?|choice[- ]points?|key decisions|branches',
    ) ??
    (() => {
      const m = new RegExp(`\\bdecision[- ]points?\\s*(?::|=|of)\\s*(${NUM})\\b`, 'i').exec(t);
      return m ? Math.round(numberOf(m[1]!)) : null;
    })();
  if (n && n <= 20) return n;
  // "Decisions: what to do first, whether to follow the customer, and how to record it", "The learner
  // decides what to say, whether to escalate, and what to record": one decision per question word.
  const listed =
    /\b(?:decisions?|decides|decide on|choices|choose)\s*(?::|-|—)?\s*((?:what|whether|how|when|who|which|where)\b[^.!?]*)/i.exec(
      t,
    );
  if (listed) {
    const parts = listed[1]!
      .split(
        /,\s*(?:and\s+|or\s+|then\s+)?|\s+(?:and|or|then)\s+(?=(?:what|whether|how|when|who|which|where)\b)/i,
      )
      .filter((p) => /^(?:what|whether|how|when|who|which|where)\b/i.test(p.trim()));
    if (parts.length >= 2) return parts.length;
  }
  return null;
}

/** Where a request stops telling the situation and goes on with instructions. */
const SITUATION_END =
  /(?:^|\s)(?:decisions?\s*:|(?:the\s+)?(?:key\s+)?decision[- ]points?\b|\d+\s+(?:key\s+)?(?:decision|branch|choice)|(?:one|two|three|four|five|six)\s+(?:key\s+)?(?:decision|branch|choice)|include\b|make it\b|use\b|end with\b|keep it\b|please\b|the learner (?:should|must|decides|has to)\b|learners? (?:should|must|decide|choose)\b)|\s[—–]\s|;/i;
const FINITE_VERB =
  /\b(?:is|are|was|were|has|have|had|gets?|wants?|asks?|arrives?|reports?|finds?|notices?|calls?|says?|tells?|refuses?|keeps?|comes?|goes?|sees?|needs?|tries|try|offers?|demands?|complains?|walks?|shows?|forgets?|leaves?|misses?|threatens?|insists?|receives?|discovers?|spots?|hears?|falls?|drops?|breaks?|starts?|stops?|becomes?|turns?|runs?|sends?|writes?|opens?|closes?|makes?|takes?|gives?|puts?|looks?|seems?|appears?|happens?|fails?|collapses?|smells?|lands?|contacts?|emails?|phones?|requests?|suggests?|proposes?|pushes?|presses?|raises?|questions?|challenges?|claims?|admits?|denies?|ignores?|skips?|shares?|posts?|loses?|gains?|reaches?|remains?|stays?|holds?|sits?|stands?|lies|lie|waits?|works?|uses?|handles?|argues?|disagrees?|knows?|thinks?|believes?|feels?|doubts?|fears?|worries?|do|does|did|can|cannot|can't|won't|will|would|should|must|may|might|could)\b|\b\w+ed\b/i;
/** Second person for a situation told about the audience ("they keep doing the work themselves"). */
const TO_SECOND_PERSON: [RegExp, string][] = [
  [/\bthemselves\b/gi, 'yourself'],
  [/\bthey're\b/gi, "you're"],
  [/\bthey\b/gi, 'you'],
  [/\btheir\b/gi, 'your'],
  [/\bthem\b/gi, 'you'],
];

/**
 * The situation a scenario request describes, in its own words ("a guest arrives at 11 pm with a confirmed
 * booking but the hotel is overbooked"), as a sentence; null when the request tells none. Read after the colon
 * of "a scenario for X: …", from "where/in which/when …", or from the sentence after the one asking; it ends
 * where the instructions begin (decisions, counts, "include…"). Told about the audience ("they keep…"), it is
 * put in the second person, as the learner meets it.
 */
export function situationOf(t: string): string | null {
  const kindAt = /\b(?:scenarios?|role[- ]?plays?|simulations?|case stud(?:y|ies)|branching)\b/i.exec(t);
  if (!kindAt) return null;
  const after = t.slice(kindAt.index + kindAt[0].length);
  const colon = /^[^.?!:]*?:\s*(.+)$/s.exec(after);
  const where = /^[^.?!:]*?\b(?:where|in which|when)\s+(.+)$/is.exec(after);
  const next = /^[^.?!]*[.?!]\s+(.+)$/s.exec(after);
  let raw = colon?.[1] ?? where?.[1] ?? next?.[1];
  raw = raw?.replace(/^(?:the\s+)?(?:situation|context|setting|scene|background|scenario)\s*:\s*/i, '');
  if (!raw || /^(?:decisions?|include|use|make|the learner|learners?)\b/i.test(raw)) return null;
  // The situation runs to the end of its sentence (a second one if it goes on telling it), and stops where
  // the instructions begin.
  const sentences = raw.split(/(?<=[.?!])\s+(?=[A-Z0-9])/);
  raw = sentences[0]!;
  const second = sentences[1];
  if (second && !SITUATION_END.test(` ${second}`) && !REQUEST_VERB.test(second) && FINITE_VERB.test(second))
    raw = `${raw} ${second}`;
  const end = SITUATION_END.exec(` ${raw}`);
  let text = (end ? ` ${raw}`.slice(0, end.index) : raw)
    .trim()
    // "…insulin dose, with 3 decision points": what the cut leaves dangling goes too.
    .replace(/(?:[\s,:;—–-]+|\s+(?:with|and|or|in|at|of|for|to|the|a|an|but|then))+$/i, '');
  const words = text.split(/\s+/).length;
  if (words < 4 || words > 70 || !FINITE_VERB.test(text)) return null;
  if (/^(?:they|their)\b/i.test(text)) for (const [re, to] of TO_SECOND_PERSON) text = text.replace(re, to);
  text = text[0]!.toUpperCase() + text.slice(1);
  return /[.?!]$/.test(text) ? text : `${text}.`;
}

function moduleCountOf(t: string): number | null {
  const n = countBefore(
    t,
    'modules|sessions|lessons|units|workshops|webinars|episodes|parts|chapters|micro-?lessons|nuggets',
    '(?:(?!minutes?|hours?|mins?)[\\w-]+\\s+){0,2}?',
  );
  return n && n <= 40 ? n : null;
}

// ---- People, size, level ------------------------------------------------------------------------------------

const PEOPLE_NOUN =
  'team leaders?|team leads|team members|line managers|store colleagues|scrum masters|fire wardens|gdpr champions|bar staff|kitchen staff|healthcare assistants|staff|employees?|leads|pms|project managers|team|teams|colleagues|workers?|operatives?|operators?|hires|starters|joiners|recruits|graduates|interns|apprentices|trainees|learners|students|pupils|nurses?|doctors|clinicians|pharmacists?|technicians?|engineers?|developers?|managers?|leaders|supervisors?|agents?|reps|representatives|salespeople|sales people|drivers|volunteers|contractors|professionals|designers|analysts|cashiers|associates|people|users|officers|specialists|advisors|advisers|teachers|coaches|executives|assistants|carers|caregivers|pickers|packers|handlers|staffers|admins|administrators|accountants|auditors|chefs|cooks|servers|waiters|clerks|tellers|receptionists|paramedics|midwives|therapists|consultants|buyers|marketers|recruiters|hr|owners|first[- ]line managers|crews?|scientists|researchers|pilots|cabin crew|dispatchers|guards|residents|physicians|surgeons|housekeepers|bartenders|baristas|store managers|account executives|aes|sdrs|bdrs|year \\d+ pupils|children|kids|teenagers|parents|members|scaffolders|roofers|subcontractors|contractors|champions|wardens|coordinators|masters|tellers|porters|housekeepers|waiting staff|crew|first aiders|apprentices|hcas|rns|qc analysts|operators|pupils|coaches|mentors|sponsors|vendors|suppliers';
const PEOPLE = new RegExp(`\\b(?:${PEOPLE_NOUN})\\b`, 'i');

/** "300 warehouse staff" → 300. */
function audienceSizeOf(t: string): number | null {
  const m = new RegExp(`\\b(\\d[\\d,]*)\\+?\\s+(?:[\\w-]+\\s+){0,3}?(?:${PEOPLE_NOUN})\\b`, 'i').exec(t);
  if (!m) return null;
  const n = Number(m[1]!.replace(/,/g, ''));
  return n >= 2 ? n : null;
}

function impliedLevelOf(t: string, audience: string | null): BloomLevel | null {
  if (/\b(?:expert|mastery|strategic)\b/i.test(t)) return 'evaluate';
  if (/\b(?:advanced|experienced|senior|higher[- ]level|in[- ]depth)\b/i.test(t)) return 'analyze';
  if (audience && /\b(?:managers?|leaders|executives|supervisors?|directors?|heads)\b/i.test(audience))
    return 'evaluate';
  if (
    /\b(?:beginners?|novices?|introduct(?:ion|ory)|basics?|foundation(?:al)?|awareness|101|new to)\b/i.test(t)
  )
    return 'understand';
  if (/\b(?:intermediate|hands[- ]on|practical)\b/i.test(t)) return 'apply';
  return null;
}

// ---- Constraints and modalities -----------------------------------------------------------------------------

const CONSTRAINTS: RegExp[] = [
  /\b(?:night|day|rotating|early|late|weekend|split|12[- ]hour|three|3|two|2)[- ]shifts?\b|\bshift[- ]?(?:work(?:ers)?|patterns?)\b|\bacross shifts\b/i,
  /\b(?:\d+|two|three|four|five|six|multiple|several|many)\s+(?:sites|locations|warehouses|stores|branches|countries|offices|hospitals|wards|regions|plants|depots|clinics|airports|schools|kitchens|restaurants|hotels)\b|\b(?:remote|distributed|hybrid|field[- ]based|frontline|deskless)\b/i,
  /\b(?:mobile(?: phones?| devices?)?|smartphones?|tablets?|no (?:computers?|pcs?|laptops?|desks?|email)|shared (?:pcs|computers|terminals|kiosks?)|kiosks?|laptops?|handheld scanners?)\b/i,
  /\b(?:low|small|limited|tight|no|zero|modest|minimal)\s+budget\b|\bbudget of\s+[$€£]?\s?\d[\d,.]*k?\b|[$€£]\s?\d[\d,.]*\s?k?\b/i,
  /\b(?:\d+|two|three|four|five|multiple|several)\s+languages\b|\bmultilingual\b|\b(?:in|into)\s+(?:english|spanish|french|german|polish|portuguese|italian|dutch|arabic|mandarin|chinese|hindi|romanian)(?:\s+and\s+(?:english|spanish|french|german|polish|portuguese|italian|dutch|arabic|mandarin|chinese|hindi|romanian))*\b/i,
  /\b(?:no more than|at most|max(?:imum)?(?: of)?|under|less than)\s+\d+\s*(?:minutes?|mins?)\s+(?:off the (?:floor|line|job)|at a time|per (?:day|session|week))\b/i,
  /\b(?:by|before)\s+(?:the end of\s+)?(?:q[1-4]|next (?:month|quarter)|january|february|march|april|may|june|july|august|september|october|november|december)\b/i,
  /\b(?:regulator(?:y)?|audit(?:ed)?|certification|accredited|mandatory|annual refresher)\b/i,
];

const MODALITY_NAMES: [RegExp, Modality][] = [
  [/\bvirtual classroom|\bvilt\b|\bwebinars?\b|\blive online\b/i, 'vilt'],
  [/\be-?learning\b|\bself[- ]paced online\b|\bonline course\b/i, 'e_learning'],
  [
    /\b(?<!v)ilt\b|\binstructor[- ]led\b|\bclassroom\b(?! virtual)|\bface[- ]to[- ]face\b|\bin[- ]person\b|\bworkshops?\b/i,
    'ilt',
  ],
  [/\bjob aids?\b|\bchecklists?\b|\bquick reference\b|\bcheat sheets?\b/i, 'job_aid'],
  [/\bsimulations?\b|\bvr\b|\bvirtual reality\b/i, 'simulation'],
  [/\bcoaching\b|\bmentoring\b/i, 'coaching'],
  [/\bvideos?\b/i, 'video'],
  [/\bmicro-?learning\b|\bbite[- ]sized\b/i, 'microlearning'],
  [/\bon[- ]the[- ]job\b|\bshadowing\b|\bbuddy\b/i, 'on_the_job'],
  [/\bpeer learning\b|\bcommunit(?:y|ies) of practice\b|\bsocial learning\b/i, 'social'],
];

function modalitiesOf(t: string): Modality[] {
  const found: { m: Modality; at: number }[] = [];
  for (const [re, m] of MODALITY_NAMES) {
    // "virtual classroom" is vILT, not classroom ILT.
    const text = m === 'ilt' ? t.replace(/virtual classroom/gi, '') : t;
    const x = re.exec(text);
    if (x) found.push({ m, at: m === 'ilt' ? t.toLowerCase().indexOf(x[0].toLowerCase()) : x.index });
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.m);
}

// ---- Topic and audience -------------------------------------------------------------------------------------

const STOP =
  /\s+(?:for|to|with|so that|so|that|which|who|whose|where|in under|within|using|by|at(?!\s+(?:heights?|work|home|sea|scale|risk|the till|the checkout|night|the front desk|the pass))|because|including|covering|across|without|while|during|from|after|before|ahead of|under|per|each|every|plus|as well as|then|if|when|\d+ (?:learners|people|staff)|and (?:i|we)|please|but|aimed at|targeted at|in \d|on (?:a|an|the|their|our)\s|in (?:a|an|the|their|our)\s|via|as (?:a|an)|no|not|avoid|only|mix(?:ing)?)\b|\s*[,;:()]\s*|\s+[-—–]\s+|\s*[.?!](?:\s|$)/i;
const DETERMINERS =
  /^(?:the|a|an|our|my|your|their|some|this|that|these|those|new|basic|advanced|brief|short|quick|simple|attached|uploaded|following)\s+/i;
const KIND_WORDS =
  /\b(?:training|course|courses|module|modules|programme|program|curriculum|session|sessions|workshop|refresher|e-?learning|quiz|quizzes|questions?|items?|assessment|knowledge check|test|exam|scenario|scenarios|branching|role[- ]?play|objectives?|learning|plan|plans|lesson|lessons|bootcamp|overview|material|materials|content|deck|toolkit|microlearning|series|campaign|summary|decision points?)\b/gi;
const DURATION_WORDS = new RegExp(
  `\\b(?:${NUM}|half|full|whole)(?:[- ](?:a[- ])?)?(?:minutes?|mins?|hours?|hrs?|days?|weeks?|months?)(?:[- ]long)?\\b|\\bhalf[- ](?:a[- ])?day\\b`,
  'gi',
);
const COUNT_WORDS = new RegExp(
  `\\b${NUM}\\s+(?:more\\s+)?(?:${NAMED_TYPE_WORDS})?(?=\\s|$)|\\b(?:${NAMED_TYPE_WORDS})(?=[\\s,.;:)]|$)`,
  'gi',
);
const LEVEL_WORDS =
  /\b(?:advanced|beginners?|introductory|intermediate|senior|basic|expert|blended|virtual|online|self-paced|micro-?learning|hybrid|interactive|short|quick|measurable|smart|branching|multiple[- ]choice)\b/gi;
const PRONOUNS = /\b(?:i|me|you|your|we|us|it|something|anything|help|can|could|would|should|please|one)\b/i;

const REQUEST_VERB_ONLY =
  /^(?:write|create|design|build|make|draft|generate|give|prepare|develop|need|want|plan|turn|summari[sz]e)$/i;

/** Base form of a third-person verb ("handles" → "handle", "tries" → "try"). */
function baseVerb(w: string): string {
  if (/ies$/.test(w)) return `${w.slice(0, -3)}y`;
  if (/(?:ss|sh|ch|x|z|o)es$/.test(w)) return w.slice(0, -2);
  if (/[^s]s$/.test(w)) return w.slice(0, -1);
  return w;
}

/** "prevent" → "preventing", "handle" → "handling", "plan" → "planning". */
export function gerund(verb: string): string {
  const v = verb.toLowerCase();
  if (v.endsWith('ing')) return v;
  if (v.endsWith('ie')) return `${v.slice(0, -2)}ying`;
  if (/[^aeiouy]e$/.test(v) || /[^e]ue$/.test(v)) return `${v.slice(0, -1)}ing`;
  if (
    /^(?:stop|plan|run|set|get|shop|chat|log|map|put|cut|swap|ship|tag|scan|drop|plug|step|admit|commit|submit|refer|prefer|control)$/.test(
      v,
    )
  )
    return `${v}${v.slice(-1)}ing`;
  return `${v}ing`;
}

function tidyPhrase(p: string | undefined, keepArticle = false): string | null {
  if (!p) return null;
  let s = p
    .replace(DURATION_WORDS, ' ')
    .replace(/\s+/g, ' ')
    .replace(/["“”‘’]/g, '')
    .replace(/[\s.,;:!?)(-]+$/g, '')
    .replace(/^[\s.,;:!?)(-]+/g, '')
    .trim();
  if (!keepArticle) for (let i = 0; i < 3; i++) s = s.replace(DETERMINERS, '');
  if (s.length < 2 || PRONOUNS.test(s)) return null;
  if (/^(?:how|what|why|when|where|which|who)\b/i.test(s)) return null;
  // At most 7 content words (9 with articles kept); function words do not count ("working safely in a class II
  // biological safety cabinet").
  const words = s.split(/\s+/);
  const cap = keepArticle ? 9 : 7;
  let content = 0;
  const cut = words.findIndex(
    (w) => !/^(?:a|an|the|of|in|on|with|and|to|for|or)$/i.test(w) && ++content > cap,
  );
  if (cut > 0) s = words.slice(0, cut).join(' ');
  s = s.replace(/\s+(?:of|with|a|an|the|and|or|to|in|on|at)$/i, '');
  return s.length > 70 ? s.slice(0, 70).replace(/\s+\S*$/, '') : s;
}

/** Kind words that are part of a subject's name ("formative assessment", "risk assessment"). */
const SUBJECT_KIND =
  /\b(formative|summative|risk|needs|self|peer|competency|skills|fire risk)[- ](assessments?)\b/gi;

/** A topic without the artifact words around it ("fire safety training" → "fire safety"). */
function stripKindWords(p: string | null): string | null {
  if (!p) return null;
  const s = p
    // Kept whole through the kind-word removal: an underscore joins them into one word.
    .replace(SUBJECT_KIND, '$1_$2')
    .replace(KIND_WORDS, ' ')
    .replace(COUNT_WORDS, ' ')
    .replace(LEVEL_WORDS, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^(?:and|or|of|on|for|in|with|about)\s+|\s+(?:and|or|of|on|for|in|with|about)$/gi, '')
    .replace(/_(?=assessments?\b)/gi, ' ')
    .trim();
  return tidyPhrase(s);
}

/** A where-clause keeps its "with …" ("a patient with a NEWS2 score of 7"). */
const WHERE_STOP = new RegExp(STOP.source.replace('|with|', '|'), 'i');

function cutAtStop(s: string): string {
  const first = s.split(STOP)[0] ?? s;
  // "working safely in a class II biological safety cabinet": when what comes before the cut says nothing of
  // the subject (generic words, adverbs), the place or tool after "in/on/with/using" is the subject.
  const words = first.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length || !words.every((w) => GENERIC_TERMS.has(w) || /ly$/.test(w))) return first;
  const more = new RegExp(
    `^${first.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+(in|on|with|using|inside|around)\\s+(?:an?|the|their|our)\\s+(.+)$`,
    'i',
  ).exec(s);
  // Without its article, as a subject is named ("working safely in class II biological safety cabinets").
  return more ? `${first} ${more[1]!} ${more[2]!.split(STOP)[0] ?? ''}`.trim() : first;
}

function audienceOf(t: string): string | null {
  const patterns = [
    /\b(?:for|teaching|to train|training|aimed at|targeted at|targeting|audience(?: is|:)?)\s+((?:[\w',/-]+\s+){0,4}?(?:[\w-]+\s+)?(?:PEOPLE))\b/gi,
    /\b((?:new|junior|senior|experienced|front[- ]?line|first[- ]time|newly[- ]promoted)\s+(?:[\w-]+\s+){0,2}?(?:PEOPLE))\b/gi,
    // A counted group: "Our 400 packaging operators", "to 40 account executives".
    /\b\d[\d,]*\+?\s+((?:[\w-]+\s+){0,2}?(?:PEOPLE))\b/gi,
  ].map((re) => new RegExp(re.source.replace('PEOPLE', PEOPLE_NOUN), re.flags));
  for (const re of patterns)
    for (const m of t.matchAll(re)) {
      // The people phrase after the last preposition or artifact word ("a module teaching new nurses").
      const tail = m[1]!
        .split(
          /\b(?:for|teaching|training|to|on|about|of|module|course|plan|programme|program|campaign|quiz|scenario)\s+/i,
        )
        .pop()!;
      const phrase = tail
        .replace(/^(?:our|the|all|my|their|your|some|a|an)\s+/i, '')
        .replace(/^(?:\d[\d,]*\+?|all|some|our)\s+/, '')
        .trim();
      if (phrase && !/\b(?:how|to)\b/i.test(phrase))
        return phrase.toLowerCase() === 'hr' ? 'HR staff' : phrase;
    }
  return null;
}

/** Phrases after a preposition that are idioms or settings, not subjects. */
const IDIOM =
  /^(?:the\s+)?(?:road|job|floor|move|go|site|shift|call|phone|line|ground|way|fly|spot|day|week|month|(?:night|day|early|late|weekend|rotating)\s+shifts?|shifts|tablets?|mobiles?|mobile phones?|phones|smartphones?|laptops?|devices?|kiosks?|zoom|teams|a budget|arrival|demand|duty|board|foot|site|(?:the\s+)?(?:first|second|third|fourth|fifth|next|last|same)\s+(?:day|week|time|month|hour|shift|visit)|apply|analy[sz]e|evaluate|remember|understand|create|their own|my own|our own|your own|its own)\b/i;
/** "on a surgical ward", "on the open bench": where it happens, not what it is about. */
const PLACE =
  /^(?:an?|the|our|their|my|your|each|every)\s+(?:[\w-]+\s+){0,2}?(?:wards?|bench|benches|site|sites|project|projects|floor|line|lines|ramp|stand|premises|shop floor|unit|units|office|offices|bay|bays|store|stores|branch|branches|kitchen|restaurant|hotel|warehouse|plant|depot|lab|laboratory|clinic|hospital|school|classroom|team|call|phone|shift|apron|airside)\b/i;

/** The regex reading of the topic: the phrase after "on/about…", "how to…", before the artifact noun. */
function topicByPattern(t: string): string | null {
  // "teaching new nurses how to prevent patient falls" / "how to handle complaints" → "preventing patient falls".
  // ("they already know how to take observations" says what learners can do, not the subject).
  const how = /\b(?<!(?:know|knows|knew|already)\s)how to\s+([a-z]+)\s+([^.?!;:,]+)/i.exec(t);
  if (how) {
    const rest = tidyPhrase(cutAtStop(how[2]!), true);
    if (rest) return `${gerund(how[1]!)} ${rest}`;
  }
  // "teaching accountants to use the new ERP system" → "using the new ERP system".
  const teach = /\bteach(?:ing|es)?\s+(?:[\w-]+\s+){1,3}?(?:how\s+)?to\s+([a-z]+)\s+([^.?!;:,]+)/i.exec(t);
  if (teach) {
    const rest = tidyPhrase(cutAtStop(teach[2]!), true);
    if (rest) return `${gerund(teach[1]!)} ${rest}`;
  }
  // "objectives: customers, returns and refunds for store staff" → the list after the colon.
  const listed = /\b(?:objectives|outcomes|quiz|questions|scenario|plan|module)\s*:\s*([^.?!;]+)/i.exec(t);
  if (listed) {
    const c = tidyPhrase(listed[1]!.split(/\s+(?:for|to|with)\s+/i)[0]!);
    if (c && !/^\d/.test(c) && !PEOPLE.test(c)) return c;
  }
  // "a scenario where a sales rep handles a pricing objection" → "handling a pricing objection".
  const where = new RegExp(
    `\\b(?:where|in which|when)\\s+(?:an?\\s+|the\\s+|our\\s+)?(?:[\\w-]+\\s+){0,2}?(?:${PEOPLE_NOUN}|customer|patient|caller|manager|rep|nurse|driver|colleague|official|guest|client|visitor|pilot)\\s+(?:has to\\s+|must\\s+|needs to\\s+)?([a-z]+)\\s+([^.?!;:,]+)`,
    'i',
  ).exec(t);
  if (where) {
    const rest = tidyPhrase(
      (where[2]!.split(WHERE_STOP)[0] ?? where[2]!).replace(/\s+(?:of|with|a|an|the)$/i, ''),
      true,
    );
    if (
      rest &&
      !/^(?:is|are|was|were|has|have|had|gets|got|does|did|can|will|would|should|may)$/i.test(where[1]!)
    )
      return `${gerund(baseVerb(where[1]!))} ${rest}`;
  }
  const prepPhrase = (preps: string, skip?: RegExp): string | null => {
    for (const m of t.matchAll(new RegExp(`\\b(${preps})\\s+(?=([^.?!;\\n]+))`, 'gi'))) {
      const raw = cutAtStop(m[2]!);
      if (/^\d[\d,.]*(?:\s|$)/.test(raw.trim())) continue;
      // "on the road", "on the job", "on night shifts", "on tablets": idioms and settings, not subjects.
      if (IDIOM.test(raw.trim()) || skip?.test(raw.trim())) continue;
      // After "for" or "teaching" a group of people is the audience; after "on/about" it is the subject
      // ("on password managers", "about supporting new starters").
      if (PEOPLE.test(raw) && /^(?:for|teaching)$/i.test(m[1]!)) continue;
      const c = stripKindWords(tidyPhrase(raw));
      if (c && /^for$/i.test(m[1]!) && PERSON_HEAD.test(c.split(/\s+/).pop()!)) continue;
      if (c && !/^\d[\d,.]*(?:\s|$)/.test(c)) return c;
    }
    return null;
  };
  // "on/about/covering X": the subject, unless it is a place ("on a surgical ward", "on the open bench").
  const subject =
    prepPhrase('about|covering|regarding|concerning', PLACE) ?? prepPhrase('on|around|teaching', PLACE);
  if (subject) return subject;
  // "a fire safety quiz", "GDPR refresher", "forklift training": the words before the artifact noun.
  const before =
    /\b((?:[A-Za-z][\w'&/-]*\s+){0,4}?[A-Za-z][\w'&/-]*)\s+(?:training|course|module|programme|program|curriculum|workshop|refresher|certification|quiz|knowledge check|assessment|scenario|role[- ]?play|objectives|questions|plan|lesson|bootcamp|e-?learning|campaign|induction|toolbox talk|series|microlearning|micro-?lessons|update|briefing|huddle|enablement)\b/gi;
  const spaced = t.replace(DURATION_WORDS, ' ');
  for (const m of spaced.matchAll(before)) {
    // "Site induction plan", "sales onboarding programme": an induction or onboarding that is itself planned is
    // part of the subject ("site induction"), not the artifact.
    const kind =
      /\s+(induction|onboarding)\s+(?=(?:plan|programme|program|course|quiz|training|checklist)\b)/i.exec(
        spaced.slice(m.index + m[1]!.length),
      );
    const c = stripKindWords(
      tidyPhrase(
        (kind?.index === 0 ? `${m[1]!} ${kind[1]!.toLowerCase()}` : m[1]!).replace(
          /^.*\b(?:write|create|design|build|make|draft|need|want|give|generate|prepare|develop|suggest|deliver|run|roll out|rolling out|put together|come up with|teach|train|plan|me|us|into|for|of|from|with|attached|summari[sz]e|annual|our|new)\s+/i,
          '',
        ),
      ),
    );
    if (c && !PEOPLE.test(c) && !REQUEST_VERB_ONLY.test(c)) return c;
  }
  // A request that opens with its subject: "Excel upskilling for 1,200 staff …".
  const lead = t.split(/\s(?:for|to|with|across|in)\s|[:;,.?!]|\s[—–-]\s/)[0]!.trim();
  if (lead && lead.split(/\s+/).length <= 5 && !REQUEST_VERB.test(lead) && !PEOPLE.test(lead)) {
    const tags = taggedPhrase(lead);
    const finite = tags.some((x) => (x.pos === 'VERB' || x.pos === 'AUX') && !/(?:ing|ed)$/i.test(x.text));
    const c = finite ? null : stripKindWords(tidyPhrase(lead));
    if (c && !/^(?:what|which|how|why|best|should|can|could|would)\b/i.test(c)) return c;
  }
  // "for X" that is not the audience, "in X" that is not a place or organisation ("in a housing association").
  const other = prepPhrase('for');
  if (other) return other;
  // "agents dealing with a refund request" → "dealing with a refund request".
  const doing = new RegExp(`\\b(?:${PEOPLE_NOUN})\\s+([a-z]+ing)\\s+([^.?!;:,]+)`, 'i').exec(t);
  if (doing) {
    const rest = tidyPhrase(cutAtStop(doing[2]!), true);
    if (rest) return `${doing[1]!.toLowerCase()} ${rest}`;
  }
  return null;
}

/** Words a topic may not consist of alone: function words, artifact words, vague qualities. */
const EMPTY_TOPIC =
  /^(?:the|a|an|this|that|these|those|it|in|on|of|for|to|and|or|with|by|at|from|in-person|online|face-to-face|expensive|cheap|new|good|best|short|long|quick|simple|basic|advanced|important|key|main|general|various|different|other|following|attached|uploaded|notes|document|file|procedure|policy|my notes|checklist|sop|slides|deck|text|attachment|upload|sme|sme summary|summary|interview|interview notes|team|staff|learners|decision|level|levels|bloom|mix|type|types|format)$/i;

const hasContentNoun = (tags: Tagged[]) =>
  tags.some(
    (x) => (x.pos === 'NOUN' || x.pos === 'PROPN') && !EMPTY_TOPIC.test(x.text) && /[a-z]/i.test(x.text),
  );

const ATTACHMENT_NAME =
  /^(?:[A-Z]{2,}[\s-]?\d[\w.-]*|(?:[\w-]+\s+){0,3}(?:chapter|section|matrix|appendix|annex|form|document|doc|pdf|file|deck|slides|spreadsheet|workbook|sheet|notes))$/i;
/** Whether the topic is the name the request gives its attachment (a code, or a document noun after "attached"). */
function namesAttachment(t: string, topic: string): boolean {
  if (!ATTACHMENT_NAME.test(topic)) return false;
  const escaped = topic.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`\\battached\\s+(?:[\\w-]+\\s+){0,2}?${escaped}(?![\\w-])`, 'i').test(t);
}

/**
 * The topic as a clean noun phrase. The pattern reading is kept when the tagger finds a content noun in it
 * and it is not a bare function word, quality or artifact word ("The", "Expensive", "In-person"); else the
 * best noun phrase of the request (after "on/about", without the artifact and audience words).
 */
function topicOf(text: string, audience: string | null): string | null {
  // Asides in brackets are detail, not the subject ("teaching 500 site workers (many with low literacy) to …").
  const t = text
    .replace(/\s*\([^)]*\)/g, '')
    // Formats named in more than one word are not the subject: "a knowledge check", "a spaced retrieval plan".
    .replace(FORMAT_PHRASES, (m) => (/plans?$/i.test(m) ? 'plan' : /checks?$/i.test(m) ? 'quiz' : ''))
    .replace(/\s+/g, ' ');
  const candidate = cleanTopic(topicByPattern(t));
  if (candidate) return candidate;
  // "a 3-day induction for new contact centre agents": the programme for its audience.
  const programme = /\b(onboarding|induction)\b/i.exec(t);
  if (programme && audience) return `${programme[1]!.toLowerCase()} for ${audience}`;
  const phrase = cleanTopic(nounPhraseTopic(t, audience));
  if (phrase) return phrase;
  // Last, "in X" that is not a place or organisation ("training in first aid", not "in a housing association").
  const inside =
    /\bin\s+(?!(?:a|an|the|our|their|my|your|this|each|every|cash|person|total|\d)\b)([^.?!;,:]+)/i.exec(t);
  return inside ? cleanTopic(stripKindWords(tidyPhrase(cutAtStop(inside[1]!)))) : null;
}

/** Formats named in more than one word, read as their kind noun ("spaced retrieval plan" → "plan"). */
const FORMAT_PHRASES = /\bknowledge checks?\b|\b(?:spaced\s+)?retrieval(?:\s+practice)?(?:\s+plans?)?\b/gi;

/** Delivery words that open a phrase about the delivery, not the subject ("in-person workshops"). */
const DELIVERY_LEAD =
  /^(?:in-person|face-to-face|online|virtual|blended|e-?learning|classroom|self-paced|instructor-led|workshops?|webinars?|videos?)$/i;

/** Drops leading qualities and delivery words ("Expensive in-person …") and trailing function words; null
 * when no content noun is left. */
function cleanTopic(phrase: string | null): string | null {
  if (!phrase) return null;
  // Item types and counts are not the subject ("single-answer multiple choice", "the rest single choice").
  const words = phrase
    .replace(new RegExp(`\\b(?:${NAMED_TYPE_WORDS})\\b`, 'gi'), ' ')
    .replace(/\b(?:rest|remainder|options?|each|questions?|items?)\b/gi, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  while (words.length && (EMPTY_TOPIC.test(words[0]!) || DELIVERY_LEAD.test(words[0]!))) words.shift();
  while (
    words.length &&
    /^(?:and|or|of|the|a|an|to|in|on|with|for|vs\.?|versus|&)$/i.test(words[words.length - 1]!)
  )
    words.pop();
  if (!words.length) return null;
  // A clause is not a noun phrase: cut at its finite verb ("third day running and gets annoyed").
  const tagged = taggedPhrase(words.join(' '));
  const verbAt = tagged.findIndex(
    (x, i) =>
      i > 0 &&
      tagged[i - 1]!.pos !== 'DET' &&
      (x.pos === 'AUX' ||
        (x.pos === 'VERB' &&
          /(?:s|ed)$/i.test(x.text) &&
          !/ss$/i.test(x.text) &&
          /^(?:DET|ADP|ADJ|VERB|PRON|ADV|PART)$/.test(tagged[i + 1]?.pos ?? ''))),
  );
  if (verbAt > 0 && tagged.length === words.length) words.splice(verbAt);
  while (
    words.length &&
    /^(?:and|or|of|the|a|an|to|in|on|with|for|vs\.?|versus|&)$/i.test(words[words.length - 1]!)
  )
    words.pop();
  if (!words.length) return null;
  const s = words.join(' ');
  if (EMPTY_TOPIC.test(s)) return null;
  const tags = taggedPhrase(s);
  const content = tags.filter(
    (x) =>
      (x.pos === 'NOUN' ||
        x.pos === 'PROPN' ||
        x.pos === 'VERB' ||
        x.pos === 'X' ||
        (x.pos === 'ADJ' && (/\w-\w/.test(x.text) || tags.length > 1))) &&
      !EMPTY_TOPIC.test(x.text) &&
      !NOT_TOPIC.test(x.text) &&
      /[a-z0-9]/i.test(x.text),
  );
  if (!content.some((x) => x.pos !== 'VERB' || /ing$/i.test(x.text))) return null;
  return s;
}

/** Tags that may belong to a noun phrase. */
const NP_POS = new Set(['NOUN', 'PROPN', 'ADJ', 'NUM', 'X']);
/** Words never in a topic noun phrase. */
const NOT_TOPIC = new RegExp(
  `^(?:${KIND_WORDS.source.replace(/\\b/g, '').replace(/^\(\?:|\)$/g, '')}|minutes?|hours?|days?|weeks?|months?|level|levels|points?|types?|mix|ones?|audience|years?|hours?|minutes?|am|pm|a\\.m\\.|p\\.m\\.|several|many|some|few|all|most|languages|sites|locations|shifts|countries|offices|stores|branches|budget|phones|devices|please|thanks|vs|versus|write|create|design|build|make|draft|generate|give|prepare|develop|plan|turn|summari[sz]e|attached|uploaded|notes|document|file|pages?|e-?learning|in-person|person|face-to-face|classroom|virtual|videos?|job aids?|aids?|coaching|webinars?|workshops?|ilt|vilt|simulations?|blended|online|self-paced)$`,
  'i',
);

/** The head noun of a phrase about a person ("PhD student", "account executive"): not a topic. */
const PERSON_HEAD =
  /^(?:students?|assistants?|executives?|callers?|customers?|patients?|nurses?|officers?|managers?|colleagues?|coordinators?|officials?|guests?|partners?|learners?|persons?|people|staff|team|agents?|reps?|drivers?|operators?|technicians?|pupils?|teachers?|chefs?|workers?|employees?|supervisors?|analysts?|engineers?|designers?|leads?|leaders?|members?|sponsors?|clients?|visitors?)$/i;

/** The last word of a phrase about a place or organisation ("surgical ward", "utility company"). */
const PLACE_HEAD =
  /^(?:wards?|bench(?:es)?|sites?|projects?|floors?|lines?|ramps?|stands?|premises|units?|offices?|bays?|stores?|branch(?:es)?|kitchens?|restaurants?|hotels?|warehouses?|plants?|depots?|labs?|laborator(?:y|ies)|clinics?|hospitals?|schools?|classrooms?|areas?|countries|compan(?:y|ies)|associations?|centres?|centers?)$/i;
const PEOPLE_WORD = new RegExp(`^(?:${PEOPLE_NOUN})$`, 'i');

function nounPhraseTopic(t: string, audience: string | null): string | null {
  // Without the request verb, the delivery options and the counts: what is left names the subject.
  const text = t
    .replace(
      /^(?:please\s+)?(?:can you\s+|could you\s+|i need\s+|we need\s+|i want\s+)?(?:to\s+)?[a-z]+\s+(?:me\s+|us\s+)?(?=(?:a|an|the|some|\d+|one|two|three|four|five|six|eight|ten)\b)/i,
      '',
    )
    .replace(MODALITY_WORDS, ' , ')
    .replace(/\bjob aids?\b|\bvirtual classroom\b/gi, ' , ');
  const tags = taggedPhrase(text);
  const phrases: { text: string; score: number }[] = [];
  let cur: Tagged[] = [];
  const flush = (i: number) => {
    // Drop leading adjectives that are qualities of the deliverable ("short", "expensive").
    // ("long-term sick leave" keeps its "long": a quality word joined by a hyphen is part of the compound)
    while (
      cur.length &&
      ((EMPTY_TOPIC.test(cur[0]!.text) && cur[1]?.text !== '-') ||
        cur[0]!.pos === 'NUM' ||
        cur[0]!.text === '-')
    )
      cur.shift();
    while (cur.length && cur[cur.length - 1]!.pos !== 'NOUN' && cur[cur.length - 1]!.pos !== 'PROPN')
      cur.pop();
    if (cur.length && hasContentNoun(cur)) {
      const text = cur
        .map((x) => x.text)
        .join(' ')
        .replace(/\s*-\s*/g, '-');
      const prev = tags[cur[0]!.index - 1]?.text.toLowerCase() ?? '';
      const last = cur[cur.length - 1]!.text;
      const place = PLACE_HEAD.test(last);
      const prep = /^(?:on|about|covering|regarding|into|around)$/.test(prev) && !place ? 3 : 0;
      // Acronyms and names (NEWS2, MEDDICC, FOD) and quoted terms ('facilitation fee') name the subject.
      const proper = cur.some((x) => /^[A-Z][A-Z0-9]{1,}$/.test(x.text))
        ? 2
        : cur.some((x) => x.pos === 'PROPN')
          ? 1
          : 0;
      // A phrase in quotes ("the 'leading hybrid teams' content", "a 'facilitation fee'").
      const next = tags[cur[cur.length - 1]!.index + 1]?.text ?? '';
      const quoted = /^['"“‘]$/.test(prev) && /^['"”’]$/.test(next) ? 8 : 0;
      const of = prev === 'of' ? 1 : 0;
      const person = PERSON_HEAD.test(last) || PEOPLE_WORD.test(last) ? -6 : 0;
      const isAudience = audience && audience.toLowerCase().includes(text.toLowerCase()) ? -10 : 0;
      phrases.push({
        text,
        score:
          prep +
          proper +
          quoted +
          of +
          person +
          (place ? -3 : 0) +
          Math.min(cur.length, 4) +
          isAudience -
          i / 1000,
      });
    }
    cur = [];
  };
  tags.forEach((x, i) => {
    const hyphen = x.text === '-' && cur.length > 0 && tags[i + 1] && /[a-z]/i.test(tags[i + 1]!.text);
    if (
      ((NP_POS.has(x.pos) && (x.pos !== 'NUM' || /^[A-Z]/.test(tags[i - 1]?.text ?? ''))) ||
        hyphen ||
        (x.pos === 'VERB' &&
          (cur.length > 0 || /ing$/i.test(x.text)) &&
          /^(?:NOUN|PROPN|ADJ)$/.test(tags[i + 1]?.pos ?? ''))) &&
      !NOT_TOPIC.test(x.text)
    ) {
      cur.push(x);
    } else flush(i);
  });
  flush(tags.length);
  const best = phrases.sort((a, b) => b.score - a.score)[0];
  return best && best.score > 0 ? tidyPhrase(best.text) : null;
}

/** Words of a topic that say nothing about its subject. */
const GENERIC_TERMS = new Set(
  'training,skills,skill,basics,basic,awareness,introduction,intro,overview,fundamentals,essentials,refresher,best,practice,practices,good,effective,new,key,the,and,for,with,of,on,in,to,a,an,how,our,your,their,using,use,handling,dealing,managing,preventing,understanding,making,doing,getting,working,process,processes,procedure,procedures,session,module,course,programme,program,plan,quiz,scenario,policy,level,staff,team,people,learners,employees,workplace,work,general,knowledge,role,roles,everyday,daily,day,week,weeks,first,1,2,3,asking,giving,taking,doing,having,being,spotting,running,following,applying'.split(
    ',',
  ),
);

/** The content words of a topic, lower case, unique ("HACCP critical control points" → haccp, critical, control, points). */
export function topicTermsOf(topic: string | null): string[] {
  if (!topic) return [];
  const words = topic
    .toLowerCase()
    .replace(/[^a-z0-9\s&/'-]/g, ' ')
    .split(/[\s/]+/)
    .map((w) => w.replace(/^['-]+|['-]+$/g, '').replace(/'s$/, ''))
    .filter((w) => w.length >= 2 && !GENERIC_TERMS.has(w));
  // Hyphenated words count as their parts too ("anti-bribery" → anti-bribery, bribery).
  const out: string[] = [];
  for (const w of words) {
    if (!out.includes(w)) out.push(w);
  }
  return out.slice(0, 8);
}

// ---- Kind ---------------------------------------------------------------------------------------------------

/** A request for a deliverable: an imperative, or "I need / can you …" before it. */
export const REQUEST_VERB =
  /\b(?:create|write|make|build|design|draft|generate|produce|prepare|develop|put together|give me|come up with|suggest|recommend|outline|plan out|map out|set up|turn\s+(?:[\w'-]+\s+){0,5}?into|convert\s+(?:[\w'-]+\s+){0,5}?into|transform\s+(?:[\w'-]+\s+){0,5}?into|summari[sz]e\s+(?:[\w'-]+\s+){0,5}?into)\b|^(?:please\s+)?(?:plan|schedule|structure|sequence)\s+(?!(?:is|was|to|for|of|and|or|that|which)\b)[\w-]|^(?:i|we)\s+(?:need|want|would like)\b/i;
/** A question about something rather than an ask for a deliverable. */
const QUESTION =
  /^(?:what|why|how|who|when|where|is|are|does|do|did|should|explain|tell me|define|describe)\b|\?\s*$|\b(?:explain|tell me about|what (?:is|are|makes)|difference between|how (?:do|should|can) i)\b/i;
/** A message that is itself the name of a deliverable: "a branching scenario about…", "5 questions on…". */
const NOUN_PHRASE_START =
  /^(?:(?:a|an|the|some|\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty)\b|(?:learning|training|onboarding|branching|multiple|single|true|short|quiz|scenario|objectives?|advanced|basic|introductory|intermediate|measurable|smart|simple|quick|new|virtual|online|self-paced|blended|sme)\b)/i;

const COUNT =
  '(?:\\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|a few|several)';
/** Nouns of each kind; the one that appears first in the message is what it asks for. */
const KIND_NOUNS: [ArtifactKind, RegExp][] = [
  [
    'sme_summary',
    /\bsme\s+(?:interview\s+)?summary\b|\binterview summary\b|\bsummary of (?:the|my|our|this) (?:sme |expert )?interview\b/i,
  ],
  [
    'quiz',
    new RegExp(
      `\\b(?:quiz(?:zes)?|knowledge checks?|assessment(?: items?| questions?)?|test (?:items?|questions?)|exam questions?|mcqs?|question bank|${COUNT}[- ](?:[\\w/-]+\\s+){0,3}(?:questions?|items?)|\\d+[- ](?:question|item))\\b|\\b(?:multiple[- ]choice|single[- ]choice|true[- /]?(?:or[- ])?false|short[- ]answer|matching|select[- ]all)\\s+(?:questions?|items?)\\b`,
      'i',
    ),
  ],
  [
    'scenario',
    /\b(?:branching\s+)?scenarios?\b(?![- ]based)|\brole[- ]?plays?\b|\bbranching\b|\bdecision[- ]points?\b/i,
  ],
  ['objectives', /\b(?:learning\s+|performance\s+)?objectives?\b|\blearning outcomes?\b|\boutcomes\b/i],
  [
    'modality',
    /\bmodalit(?:y|ies)\b|\bdelivery (?:formats?|methods?|modes?)\b|\bblended (?:approach|solution|design)\b|\bwhich (?:format|medium)\b/i,
  ],
  [
    'plan',
    /\b(?:learning|training|onboarding|development|study|course|induction|rollout|lesson)\s+plans?\b|\bplan\b|\bcurriculum\b|\bprogram(?:me)?\b|\bonboarding\b|\binduction\b|\bcourse(?: outline)?\b|\broadmap\b|\bsyllabus\b|\bmodules?\b|\bworkshops?\b|\bbootcamp\b|\bsessions?\b|\bwebinars?\b|\blessons?\b|\bmasterclass\b|\be-?learning (?:module|course)\b|\bmicro-?learning\b|\bseries\b|\bcampaign\b|\bpathway\b|\blearning journey\b|\bschedule\b|\btimetable\b/i,
  ],
];

/** Delivery options compared ("eLearning vs virtual classroom vs job aid"). */
const MODALITY_WORDS =
  /\b(?:e-?learning|virtual classroom|v?ilt|instructor[- ]led|classroom|job aids?|videos?|micro-?learning|coaching|simulations?|webinars?|workshops?|on[- ]the[- ]job|podcasts?|self[- ]paced|face[- ]to[- ]face|in[- ]person|online)\b/gi;
const COMPARISON = /\b(?:vs\.?|versus|or|which|compare|choose|best|should)\b/i;
/** "Which modality / delivery format …?": asking for modality advice is a deliverable even as a question. */
const MODALITY_QUESTION =
  /\b(?:best|right|most effective) way to (?:deliver|roll out|run)\b|\bhow (?:should|do|can|could) (?:we|i) (?:deliver|roll out)\b|\b(?:which|what|best|right)\s+(?:modalit(?:y|ies)|delivery\s+(?:formats?|methods?|modes?)|formats?|medium|media|blend)\b/i;

export function modalityComparison(t: string): boolean {
  if (MODALITY_QUESTION.test(t)) return true;
  const found = new Set((t.match(MODALITY_WORDS) ?? []).map((w) => w.toLowerCase()));
  return found.size >= 2 && COMPARISON.test(t);
}

/** A deliverable that names no kind ("make one", "create some training"). */
const DELIVERABLE = /\b(?:one|some|something|training|materials?|content|them)\b/i;
/** Where the subject of a request starts ("… for new nurses", "… on GDPR"). */
const SUBJECT_START = /\s(?:for|on|about|covering|regarding|teaching|around|concerning|from)\s/i;
/** "… into a branching scenario": what the thing is turned into is the deliverable. */
const INTO = /\binto\s+(?:an?\s+|the\s+|some\s+|\d+\s+)?((?:[\w/-]+\s+){0,4}?[\w/-]+)/i;
/** "summarise my notes", "summarise the interview": in any session, an SME summary. */
const SUMMARISE_NOTES =
  /\bsummari[sz]e\s+(?:my|our|these|the|this|those)\s+(?:[\w-]+\s+){0,2}?(?:notes|interview|transcript|conversation with (?:the|an?) (?:sme|expert))\b/i;

/** The kind whose noun comes first in the message, if any (also what a conversational message is about). */
export function namedKind(t: string): ArtifactKind | null {
  let best: { kind: ArtifactKind; at: number } | null = null;
  for (const [kind, re] of KIND_NOUNS) {
    const m = re.exec(t);
    if (m && (!best || m.index < best.at)) best = { kind, at: m.index };
  }
  return best?.kind ?? null;
}

/** The kind a session type implies for a deliverable that names none ("make one for the fire-safety module"). */
const SESSION_KIND: Partial<Record<AssistantSessionType, ArtifactKind>> = {
  ASSESSMENT_BUILDER: 'quiz',
  MICROLEARNING: 'plan',
  LND_COPILOT: 'plan',
};

/** Pasted interview notes: several lines (or a long text) of what an expert said. */
export function looksLikeNotes(raw: string): boolean {
  const lines = raw.split(/\n+/).filter((l) => l.trim().length > 0);
  const marked = /\b(?:notes?|interview|transcript|sme said|expert said|q:|a:)\b/i.test(raw);
  return (
    (lines.length >= 4 &&
      (marked || lines.filter((l) => /^\s*(?:[-*•]|\d+[.)]|q:|a:)/i.test(l)).length >= 3)) ||
    (raw.length >= 600 && marked)
  );
}

export interface KindReading {
  kind: RequestKind;
  confidence: number;
}

/**
 * Which artifact a message asks for, from its words alone (the version commands and the SME interview state
 * are artifacts/intent.ts's): the deliverable a request verb names (or "into" names), else the kind noun that
 * comes first, else the session type's kind for a deliverable that names none; "none" for conversation.
 */
export function classifyKind(message: string, sessionType: AssistantSessionType | null = null): KindReading {
  const raw = message.trim();
  const t = raw.replace(/\s+/g, ' ');
  if (!t) return { kind: 'none', confidence: 1 };
  if (SUMMARISE_NOTES.test(t) || KIND_NOUNS[0]![1].test(t)) return { kind: 'sme_summary', confidence: 0.9 };
  if (sessionType === 'SME_WALKTHROUGH' && looksLikeNotes(raw))
    return { kind: 'sme_summary', confidence: 0.75 };
  const asks = REQUEST_VERB.test(t);
  const modality = modalityComparison(t);
  if (QUESTION.test(t) && !asks && !modality) return { kind: 'none', confidence: 0.85 };
  const into = INTO.exec(t);
  if (asks && into) {
    const k = namedKind(into[1]!);
    if (k) return { kind: k, confidence: 0.9 };
  }
  if (modality) return { kind: 'modality', confidence: 0.8 };
  if (!asks && !NOUN_PHRASE_START.test(t)) {
    // A request written as its title: "Toolbox talk quiz on working at height — 6 questions",
    // "Site induction plan for subcontractors", "AML refresher as microlearning for tellers: …".
    const lead = t.split(/[:;.!?(]|\s[—–-]\s|,\s/)[0]!;
    const k = lead.split(/\s+/).length <= 12 ? namedKind(lead) : null;
    const finite = taggedPhrase(lead).some(
      (x) => (x.pos === 'VERB' || x.pos === 'AUX') && !/(?:ing|ed)$/i.test(x.text) && x.index > 0,
    );
    if (k && !finite) return { kind: k, confidence: 0.7 };
    return { kind: 'none', confidence: 0.7 };
  }
  // The deliverable is named before the subject: in "make one for the fire-safety module" the module is
  // what it is for, not what to make.
  const head = t.split(SUBJECT_START)[0] ?? t;
  const kind = namedKind(head || t);
  if (kind) return { kind, confidence: asks ? 0.9 : 0.75 };
  const implied = asks && DELIVERABLE.test(head) && sessionType ? SESSION_KIND[sessionType] : undefined;
  if (implied) return { kind: implied, confidence: 0.5 };
  const anywhere = namedKind(t);
  return anywhere ? { kind: anywhere, confidence: asks ? 0.6 : 0.5 } : { kind: 'none', confidence: 0.6 };
}

function sessionInfluence(sessionType: AssistantSessionType | null): SessionInfluence {
  return {
    sessionType,
    impliedKind: sessionType ? (SESSION_KIND[sessionType] ?? null) : null,
    moduleMinutes: sessionType === 'MICROLEARNING' ? { min: 3, max: 7 } : null,
    oneObjectivePerModule: sessionType === 'MICROLEARNING',
    blueprint: sessionType === 'ASSESSMENT_BUILDER',
  };
}

// ---- The parser ---------------------------------------------------------------------------------------------

export interface ParseOptions {
  sessionType?: AssistantSessionType | null;
}

const cache = new Map<string, ParsedRequest>();
const CACHE_MAX = 500;

/** Reads a request. Cached by text and session type (the views re-check an artifact on every read). */
export function parseRequest(message: string, opts: ParseOptions = {}): ParsedRequest {
  const key = `${opts.sessionType ?? ''}\u0000${message}`;
  const hit = cache.get(key);
  if (hit) return structuredClone(hit);
  const parsed = parse(message, opts.sessionType ?? null);
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(key, parsed);
  return structuredClone(parsed);
}

/**
 * The request's own lines: a message whose later lines are a pasted list (notes, steps) is read up to the
 * list, which is content, not instructions.
 */
export function requestPart(message: string): string {
  const lines = message.split(/\n/);
  const first = lines.findIndex((l, i) => i > 0 && /^\s*(?:[-*•]|\d+[.)]|q:|a:)\s*/i.test(l));
  if (first > 0 && lines.slice(first).filter((l) => l.trim()).length >= 2) {
    const head = lines.slice(0, first).join(' ').trim();
    if (head.split(/\s+/).length >= 3) return head;
  }
  return message;
}

function parse(message: string, sessionType: AssistantSessionType | null): ParsedRequest {
  const t = requestPart(message).replace(/\s+/g, ' ').trim();
  const { kind, confidence } = classifyKind(message, sessionType);
  // "a plan for onboarding new employees": the programme is the subject, the people after it the audience.
  const audience = audienceOf(t)?.replace(/^(?:onboarding|induction)\s+(?:of\s+)?(?=\S)/i, '') || null;
  const forbiddenTypes = forbiddenTypesOf(t);
  const { items, itemCount } = itemsOf(t, forbiddenTypes);
  const duration = durationOf(t);
  const audienceSize = audienceSizeOf(t);
  const constraints: string[] = [];
  if (audienceSize) constraints.push(`${audienceSize} learners`);
  for (const re of CONSTRAINTS) {
    const m = re.exec(t);
    if (m && !constraints.includes(m[0].trim())) constraints.push(m[0].trim());
  }
  let topic = topicOf(t, audience);
  if (!topic && /\bonboarding\b/i.test(t)) topic = audience ? `onboarding for ${audience}` : 'onboarding';
  if (!topic && /\binduction\b/i.test(t)) topic = audience ? `induction for ${audience}` : 'induction';
  if (topic && audience && /^(?:onboarding|induction)$/i.test(topic))
    topic = `${topic.toLowerCase()} for ${audience}`;
  // A topic that is only the audience or a count says nothing.
  if (topic && audience && topic.toLowerCase() === audience.toLowerCase()) topic = null;
  // The attachment's own name is not the subject ("turn the attached WOP-04 into…", "from the attached ROM
  // chapter"): a document code or a document noun after "attached" leaves the subject to the document.
  if (topic && namesAttachment(t, topic)) topic = null;
  const bloom = bloomLevelsAsked(t);
  const level =
    bloom.levels[0] ??
    (bloom.order === 'higher' ? HIGHER_ORDER[0]! : bloom.order === 'lower' ? LOWER_ORDER[1]! : null) ??
    impliedLevelOf(t, audience);
  const topicTerms = topicTermsOf(topic).filter(
    (w) =>
      !(audience ?? '').toLowerCase().split(/\s+/).includes(w) || (topic ?? '').toLowerCase().startsWith(w),
  );
  return {
    text: t,
    kind,
    kindConfidence: confidence,
    topic,
    topicTerms,
    audience,
    audienceSize,
    items,
    itemCount,
    forbiddenTypes,
    objectiveCount: objectiveCountOf(t),
    bloomLevels: bloom.levels,
    bloomRequired: bloom.required,
    bloomOrder: bloom.order,
    level,
    duration,
    totalMinutes: duration?.minutes ?? null,
    decisionPoints: decisionPointsOf(t),
    situation: kind === 'scenario' ? situationOf(t) : null,
    moduleCount: moduleCountOf(t),
    constraints: constraints.slice(0, 12),
    modalities: modalitiesOf(t),
    session: sessionInfluence(sessionType),
  };
}

/** The older name (artifacts/request.ts): the parsed request of a message. */
export const parseArtifactRequest = (message: string): ParsedRequest => parseRequest(message);

// ---- Revisions ----------------------------------------------------------------------------------------------

export interface RevisionRequest {
  shorter: boolean;
  longer: boolean;
  simpler: boolean;
  /** "higher/lower Bloom level", or a named level ("to the apply level"). */
  level: 'up' | 'down' | BloomLevel | null;
  /** A new audience ("revise for managers"). */
  audience: string | null;
  /** Items to add ("add 3 more questions", "add 2 true/false"). */
  addItems: RequestedItems[];
  /** A new duration ("make it 20 minutes"). */
  duration: RequestedDuration | null;
}

const LEVEL_NAMES: [RegExp, BloomLevel][] = [
  [/\bremember(?:ing)?\b|\brecall\b/i, 'remember'],
  [/\bunderstand(?:ing)?\b/i, 'understand'],
  [/\bappl(?:y|ication)\b/i, 'apply'],
  [/\banaly[sz](?:e|is|ing)\b/i, 'analyze'],
  [/\bevaluat(?:e|ion|ing)\b/i, 'evaluate'],
  [/\bcreat(?:e|ion|ing)\b/i, 'create'],
];

export function parseRevisionRequest(message: string): RevisionRequest {
  const t = message
    .replace(/^\s*(?:please\s+)?revise\b\s*:?\s*/i, '')
    .replace(/\s+/g, ' ')
    .trim();
  const named = /\blevel\b|\bbloom\b/i.test(t) ? LEVEL_NAMES.find(([re]) => re.test(t))?.[1] : undefined;
  const level: RevisionRequest['level'] =
    named ??
    (/\b(?:higher|harder|more (?:advanced|challenging|difficult)|deeper|level up|step up|tougher)\b/i.test(t)
      ? 'up'
      : /\b(?:lower|easier|more basic|less (?:advanced|challenging|difficult))\b/i.test(t)
        ? 'down'
        : null);
  const audienceMatch = new RegExp(
    `\\b(?:for|to suit|aimed at|targeting|audience(?: is|:)?)\\s+((?:[\\w'/-]+\\s+){0,4}?(?:${PEOPLE_NOUN}))\\b`,
    'i',
  ).exec(t);
  const { items } = itemsOf(t, []);
  const add = /\badd\b/i.test(t) ? items.filter((x) => x.count > 0) : [];
  const plainAdd = new RegExp(`\\badd\\s+(${NUM})\\s+(?:more\\s+)?${QUESTION_NOUN}\\b`, 'i').exec(t);
  if (plainAdd && add.length === 0)
    add.push({ type: 'single_choice', count: Math.round(numberOf(plainAdd[1]!)) });
  return {
    shorter:
      /\b(?:short(?:er|en)|brief(?:er)?|concise|trim|cut|fewer|less (?:text|content|wordy)|condense|tighter)\b/i.test(
        t,
      ),
    longer: /\b(?:longer|more detail(?:ed)?|expand|extend|more (?:items|questions|modules|nodes))\b/i.test(t),
    simpler:
      /\b(?:simpl(?:er|ify|e)|plain(?:er)?(?: (?:english|language|words))?|less technical|easier to read|jargon)\b/i.test(
        t,
      ),
    level,
    audience: audienceMatch ? audienceMatch[1]!.replace(/^(?:our|the|all|my|their)\s+/i, '').trim() : null,
    addItems: add,
    duration: durationOf(t),
  };
}

/**
 * The request an artifact answers after its revisions: the request that created it, with each later
 * revise command applied (items added, a new duration, audience or named level). Conformance compares a
 * version with this, so "add 3 more questions" does not make the count wrong.
 */
export function applyRevisions(request: ParsedRequest, revisions: string[]): ParsedRequest {
  const out: ParsedRequest = structuredClone(request);
  for (const text of revisions) {
    const r = parseRevisionRequest(text);
    const added = r.addItems.reduce((n, x) => n + x.count, 0);
    if (added && out.itemCount !== null) out.itemCount += added;
    for (const a of r.addItems) {
      const found = out.items.find((x) => x.type === a.type);
      if (found && found.count > 0) found.count += a.count;
    }
    if ((r.shorter || r.longer) && !added) {
      // A shorter or longer version changes the counts and minutes asked for: they are no longer checked.
      out.itemCount = null;
      out.items = out.items.map((x) => ({ ...x, count: 0 }));
      out.objectiveCount = null;
      out.moduleCount = null;
      out.decisionPoints = null;
      if (!r.duration) {
        out.duration = null;
        out.totalMinutes = null;
      }
    }
    if (r.duration) {
      out.duration = r.duration;
      out.totalMinutes = r.duration.minutes;
    }
    if (r.audience) out.audience = r.audience;
    if (r.level) {
      out.bloomLevels = r.level === 'up' || r.level === 'down' ? [] : [r.level];
      out.bloomRequired = out.bloomLevels;
      out.bloomOrder = null;
    }
  }
  return out;
}
