// Offline quizzes: exactly the counts and item types asked for, each item aligned to an objective at its
// Bloom level (terms and facts to remember, step order to apply, consequences to analyse, fixes to evaluate),
// one key per single-answer item, feedback on every option, no "all/none of the above".
import type { BloomLevel, QuizArtifact, QuizItem, QuizItemType } from '../../../schemas/artifacts.js';
import { gerund, type RequestedItems } from '../../content/request.js';
import { lowerFirst } from '../assistant-text.js';
import { pick, titleCase, type ArtifactContext } from './context.js';
import { GroundedItemWriter } from './grounded-items.js';
import { FactPicker, factsOfKind } from './grounded.js';
import { buildObjectiveList, objectiveLevels, objectiveSentence } from './objectives.js';

/** Item types when a request gives a count but no types: mostly single choice, with some variety. */
const DEFAULT_CYCLE: QuizItemType[] = [
  'single_choice',
  'single_choice',
  'true_false',
  'single_choice',
  'short_answer',
  'single_choice',
  'matching',
];

/** The item types in order: typed counts first, a remainder of an overall count, else a default mix. */
export function itemPlan(
  requested: RequestedItems[],
  total: number | null,
  fallback = 5,
  forbidden: readonly QuizItemType[] = [],
): QuizItemType[] {
  // The default mix leaves out what the request rules out ("no true/false", "no matching").
  const allowed = DEFAULT_CYCLE.filter((t) => !forbidden.includes(t));
  const cycle = allowed.length ? allowed : (['single_choice'] as QuizItemType[]);
  const counted = requested.filter((r) => r.count > 0);
  if (counted.length) {
    const out = counted.flatMap((r) => Array<QuizItemType>(r.count).fill(r.type));
    for (let i = 0; out.length < (total ?? 0); i++) out.push(cycle[i % cycle.length]!);
    return out.slice(0, 50);
  }
  const n = Math.min(50, total ?? fallback);
  if (requested.length)
    // Types named without counts share the total evenly, in the order named.
    return Array.from({ length: n }, (_, i) => requested[Math.floor((i * requested.length) / n)]!.type);
  return Array.from({ length: n }, (_, i) => cycle[i % cycle.length]!);
}

const SELECT_ALL = /\bmultiple[- ]response|\bselect[- ]all|\bmulti[- ]select/i;

type Template = 'fact' | 'sequence' | 'practice' | 'consequence' | 'term' | 'fix';
const BY_LEVEL: Record<BloomLevel, Template[]> = {
  remember: ['term', 'fact', 'sequence'],
  understand: ['fact', 'sequence', 'term'],
  apply: ['sequence', 'fix', 'fact'],
  analyze: ['consequence', 'fix', 'sequence'],
  evaluate: ['fix', 'consequence'],
  create: ['fix', 'consequence'],
};
const DIFFICULTY: Record<BloomLevel, QuizItem['difficulty']> = {
  remember: 'easy',
  understand: 'easy',
  apply: 'medium',
  analyze: 'medium',
  evaluate: 'hard',
  create: 'hard',
};

interface Choice {
  stem: string;
  key: string;
  keyFeedback: string;
  distractors: { text: string; feedback: string }[];
  feedback: string;
}

/** A draft question on one of the request's subtopics; distinct for every item of a quiz. */
function draftStem(sub: string, audience: string, n: number, subs: number): string {
  const stems = [
    `Which statement about ${sub} is correct?`,
    `What should ${audience} do first about ${sub}?`,
    `Which of these is the right practice for ${sub}?`,
    `What is the main risk to watch for in ${sub}?`,
    `Which of these best describes ${sub} done well?`,
    `In this case, what is the best action on ${sub}? [SME: a short, realistic case]`,
  ];
  const k = Math.floor(n / Math.max(1, subs));
  const stem = stems[k % stems.length]!;
  return k >= stems.length ? `${stem.replace(/\?.*$/, '')} (case ${k + 1})?` : stem;
}

type Base = Pick<QuizItem, 'id' | 'type' | 'objectiveId' | 'difficulty'>;
const unique = (xs: string[]) => xs.filter((x, i) => xs.indexOf(x) === i);

/** An instruction as what someone does: "Store personal data …" → "Storing personal data …". */
function asDoing(step: string): string {
  const [verb, ...rest] = step.split(' ');
  return [titleCase(gerund(verb!)), ...rest].join(' ');
}

/** Builds the items; `used` counts template uses so items do not repeat. */
class ItemWriter {
  private used = new Map<string, number>();
  constructor(private c: ArtifactContext) {}

  private next(name: string): number {
    const n = this.used.get(name) ?? 0;
    this.used.set(name, n + 1);
    return n + (this.c.seed % 3);
  }

  choice(template: Template): Choice {
    const k = this.c.knowledge;
    const t = this.c.topic;
    switch (template) {
      case 'fact': {
        const i = this.next('fact');
        const fact = pick(k.facts, i);
        return {
          stem: pick(
            [
              `Which statement about ${t} is true?`,
              `Which of these is correct about ${t}?`,
              `What is accurate about ${t}?`,
              `Which of these statements on ${t} holds?`,
            ],
            i,
          ),
          key: fact,
          keyFeedback: `Correct: ${lowerFirst(fact)}.`,
          distractors: [1, 2, 3].map((d) => {
            const myth = pick(k.myths, i + d * 2);
            return { text: myth, feedback: `Not true: this is a common misconception. ${fact}.` };
          }),
          feedback: `Remember: ${lowerFirst(fact)}.`,
        };
      }
      case 'sequence': {
        const steps = k.steps;
        const i = this.next('sequence') % Math.max(1, steps.length - 1);
        const after = steps[i]!;
        const key = steps[i + 1] ?? steps[0]!;
        const others = steps.filter((s) => s !== after && s !== key);
        return {
          stem: `In ${t}, which step comes straight after “${after}”?`,
          key,
          keyFeedback: `Correct: “${key}” follows “${after}”.`,
          distractors: [0, 1, 2]
            .map((d) => pick(others, i + d * 2))
            .filter((s, n, a) => a.indexOf(s) === n)
            .map((s) => ({
              text: s,
              feedback: `Not next: “${s}” comes ${steps.indexOf(s) < i ? 'earlier' : 'later'} in the sequence.`,
            })),
          feedback: `The sequence matters: each step of ${t} prepares the next.`,
        };
      }
      case 'practice': {
        // Practices that hold in any order: which one is right, against three errors people make.
        const i = this.next('practice');
        // The errors read as what someone does ("Waiting to report …"): the key reads the same way, so its grammar
        // does not give it away ("Store personal data …" → "Storing personal data …").
        const key = asDoing(pick(k.steps, i));
        return {
          stem: pick(
            [
              `Which of these is expected practice in ${t}?`,
              `Which of these should you do in ${t}?`,
              `Which of these follows good practice for ${t}?`,
            ],
            i,
          ),
          key,
          keyFeedback: `Correct: ${lowerFirst(key)}.`,
          distractors: [0, 1, 2].map((d) => {
            const e = pick(k.errors, i + d);
            return { text: e.error, feedback: `No: that risks ${e.consequence}. ${e.fix}.` };
          }),
          feedback: `Good practice: ${lowerFirst(key)}.`,
        };
      }
      case 'consequence': {
        const i = this.next('consequence');
        const e = pick(k.errors, i);
        return {
          stem: `What is the most likely consequence of ${lowerFirst(e.error)}?`,
          key: titleCase(e.consequence),
          keyFeedback: `Correct: ${e.consequence}. To prevent it: ${lowerFirst(e.fix)}.`,
          distractors: [1, 2, 3].map((d) => {
            const other = pick(k.errors, i + d);
            return {
              text: titleCase(other.consequence),
              feedback: `That follows from a different error (${lowerFirst(other.error)}).`,
            };
          }),
          feedback: `${e.fix}.`,
        };
      }
      case 'term': {
        const i = this.next('term');
        const term = pick(k.terms, i);
        return {
          stem: `Which term means “${term.meaning}”?`,
          key: term.term,
          keyFeedback: `Correct: that is what ${term.term} means.`,
          distractors: [1, 2, 3].map((d) => {
            const other = pick(k.terms, i + d);
            return { text: other.term, feedback: `No: ${other.term} means “${lowerFirst(other.meaning)}”.` };
          }),
          feedback: `${term.term}: ${lowerFirst(term.meaning)}.`,
        };
      }
      case 'fix': {
        const i = this.next('fix');
        const e = pick(k.errors, i);
        return {
          stem: `A colleague keeps ${lowerFirst(e.error)}. What is the best way to prevent it?`,
          key: e.fix,
          keyFeedback: `Correct: it removes the cause, so ${e.consequence} is avoided.`,
          distractors: [1, 2, 3].map((d) => {
            const other = pick(k.errors, i + d);
            return {
              text: other.fix,
              feedback: `Good practice, but it addresses a different problem (${lowerFirst(other.error)}).`,
            };
          }),
          feedback: `Without it, ${e.consequence}.`,
        };
      }
    }
  }

  /**
   * A draft single-choice item: a real question on one of the request's subtopics, with the key and the
   * distractors left as "[SME: …]" placeholders for the expert (nothing pretends to be knowledge).
   */
  private draftChoice(base: Base, n: number): QuizItem {
    const subs = this.c.subtopics.length ? this.c.subtopics : [this.c.topic];
    const sub = pick(subs, n);
    const round = Math.floor(n / subs.length);
    const tag = round ? ` (${round + 1})` : '';
    // Three wordings, so no distractor template repeats on every item (they are the expert's to write).
    const wrong = pick(
      [
        ['a common mistake about', 'a plausible but wrong answer on', 'another wrong answer on'],
        [
          'a misconception learners often hold about',
          'an answer that sounds right but is not, for',
          'a partly correct answer on',
        ],
        [
          'what a novice might wrongly choose for',
          'an outdated practice for',
          'an error an experienced person might make on',
        ],
      ],
      n,
    );
    const options = [
      { text: `[SME: the correct answer on ${sub}${tag}]`, correct: true },
      ...wrong.map((w) => ({ text: `[SME: ${w} ${sub}${tag}]`, correct: false })),
    ];
    const at = (this.c.seed + n) % options.length;
    const rotated = [...options.slice(at), ...options.slice(0, at)];
    return {
      ...base,
      stem: draftStem(sub, this.c.audience, n, subs.length),
      options: rotated.map((o, j) => ({
        id: `${base.id}-${j + 1}`,
        text: o.text,
        correct: o.correct,
        feedback: o.correct ? '[SME: why this is right]' : '[SME: why this is wrong]',
      })),
      acceptedAnswers: [],
      pairs: [],
      feedback: `[SME: the rule behind ${sub}]`,
    };
  }

  item(type: QuizItemType, n: number, objectiveId: string | null, level: BloomLevel): QuizItem {
    const base: Base = { id: `q${n + 1}`, type, objectiveId, difficulty: DIFFICULTY[level] };
    if (this.c.draft && (type === 'matching' || type === 'short_answer' || type === 'multiple_choice'))
      return this.draftItem(base, n);
    // Steps that are practices, not a procedure, have no order to put back: the SME supplies the procedure.
    if (type === 'ordering')
      return this.c.draft || !this.c.knowledge.stepsInOrder
        ? this.draftOrdering(base, n)
        : this.ordering(base);
    if (type === 'true_false') return this.c.draft ? this.draftTrueFalse(base, n) : this.trueFalse(base, n);
    if (type === 'short_answer') return this.shortAnswer(base);
    if (type === 'matching') return this.matching(base);
    if (type === 'multiple_choice' && SELECT_ALL.test(this.c.text)) return this.selectAll(base, n);
    if (this.c.draft) return this.draftChoice(base, n);
    return this.choiceItem(base, n, level);
  }

  /** A draft matching, short-answer or select-all item: the request's subtopics, "[SME: …]" for the content. */
  private draftItem(base: Base, n: number): QuizItem {
    const { id, type } = base;
    const subs = this.c.subtopics.length ? this.c.subtopics : [this.c.topic];
    const sub = pick(subs, n);
    if (type === 'matching') {
      const pairs =
        subs.length >= 3
          ? subs.slice(0, 5).map((x) => ({ left: titleCase(x), right: `[SME: what ${x} means in practice]` }))
          : [1, 2, 3, 4].map((k) => ({
              left: `[SME: key term ${k} of ${sub}]`,
              right: `[SME: the meaning of term ${k}]`,
            }));
      return {
        ...base,
        stem: `Match each ${subs.length >= 3 ? 'topic' : 'term'} of ${this.c.topic} to its meaning (set ${n + 1}).`,
        options: [],
        acceptedAnswers: [],
        pairs,
        feedback: '[SME: what to review for any pair mixed up]',
      };
    }
    if (type === 'short_answer')
      return {
        ...base,
        stem: `What is the correct practice for ${sub} in this case? [SME: short case ${n + 1}]`,
        options: [],
        acceptedAnswers: ['[SME: the expected answer]'],
        pairs: [],
        feedback: `[SME: the rule behind ${sub}]`,
      };
    return {
      ...base,
      stem: `Which of these are correct for ${sub}? Select all that apply. (set ${n + 1})`,
      options: [1, 2, 3, 4].map((k) => ({
        id: `${id}-${k}`,
        text: `[SME: ${k <= 2 ? 'a correct' : pick(['a wrong', 'a mistaken', 'an untrue', 'an outdated'], n + k)} statement ${k + 4 * n} for ${sub}]`,
        correct: k <= 2,
        feedback: k <= 2 ? '[SME: why it is right]' : '[SME: why it is wrong]',
      })),
      acceptedAnswers: [],
      pairs: [],
      feedback: `[SME: the rule behind ${sub}]`,
    };
  }

  private draftTrueFalse(base: Base, n: number): QuizItem {
    const { id } = base;
    const subs = this.c.subtopics.length ? this.c.subtopics : [this.c.topic];
    const sub = pick(subs, n);
    const isTrue = n % 2 === 0;
    return {
      ...base,
      stem: `True or false: statement ${n + 1} about ${sub} is correct. [SME: a statement on ${sub} that is ${isTrue ? 'true' : 'false'}]`,
      options: [
        {
          id: `${id}-t`,
          text: 'True',
          correct: isTrue,
          feedback: `[SME: why it is ${isTrue ? 'true' : 'not true'}]`,
        },
        {
          id: `${id}-f`,
          text: 'False',
          correct: !isTrue,
          feedback: `[SME: why it is ${isTrue ? 'not false' : 'false'}]`,
        },
      ],
      acceptedAnswers: [],
      pairs: [],
      feedback: `[SME: the rule behind ${sub}]`,
    };
  }

  private trueFalse(base: Base, n: number): QuizItem {
    const { id } = base;
    const k = this.c.knowledge;
    const i = this.next('tf');
    const isTrue = (i + n) % 2 === 0;
    const fact = pick(k.facts, i);
    const statement = isTrue ? fact : pick(k.myths, i);
    return {
      ...base,
      stem: `True or false: ${lowerFirst(statement)}.`,
      options: [
        {
          id: `${id}-t`,
          text: 'True',
          correct: isTrue,
          feedback: isTrue ? `Correct: ${lowerFirst(fact)}.` : `No: this is a common misconception. ${fact}.`,
        },
        {
          id: `${id}-f`,
          text: 'False',
          correct: !isTrue,
          feedback: isTrue ? `No: the statement is true. ${fact}.` : `Correct: it is false. ${fact}.`,
        },
      ],
      acceptedAnswers: [],
      pairs: [],
      feedback: `${fact}.`,
    };
  }

  private shortAnswer(base: Base): QuizItem {
    const k = this.c.knowledge;
    if (k.fromFiles) {
      const i = this.next('short') % Math.max(1, k.steps.length - 1);
      const next = k.steps[i + 1] ?? k.steps[0]!;
      return {
        ...base,
        stem: `In ${this.c.topic}, what is the step after “${k.steps[i]}”?`,
        options: [],
        acceptedAnswers: [next.slice(0, 200)],
        pairs: [],
        feedback: `The next step is “${next}”.`,
      };
    }
    const term = pick(k.terms, this.next('short'));
    return {
      ...base,
      stem: `Which term of ${this.c.topic} describes this: “${term.meaning}”?`,
      options: [],
      acceptedAnswers: [
        term.term,
        ...(term.term.includes('/') ? term.term.split('/').map((s) => s.trim()) : []),
      ].slice(0, 3),
      pairs: [],
      feedback: `${term.term}: ${lowerFirst(term.meaning)}.`,
    };
  }

  private matching(base: Base): QuizItem {
    const k = this.c.knowledge;
    if (k.fromFiles) {
      const start = this.next('matching');
      const steps = [0, 1, 2, 3]
        .map((d) => (start + d) % k.steps.length)
        .filter((x, i, a) => a.indexOf(x) === i);
      return {
        ...base,
        stem: `Match each step of ${this.c.topic} to its place in the sequence.`,
        options: [],
        acceptedAnswers: [],
        pairs: steps.map((x) => ({ left: k.steps[x]!.slice(0, 300), right: `Step ${x + 1}` })),
        feedback: 'Check the order against the source document before the next attempt.',
      };
    }
    const start = this.next('matching');
    // Three kinds of sets (terms, error → consequence, error → fix), numbered when they repeat.
    const variant = start % 3;
    const round = Math.floor(start / 3);
    const rows = [0, 1, 2, 3].map((d) => start + d);
    const pairs =
      variant === 0
        ? rows.map((x) => pick(k.terms, x)).map((p) => ({ left: p.term, right: p.meaning }))
        : rows
            .map((x) => pick(k.errors, x))
            .map((e) => ({ left: e.error, right: titleCase(variant === 1 ? e.consequence : e.fix) }));
    const unique = pairs.filter((p, i) => pairs.findIndex((q) => q.left === p.left) === i);
    const stem =
      variant === 0
        ? `Match each term of ${this.c.topic} to its meaning.`
        : variant === 1
          ? `Match each error in ${this.c.topic} to its most likely consequence.`
          : `Match each error in ${this.c.topic} to the practice that prevents it.`;
    return {
      ...base,
      stem: round ? `${stem} (Set ${round + 1})` : stem,
      options: [],
      acceptedAnswers: [],
      pairs: unique.map((p) => ({ left: p.left.slice(0, 300), right: p.right.slice(0, 300) })),
      feedback: 'Review any pair you mixed up before the next section.',
    };
  }

  /** Ordering: the topic's steps (the document's when it has them) to put back in order, up to six. */
  private ordering(base: Base): QuizItem {
    const start = this.next('ordering');
    const steps = unique(this.c.knowledge.steps.map((s) => s.slice(0, 300))).slice(0, 6);
    const round = Math.floor(start / 3);
    return {
      ...base,
      stem: `Put the steps of ${this.c.topic} in the right order${round ? ` (set ${round + 1})` : ''}.`,
      options: [],
      acceptedAnswers: [],
      pairs: [],
      steps,
      feedback: `The order: ${steps.map((s, j) => `${j + 1}. ${s.replace(/[.\s]+$/, '')}`).join(' ')}.`.slice(
        0,
        600,
      ),
    };
  }

  /** A draft ordering item: four "[SME: step k]" placeholders for one of the request's subtopics. */
  private draftOrdering(base: Base, n: number): QuizItem {
    const subs = this.c.subtopics.length ? this.c.subtopics : [this.c.topic];
    const sub = pick(subs, n);
    return {
      ...base,
      stem: `Put the steps of ${sub} in the right order (set ${n + 1}).`,
      options: [],
      acceptedAnswers: [],
      pairs: [],
      steps: [1, 2, 3, 4].map((k) => `[SME: step ${k} of ${sub}]`),
      feedback: `[SME: why the order matters for ${sub}]`,
    };
  }

  private selectAll(base: Base, n: number): QuizItem {
    const { id } = base;
    const k = this.c.knowledge;
    // "Multiple-response / select all that apply": two true statements among two misconceptions.
    const i = this.next('select-all');
    const keys = [pick(k.facts, i * 2), pick(k.facts, i * 2 + 1)];
    const wrong = [pick(k.myths, i * 2), pick(k.myths, i * 2 + 1)].filter((m) => !keys.includes(m));
    const options = [
      ...keys.map((f, j) => ({
        id: `${id}-${j + 1}`,
        text: f,
        correct: true,
        feedback: `Correct: ${lowerFirst(f)}.`,
      })),
      ...wrong.map((m, j) => ({
        id: `${id}-${j + 3}`,
        text: m,
        correct: false,
        feedback: 'Not true: this is a common misconception.',
      })),
    ];
    const at = (this.c.seed + n) % options.length;
    return {
      ...base,
      stem: pick(
        [
          `Which of these statements about ${this.c.topic} are true? Select all that apply.`,
          `Which of these describe good practice in ${this.c.topic}? Select all that apply.`,
          `Select every accurate statement about ${this.c.topic}.`,
          `Which of these are correct about ${this.c.topic}? Select all that apply.`,
        ],
        i,
      ),
      options: [...options.slice(at), ...options.slice(0, at)],
      acceptedAnswers: [],
      pairs: [],
      feedback: `${keys.join('. ')}.`,
    };
  }

  private choiceItem(base: Base, n: number, level: BloomLevel): QuizItem {
    const { id } = base;
    const k = this.c.knowledge;
    // File content has no error catalogue: its items ask about the documented steps and statements.
    const templates: Template[] = k.fromFiles ? ['sequence', 'fact'] : BY_LEVEL[level];
    const template = pick(templates, this.next(`choice-${level}`));
    // Practices in no particular order are never asked as a sequence ("which step comes after …").
    const c = this.choice(template === 'sequence' && !k.stepsInOrder ? 'practice' : template);
    const seen = new Set([c.key]);
    const distinct = c.distractors.filter((d) => !seen.has(d.text) && seen.add(d.text));
    const options = distinct.map((d, j) => ({
      id: `${id}-${j + 2}`,
      text: d.text,
      correct: false,
      feedback: d.feedback,
    }));
    // Rotate the key's position so it is not always first.
    const at = (this.c.seed + n) % (options.length + 1);
    options.splice(at, 0, { id: `${id}-1`, text: c.key, correct: true, feedback: c.keyFeedback });
    return { ...base, stem: c.stem, options, acceptedAnswers: [], pairs: [], feedback: c.feedback };
  }
}

/** Items of the given types for the quiz's objectives (round-robin, so every objective is assessed). */
export function buildQuizItems(
  c: ArtifactContext,
  types: QuizItemType[],
  objectives: { id: string; bloomLevel: BloomLevel }[],
  start = 0,
): QuizItem[] {
  const writer = new ItemWriter(c);
  // Items from the user's documents first (each citing its passage), spread over the whole document.
  const grounded = c.grounding ? new GroundedItemWriter(new FactPicker(c.grounding)) : null;
  // Advance the writers past items already written so added items are new.
  for (let i = 0; i < start; i++) {
    const level = pick(objectives, i)?.bloomLevel ?? 'apply';
    const base = {
      id: `q${i + 1}`,
      type: 'single_choice' as const,
      objectiveId: null,
      difficulty: DIFFICULTY[level],
    };
    if (!grounded?.item(base, i, start + types.length)) writer.item('single_choice', i, null, level);
  }
  return types.map((type, i) => {
    const o = objectives.length ? pick(objectives, start + i) : null;
    const level = o?.bloomLevel ?? c.level ?? 'apply';
    const n = start + i;
    const fromFile = grounded?.item(
      { id: `q${n + 1}`, type, objectiveId: o?.id ?? null, difficulty: DIFFICULTY[level] },
      n,
      start + types.length,
    );
    return fromFile ?? writer.item(type, n, o?.id ?? null, level);
  });
}

/**
 * A document with a procedure (three steps or more) gets an ordering item of its real steps when the request
 * names no item types and does not rule ordering out: it takes the default mix's matching place, else the last
 * single-choice place of a quiz of four items or more (issue 36).
 */
export function withOrdering(c: ArtifactContext, types: QuizItemType[]): QuizItemType[] {
  if (c.request.items.length || c.request.forbiddenTypes.includes('ordering') || !c.grounding) return types;
  if (!factsOfKind(c.grounding, 'procedure').some((p) => p.fact.steps.length >= 3)) return types;
  const at = types.includes('matching')
    ? types.indexOf('matching')
    : types.length >= 4
      ? types.lastIndexOf('single_choice')
      : -1;
  return at < 0 ? types : types.map((t, i) => (i === at ? 'ordering' : t));
}

export function buildQuiz(c: ArtifactContext): QuizArtifact {
  const types = withOrdering(c, itemPlan(c.request.items, c.request.itemCount, 5, c.request.forbiddenTypes));
  const n = Math.max(1, Math.min(3, types.length));
  const objectives = buildObjectiveList(c, objectiveLevels(c, n));
  const knowledgeCheck = /\bknowledge check\b/i.test(c.text);
  return {
    title: `${knowledgeCheck ? 'Knowledge check' : 'Quiz'}: ${titleCase(c.topic)}`,
    topic: c.topic,
    audience: c.audience,
    objectives: objectives.map((o) => ({ id: o.id, text: objectiveSentence(o), bloomLevel: o.bloomLevel })),
    items: buildQuizItems(c, types, objectives),
    passingScore: 80,
  };
}
