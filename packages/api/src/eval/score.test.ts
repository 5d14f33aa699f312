// The eval's scoring on hand-made artifacts, and the corpus's shape (the counts issue 36 asks of it).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CORPUS } from './paths.js';
import { loadCorpus, type EvalRequest, type Expectations } from './corpus.js';
import { hasTerm, normalizeText } from './match.js';
import {
  checkCitations,
  decisionPointsOf,
  echoOf,
  fragmentOf,
  scoreRequest,
  type Produced,
} from './score.js';

const has = (text: string, term: string | string[]) => hasTerm(normalizeText(text), term);

function request(expect: Partial<Expectations>, o: Partial<EvalRequest> = {}): EvalRequest {
  return {
    id: 'r',
    field: 'test',
    session: 'LND_COPILOT',
    history: [],
    message: 'Write a quiz',
    echoText: 'Write a quiz',
    documents: [],
    offTopic: [],
    facts: [],
    ...o,
    expect: { kind: 'quiz', topic: ['forklift'], ...expect },
  };
}

const option = (text: string, correct: boolean) => ({ id: text, text, correct, feedback: '' });
const item = (type: string, stem: string, keys: number) => ({
  id: stem,
  type,
  stem,
  options: [option('A', keys > 0), option('B', keys > 1), option('C', false)],
  acceptedAnswers: [],
  pairs: [],
  objectiveId: null,
  difficulty: 'easy',
  feedback: '',
});
const quiz = (items: unknown[], extra: object = {}): Produced => ({
  kind: 'quiz',
  data: {
    title: 'Forklift pre-use checks',
    topic: 'forklift pre-use checks',
    audience: 'new forklift operators',
    objectives: [],
    items,
    passingScore: 80,
    ...extra,
  },
  warnings: [],
  answer: '',
});
const noFiles = { fileIds: new Set<string>(), chunks: [] };

describe('terms', () => {
  it('match at a word start, run on into longer words, and never past a final digit', () => {
    expect(has('Build pivot tables from raw data', 'pivot table')).toBe(true);
    expect(has('Escalating early matters', 'escalat')).toBe(true);
    expect(has('spivot table', 'pivot table')).toBe(false);
    expect(has('Gifts over EUR 500 need approval', 'EUR 50')).toBe(false);
    expect(has('Gifts up to EUR 50, recorded', 'EUR 50')).toBe(true);
    expect(has('a core of 75°C for 30 s', '75 °C')).toBe(true);
    expect(has('at 15 km/h', '5 km/h')).toBe(false);
    expect(has('rub for 20-30 seconds', '20–30 seconds')).toBe(true);
    expect(has('Inflate to 8.5\nbar', '8.5 bar')).toBe(true);
    expect(has('nothing here', ['SBI model', 'one-to-one'])).toBe(false);
    expect(has('weekly one-to-ones', ['SBI model', 'one-to-one'])).toBe(true);
  });
});

describe('echo', () => {
  const ask = 'Write 8 multiple-choice questions for our annual hand hygiene update, no true/false please';
  it('finds a run of ten words of the request pasted into the artifact', () => {
    expect(echoOf(ask, ['Quiz: write 8 multiple-choice questions for our annual hand hygiene update'])).toBe(
      'write 8 multiple choice questions for our annual hand hygiene',
    );
    expect(echoOf('5 questions on GDPR basics', ['5 questions on GDPR basics'])).not.toBeNull();
  });
  it('lets the artifact use the request’s subject', () => {
    expect(
      echoOf(ask, ['Hand hygiene update: annual knowledge check', 'Which hand rub time is right?']),
    ).toBeNull();
    expect(echoOf('GDPR quiz', ['GDPR quiz'])).toBeNull();
  });
});

describe('fragments and headers', () => {
  const header = [
    'BRIGHTWATER LOGISTICS LTD Warehouse Operations Manual',
    'Document owner: Site Safety Manager',
  ];
  const unit = (text: string, p = 'items.0.stem') => fragmentOf({ path: p, text }, header);
  it('flags hard-wrapped lines, header lines, table rows and quoted mid-sentence lines', () => {
    expect(unit('Which step comes straight after “before the first use of each shift. An”?')).toMatch(
      /mid-sentence/,
    );
    expect(unit('Document owner: Site Safety Manager')).toMatch(/header/);
    expect(unit('True or false: BRIGHTWATER LOGISTICS LTD            Warehouse Operations Manual')).toMatch(
      /header/,
    );
    expect(unit('| Structuring | Three cash deposits of EUR 9,500 | SAR-1 to the MLRO |')).toMatch(
      /table row/,
    );
    expect(unit('Quiz: The', 'title')).toMatch(/mid-sentence/);
    expect(unit('Critical limits and what', 'topic')).toMatch(/mid-sentence/);
    expect(unit('room-cleaning standard —', 'topic')).toMatch(/mid-sentence/);
    expect(unit('Pneumatic tyres must be inflated to 8.5\nbar (123 psi)')).toMatch(/line break/);
    expect(unit('Which comes after “lower the forks fully to the floor, apply the brake”?')).toMatch(
      /quotes a line/,
    );
  });
  it('accepts whole sentences, a document named in a question, and phrasal verbs', () => {
    expect(unit('What pressure must a pneumatic tyre be inflated to before use?')).toBeNull();
    expect(unit('According to the Warehouse Operations Manual, who reviews form WH-101?')).toBeNull();
    expect(unit('Check the result before handing it on')).toBeNull();
    expect(unit('BRIGHTWATER LOGISTICS LTD Warehouse Operations Manual', 'title')).toBeNull();
  });
});

describe('structure', () => {
  const scenario = {
    startNodeId: 'a',
    nodes: [
      { id: 'a', choices: [{ nextNodeId: 'b' }, { nextNodeId: 'c' }] },
      { id: 'b', choices: [{ nextNodeId: 'd' }, { nextNodeId: 'e' }] },
      { id: 'c', choices: [{ nextNodeId: 'e' }] },
      { id: 'd', choices: [{ nextNodeId: 'f' }, { nextNodeId: 'e' }] },
      { id: 'e', choices: [] },
      { id: 'f', choices: [] },
      { id: 'x', choices: [{ nextNodeId: 'e' }, { nextNodeId: 'f' }] },
    ],
  };
  it('counts reachable decision points and the most on one path', () => {
    expect(decisionPointsOf(scenario)).toEqual({ nodes: 3, deepest: 3 });
  });

  it('scores count, types (one key is single choice), forbidden types and exact type counts', () => {
    const items = [
      item('multiple_choice', 'Q1', 1),
      item('single_choice', 'Q2', 1),
      item('true_false', 'Q3', 1),
    ];
    const s = scoreRequest(
      request({ count: 3, allowedTypes: ['single_choice'], forbiddenTypes: ['true_false'] }),
      quiz(items),
      noFiles,
    ).outcomes;
    expect(s.count).toMatchObject({ pass: true });
    expect(s.types?.pass).toBe(false);
    expect(s.types?.detail).toMatch(/forbidden: true_false/);
    expect(s.types?.detail).toMatch(/1 multiple_choice item\(s\) with one key/);
    const selectAll = [item('multiple_choice', 'Q1', 2), item('multiple_choice', 'Q2', 2)];
    expect(
      scoreRequest(request({ types: { multiple_choice: 2 } }), quiz(selectAll), noFiles).outcomes.types,
    ).toMatchObject({ pass: true });
  });

  it('scores Bloom levels: the levels asked, a range, or a lowest level', () => {
    const objectives = (levels: string[]) =>
      quiz([item('single_choice', 'Q', 1)], {
        objectives: levels.map((bloomLevel, i) => ({ id: `o${i}`, text: 'x', bloomLevel })),
      });
    const bloom = (e: Partial<Expectations>, levels: string[]) =>
      scoreRequest(request(e), objectives(levels), noFiles).outcomes.bloom?.pass;
    expect(bloom({ bloom: ['apply', 'analyze'] }, ['apply', 'analyze', 'apply'])).toBe(true);
    expect(bloom({ bloom: ['apply', 'analyze'] }, ['remember', 'apply', 'analyze'])).toBe(false);
    expect(bloom({ bloom: ['apply', 'analyze'] }, ['apply', 'apply'])).toBe(false);
    expect(bloom({ bloomRange: ['understand', 'evaluate'] }, ['understand', 'apply', 'evaluate'])).toBe(true);
    expect(bloom({ bloomRange: ['understand', 'evaluate'] }, ['understand', 'apply'])).toBe(false);
    expect(bloom({ bloomAtLeast: 'apply' }, ['apply', 'create'])).toBe(true);
    expect(bloom({ bloomAtLeast: 'apply' }, ['understand', 'create'])).toBe(false);
  });

  it('scores minutes within ±15 % on the total and on the modules', () => {
    const plan = (total: number, modules: number[]): Produced => ({
      kind: 'plan',
      data: {
        title: 'Forklift plan',
        topic: 'forklift',
        audience: 'operators',
        totalMinutes: total,
        modules: modules.map((m, i) => ({ id: `m${i}`, title: 'x', durationMinutes: m })),
      },
      warnings: [],
      answer: '',
    });
    const minutes = (p: Produced) =>
      scoreRequest(request({ kind: 'plan', minutes: 720 }), p, noFiles).outcomes.minutes?.pass;
    expect(minutes(plan(720, [120, 120, 120, 120, 120, 120]))).toBe(true);
    expect(minutes(plan(12_600, [2100, 2100, 2100, 2100, 2100, 2100]))).toBe(false);
    expect(minutes(plan(720, [60, 60]))).toBe(false);
  });

  it('fails the structure of a prose answer and reads its text for the content criteria', () => {
    const prose: Produced = { kind: null, data: null, warnings: [], answer: 'Forklift pre-use checks: …' };
    const s = scoreRequest(
      request({ count: 5, offTopic: [] }, { offTopic: ['SQL injection'] }),
      prose,
      noFiles,
    );
    expect(s.outcomes).toMatchObject({
      kind: { pass: false },
      topic: { pass: true },
      offTopic: { pass: true },
      count: { pass: false },
      types: { pass: false },
    });
    expect(s.outcomes.fragments).toBeUndefined();
    const failed = scoreRequest(
      request({}),
      { ...prose, answer: '', error: 'The AI provider returned an error.' },
      noFiles,
    );
    expect(Object.values(failed.outcomes).every((o) => !o.pass)).toBe(true);
  });
});

describe('off-topic terms and document facts', () => {
  it('lists the leaked terms and the share of facts used', () => {
    const got = quiz([
      item('single_choice', 'Inflate tyres to 8.5 bar; report SQL injection in your pull request', 1),
    ]);
    const doc = { file: 'f.txt', kind: 'txt', field: 'x', facts: [['8.5 bar'], ['WH-101']], boilerplate: [] };
    const s = scoreRequest(
      request(
        {},
        { offTopic: ['SQL injection', 'pull request', 'one-to-one'], documents: [doc], facts: doc.facts },
      ),
      got,
      noFiles,
    );
    expect(s.outcomes.offTopic).toEqual({ pass: false, detail: 'found: SQL injection, pull request' });
    expect(s.facts).toEqual({ used: 1, total: 2 });
    expect(s.outcomes.facts?.pass).toBe(false);
  });
});

describe('citations', () => {
  const chunks = [
    { fileId: 'f1', ordinal: 0, text: 'Pneumatic tyres must be inflated to 8.5 bar (123 psi).' },
    { fileId: 'f1', ordinal: 1, text: 'Speed limit: 10 km/h in the warehouse.' },
  ];
  it('verifies that each quote is in the stored chunk it names', () => {
    const data = {
      items: [
        { citation: { fileId: 'f1', part: 1, quote: 'inflated to 8.5 bar' } },
        { citation: { fileId: 'f1', part: 1, quote: 'Speed limit: 10 km/h' } },
        { citation: { fileId: 'f1', part: 0, quote: 'Speed limit: 20 km/h' } },
        { citation: { fileId: 'f2', part: 0, quote: 'inflated to 8.5 bar' } },
      ],
    };
    const c = checkCitations(data, new Set(['f1']), chunks);
    expect(c).toMatchObject({ verified: 2, total: 4 });
  });
});

describe('the corpus', () => {
  it('has 60+ requests in 20+ fields, every kind, 12+ with documents, and 8+ documents of five kinds', async () => {
    const corpus = await loadCorpus(DEFAULT_CORPUS);
    const r = corpus.requests;
    expect(r.length).toBeGreaterThanOrEqual(60);
    expect(new Set(r.map((x) => x.field)).size).toBeGreaterThanOrEqual(20);
    expect(new Set(r.map((x) => x.expect.kind))).toEqual(
      new Set(['objectives', 'quiz', 'scenario', 'modality', 'plan', 'sme_summary']),
    );
    expect(r.filter((x) => x.documents.length > 0).length).toBeGreaterThanOrEqual(12);
    expect(corpus.documents.length).toBeGreaterThanOrEqual(8);
    expect(new Set(corpus.documents.map((d) => path.extname(d.file)))).toEqual(
      new Set(['.txt', '.docx', '.pdf', '.pptx', '.xlsx']),
    );
    for (const d of corpus.documents)
      expect(existsSync(path.join(DEFAULT_CORPUS, 'documents', d.file))).toBe(true);
    expect(new Set(r.map((x) => x.session)).size).toBeGreaterThanOrEqual(4);
  });
});
