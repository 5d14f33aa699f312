// The scored vocabulary match (issue 36 part 2): a vocabulary is used only when the topic is confidently about
// what it says; near misses get a draft with "[SME: …]" placeholders around the request's own terms.
import { describe, expect, it } from 'vitest';
import { placeholderWarnings } from '../../content/conformance.js';
import type { LlmMessage } from '../types.js';
import { artifactContextOf, subtopicsOf } from './context.js';
import { draftDomain, MATCH_THRESHOLD, matchDomain } from './domains.js';
import { buildObjectives } from './objectives.js';
import { buildPlan } from './plan.js';
import { buildQuiz } from './quiz.js';
import { buildScenario } from './scenario.js';

const ctx = (message: string) =>
  artifactContextOf([{ role: 'user', content: message }], {
    system: [{ role: 'system', content: 'You are an L&D assistant.' } satisfies LlmMessage],
    profile: 'LND_COPILOT',
  });

describe('matchDomain: a confident, scored match on the topic only', () => {
  it.each([
    ['preventing patient falls', 'nursing'],
    ['spotting phishing emails', 'cyber'],
    ['GDPR', 'data-protection'],
    ['giving feedback', 'leadership'],
    ['forklift safety', 'warehouse'],
    ['handling customer complaints', 'customer-service'],
    ['anti-bribery compliance and gifts', 'compliance'],
  ])('%s → %s', (topic, id) => {
    const m = matchDomain(topic);
    expect(m?.domain.id).toBe(id);
    expect(m!.score).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
  });

  it.each([
    // near misses: a word in common, another subject
    ['Excel pivot tables', 'software'],
    ['HACCP critical limits for kitchen managers', 'leadership'],
    ['a facilitation fee asked by a customs official', 'sales'],
    ['insulin overdose', 'nursing'],
    ['AML for bank tellers', 'compliance'],
    ['spotting red flags and escalating', 'software'],
    ['hotel overbooking compensation', 'customer-service'],
    ['sourdough baking', 'any'],
    // 3 of its 5 terms are in the patient-safety vocabulary, whose tool is the falls risk assessment (NEWS2)
    ['recognising and escalating the deteriorating adult patient', 'nursing'],
    // its content is general ward safety (falls above all): one step of six is about hands
    ['hand hygiene', 'nursing'],
    ['sepsis recognition', 'nursing'],
  ])('%s is not %s', (topic) => {
    expect(matchDomain(topic)).toBeNull();
  });

  it('scores the topic, never the audience or the rest of the message', () => {
    const c = ctx('A quiz on HACCP critical limits for kitchen managers, 5 questions');
    expect(c.domain.id).toBe('draft');
    expect(JSON.stringify(buildQuiz(c))).not.toMatch(/one-to-one|delegat|appraisal/i);
  });
});

describe('the draft for a field no vocabulary covers', () => {
  it('a quiz has exactly the counts and types asked, on the request’s own subtopics, with placeholders', () => {
    const c = ctx(
      'quiz on excel pivot tables for finance analysts - 6 questions: 3 single choice, 2 true/false and 1 matching. Things like grouping dates, calculated fields, refreshing after the source data changes.',
    );
    expect(c.draft).toBe(true);
    const q = buildQuiz(c);
    expect(q.items.map((i) => i.type)).toEqual([
      'single_choice',
      'single_choice',
      'single_choice',
      'true_false',
      'true_false',
      'matching',
    ]);
    const text = JSON.stringify(q);
    for (const sub of ['grouping dates', 'calculated fields']) expect(text).toContain(sub);
    expect(text).not.toMatch(/SQL injection|pull request|code review/i);
    expect(placeholderWarnings(q)[0]?.code).toBe('PLACEHOLDER');
    // every single-choice item has one key and placeholders, not invented knowledge
    for (const item of q.items.filter((i) => i.type === 'single_choice')) {
      expect(item.options.filter((o) => o.correct)).toHaveLength(1);
      expect(item.options.every((o) => /^\[SME: /.test(o.text))).toBe(true);
    }
  });

  it('a scenario has exactly the decision points asked, with placeholders and no stock characters', () => {
    const c = ctx(
      'Build a branching scenario for newly qualified nurses: a patient is prescribed 4 units of insulin but the nurse draws up 40 units (a 10× overdose). 3 decision points.',
    );
    const s = buildScenario(c);
    const deciding = s.nodes.filter((n) => n.choices.length >= 2);
    expect(deciding).toHaveLength(3);
    const text = JSON.stringify(s);
    expect(text).toContain('40 units');
    expect(text).not.toMatch(/falls?\b|walking frame|bed rails|Mrs Evans/i);
    expect(placeholderWarnings(s)).toHaveLength(1);
  });

  it('objectives honour the Bloom levels asked, with verbs of their level', () => {
    const o = buildObjectives(
      ctx('Write 4 objectives on XLOOKUP for HR administrators at Apply and Analyze level'),
    );
    expect(o.objectives).toHaveLength(4);
    expect(new Set(o.objectives.map((x) => x.bloomLevel))).toEqual(new Set(['apply', 'analyze']));
  });

  it('a plan keeps the minutes asked', () => {
    const p = buildPlan(ctx('AML refresher as microlearning for tellers: 20 minutes a day for two weeks.'));
    expect(p.totalMinutes).toBe(200);
    expect(JSON.stringify(p)).not.toMatch(/brib|gift|hospitality/i);
  });

  it('draftDomain writes placeholders, never facts', () => {
    const d = draftDomain('allergen control', 'kitchen staff', ['the 14 allergens', 'cross-contact']);
    for (const f of [...d.facts, ...d.myths, ...d.errors.map((e) => e.error)]) expect(f).toMatch(/^\[SME: /);
  });
});

describe('subtopicsOf: the request’s own list of subtopics', () => {
  it.each([
    [
      'Toolbox talk quiz on working at height — 6 questions. Cover the hierarchy of control, harness inspection, edge protection and ladder use.',
      ['hierarchy of control', 'harness inspection', 'edge protection', 'ladder use'],
    ],
    [
      'Microlearning on pressure ulcer prevention (SSKIN, repositioning, skin inspection, moisture, nutrition).',
      ['SSKIN', 'repositioning', 'skin inspection', 'moisture', 'nutrition'],
    ],
    ['5 questions on passwords for staff', []],
  ])('%s', (message, expected) => {
    expect(subtopicsOf(message)).toEqual(expected);
  });
});

describe('a setting-bound vocabulary is used only in its setting', () => {
  it.each([
    ['Create a 10-question quiz on safe manual handling for care home staff', 'draft'],
    ['Fire safety quiz for new office starters', 'draft'],
    ['Fire safety refresher for all staff', 'draft'],
    ['Manual handling quiz for warehouse pickers', 'warehouse'],
    ['Fire safety in the distribution centre: 5 questions for forklift drivers', 'warehouse'],
    ['A quiz on preventing patient falls for nurses on a surgical ward', 'nursing'],
    ['A quiz on preventing falls for school lunchtime supervisors', 'draft'],
  ])('%s → %s', (message, id) => {
    expect(ctx(message).domain.id).toBe(id);
  });
});
