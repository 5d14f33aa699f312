// Parses an artifact request into its parts — topic (a short noun phrase, never the raw request), audience,
// counts and types of quiz items, duration, constraints (size, shifts, locations, devices, budget, languages),
// level, and the delivery options it compares — and a revise command into the change it asks for. Pure and
// deterministic: the offline provider honours every part, and tests can state what each request means.
import type { BloomLevel, Modality, QuizItemType } from '../../schemas/artifacts.js';

export interface RequestedItems {
  type: QuizItemType;
  count: number;
}

export interface RequestedDuration {
  /** Learning time in minutes (a working day is DAY_MINUTES, a week WEEK_DAYS working days). */
  minutes: number;
  /** As asked, normalised: "30 minutes", "two weeks", "half a day". */
  label: string;
  /** Working days for programmes of a day or more ("two-week" → 10), else null. */
  days: number | null;
}

export interface ParsedArtifactRequest {
  /** The subject as a short noun phrase ("GDPR", "preventing patient falls"), or null when none is named. */
  topic: string | null;
  /** Who it is for ("new nurses"), or null. */
  audience: string | null;
  /** Number of learners when stated ("300 warehouse staff" → 300). */
  audienceSize: number | null;
  /** Item counts by type, in the order asked ("3 true/false and 2 short-answer" → two entries). */
  items: RequestedItems[];
  /** Total items asked for (typed counts, or a plain "ten questions"), or null when no count is given. */
  itemCount: number | null;
  duration: RequestedDuration | null;
  /** Constraints to weigh, as short phrases from the request ("300 learners", "night shifts", "mobile phones"). */
  constraints: string[];
  /** The Bloom level the request implies ("advanced" → analyze, "for managers" → evaluate), or null. */
  level: BloomLevel | null;
  /** Delivery options the request names or compares, in order. */
  modalities: Modality[];
}

/** Learning minutes in a training day (7 hours: a working day minus breaks), and working days in a week. */
export const DAY_MINUTES = 420;
export const WEEK_DAYS = 5;

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
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  ninety: 90,
  few: 3,
  several: 4,
};
const NUM = `(?:\\d+(?:\\.\\d+)?|${Object.keys(NUMBER_WORDS).join('|')})`;
export const numberOf = (s: string): number => {
  const n = Number(s);
  return Number.isFinite(n) ? n : (NUMBER_WORDS[s.toLowerCase()] ?? 0);
};

// ---- Items --------------------------------------------------------------------------------------------------

const ITEM_TYPES: [RegExp, QuizItemType][] = [
  [/^(?:multiple[- ]response|multi[- ]select|select[- ]all(?:[- ]that[- ]apply)?)$/i, 'multiple_choice'],
  [/^(?:multiple[- ]choice|mcqs?|multi[- ]choice)$/i, 'multiple_choice'],
  [/^(?:single[- ]choice|single[- ]answer|one[- ]answer)$/i, 'single_choice'],
  [/^(?:true[- /]?(?:or[- ])?false|t\/f|yes[- /]no)$/i, 'true_false'],
  [/^(?:short[- ]answer|open(?:[- ]ended)?|free[- ]text|fill[- ]in(?:[- ]the[- ]blank)?)$/i, 'short_answer'],
  [/^(?:matching|match(?:ing)?[- ]pairs?)$/i, 'matching'],
];
const TYPE_WORDS =
  'multiple[- ]response|multi[- ]select|select[- ]all(?:[- ]that[- ]apply)?|multiple[- ]choice|multi[- ]choice|mcqs?|single[- ]choice|single[- ]answer|true[- /]?(?:or[- ])?false|t\\/f|yes[- /]no|short[- ]answer|open[- ]ended|open|free[- ]text|fill[- ]in(?:[- ]the[- ]blank)?|matching';
const typeOf = (w: string): QuizItemType | undefined => ITEM_TYPES.find(([re]) => re.test(w.trim()))?.[1];
const QUESTION_NOUN = '(?:questions?|items?|mcqs?|qs)';

function itemsOf(t: string): { items: RequestedItems[]; itemCount: number | null } {
  const items: RequestedItems[] = [];
  const add = (type: QuizItemType, count: number) => {
    const found = items.find((x) => x.type === type);
    if (found) found.count += count;
    else items.push({ type, count });
  };
  let untyped = 0;
  const typed = new RegExp(
    `\\b(${NUM})\\s+(?:more\\s+)?(${TYPE_WORDS})(?=[\\s,.;:)]|$)(?:\\s+${QUESTION_NOUN})?`,
    'gi',
  );
  for (const m of t.matchAll(typed)) {
    const type = typeOf(m[2]!);
    if (type) add(type, Math.round(numberOf(m[1]!)));
  }
  const plain = new RegExp(
    `\\b(${NUM})[- ](?:more\\s+)?(?:(?:quiz|test|exam|assessment|knowledge[- ]check|scenario[- ]based|practice|review)\\s+)?${QUESTION_NOUN}\\b|\\b(\\d+)[- ]question\\b`,
    'gi',
  );
  for (const m of t.matchAll(plain)) untyped = Math.max(untyped, Math.round(numberOf(m[1] ?? m[2]!)));
  const typedTotal = items.reduce((n, x) => n + x.count, 0);
  if (items.length === 0) {
    // Types named without counts: "multiple-choice and true/false questions on X".
    for (const m of t.matchAll(new RegExp(`\\b(${TYPE_WORDS})(?=[\\s,.;:)]|$)`, 'gi'))) {
      const type = typeOf(m[1]!);
      if (type && !items.some((x) => x.type === type)) items.push({ type, count: 0 });
    }
  }
  const itemCount = Math.max(typedTotal, untyped) || null;
  return { items, itemCount: itemCount === null ? null : Math.min(itemCount, 50) };
}

// ---- Duration -----------------------------------------------------------------------------------------------

const UNIT_MINUTES = {
  minute: 1,
  hour: 60,
  day: DAY_MINUTES,
  week: DAY_MINUTES * WEEK_DAYS,
  month: DAY_MINUTES * 20,
};
type Unit = keyof typeof UNIT_MINUTES;
const unitOf = (u: string): Unit => {
  const x = u.toLowerCase();
  if (x.startsWith('min')) return 'minute';
  if (x.startsWith('h')) return 'hour';
  if (x.startsWith('d')) return 'day';
  if (x.startsWith('w')) return 'week';
  return 'month';
};

function durationOf(t: string): RequestedDuration | null {
  const half = /\bhalf[- ](?:a[- ])?day\b/i.exec(t);
  const full = /\b(?:full|whole|one)[- ]day\b/i.exec(t);
  const m = new RegExp(
    `\\b(${NUM}|half an?|an?|one and a half)[- ](minutes?|mins?|hours?|hrs?|h|days?|weeks?|months?)\\b(?:[- ]long)?`,
    'i',
  ).exec(t);
  if (half && (!m || half.index <= m.index))
    return { minutes: DAY_MINUTES / 2, label: 'half a day', days: 0.5 };
  if (!m) return full ? { minutes: DAY_MINUTES, label: 'one day', days: 1 } : null;
  const raw = m[1]!.toLowerCase();
  const amount = raw.startsWith('half') ? 0.5 : raw === 'one and a half' ? 1.5 : numberOf(raw);
  if (amount <= 0) return null;
  const unit = unitOf(m[2]!);
  const minutes = Math.round(amount * UNIT_MINUTES[unit]);
  const days =
    unit === 'day' ? amount : unit === 'week' ? amount * WEEK_DAYS : unit === 'month' ? amount * 20 : null;
  const word = /^\d/.test(raw) ? raw : raw.replace(/^an?$/, '1');
  const label = `${word === '1' ? (unit === 'hour' ? 'an' : 'one') : word} ${unit}${amount === 1 ? '' : 's'}`;
  return { minutes, label, days };
}

// ---- People, size, level ------------------------------------------------------------------------------------

const PEOPLE_NOUN =
  'staff|employees?|team leads|leads|pms|project managers|team|teams|colleagues|workers?|operatives?|operators?|hires|starters|joiners|recruits|graduates|interns|apprentices|trainees|learners|students|nurses?|doctors|clinicians|pharmacists?|technicians?|engineers?|developers?|managers?|leaders|supervisors?|agents?|reps|representatives|salespeople|sales people|drivers|volunteers|contractors|professionals|designers|analysts|cashiers|associates|people|users|officers|specialists|advisors|advisers|teachers|coaches|executives|assistants|carers|caregivers|pickers|packers|handlers|staffers|admins|administrators|accountants|auditors|chefs|cooks|servers|waiters|clerks|tellers|receptionists|paramedics|midwives|therapists|consultants|buyers|marketers|recruiters|hr|owners|first[- ]line managers';
const PEOPLE = new RegExp(`\\b(?:${PEOPLE_NOUN})\\b`, 'i');

/** "300 warehouse staff" → 300. */
function audienceSizeOf(t: string): number | null {
  const m = new RegExp(`\\b(\\d[\\d,]*)\\+?\\s+(?:[\\w-]+\\s+){0,3}?(?:${PEOPLE_NOUN})\\b`, 'i').exec(t);
  if (!m) return null;
  const n = Number(m[1]!.replace(/,/g, ''));
  return n >= 2 ? n : null;
}

function levelOf(t: string, audience: string | null): BloomLevel | null {
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
  /\b(?:\d+|two|three|four|five|six|multiple|several|many)\s+(?:sites|locations|warehouses|stores|branches|countries|offices|hospitals|wards|regions|plants|depots|clinics)\b|\b(?:remote|distributed|hybrid|field[- ]based|frontline|deskless)\b/i,
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
  /\s+(?:for|to|with|so that|so|that|which|who|whose|where|in under|within|using|by|at|because|including|covering|across|without|while|during|from|after|before|ahead of|under|per|each|every|plus|as well as|then|if|when|\d+ (?:learners|people|staff)|and (?:i|we)|please|but|aimed at|targeted at|in \d|on (?:a|an|the|their|our)\s|in (?:a|an|the|their|our)\s|via|as (?:a|an))\b|\s*[,;:()]\s*|\s+-\s+/i;
const DETERMINERS =
  /^(?:the|a|an|our|my|your|their|some|this|that|these|those|new|basic|advanced|brief|short|quick)\s+/i;
const KIND_WORDS =
  /\b(?:training|course|courses|module|modules|programme|program|curriculum|session|sessions|workshop|refresher|e-?learning|quiz|quizzes|questions?|items?|assessment|knowledge check|test|exam|scenario|scenarios|branching|role[- ]?play|objectives?|learning|plan|plans|lesson|lessons|bootcamp|overview|material|materials|content|deck|toolkit|microlearning|series)\b/gi;
const DURATION_WORDS = new RegExp(
  `\\b(?:${NUM}|half|full|whole)(?:[- ](?:a[- ])?)?(?:minutes?|mins?|hours?|hrs?|days?|weeks?|months?)(?:[- ]long)?\\b|\\bhalf[- ](?:a[- ])?day\\b`,
  'gi',
);
const COUNT_WORDS = new RegExp(
  `\\b${NUM}\\s+(?:more\\s+)?(?:${TYPE_WORDS})?(?=\\s|$)|\\b(?:${TYPE_WORDS})(?=[\\s,.;:)]|$)`,
  'gi',
);
const LEVEL_WORDS =
  /\b(?:advanced|beginners?|introductory|intermediate|senior|basic|expert|blended|virtual|online|self-paced|micro-?learning|hybrid|interactive|short|quick|measurable|smart)\b/gi;
const PRONOUNS = /\b(?:i|me|you|your|we|us|it|something|anything|help|can|could|would|should|please|one)\b/i;

const REQUEST_VERB_ONLY =
  /^(?:write|create|design|build|make|draft|generate|give|prepare|develop|need|want)$/i;

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
    .trim();
  if (!keepArticle) for (let i = 0; i < 3; i++) s = s.replace(DETERMINERS, '');
  if (s.length < 2 || PRONOUNS.test(s)) return null;
  if (/^(?:how|what|why|when|where|which|who)\b/i.test(s)) return null;
  const words = s.split(/\s+/);
  if (words.length > 6) s = words.slice(0, 6).join(' ');
  return s.length > 60 ? s.slice(0, 60).replace(/\s+\S*$/, '') : s;
}

/** A topic without the artifact words around it ("fire safety training" → "fire safety"). */
function stripKindWords(p: string | null): string | null {
  if (!p) return null;
  const s = p
    .replace(KIND_WORDS, ' ')
    .replace(COUNT_WORDS, ' ')
    .replace(LEVEL_WORDS, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^(?:and|or|of|on|for|in|with)\s+|\s+(?:and|or|of|on|for|in|with)$/gi, '')
    .trim();
  return tidyPhrase(s);
}

function cutAtStop(s: string): string {
  return s.split(STOP)[0] ?? s;
}

function audienceOf(t: string): string | null {
  const patterns = [
    /\b(?:for|teaching|to train|training|aimed at|targeted at|targeting|audience(?: is|:)?)\s+((?:[\w',/-]+\s+){0,4}?(?:[\w-]+\s+)?(?:PEOPLE))\b/gi,
    /\b((?:new|junior|senior|experienced|front[- ]?line|first[- ]time|newly[- ]promoted)\s+(?:[\w-]+\s+){0,2}?(?:PEOPLE))\b/gi,
  ].map((re) => new RegExp(re.source.replace('PEOPLE', PEOPLE_NOUN), re.flags));
  for (const re of patterns)
    for (const m of t.matchAll(re)) {
      // The people phrase after the last preposition or artifact word ("a module teaching new nurses").
      const tail = m[1]!
        .split(/\b(?:for|teaching|training|to|on|about|of|module|course|plan|programme|program)\s+/i)
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

function topicOf(t: string, audience: string | null): string | null {
  // "teaching new nurses how to prevent patient falls" / "how to handle complaints" → "preventing patient falls".
  const how = /\bhow to\s+([a-z]+)\s+([^.?!;:,]+)/i.exec(t);
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
    `\\b(?:where|in which|when)\\s+(?:an?\\s+|the\\s+|our\\s+)?(?:[\\w-]+\\s+){0,2}?(?:${PEOPLE_NOUN}|customer|patient|caller|manager|rep|nurse|driver|colleague)\\s+(?:has to\\s+|must\\s+|needs to\\s+)?([a-z]+)\\s+([^.?!;:,]+)`,
    'i',
  ).exec(t);
  if (where) {
    const rest = tidyPhrase(cutAtStop(where[2]!), true);
    if (rest) return `${gerund(baseVerb(where[1]!))} ${rest}`;
  }
  // The first "about/on/for … X" whose X is not the audience.
  for (const m of t.matchAll(
    /\b(about|on|covering|regarding|concerning|around|teaching|in|for)\s+(?=([^.?!;\n]+))/gi,
  )) {
    const raw = cutAtStop(m[2]!);
    if (/^\d/.test(raw.trim())) continue;
    // "on the road", "on the job": idioms, not subjects.
    if (
      /^(?:the\s+)?(?:road|job|floor|move|go|site|shift|call|phone|line|ground|way|fly|spot|day)\b/i.test(
        raw.trim(),
      )
    )
      continue;
    // After "for" or "teaching" a group of people is the audience; after "on/about" it is the subject
    // ("on password managers", "about supporting new starters").
    if (PEOPLE.test(raw) && /^(?:for|teaching)$/i.test(m[1]!)) continue;
    const c = stripKindWords(tidyPhrase(raw));
    if (c && !/^\d/.test(c)) return c;
  }
  // "a fire safety quiz", "GDPR refresher", "forklift training": the words before the artifact noun.
  const before =
    /\b((?:[A-Za-z][\w'&/-]*\s+){0,4}?[A-Za-z][\w'&/-]*)\s+(?:training|course|module|programme|program|curriculum|workshop|refresher|certification|quiz|knowledge check|assessment|scenario|role[- ]?play|objectives|questions|plan|lesson|bootcamp|e-?learning)\b/gi;
  for (const m of t.replace(DURATION_WORDS, ' ').matchAll(before)) {
    const c = stripKindWords(
      tidyPhrase(
        m[1]!.replace(
          /^.*\b(?:write|create|design|build|make|draft|need|want|give|generate|prepare|develop|suggest|deliver|run|roll out|teach|train|me|us)\s+/i,
          '',
        ),
      ),
    );
    if (c && !PEOPLE.test(c) && !REQUEST_VERB_ONLY.test(c)) return c;
  }
  // "agents dealing with a refund request" → "dealing with a refund request".
  const doing = new RegExp(`\\b(?:${PEOPLE_NOUN})\\s+([a-z]+ing)\\s+([^.?!;:,]+)`, 'i').exec(t);
  if (doing) {
    const rest = tidyPhrase(cutAtStop(doing[2]!), true);
    if (rest) return `${doing[1]!.toLowerCase()} ${rest}`;
  }
  if (/\bonboarding\b/i.test(t)) return audience ? `onboarding for ${audience}` : 'onboarding';
  if (/\binduction\b/i.test(t)) return audience ? `induction for ${audience}` : 'induction';
  return null;
}

export function parseArtifactRequest(message: string): ParsedArtifactRequest {
  const t = message.replace(/\s+/g, ' ').trim();
  const audience = audienceOf(t);
  const { items, itemCount } = itemsOf(t);
  const duration = durationOf(t);
  const audienceSize = audienceSizeOf(t);
  const constraints: string[] = [];
  if (audienceSize) constraints.push(`${audienceSize} learners`);
  for (const re of CONSTRAINTS) {
    const m = re.exec(t);
    if (m && !constraints.includes(m[0].trim())) constraints.push(m[0].trim());
  }
  let topic = topicOf(t, audience);
  if (topic && audience && /^(?:onboarding|induction)$/i.test(topic))
    topic = `${topic.toLowerCase()} for ${audience}`;
  // A topic that is only the audience or a count says nothing.
  if (topic && audience && topic.toLowerCase() === audience.toLowerCase()) topic = null;
  return {
    topic,
    audience,
    audienceSize,
    items,
    itemCount,
    duration,
    constraints: constraints.slice(0, 12),
    level: levelOf(t, audience),
    modalities: modalitiesOf(t),
  };
}

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
  const { items } = itemsOf(t);
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
