import { describe, expect, it } from 'vitest';
import type { QuizArtifact, QuizItem, ScenarioArtifact } from '@app/api/schemas';
import {
  isAnswered,
  isItemCorrect,
  matchingChoices,
  scoreQuiz,
  toggleOption,
  type QuizAnswers,
} from './quiz-try';
import {
  bestScenarioScore,
  chooseInScenario,
  scenarioStatus,
  scenarioTree,
  startScenario,
  undoScenarioStep,
} from './scenario-play';
import {
  appendAt,
  freshId,
  getAt,
  hasErrorUnder,
  moveAt,
  numberFromInput,
  removeAt,
  setAt,
  validateArtifactData,
} from './form-state';

const option = (id: string, correct: boolean) => ({ id, text: `Option ${id}`, correct, feedback: '' });
const item = (over: Partial<QuizItem>): QuizItem => ({
  id: 'q1',
  type: 'single_choice',
  stem: 'Which?',
  options: [option('a', true), option('b', false), option('c', false)],
  acceptedAnswers: [],
  pairs: [],
  objectiveId: null,
  difficulty: 'easy',
  feedback: '',
  ...over,
});
const quiz = (items: QuizItem[], passingScore = 80): QuizArtifact => ({
  title: 'GDPR basics',
  topic: 'GDPR',
  audience: 'staff',
  objectives: [],
  items,
  passingScore,
});

describe('quiz try-it', () => {
  it('single choice: one option replaces the other; right only for the keyed option', () => {
    const i = item({});
    let a = toggleOption(i, undefined, 'b');
    a = toggleOption(i, a, 'a');
    expect(a).toEqual({ kind: 'options', selected: ['a'] });
    expect(isItemCorrect(i, a)).toBe(true);
    expect(isItemCorrect(i, { kind: 'options', selected: ['b'] })).toBe(false);
    expect(isItemCorrect(i, undefined)).toBe(false);
  });

  it('multiple choice needs exactly the keyed options', () => {
    const i = item({
      type: 'multiple_choice',
      options: [option('a', true), option('b', true), option('c', false)],
    });
    let a = toggleOption(i, undefined, 'a');
    expect(isItemCorrect(i, a)).toBe(false);
    a = toggleOption(i, a, 'b');
    expect(isItemCorrect(i, a)).toBe(true);
    a = toggleOption(i, a, 'c');
    expect(isItemCorrect(i, a)).toBe(false);
    a = toggleOption(i, a, 'c');
    expect(a).toEqual({ kind: 'options', selected: ['a', 'b'] });
  });

  it('an item without a key is never right', () => {
    const i = item({ options: [option('a', false), option('b', false)] });
    expect(isItemCorrect(i, { kind: 'options', selected: ['a'] })).toBe(false);
  });

  it('short answers ignore case and spacing', () => {
    const i = item({
      type: 'short_answer',
      options: [],
      acceptedAnswers: ['Data Protection Officer', 'DPO'],
    });
    expect(isItemCorrect(i, { kind: 'text', text: '  data   protection officer ' })).toBe(true);
    expect(isItemCorrect(i, { kind: 'text', text: 'dpo' })).toBe(true);
    expect(isItemCorrect(i, { kind: 'text', text: 'officer' })).toBe(false);
    expect(isAnswered(i, { kind: 'text', text: '  ' })).toBe(false);
  });

  it('matching needs every pair; choices are sorted', () => {
    const i = item({
      type: 'matching',
      options: [],
      pairs: [
        { left: 'Controller', right: 'Decides why' },
        { left: 'Processor', right: 'Acts on instructions' },
      ],
    });
    expect(matchingChoices(i)).toEqual(['Acts on instructions', 'Decides why']);
    expect(isAnswered(i, { kind: 'pairs', chosen: { 0: 'Decides why' } })).toBe(false);
    expect(isItemCorrect(i, { kind: 'pairs', chosen: { 0: 'Decides why', 1: 'Acts on instructions' } })).toBe(
      true,
    );
    expect(isItemCorrect(i, { kind: 'pairs', chosen: { 0: 'Acts on instructions', 1: 'Decides why' } })).toBe(
      false,
    );
  });

  it('scores against the pass mark, rounding the percent', () => {
    const q = quiz([item({ id: 'q1' }), item({ id: 'q2' }), item({ id: 'q3' })], 66);
    const answers: QuizAnswers = {
      q1: { kind: 'options', selected: ['a'] },
      q2: { kind: 'options', selected: ['a'] },
      q3: { kind: 'options', selected: ['b'] },
    };
    expect(scoreQuiz(q, answers)).toEqual({ correct: 2, total: 3, percent: 67, passed: true });
    expect(scoreQuiz({ ...q, passingScore: 80 }, answers).passed).toBe(false);
    expect(scoreQuiz(q, {})).toEqual({ correct: 0, total: 3, percent: 0, passed: false });
  });
});

const scenario: ScenarioArtifact = {
  title: 'Angry customer',
  topic: 'De-escalation',
  audience: 'agents',
  objective: 'Calm an upset caller',
  startNodeId: 'n1',
  nodes: [
    {
      id: 'n1',
      title: 'The call',
      narrative: 'A caller shouts.',
      choices: [
        { id: 'c1', text: 'Listen', nextNodeId: 'n2', consequence: 'They calm down.', score: 10 },
        { id: 'c2', text: 'Hang up', nextNodeId: 'n3', consequence: 'They call back angrier.', score: -5 },
      ],
      ending: null,
    },
    {
      id: 'n2',
      title: 'Calmer',
      narrative: 'They explain.',
      choices: [{ id: 'c3', text: 'Back to start', nextNodeId: 'n1', consequence: '', score: 0 }],
      ending: null,
    },
    {
      id: 'n3',
      title: 'Escalated',
      narrative: 'Complaint.',
      choices: [],
      ending: { outcome: 'failure', summary: 'Lost.' },
    },
    { id: 'n4', title: 'Orphan', narrative: 'Never reached.', choices: [], ending: null },
  ],
};

describe('scenario play', () => {
  it('moves through choices, adds points, ends, and steps back', () => {
    let st = startScenario(scenario);
    expect(scenarioStatus(scenario, st).kind).toBe('playing');
    st = chooseInScenario(scenario, st, 'c1');
    expect(st).toMatchObject({ nodeId: 'n2', score: 10 });
    expect(st.steps[0]).toMatchObject({ choiceText: 'Listen', consequence: 'They calm down.' });
    st = chooseInScenario(scenario, st, 'c3');
    st = chooseInScenario(scenario, st, 'c2');
    expect(st.score).toBe(5);
    const status = scenarioStatus(scenario, st);
    expect(status.kind).toBe('ending');
    st = undoScenarioStep(st);
    expect(st).toMatchObject({ nodeId: 'n1', score: 10, steps: [{ choiceId: 'c1' }, { choiceId: 'c3' }] });
  });

  it('ignores unknown choices and reports nodes that lead nowhere', () => {
    const st = startScenario(scenario);
    expect(chooseInScenario(scenario, st, 'nope')).toBe(st);
    expect(scenarioStatus(scenario, { nodeId: 'n4', score: 0, steps: [] }).kind).toBe('stuck');
    expect(scenarioStatus(scenario, { nodeId: 'gone', score: 0, steps: [] })).toMatchObject({
      kind: 'stuck',
      nodeId: 'gone',
    });
  });

  it('best score cuts cycles', () => {
    expect(bestScenarioScore(scenario)).toBe(10);
  });

  it('tree: each node expanded once, repeats referenced, unreachable listed', () => {
    const { root, unreachable } = scenarioTree(scenario);
    expect(root.nodeId).toBe('n1');
    expect(root.children.map((c) => [c.nodeId, c.repeat])).toEqual([
      ['n2', false],
      ['n3', false],
    ]);
    expect(root.children[0]!.children[0]).toMatchObject({ nodeId: 'n1', repeat: true, children: [] });
    expect(unreachable.map((u) => u.nodeId)).toEqual(['n4']);
  });
});

describe('form state', () => {
  const data = quiz([item({ id: 'q1' })]);

  it('reads and writes by path without touching the original', () => {
    const next = setAt(data, ['items', 0, 'options', 1, 'text'], 'Edited distractor');
    expect(getAt(next, ['items', 0, 'options', 1, 'text'])).toBe('Edited distractor');
    expect(data.items[0]!.options[1]!.text).toBe('Option b');
    expect(next.items[0]!.options[0]).toBe(data.items[0]!.options[0]);
  });

  it('appends, removes and moves list items', () => {
    let next = appendAt(data, ['items', 0, 'options'], option('d', false));
    expect(next.items[0]!.options.map((o) => o.id)).toEqual(['a', 'b', 'c', 'd']);
    next = removeAt(next, ['items', 0, 'options'], 0);
    expect(next.items[0]!.options.map((o) => o.id)).toEqual(['b', 'c', 'd']);
    next = moveAt(next, ['items', 0, 'options'], 2, 1);
    expect(next.items[0]!.options.map((o) => o.id)).toEqual(['b', 'd', 'c']);
    expect(moveAt(next, ['items', 0, 'options'], 0, -1)).toBe(next);
  });

  it('validates with the schema and keys its messages by field path', () => {
    expect(validateArtifactData('quiz', data).ok).toBe(true);
    const bad = setAt(
      setAt(data, ['items', 0, 'options', 1, 'text'], '  '),
      ['passingScore'],
      numberFromInput(''),
    );
    const r = validateArtifactData('quiz', bad);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors['items.0.options.1.text']).toBe('Option text cannot be empty');
    expect(r.errors['passingScore']).toBe('Enter a number');
    expect(hasErrorUnder(r.errors, ['items', 0])).toBe(true);
    expect(hasErrorUnder(r.errors, ['objectives'])).toBe(false);
    const empty = validateArtifactData('quiz', { ...data, items: [] });
    expect(empty.ok ? null : empty.errors['items']).toBe('Add at least one question');
  });

  it('trims text as the server does', () => {
    const r = validateArtifactData('quiz', setAt(data, ['title'], '  GDPR  '));
    expect(r.ok && r.data.title).toBe('GDPR');
  });

  it('fresh ids skip taken ones', () => {
    expect(freshId('q', ['q1', 'q2', 'q4'])).toBe('q3');
    expect(freshId('n', [])).toBe('n1');
  });
});

describe('display helpers', () => {
  it('names paths in words and formats minutes and change values', async () => {
    const { describePath, formatChangeValue, formatMinutes } = await import('./artifact-format');
    expect(describePath('items.2.options.1.text')).toBe('Question 3 › option 2 › text');
    expect(describePath('nodes.0.choices.3')).toBe('Node 1 › choice 4');
    expect(describePath('')).toBe('Whole artifact');
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(120)).toBe('2 h');
    expect(formatMinutes(90)).toBe('1 h 30 min');
    expect(formatChangeValue('')).toBe('(empty)');
    expect(formatChangeValue(undefined)).toBe('(none)');
    expect(formatChangeValue(['a'])).toBe('["a"]');
  });
});
