// Offline artifacts grounded in the user's document (issue 36 part 3): items per fact kind, objectives, decision
// points and modules built from the document's facts, each citing a passage whose text holds its quote verbatim;
// headers, owners and fragments never become items.
import { describe, expect, it } from 'vitest';
import type { Citation, QuizArtifact } from '../../../schemas/artifacts.js';
import { layoutText } from '../../content/document.js';
import { HAND_HYGIENE_TXT } from '../../content/testing/documents.js';
import { chunkText } from '../../files/chunking.js';
import type { LlmMessage } from '../types.js';
import { artifactContextOf } from './context.js';
import { groundingOf } from './grounded.js';
import { buildObjectives } from './objectives.js';
import { buildPlan } from './plan.js';
import { buildQuiz } from './quiz.js';
import { buildScenario } from './scenario.js';

const FORKLIFT = `BRIGHTWATER LOGISTICS LTD
Warehouse Operations Manual
WOP-04 Counterbalance Forklift: Pre-Use Inspection
Document owner: Site Safety Manager

1. PURPOSE
Every counterbalance forklift must be inspected by its operator before
the first use of each shift.

2. PROCEDURE
1. Park the truck on level ground, lower the forks and apply the parking brake.
2. Walk around the truck and look for oil, fuel or water leaks.
3. Check the tyres. Pneumatic tyres must be inflated to 8.5 bar.
4. Inspect the forks. Replace a fork when heel wear is more than 10 % of the original thickness.
5. Test the horn, the lights and the reversing alarm.
6. Record the result on form WH-101 and sign it.

3. SITE RULES
The speed limit inside the warehouse is 10 km/h.
Never carry passengers.
Never travel with raised forks.
Operators must wear a high-visibility vest at all times.
Only trained operators may drive a truck.

4. DEFINITIONS
Heel: the bend at the back of a fork where wear is greatest.
Mast: the vertical assembly that raises and lowers the forks.
Carriage: the plate the forks are mounted on.
Load backrest: the frame above the carriage that stops a load falling backwards.
Data plate: the plate that states the rated capacity of the truck.
`;

/** The retrieval context the files service writes for a document: its stored chunks, each marked. */
function contextOf(name: string, id: string, raw: string): LlmMessage {
  const chunks = chunkText(layoutText(raw, 'txt'));
  return {
    role: 'system',
    content: `Relevant passages from the session files:\n\n${chunks
      .map((c, i) => `[file: ${name}, part ${i + 1} of ${chunks.length}, id ${id}]\n${c.text}`)
      .join('\n\n')}`,
  };
}

const ctxWith = (message: string, file: LlmMessage) =>
  artifactContextOf([{ role: 'user', content: message }], {
    system: [{ role: 'system', content: 'You are an L&D assistant.' }, file],
    profile: 'LND_COPILOT',
  });

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Every citation in the data, with the passage text it names. */
function citations(data: unknown): Citation[] {
  const out: Citation[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.quote === 'string' && typeof o.fileId === 'string') out.push(o as unknown as Citation);
      Object.values(o).forEach(walk);
    }
  };
  walk(data);
  return out;
}

function expectVerified(data: unknown, file: LlmMessage, id: string) {
  const text = String(file.content);
  const cites = citations(data);
  expect(cites.length).toBeGreaterThan(0);
  for (const c of cites) {
    expect(c.fileId).toBe(id);
    const marker = `[file: ${c.fileName}, part ${c.part} of `;
    const start = text.indexOf(marker);
    expect(start).toBeGreaterThanOrEqual(0);
    const body = text.slice(text.indexOf('\n', start) + 1, text.indexOf('\n\n[file: ', start + 1) >>> 0);
    expect(squash(body)).toContain(squash(c.quote));
  }
}

const forklift = contextOf('forklift-pre-use.txt', 'f1', FORKLIFT);

describe('grounded offline artifacts', () => {
  it('reads the facts of the passages, each with a verbatim citation', () => {
    const g = groundingOf([forklift])!;
    const kinds = new Set(g.facts.map((f) => f.fact.kind));
    for (const k of ['rule', 'quantity', 'procedure', 'definition'] as const) expect(kinds).toContain(k);
    for (const f of g.facts) expect(squash(String(forklift.content))).toContain(squash(f.source.quote));
  });

  it('a quantity → single choice with same-unit nearby values; a rule → true/false with its negation', () => {
    const q = buildQuiz(
      ctxWith('8 questions from the attached procedure: 5 single choice and 3 true/false', forklift),
    );
    expect(q.items).toHaveLength(8);
    const values = q.items.filter((i) => i.stem.startsWith('Which value completes this sentence from'));
    expect(values.length).toBeGreaterThan(0);
    for (const item of values) {
      const key = item.options.find((o) => o.correct)!.text;
      const unit = key.replace(/[\d.,\s]/g, '');
      for (const o of item.options) expect(o.text.replace(/[\d.,\s]/g, '')).toBe(unit);
      expect(new Set(item.options.map((o) => o.text)).size).toBe(item.options.length);
    }
    const tf = q.items.filter((i) => i.type === 'true_false');
    expect(tf).toHaveLength(3);
    // a false statement is the faithful negation of one of the document's rules
    expect(tf.some((i) => i.options.find((o) => o.text === 'False')!.correct)).toBe(true);
    expectVerified(q, forklift, 'f1');
  });

  it('a procedure → "which step comes after" with real steps only; definitions → matching', () => {
    const q: QuizArtifact = buildQuiz(
      ctxWith('A quiz on the attached procedure: 6 single choice and 2 matching questions', forklift),
    );
    const step = q.items.find((i) => /comes straight after/.test(i.stem));
    expect(step).toBeDefined();
    for (const o of step!.options) expect(FORKLIFT.replace(/\s+/g, ' ')).toContain(o.text.replace(/…$/, ''));
    const matching = q.items.filter((i) => i.type === 'matching');
    expect(matching).toHaveLength(2);
    expect(matching.some((m) => m.pairs.some((p) => p.left === 'Heel'))).toBe(true);
    expectVerified(q, forklift, 'f1');
  });

  it("a procedure → an ordering item of its real steps, in the document's order, cited (issue 36)", () => {
    const q: QuizArtifact = buildQuiz(
      ctxWith('A quiz on the attached procedure: 3 single choice and 2 ordering questions', forklift),
    );
    expect(q.items.map((i) => i.type).sort()).toEqual([
      'ordering',
      'ordering',
      'single_choice',
      'single_choice',
      'single_choice',
    ]);
    const order = q.items.find((i) => i.type === 'ordering' && i.source)!;
    expect(order.steps!.length).toBeGreaterThanOrEqual(3);
    const doc = FORKLIFT.replace(/\s+/g, ' ');
    const at = order.steps!.map((s) => doc.indexOf(s.replace(/…$/, '')));
    expect(at.every((x) => x >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(order.steps![0]).toMatch(/^Park the truck on level ground/);
    expectVerified(q, forklift, 'f1');
  });

  it('the default mix gets an ordering item from a procedure unless the request rules ordering out', () => {
    const mixed = buildQuiz(ctxWith('A 7-question quiz on the attached procedure', forklift));
    expect(mixed.items.filter((i) => i.type === 'ordering')).toHaveLength(1);
    const none = buildQuiz(ctxWith('A 7-question quiz on the attached procedure, no ordering', forklift));
    expect(none.items.some((i) => i.type === 'ordering')).toBe(false);
  });

  it('never makes an item of a header, an owner line or a title', () => {
    const q = buildQuiz(ctxWith('10 questions from the attached procedure, mixed types', forklift));
    const text = JSON.stringify(q.items);
    expect(text).not.toMatch(/BRIGHTWATER LOGISTICS|Document owner|Warehouse Operations Manual/);
  });

  it('spreads items over the whole document', () => {
    const q = buildQuiz(ctxWith('6 single-answer questions from the attached procedure', forklift));
    const sections = new Set(q.items.map((i) => i.source?.quote).filter(Boolean));
    expect(sections.size).toBeGreaterThanOrEqual(5);
  });

  it('one fact per item: no two items are built from one sentence while the document has others left', () => {
    const q = buildQuiz(ctxWith('8 single-answer questions from the attached procedure', forklift));
    const quotes = q.items.map((i) => i.source?.quote);
    expect(new Set(quotes).size).toBe(quotes.length);
  });

  it('stems name the document in words, never as a file name', () => {
    const q = buildQuiz(ctxWith('10 questions from the attached procedure, mixed types', forklift));
    const stems = q.items.map((i) => i.stem).join('\n');
    expect(stems).not.toMatch(/forklift-pre-use|give for the blank/);
    expect(stems).toMatch(/the forklift pre use/);
  });

  it('objectives, scenario nodes and plan modules cite the document', () => {
    const o = buildObjectives(
      ctxWith(
        'Objectives for the pre-use check from the attached procedure, at Apply and Evaluate level',
        forklift,
      ),
    );
    expect(new Set(o.objectives.map((x) => x.bloomLevel))).toEqual(new Set(['apply', 'evaluate']));
    expect(o.objectives.every((x) => x.source)).toBe(true);
    expectVerified(o, forklift, 'f1');

    const s = buildScenario(
      ctxWith('Turn the attached procedure into a branching scenario, 3 decision points', forklift),
    );
    expect(s.nodes.filter((n) => n.choices.length >= 2)).toHaveLength(3);
    expect(JSON.stringify(s)).not.toMatch(/\[SME:/);
    expectVerified(s, forklift, 'f1');

    const p = buildPlan(ctxWith('A 60-minute session plan from the attached procedure', forklift));
    expect(p.totalMinutes).toBe(60);
    expect(p.modules.some((m) => m.source)).toBe(true);
    expectVerified(p, forklift, 'f1');
  });

  it('a two-week plan shares the whole document out over its days, in order, and never lower-cases an acronym', () => {
    const CHECKLIST = [
      'Onboarding checklist',
      '',
      ...Array.from(
        { length: 12 },
        (_, k) => `${k + 1}. The HR Advisor must complete task number ${k + 1} within ${k + 2} working days.`,
      ),
    ].join('\n');
    const file = contextOf('checklist.txt', 'c1', CHECKLIST);
    const p = buildPlan(ctxWith('Plan a two-week onboarding programme using the attached checklist', file));
    expect(p.modules).toHaveLength(10);
    const text = JSON.stringify(p.modules);
    for (const k of [1, 6, 12]) expect(text).toContain(`task number ${k} `);
    expect(text).not.toMatch(/\bhR\b/);
    const quotes = p.modules.map((m) => m.source?.quote);
    expect(new Set(quotes).size).toBe(10);
  });

  it('works on a real procedure with a header and a revision table', () => {
    const file = contextOf('hand-hygiene.txt', 'h1', HAND_HYGIENE_TXT);
    const q = buildQuiz(ctxWith('8 single-answer questions from the attached procedure', file));
    expect(q.items).toHaveLength(8);
    expect(JSON.stringify(q.items)).not.toMatch(/Northbridge Health NHS Trust \||Document owner/);
    expectVerified(q, file, 'h1');
  });
});
