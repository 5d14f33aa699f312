// Quiz items built from a document's facts (grounded.ts), each citing the passage it comes from:
//   quantity    → single choice with nearby values of the same unit as distractors (nearbyValues), a true/false
//                 whose false version swaps in a nearby value, or a short answer that fills the blank
//   rule        → true/false with the rule or its faithful negation, or single choice: the rule against the
//                 negations of other rules (false statements by the document itself)
//   procedure   → "which step comes straight after …" with the procedure's real steps, matching step → position,
//                 or ordering: the real steps (up to eight) to put back in order
//   definition  → matching term → meaning, or single choice on one term
//   role        → single choice "who is responsible for …", or matching role → responsibility
// Nothing here writes knowledge of its own: every key, distractor and statement is the document's sentence, its
// negation or a value near one of its values.
import type { QuizItem, QuizItemType } from '../../../schemas/artifacts.js';
import { stepKey } from '../../artifacts/export/quiz-rules.js';
import { nearbyValues } from '../../content/facts.js';
import { bare, docName, factsOfKind, type FactPicker, type GroundedFact, type Of } from './grounded.js';

type Base = Pick<QuizItem, 'id' | 'type' | 'objectiveId' | 'difficulty'>;

const MAX_OPTION = 300;
/** A step or rule as an option: its first sentence when the whole is too long. */
function optionText(s: string): string {
  const t = s.trim();
  if (t.length <= MAX_OPTION) return t;
  const first = /^.{20,}?[.!?](?=\s|$)/.exec(t)?.[0];
  if (first && first.length <= MAX_OPTION) return first;
  const cut = t.slice(0, MAX_OPTION);
  return `${cut.slice(0, cut.lastIndexOf(' '))}…`;
}

const stop = (s: string) => `${bare(s)}.`;
const unique = (xs: string[]) =>
  xs.filter((x, i) => xs.findIndex((y) => y.toLowerCase() === x.toLowerCase()) === i);

/**
 * A fact's sentence that can carry a question: five words or more, opening on a capital that is not a
 * conjunction (a table cell read as "And Listeria: °C for 30 seconds." cannot).
 */
const sentenceLike = (s: string) =>
  s.trim().split(/\s+/).length >= 5 &&
  /^[A-Z0-9]/.test(s.trim()) &&
  !/^(?:and|or|but|nor|so|then)\b/i.test(s.trim());

/** A rule simple enough for true/false: one clause with a faithful negation. */
const tfRule = (r: Of<'rule'>) => !!r.fact.negation && !/[;:]/.test(r.fact.text) && r.fact.text.length <= 260;

/** Options with the key at a position that moves from item to item. */
function choiceOptions(
  id: string,
  key: { text: string; feedback: string },
  wrong: { text: string; feedback: string }[],
  n: number,
): QuizItem['options'] {
  const options = wrong.map((w, j) => ({
    id: `${id}-${j + 2}`,
    text: w.text,
    correct: false,
    feedback: w.feedback,
  }));
  const at = n % (options.length + 1);
  options.splice(at, 0, { id: `${id}-1`, text: key.text, correct: true, feedback: key.feedback });
  return options;
}

/** A single-choice item citing its fact: the key among the wrong options, at a position that moves. */
function choiceItem(
  base: Base,
  stem: string,
  key: { text: string; feedback: string },
  wrong: { text: string; feedback: string }[],
  i: number,
  feedback: string,
  source: GroundedFact['source'],
): QuizItem {
  return {
    ...base,
    stem,
    options: choiceOptions(base.id, key, wrong, i),
    acceptedAnswers: [],
    pairs: [],
    feedback,
    source,
  };
}

/** A matching item of rows of facts (left → right), its feedback their sentences, citing the first. */
function matchingItem<F extends GroundedFact>(
  base: Base,
  stem: string,
  rows: F[],
  left: (f: F) => string,
  right: (f: F) => string,
): QuizItem {
  return {
    ...base,
    stem,
    options: [],
    acceptedAnswers: [],
    pairs: rows.map((f) => ({ left: left(f).slice(0, 300), right: right(f).slice(0, 300) })),
    feedback: rows
      .map((f) => f.fact.text)
      .join(' ')
      .slice(0, 600),
    source: rows[0]!.source,
  };
}

/** How a stem names a procedure: its title when it has one worth quoting, else the document's procedure. */
function procedureName(p: Of<'procedure'>): string {
  const t = bare(p.fact.title ?? '').replace(/^\d+(\.\d+)*\.?\s*/, '');
  const title = t === t.toUpperCase() ? t.toLowerCase() : t;
  if (!title || /^(?:the )?(?:procedure|steps|method|process|instructions)$/i.test(title))
    return `the procedure in ${docName(p.source.fileName)}`;
  return `“${title}”`;
}

export class GroundedItemWriter {
  /** What the matching items already used (definitions, a procedure's steps, roles, values), so none repeats. */
  private matched = new Set<string>();
  /** How many items each kind of fact made, per item type ("single_choice:0" → values), to mix them. */
  private kindsUsed = new Map<string, number>();
  constructor(private picker: FactPicker) {}

  private get g() {
    return this.picker.grounding;
  }

  private quantities(): Of<'quantity'>[] {
    return factsOfKind(this.g, 'quantity').filter(
      (q) => sentenceLike(q.fact.text) && nearbyValues(q.fact.quantity, 3).length >= 2,
    );
  }

  private rules(): Of<'rule'>[] {
    return factsOfKind(this.g, 'rule');
  }

  private procedures(): Of<'procedure'>[] {
    return factsOfKind(this.g, 'procedure').filter((p) => p.fact.steps.length >= 3);
  }

  /** One item of the type from the document, or null when the document has nothing that fits. */
  item(base: Base, i: number, n: number): QuizItem | null {
    const order: Record<QuizItemType, (() => QuizItem | null)[]> = {
      single_choice: [
        () => this.quantityChoice(base, i, n),
        () => this.ruleChoice(base, i, n),
        () => this.stepChoice(base, i, n),
        () => this.definitionChoice(base, i, n),
        () => this.roleChoice(base, i, n),
      ],
      true_false: [() => this.ruleTrueFalse(base, i, n), () => this.quantityTrueFalse(base, i, n)],
      matching: [
        () => this.definitionMatching(base),
        () => this.stepMatching(base, i, n),
        () => this.roleMatching(base),
        () => this.quantityMatching(base),
      ],
      short_answer: [() => this.quantityShort(base, i, n)],
      ordering: [() => this.stepOrdering(base, i, n)],
      multiple_choice: [() => this.selectAll(base, i, n)],
    };
    const tries = order[base.type];
    // Mix the kinds of fact (values, rules, steps…): the kind this type used least so far goes first, ties
    // broken by rotation. First pass: only sentences no earlier item used (one fact per item, spread over the
    // document); a second pass reuses one rather than leave the item out when the document is short.
    const rotation = tries.map((_, k) => (k + (base.type === 'single_choice' ? i : 0)) % tries.length);
    const ranked = rotation
      .map((k, r) => ({ k, r, used: this.kindsUsed.get(`${base.type}:${k}`) ?? 0 }))
      .sort((a, b) => a.used - b.used || a.r - b.r);
    for (const strict of [true, false]) {
      this.picker.strict = strict;
      for (const { k } of ranked) {
        const out = tries[k]!();
        if (!out) continue;
        this.kindsUsed.set(`${base.type}:${k}`, (this.kindsUsed.get(`${base.type}:${k}`) ?? 0) + 1);
        this.picker.strict = false;
        return out;
      }
    }
    return null;
  }

  private quantityChoice(base: Base, i: number, n: number): QuizItem | null {
    const q = this.picker.pick(this.quantities(), i, n);
    if (!q) return null;
    const f = q.fact;
    const wrong = unique(nearbyValues(f.quantity, 3).map((v) => v.text)).filter(
      (t) => t.toLowerCase() !== f.quantity.text.toLowerCase(),
    );
    if (wrong.length < 2) return null;
    return choiceItem(
      base,
      `Which value completes this sentence from ${docName(q.source.fileName)}? “${f.blank}”`,
      { text: f.quantity.text, feedback: `Correct: ${f.text}` },
      wrong.map((t) => ({ text: t, feedback: `Not ${t}: ${f.text}` })),
      i,
      f.text,
      q.source,
    );
  }

  private ruleChoice(base: Base, i: number, n: number): QuizItem | null {
    const rules = this.rules().filter((r) => r.fact.text.length <= MAX_OPTION);
    const r = this.picker.pick(rules, i, n);
    if (!r) return null;
    // False statements of the document's other rules: the same rule's own negation would differ from the key by
    // a word or two, and restate it.
    const negations = unique(
      rules
        .filter((x) => x !== r)
        .map((x) => x.fact.negation ?? '')
        .filter((t) => t && t.length <= MAX_OPTION),
    ).slice(0, 3);
    if (negations.length < 2) return null;
    return choiceItem(
      base,
      `Which statement agrees with ${docName(r.source.fileName)}?`,
      { text: r.fact.text, feedback: `Correct: the document says “${r.fact.quote.trim()}”` },
      negations.map((t) => ({ text: t, feedback: 'No: the document says the opposite.' })),
      i,
      r.fact.text,
      r.source,
    );
  }

  private stepChoice(base: Base, i: number, n: number): QuizItem | null {
    const p = this.picker.pick(this.procedures(), i, n);
    if (!p) return null;
    const steps = p.fact.steps.map((s) => optionText(s.text));
    // A different step each time the same procedure is asked about.
    const at = (i * 3) % (steps.length - 1);
    const after = steps[at]!;
    const key = steps[at + 1]!;
    const wrong = unique(steps.filter((s, j) => j !== at && j !== at + 1)).slice(0, 3);
    if (wrong.length < 2) return null;
    const title = procedureName(p);
    return choiceItem(
      base,
      `In ${title}, which step comes straight after this one: “${bare(after)}”?`,
      { text: key, feedback: `Correct: this is step ${at + 2} of ${steps.length}.` },
      wrong.map((t) => ({
        text: t,
        feedback: `Not next: this is step ${steps.indexOf(t) + 1} of ${steps.length}.`,
      })),
      i,
      `The steps in order: ${steps.map((s, j) => `${j + 1}. ${bare(s)}`).join(' ')}`.slice(0, 600),
      p.source,
    );
  }

  private definitionChoice(base: Base, i: number, n: number): QuizItem | null {
    const defs = factsOfKind(this.g, 'definition');
    const d = this.picker.pick(defs, i, n);
    if (!d) return null;
    const wrong = unique(defs.filter((x) => x !== d).map((x) => optionText(stop(x.fact.definition)))).slice(
      0,
      3,
    );
    if (wrong.length < 2) return null;
    return choiceItem(
      base,
      `What does “${d.fact.term}” mean in ${docName(d.source.fileName)}?`,
      { text: optionText(stop(d.fact.definition)), feedback: `Correct: ${d.fact.text}` },
      wrong.map((t) => ({ text: t, feedback: 'That is the meaning of another term in the document.' })),
      i,
      d.fact.text,
      d.source,
    );
  }

  private roleChoice(base: Base, i: number, n: number): QuizItem | null {
    const roles = factsOfKind(this.g, 'role');
    const r = this.picker.pick(roles, i, n);
    if (!r) return null;
    const others = unique(roles.map((x) => x.fact.role)).filter(
      (x) => x.toLowerCase() !== r.fact.role.toLowerCase(),
    );
    if (others.length < 2) return null;
    return choiceItem(
      base,
      `According to ${docName(r.source.fileName)}, who is responsible for this: ${stop(r.fact.responsibility)}`,
      { text: r.fact.role, feedback: `Correct: ${r.fact.text}` },
      others.slice(0, 3).map((t) => ({ text: t, feedback: `No: ${r.fact.text}` })),
      i,
      r.fact.text,
      r.source,
    );
  }

  private ruleTrueFalse(base: Base, i: number, n: number): QuizItem | null {
    const r = this.picker.pick(this.rules().filter(tfRule), i, n);
    if (!r) return null;
    const isTrue = i % 2 === 0;
    const statement = isTrue ? r.fact.text : r.fact.negation!;
    return this.trueFalse(base, statement, isTrue, r.fact.text, r);
  }

  private quantityTrueFalse(base: Base, i: number, n: number): QuizItem | null {
    const q = this.picker.pick(this.quantities(), i, n);
    if (!q) return null;
    const isTrue = i % 2 === 0;
    const wrong = nearbyValues(q.fact.quantity, 1)[0];
    const statement = isTrue || !wrong ? q.fact.text : q.fact.blank.replace('____', wrong.text);
    return this.trueFalse(base, statement, isTrue || !wrong, q.fact.text, q);
  }

  private trueFalse(
    base: Base,
    statement: string,
    isTrue: boolean,
    truth: string,
    f: GroundedFact,
  ): QuizItem {
    return {
      ...base,
      stem: `True or false: ${stop(statement)}`,
      options: [
        {
          id: `${base.id}-t`,
          text: 'True',
          correct: isTrue,
          feedback: isTrue ? `Correct: ${truth}` : `No: the document says “${f.fact.quote.trim()}”`,
        },
        {
          id: `${base.id}-f`,
          text: 'False',
          correct: !isTrue,
          feedback: isTrue ? `No: the statement is true. ${truth}` : `Correct: ${truth}`,
        },
      ],
      acceptedAnswers: [],
      pairs: [],
      feedback: truth,
      source: f.source,
    };
  }

  private quantityShort(base: Base, i: number, n: number): QuizItem | null {
    const q = this.picker.pick(
      factsOfKind(this.g, 'quantity').filter((x) => sentenceLike(x.fact.text)),
      i,
      n,
    );
    if (!q) return null;
    const f = q.fact;
    return {
      ...base,
      stem: `What value completes this sentence from ${docName(q.source.fileName)}? “${f.blank}”`,
      options: [],
      acceptedAnswers: unique([f.quantity.text, f.quantity.text.replace(/\s+/g, '')]).slice(0, 3),
      pairs: [],
      feedback: f.text,
      source: q.source,
    };
  }

  private definitionMatching(base: Base): QuizItem | null {
    const all = factsOfKind(this.g, 'definition');
    if (all.length < 3 || this.matched.has('definitions')) return null;
    this.matched.add('definitions');
    // the terms no other item asked about first
    const rows = [
      ...all.filter((d) => !this.picker.isUsed(d)),
      ...all.filter((d) => this.picker.isUsed(d)),
    ].slice(0, 5);
    rows.forEach((d) => this.picker.markUsed(d));
    return matchingItem(
      base,
      `Match each term of ${docName(rows[0]!.source.fileName)} to its meaning.`,
      rows,
      (d) => d.fact.term,
      (d) => optionText(stop(d.fact.definition)),
    );
  }

  private stepMatching(base: Base, i: number, n: number): QuizItem | null {
    const p = this.picker.pick(
      this.procedures().filter((x) => !this.matched.has(`steps:${x.source.quote}`)),
      i,
      n,
    );
    if (!p) return null;
    this.matched.add(`steps:${p.source.quote}`);
    const steps = p.fact.steps;
    // Up to five steps spread over the procedure, matched to their positions.
    const idx = unique(
      Array.from({ length: Math.min(5, steps.length) }, (_, k) =>
        String(Math.round((k * (steps.length - 1)) / Math.max(1, Math.min(5, steps.length) - 1))),
      ),
    ).map(Number);
    const title = procedureName(p);
    return {
      ...base,
      stem: `Put the steps of ${title} in order: match each step to its position.`,
      options: [],
      acceptedAnswers: [],
      pairs: idx.map((j) => ({
        left: optionText(steps[j]!.text),
        right: `Step ${j + 1} of ${steps.length}`,
      })),
      feedback: `The steps in order: ${steps.map((s, j) => `${j + 1}. ${bare(s.text)}`).join(' ')}`.slice(
        0,
        600,
      ),
      source: p.source,
    };
  }

  /** Ordering: a procedure's real steps (the first eight), each step once, to put back in order. */
  private stepOrdering(base: Base, i: number, n: number): QuizItem | null {
    const p = this.picker.pick(
      this.procedures().filter((x) => !this.matched.has(`steps:${x.source.quote}`)),
      i,
      n,
    );
    if (!p) return null;
    const all = p.fact.steps.map((s) => optionText(s.text));
    const steps = all.slice(0, 8);
    if (new Set(steps.map(stepKey)).size !== steps.length) return null;
    this.matched.add(`steps:${p.source.quote}`);
    const title = procedureName(p);
    const part =
      all.length > steps.length ? `the first ${steps.length} steps of ${title}` : `the steps of ${title}`;
    return {
      ...base,
      stem: `Put ${part} in the order the document gives them.`,
      options: [],
      acceptedAnswers: [],
      pairs: [],
      steps,
      feedback: `The steps in order: ${steps.map((s, j) => `${j + 1}. ${bare(s)}`).join(' ')}`.slice(0, 600),
      source: p.source,
    };
  }

  private roleMatching(base: Base): QuizItem | null {
    const roles = factsOfKind(this.g, 'role');
    const distinct = roles.filter((r, j) => roles.findIndex((x) => x.fact.role === r.fact.role) === j);
    if (distinct.length < 3 || this.matched.has('roles')) return null;
    this.matched.add('roles');
    const rows = distinct.slice(0, 5);
    return matchingItem(
      base,
      `Match each role in ${docName(rows[0]!.source.fileName)} to what it is responsible for.`,
      rows,
      (r) => r.fact.role,
      (r) => optionText(stop(r.fact.responsibility)),
    );
  }

  private quantityMatching(base: Base): QuizItem | null {
    const qs = factsOfKind(this.g, 'quantity');
    const rows: Of<'quantity'>[] = [];
    for (const q of qs)
      if (
        q.fact.measure &&
        !rows.some((r) => r.fact.measure === q.fact.measure || r.fact.quantity.text === q.fact.quantity.text)
      )
        rows.push(q);
    if (rows.length < 3 || this.matched.has('values')) return null;
    this.matched.add('values');
    const picked = rows.slice(0, 5);
    return matchingItem(
      base,
      `Match each item of ${docName(picked[0]!.source.fileName)} to the value the document sets for it.`,
      picked,
      (q) => q.fact.measure,
      (q) => q.fact.quantity.text,
    );
  }

  private selectAll(base: Base, i: number, n: number): QuizItem | null {
    const rules = this.rules().filter(tfRule);
    const a = this.picker.pick(rules, i, n);
    const b = this.picker.pick(
      rules.filter((r) => r !== a),
      i,
      n,
    );
    if (!a || !b) return null;
    const falses = rules.filter((r) => r !== a && r !== b).slice(0, 2);
    if (!falses.length) return null;
    const options = [
      ...[a, b].map((r, j) => ({
        id: `${base.id}-${j + 1}`,
        text: r.fact.text,
        correct: true,
        feedback: 'Correct: the document says so.',
      })),
      ...falses.map((r, j) => ({
        id: `${base.id}-${j + 3}`,
        text: r.fact.negation!,
        correct: false,
        feedback: `No: ${r.fact.text}`,
      })),
    ];
    return {
      ...base,
      stem: `Which of these statements agree with ${docName(a.source.fileName)}? Select all that apply.`,
      options,
      acceptedAnswers: [],
      pairs: [],
      feedback: `${a.fact.text} ${b.fact.text}`,
      source: a.source,
    };
  }
}
