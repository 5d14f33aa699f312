// The conformance check, criterion by criterion: an artifact that is what was asked gives no warning, one
// that is not gives the criterion's warning in plain English.
import { describe, expect, it } from 'vitest';
import type {
  ArtifactDataByKind,
  PlanArtifact,
  QuizArtifact,
  QuizItem,
  ScenarioArtifact,
} from '../../schemas/artifacts.js';
import { checkArtifact, fixArtifact } from '../artifacts/checks.js';
import { checkConformance, decisionCounts } from './conformance.js';
import { applyRevisions, parseRequest } from './request.js';

const codes = (ws: { code: string }[]) => ws.map((w) => w.code);

const item = (i: number, o: Partial<QuizItem> = {}): QuizItem => ({
  id: `q${i}`,
  type: 'single_choice',
  stem: `Which Excel pivot table field area summarises the values in case ${i}?`,
  options: [
    { id: `q${i}a`, text: `The Values area of the pivot table ${i}`, correct: true, feedback: 'Right.' },
    { id: `q${i}b`, text: `The Filters area ${i}`, correct: false, feedback: 'Filters narrow the data.' },
    { id: `q${i}c`, text: `The Rows area ${i}`, correct: false, feedback: 'Rows group the data.' },
  ],
  acceptedAnswers: [],
  pairs: [],
  objectiveId: 'o1',
  difficulty: 'medium',
  feedback: '',
  ...o,
});

const quiz = (
  n: number,
  level: 'apply' | 'remember' = 'apply',
  o: Partial<QuizArtifact> = {},
): QuizArtifact => ({
  title: 'Quiz: Excel pivot tables',
  topic: 'Excel pivot tables',
  audience: 'finance analysts',
  objectives: [{ id: 'o1', text: 'Use a pivot table to summarise sales by region', bloomLevel: level }],
  items: Array.from({ length: n }, (_, i) => item(i + 1)),
  passingScore: 80,
  ...o,
});

const plan = (minutes: number[]): PlanArtifact => ({
  title: 'Learning plan: feedback conversations',
  topic: 'feedback conversations',
  audience: 'new team leads',
  duration: '2 hours a week for 6 weeks',
  totalMinutes: minutes.reduce((a, b) => a + b, 0),
  modules: minutes.map((m, i) => ({
    id: `m${i + 1}`,
    title: `Week ${i + 1}: giving feedback`,
    when: `Week ${i + 1}`,
    durationMinutes: m,
    modality: 'vilt',
    objectives: ['Evaluate a feedback conversation against the SBI model'],
    activities: [{ title: 'Feedback role-play', type: 'practice', durationMinutes: Math.min(30, m) }],
    assessments: ['Observed feedback conversation'],
  })),
});

/** A scenario with `depth` decisions in a row (each a node with a good and a bad choice). */
function scenario(depth: number): ScenarioArtifact {
  const nodes: ScenarioArtifact['nodes'] = [];
  for (let i = 1; i <= depth; i++)
    nodes.push({
      id: `d${i}`,
      title: `Decision ${i}`,
      narrative: `The customs official asks again for a facilitation payment (step ${i}).`,
      choices: [
        {
          id: `d${i}g`,
          text: 'Refuse and explain the policy',
          nextNodeId: i === depth ? 'win' : `d${i + 1}`,
          consequence: '',
          score: 10,
        },
        { id: `d${i}b`, text: 'Pay the small fee', nextNodeId: 'lose', consequence: '', score: -10 },
      ],
      ending: null,
    });
  nodes.push(
    {
      id: 'win',
      title: 'Released',
      narrative: 'The shipment is released.',
      choices: [],
      ending: { outcome: 'success', summary: 'No payment made.' },
    },
    {
      id: 'lose',
      title: 'Paid',
      narrative: 'You paid a facilitation payment.',
      choices: [],
      ending: { outcome: 'failure', summary: 'A bribe.' },
    },
  );
  return {
    title: 'Scenario: a facilitation payment at customs',
    topic: 'facilitation payments',
    audience: 'export sales staff',
    objective: 'Refuse a facilitation payment and escalate',
    startNodeId: 'd1',
    nodes,
  };
}

describe('checkConformance', () => {
  it('COUNT_MISMATCH: questions, objectives and modules asked vs present', () => {
    const r = parseRequest(
      'Create a quiz on Excel pivot tables for finance analysts: 8 items at Apply level',
    );
    expect(checkConformance('quiz', quiz(8), r)).toEqual([]);
    const bad = checkConformance('quiz', quiz(5), r);
    expect(bad).toEqual([
      {
        code: 'COUNT_MISMATCH',
        path: 'items',
        message: 'Asked for 8 questions; this quiz has 5.',
        suggestion: '8',
      },
    ]);
    const objectives: ArtifactDataByKind['objectives'] = {
      title: 'Objectives: pivot tables',
      topic: 'Excel pivot tables',
      audience: 'finance analysts',
      objectives: [1, 2].map((i) => ({
        id: `o${i}`,
        audience: 'finance analysts',
        verb: 'build',
        behavior: `build an Excel pivot table for report ${i}`,
        bloomLevel: 'create' as const,
        condition: '',
        criterion: '',
        moduleId: null,
      })),
    };
    const four = parseRequest('Write 4 learning objectives on Excel pivot tables');
    expect(codes(checkConformance('objectives', objectives, four))).toEqual(['COUNT_MISMATCH']);
    expect(
      checkConformance('objectives', objectives, parseRequest('Write 2 objectives on Excel pivot tables')),
    ).toEqual([]);
    const modules = parseRequest(
      'A 120-minute plan on feedback conversations for new team leads in 3 modules',
    );
    expect(codes(checkConformance('plan', plan([40, 40, 40]), modules))).toEqual([]);
    expect(codes(checkConformance('plan', plan([60, 60]), modules))).toEqual(['COUNT_MISMATCH']);
  });

  it('ITEM_TYPE_MISMATCH: one key on a select-all item, and typed counts', () => {
    const one = quiz(3);
    one.items[1]!.type = 'multiple_choice';
    const w = checkConformance('quiz', one, null);
    expect(w).toEqual([
      expect.objectContaining({
        code: 'ITEM_TYPE_MISMATCH',
        path: 'items.1.type',
        suggestion: 'single_choice',
      }),
    ]);
    expect(w[0]!.message).toMatch(/one correct answer, so it is single choice/);
    // The repair makes it single choice.
    const fixed = fixArtifact('quiz', one, w[0]!);
    expect(fixed.items[1]!.type).toBe('single_choice');
    // A select-all item with two keys is right.
    const two = quiz(3);
    two.items[1]!.type = 'multiple_choice';
    two.items[1]!.options[1]!.correct = true;
    expect(checkConformance('quiz', two, null)).toEqual([]);

    const r = parseRequest('6 questions on Excel pivot tables: 4 multiple-choice and 2 true/false');
    expect(r.items).toEqual([
      { type: 'single_choice', count: 4 },
      { type: 'true_false', count: 2 },
    ]);
    const tf = (i: number): QuizItem => ({
      ...item(i),
      type: 'true_false',
      stem: `A pivot table in Excel refreshes itself when the source data changes (${i}).`,
      options: [
        { id: `t${i}`, text: 'True', correct: false, feedback: 'No: refresh it.' },
        { id: `f${i}`, text: 'False', correct: true, feedback: 'Right.' },
      ],
    });
    const good = quiz(4);
    good.items.push(tf(5), tf(6));
    expect(checkConformance('quiz', good, r)).toEqual([]);
    expect(checkConformance('quiz', quiz(6), r).map((x) => x.message)).toEqual([
      'Asked for 4 single choice questions; this quiz has 6.',
      'Asked for 2 true/false questions; this quiz has 0.',
    ]);
  });

  it('FORBIDDEN_TYPE: an item of a type the request ruled out', () => {
    const r = parseRequest('Create 3 questions on Excel pivot tables, no true/false');
    expect(checkConformance('quiz', quiz(3), r)).toEqual([]);
    const q = quiz(3);
    q.items[2] = {
      ...item(3),
      type: 'true_false',
      stem: 'A pivot table in Excel can summarise data by region.',
      options: [
        { id: 't', text: 'True', correct: true, feedback: 'Yes.' },
        { id: 'f', text: 'False', correct: false, feedback: 'No.' },
      ],
    };
    expect(checkConformance('quiz', q, r)).toEqual([
      {
        code: 'FORBIDDEN_TYPE',
        path: 'items.2.type',
        message: 'Question 3 is true/false, which the request ruled out.',
        suggestion: null,
      },
    ]);
  });

  it('BLOOM_MISMATCH: levels asked vs levels present', () => {
    const r = parseRequest('Create 3 questions on Excel pivot tables at Apply level');
    expect(checkConformance('quiz', quiz(3, 'apply'), r)).toEqual([]);
    expect(checkConformance('quiz', quiz(3, 'remember'), r)).toEqual([
      expect.objectContaining({
        code: 'BLOOM_MISMATCH',
        message: 'Asked for Apply; none of the questions is at Apply.',
      }),
    ]);
    const higher = parseRequest('Create 3 questions on Excel pivot tables, higher-order thinking');
    expect(codes(checkConformance('quiz', quiz(3, 'apply'), higher))).toEqual(['BLOOM_MISMATCH']);
    const analyze = quiz(3);
    analyze.objectives[0]!.bloomLevel = 'analyze';
    expect(checkConformance('quiz', analyze, higher)).toEqual([]);
    // Plans are judged by their module objectives' verbs.
    const evaluate = parseRequest('Plan 6 weeks on feedback conversations at Evaluate level, 2 hours a week');
    expect(codes(checkConformance('plan', plan([120, 120, 120, 120, 120, 120]), evaluate))).toEqual([]);
    const apply = parseRequest('Plan 6 weeks on feedback conversations at Apply level, 2 hours a week');
    expect(codes(checkConformance('plan', plan([120, 120, 120, 120, 120, 120]), apply))).toEqual([
      'BLOOM_MISMATCH',
    ]);
  });

  it('DURATION_MISMATCH: total minutes within ±15 % of the minutes asked', () => {
    const r = parseRequest(
      'Plan a leadership programme on feedback conversations for new team leads: 2 hours a week for 6 weeks.',
    );
    expect(r.totalMinutes).toBe(720);
    expect(checkConformance('plan', plan([120, 120, 120, 120, 120, 120]), r)).toEqual([]);
    // 800 is within 15 % of 720; 12,600 is not.
    expect(checkConformance('plan', plan([800]), r)).toEqual([]);
    const far = checkConformance('plan', plan([2100, 2100, 2100, 2100, 2100, 2100]), r);
    expect(far).toEqual([
      {
        code: 'DURATION_MISMATCH',
        path: 'duration',
        message:
          'Asked for 2 hours a week for 6 weeks (720 minutes of learning); this plan has 12,600 minutes.',
        suggestion: '720',
      },
    ]);
    // The repair scales the modules to the minutes asked.
    const fixed = fixArtifact('plan', plan([2100, 2100, 2100, 2100, 2100, 2100]), far[0]!);
    expect(fixed.totalMinutes).toBe(720);
    expect(checkArtifact('plan', fixed, r)).toEqual([]);
  });

  it('DECISION_POINTS_MISMATCH: decisions on a path (or in all) vs asked', () => {
    const r = parseRequest(
      'Build a branching scenario where a customs official asks for a facilitation payment, 3 decision points',
    );
    expect(decisionCounts(scenario(3))).toEqual({ total: 3, longestPath: 3 });
    expect(checkConformance('scenario', scenario(3), r)).toEqual([]);
    expect(checkConformance('scenario', scenario(2), r)).toEqual([
      {
        code: 'DECISION_POINTS_MISMATCH',
        path: 'nodes',
        message:
          'Asked for 3 decision points; a learner meets at most 2 on one path through this scenario (2 in all).',
        suggestion: '3',
      },
    ]);
  });

  it('AUDIENCE_MISMATCH: the audience asked vs the artifact’s', () => {
    const r = parseRequest('Create 3 questions on Excel pivot tables for finance analysts');
    expect(checkConformance('quiz', quiz(3, 'apply', { audience: 'Junior finance analysts' }), r)).toEqual(
      [],
    );
    const w = checkConformance('quiz', quiz(3, 'apply', { audience: 'software engineers' }), r);
    expect(w).toEqual([
      {
        code: 'AUDIENCE_MISMATCH',
        path: 'audience',
        message: 'Asked for finance analysts; this quiz is written for software engineers.',
        suggestion: 'finance analysts',
      },
    ]);
    expect(fixArtifact('quiz', quiz(3, 'apply', { audience: 'software engineers' }), w[0]!).audience).toBe(
      'finance analysts',
    );
  });

  it('OFF_TOPIC: the topic terms must appear in the content, not only the title', () => {
    const r = parseRequest('Create 3 questions on Excel pivot tables for finance analysts');
    expect(r.topicTerms).toEqual(['excel', 'pivot', 'tables']);
    expect(checkConformance('quiz', quiz(3), r)).toEqual([]);
    // A quiz titled for pivot tables whose questions are about SQL injection.
    const sql = quiz(3);
    sql.items = sql.items.map((x, i) => ({
      ...x,
      stem: `Which input lets an attacker run SQL injection against the login form (${i})?`,
      options: x.options.map((o) => ({ ...o, text: `A quoted string in the password field ${o.id}` })),
    }));
    sql.objectives[0]!.text = 'Prevent SQL injection in a login form';
    const w = checkConformance('quiz', sql, r);
    expect(codes(w)).toEqual(['OFF_TOPIC']);
    expect(w[0]!.message).toBe(
      'Asked about Excel pivot tables, but the quiz\'s content never mentions "excel", "pivot" or "tables".',
    );
    // HACCP is not people management.
    const haccp = parseRequest('Write objectives on HACCP critical control points for kitchen supervisors');
    const oneToOnes: ArtifactDataByKind['objectives'] = {
      title: 'Objectives: HACCP critical control points',
      topic: 'HACCP critical control points',
      audience: 'kitchen supervisors',
      objectives: [
        {
          id: 'o1',
          audience: 'kitchen supervisors',
          verb: 'plan',
          behavior: 'plan a one-to-one meeting and delegate tasks to the team',
          bloomLevel: 'create',
          condition: '',
          criterion: '',
          moduleId: null,
        },
      ],
    };
    expect(codes(checkConformance('objectives', oneToOnes, haccp))).toEqual(['OFF_TOPIC']);
  });

  it('PLACEHOLDER: lists the visible placeholders left', () => {
    const q = quiz(2);
    expect(checkConformance('quiz', q, null)).toEqual([]);
    q.items[0]!.stem =
      'At which NEWS2 score does the nurse escalate? [SME: the NEWS2 score that triggers escalation]';
    q.items[1]!.options[0]!.text = '[SME: the escalation route]';
    expect(checkConformance('quiz', q, null)).toEqual([
      {
        code: 'PLACEHOLDER',
        path: 'items.0.stem',
        message:
          '2 placeholders still to fill with subject knowledge: [SME: the NEWS2 score that triggers escalation], [SME: the escalation route].',
        suggestion: '[SME: the NEWS2 score that triggers escalation]; [SME: the escalation route]',
      },
    ]);
  });

  it('follows revisions: "add 3 more questions" moves the count asked', () => {
    const r = applyRevisions(parseRequest('Create 5 questions on Excel pivot tables'), [
      'revise: add 3 more questions',
    ]);
    expect(r.itemCount).toBe(8);
    expect(checkConformance('quiz', quiz(8), r)).toEqual([]);
    const shorter = applyRevisions(parseRequest('Create 5 questions on Excel pivot tables'), [
      'revise: make it shorter',
    ]);
    expect(checkConformance('quiz', quiz(3), shorter)).toEqual([]);
  });

  it('checkArtifact adds the conformance warnings when given the request', () => {
    const r = parseRequest('Create a quiz on Excel pivot tables for finance analysts: 8 items');
    expect(checkArtifact('quiz', quiz(5))).toEqual([]);
    expect(codes(checkArtifact('quiz', quiz(5), r))).toEqual(['COUNT_MISMATCH']);
  });
});
