// The players run in happy-dom against a recording SCORM runtime (2004's API_1484_11 or 1.2's API): the item
// types' controls, the scenario's passed/failed against the mastery score, interactions, and resume from
// suspend_data (issue 38). The Playwright specs play the same pages under scorm-again in Chromium.
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import type { QuizArtifact, ScenarioArtifact } from '../../../schemas/artifacts.js';
import { quizPlayerHtml } from './quiz-player.js';
import { scenarioPlayerHtml } from './scenario-player.js';
import { quizFixture, scenarioFixture } from './test-fixtures.js';

type Values = Record<string, string>;

/** A recording runtime: values set, the calls made; `start` seeds values (e.g. a resume). */
function runtime(version: '1.2' | '2004', start: Values = {}) {
  const values: Values = { ...start };
  const calls: string[] = [];
  const names =
    version === '2004'
      ? ['Initialize', 'GetValue', 'SetValue', 'Commit', 'Terminate']
      : ['LMSInitialize', 'LMSGetValue', 'LMSSetValue', 'LMSCommit', 'LMSFinish'];
  const [init, get, set, commit, finish] = names as [string, string, string, string, string];
  const api: Record<string, (...a: string[]) => string> = {
    [init]: () => (calls.push(init), 'true'),
    [get]: (k) => {
      if (k === 'cmi.interactions._count') {
        return String(
          new Set(Object.keys(values).flatMap((key) => /^cmi\.interactions\.(\d+)\./.exec(key)?.[1] ?? []))
            .size,
        );
      }
      return values[k] ?? '';
    },
    [set]: (k, v) => ((values[k] = v), 'true'),
    [commit]: () => (calls.push(commit), 'true'),
    [finish]: () => (calls.push(finish), 'true'),
  };
  return { api, values, calls, global: version === '2004' ? 'API_1484_11' : 'API' };
}

async function play(html: string, lms?: ReturnType<typeof runtime>) {
  const win = new Window({
    url: 'http://localhost/sco/index.html',
    settings: { enableJavaScriptEvaluation: true, suppressCodeGenerationFromStringsWarning: true } as never,
  });
  if (lms) (win as unknown as Record<string, unknown>)[lms.global] = lms.api;
  win.document.write(html);
  await win.happyDOM.waitUntilComplete();
  const doc = win.document;
  const click = (text: string) => {
    const button = [...doc.querySelectorAll('button')].find((b) => b.textContent === text);
    if (!button) throw new Error(`no button "${text}" in: ${doc.body.textContent}`);
    button.click();
  };
  const pick = (value: number) =>
    (doc.querySelector(`input[value="${value}"]`) as unknown as HTMLInputElement).click();
  return { win, doc, click, pick, text: () => doc.body.textContent ?? '' };
}

describe('quiz player item types', () => {
  it('shows radio buttons for a single-answer item (single choice, true/false, multiple choice with one key) and checkboxes for several keys', async () => {
    const q2 = quizFixture.items[1]!;
    const oneKey = { ...q2, id: 'q2b', options: q2.options.map((o, i) => ({ ...o, correct: i === 0 })) };
    const data: QuizArtifact = {
      ...quizFixture,
      items: [quizFixture.items[0]!, oneKey, q2, quizFixture.items[2]!],
    };
    const { doc, click, pick } = await play(quizPlayerHtml(data));
    const inputs = () => [...doc.querySelectorAll('input[name=option]')].map((i) => i.getAttribute('type'));
    const types: string[][] = [];
    for (let i = 0; i < 4; i++) {
      types.push([...new Set(inputs())] as string[]);
      pick(0);
      click('Check answer');
      click(i === 3 ? 'See results' : 'Next question');
    }
    expect(types).toEqual([['radio'], ['radio'], ['checkbox'], ['radio']]);
  });

  it('scores multiple response with partial credit and no negative marks by default', async () => {
    const data: QuizArtifact = { ...quizFixture, items: [quizFixture.items[1]!] };
    for (const [negativeMarking, expected] of [
      [null, '67%'],
      [true, '0%'],
    ] as const) {
      const { click, pick, text } = await play(quizPlayerHtml({ ...data, negativeMarking }));
      // Two of three keys and the wrong option: 66.7 % by default; with negative marking 66.7 − 100 → 0.
      pick(0);
      pick(1);
      pick(2);
      click('Check answer');
      click('See results');
      expect(text()).toContain(expected);
    }
  });

  it('ordering: move up/down buttons put the steps in order, all or nothing, a sequencing interaction', async () => {
    const steps = ['Wet your hands', 'Apply soap', 'Scrub for 20 seconds', 'Rinse'];
    const order: QuizArtifact['items'][number] = {
      ...quizFixture.items[0]!,
      id: 'order',
      type: 'ordering',
      stem: 'Put the hand-washing steps in order.',
      options: [],
      steps,
    };
    const data: QuizArtifact = { ...quizFixture, items: [order, order] };
    const lms = runtime('2004');
    const p = await play(quizPlayerHtml(data), lms);
    const shown = () => [...p.doc.querySelectorAll('#order .step-text')].map((el) => el.textContent);
    const up = (step: string) =>
      (p.doc.querySelector(`button[aria-label="Move up: ${step}"]`) as unknown as HTMLButtonElement).click();
    expect([...shown()].sort()).toEqual([...steps].sort());
    expect(shown()).not.toEqual(steps);
    // First question: bubble every step into place with "Move up"; the focus follows the moved step.
    for (const [place, step] of steps.entries())
      for (let at = shown().indexOf(step); at > place; at--) {
        up(step);
        expect(p.doc.activeElement?.getAttribute('aria-label')).toMatch(
          new RegExp(`^Move (up|down): ${step}$`),
        );
      }
    expect(shown()).toEqual(steps);
    p.click('Check answer');
    expect(p.text()).toContain('Correct');
    p.click('Next question');
    // Second question: checked as shown (out of order): 0.
    p.click('Check answer');
    expect(p.text()).toContain('The order: 1. Wet your hands');
    p.click('See results');
    expect(p.text()).toContain('50%');
    expect(lms.values['cmi.interactions.0.type']).toBe('sequencing');
    expect(lms.values['cmi.interactions.0.learner_response']).toBe('S1[,]S2[,]S3[,]S4');
    expect(lms.values['cmi.interactions.0.result']).toBe('correct');
    expect(lms.values['cmi.interactions.1.result']).toBe('incorrect');
  });
});

/** Plays the fixture quiz to its result: question 2 ticks `second`, question 3 picks `tf` (0 True, 1 False). */
function answerQuiz(p: Awaited<ReturnType<typeof play>>, second: number[], tf: number) {
  const steps: (() => void)[] = [
    () => p.pick(0),
    () => second.forEach(p.pick),
    () => p.pick(tf),
    () => ((p.doc.getElementById('answer') as unknown as HTMLInputElement).value = 'Hand sanitiser'),
    () =>
      p.doc
        .querySelectorAll('select')
        .forEach((s, i) => ((s as unknown as HTMLSelectElement).value = String(i))),
  ];
  steps.forEach((step, i) => {
    step();
    p.click('Check answer');
    p.click(i === steps.length - 1 ? 'See results' : 'Next question');
  });
}

describe('quiz player under a SCORM runtime', () => {
  it('SCORM 2004: records an interaction per item, success and completion apart, the scaled score', async () => {
    const lms = runtime('2004');
    // Question 2: the wrong option only; question 3: True (right).
    answerQuiz(await play(quizPlayerHtml(quizFixture), lms), [2], 0);
    const v = lms.values;
    expect(v['cmi.completion_status']).toBe('completed');
    expect(v['cmi.success_status']).toBe('passed');
    expect(v['cmi.score.scaled']).toBe('0.8');
    expect(v['cmi.score.raw']).toBe('80');
    expect(
      [0, 1, 2, 3, 4].map((n) => [v[`cmi.interactions.${n}.type`], v[`cmi.interactions.${n}.result`]]),
    ).toEqual([
      ['choice', 'correct'],
      ['choice', 'incorrect'],
      ['true-false', 'correct'],
      ['fill-in', 'correct'],
      ['matching', 'correct'],
    ]);
    expect(v['cmi.interactions.1.learner_response']).toBe('C');
    expect(v['cmi.interactions.2.learner_response']).toBe('true');
    expect(v['cmi.interactions.4.learner_response']).toBe('L1[.]R1[,]L2[.]R2[,]L3[.]R3');
    expect(v['cmi.suspend_data']).toBe('');
  });

  it("SCORM 1.2: records an interaction per item in 1.2's formats (cmi.interactions.n.*)", async () => {
    const lms = runtime('1.2');
    // Question 2: one right and one wrong option (1/3, no negative marks); question 3: False (wrong).
    answerQuiz(await play(quizPlayerHtml(quizFixture), lms), [0, 2], 1);
    const v = lms.values;
    const field = (name: string) => [0, 1, 2, 3, 4].map((n) => v[`cmi.interactions.${n}.${name}`]);
    expect(field('id')).toEqual(['Q1', 'Q2', 'Q3', 'Q4', 'Q5']);
    expect(field('type')).toEqual(['choice', 'choice', 'true-false', 'fill-in', 'matching']);
    expect(field('student_response')).toEqual(['a', 'a,c', 'f', 'Hand sanitiser', '0.0,1.1,2.2']);
    expect(field('result')).toEqual(['correct', '0.333', 'wrong', 'correct', 'correct']);
    for (const time of field('time')) expect(time).toMatch(/^\d\d:\d\d:\d\d$/);
    // 2004-only elements are not sent to a 1.2 runtime.
    expect(Object.keys(v).some((k) => /learner_response|description/.test(k))).toBe(false);
    expect(v['cmi.core.lesson_status']).toBe('failed');
  });

  it("keeps the suspend data of a 50-item quiz within SCORM 1.2's 4,096 characters", async () => {
    const item = quizFixture.items[1]!;
    const data: QuizArtifact = {
      ...quizFixture,
      items: Array.from({ length: 50 }, (_, i) => ({ ...item, id: `q${i}` })),
    };
    const lms = runtime('1.2');
    const { click, pick } = await play(quizPlayerHtml(data), lms);
    for (let i = 0; i < 49; i++) {
      pick(0);
      click('Check answer');
      click('Next question');
    }
    const saved = lms.values['cmi.suspend_data']!;
    expect(saved).toBe(`Q1;${Array(49).fill('0.333').join(',')}`);
    expect(saved.length).toBeLessThanOrEqual(4096);
  });

  it('SCORM 1.2 and 2004: a relaunch resumes at the next unanswered item with the points kept', async () => {
    for (const version of ['1.2', '2004'] as const) {
      const first = runtime(version);
      const a = await play(quizPlayerHtml(quizFixture), first);
      a.pick(0);
      a.click('Check answer');
      a.click('Next question');
      a.pick(2);
      a.click('Check answer');
      expect(first.values['cmi.suspend_data']).toBe('Q1;1,0');
      a.win.dispatchEvent(new a.win.Event('pagehide'));
      expect(first.values[version === '2004' ? 'cmi.exit' : 'cmi.core.exit']).toBe('suspend');

      const entry = version === '2004' ? 'cmi.entry' : 'cmi.core.entry';
      const second = runtime(version, { [entry]: 'resume', 'cmi.suspend_data': 'Q1;1,0' });
      const b = await play(quizPlayerHtml(quizFixture), second);
      expect(b.text()).toContain('Question 3 of 5');
      expect(b.text()).toContain('Score: 1 / 5');
    }
  });
});

describe('scenario results', () => {
  const failureEnding: ScenarioArtifact = {
    ...scenarioFixture,
    nodes: scenarioFixture.nodes
      .map((n) =>
        n.id === 'public'
          ? {
              ...n,
              choices: [
                ...n.choices,
                { id: 'c6', text: 'Walk out', nextNodeId: 'bad-end', consequence: '', score: 10 },
              ],
            }
          : n,
      )
      .concat({
        id: 'bad-end',
        title: 'Walked out',
        narrative: 'The team saw it all.',
        choices: [],
        ending: { outcome: 'failure', summary: 'Trust is gone.' },
        source: null,
      }),
  };

  async function path(data: ScenarioArtifact, choices: string[], version: '1.2' | '2004' = '2004') {
    const lms = runtime(version);
    const p = await play(scenarioPlayerHtml(data), lms);
    for (const c of choices) p.click(c);
    return { ...p, values: lms.values };
  }

  it('the best path to a success ending passes with 100 (scaled 1), completion apart', async () => {
    const { values, text } = await path(scenarioFixture, [
      'Ask Sam for a private word',
      'Agree on a new start time and check in next week',
    ]);
    expect(values['cmi.success_status']).toBe('passed');
    expect(values['cmi.completion_status']).toBe('completed');
    expect(values['cmi.score.scaled']).toBe('1');
    expect(text()).toContain('Passed');
    expect(values['cmi.interactions.0.learner_response']).toBe('c1');
    expect(values['cmi.interactions.1.id']).toBe('node2');
  });

  it('a partial ending fails, and a success ending below the mastery score fails (raw score over the best path)', async () => {
    const partial = await path(scenarioFixture, [
      'Ask Sam for a private word',
      'Remind Sam of the policy and leave it there',
    ]);
    expect(partial.values['cmi.success_status']).toBe('failed');
    expect(partial.values['cmi.score.raw']).toBe('50');
    expect(partial.values['cmi.completion_status']).toBe('completed');
    const detour = await path(scenarioFixture, [
      'Call it out in front of the team',
      'Apologise later and talk in private',
      'Agree on a new start time and check in next week',
    ]);
    expect(detour.values['cmi.score.raw']).toBe('25');
    expect(detour.values['cmi.success_status']).toBe('failed');
    // A lower mastery score set by the designer lets the same path pass.
    const lenient = await path({ ...scenarioFixture, masteryScore: 20 }, [
      'Call it out in front of the team',
      'Apologise later and talk in private',
      'Agree on a new start time and check in next week',
    ]);
    expect(lenient.values['cmi.success_status']).toBe('passed');
    // So does the LMS's cmi.scaled_passing_score (2004) or cmi.student_data.mastery_score (1.2) when it gives one.
    for (const [version, key, value] of [
      ['2004', 'cmi.scaled_passing_score', '0.2'],
      ['1.2', 'cmi.student_data.mastery_score', '20'],
    ] as const) {
      const lms = runtime(version, { [key]: value });
      const p = await play(scenarioPlayerHtml(scenarioFixture), lms);
      for (const c of [
        'Call it out in front of the team',
        'Apologise later and talk in private',
        'Agree on a new start time and check in next week',
      ])
        p.click(c);
      expect(lms.values[version === '2004' ? 'cmi.success_status' : 'cmi.core.lesson_status']).toBe('passed');
      expect(p.text()).toContain('mastery score 20%');
    }
  });

  it('a failure ending reports failed (SCORM 1.2 lesson_status and 2004 success_status), whatever the score', async () => {
    const choices = ['Call it out in front of the team', 'Walk out'];
    const lenient = { ...failureEnding, masteryScore: 0 };
    expect((await path(lenient, choices, '2004')).values['cmi.success_status']).toBe('failed');
    expect((await path(lenient, choices, '1.2')).values['cmi.core.lesson_status']).toBe('failed');
    // The designer can make a partial ending pass.
    const passingPartial: ScenarioArtifact = {
      ...scenarioFixture,
      masteryScore: 50,
      nodes: scenarioFixture.nodes.map((n) =>
        n.ending?.outcome === 'partial' ? { ...n, ending: { ...n.ending, passed: true } } : n,
      ),
    };
    const partial = await path(
      passingPartial,
      ['Ask Sam for a private word', 'Remind Sam of the policy and leave it there'],
      '1.2',
    );
    expect(partial.values['cmi.core.lesson_status']).toBe('passed');
  });

  it('a long path keeps its suspend data within 4,096 characters (the oldest steps go) and still resumes', async () => {
    // Twelve nodes; the last two loop into each other, so every step adds a two-digit index.
    const loop: ScenarioArtifact = {
      ...scenarioFixture,
      startNodeId: 'n0',
      nodes: Array.from({ length: 12 }, (_, i): ScenarioArtifact['nodes'][number] => ({
        id: `n${i}`,
        title: `Step ${i}`,
        narrative: `Node ${i}`,
        choices: [
          {
            id: `c${i}`,
            text: i === 11 ? 'Back' : 'On',
            nextNodeId: i === 11 ? 'n10' : `n${i + 1}`,
            consequence: '',
            score: 0,
          },
          { id: `e${i}`, text: 'Stop', nextNodeId: 'end', consequence: '', score: 1 },
        ],
        ending: null,
        source: null,
      })).concat({
        id: 'end',
        title: 'End',
        narrative: 'Done.',
        choices: [],
        ending: { outcome: 'success', summary: 'Done.' },
        source: null,
      }),
    };
    // A learner 1,400 steps in (the path as the player saved it before the limit): one more step saves.
    const steps = [
      ...Array.from({ length: 10 }, (_, i) => i),
      ...Array.from({ length: 1390 }, (_, i) => 10 + (i % 2)),
    ];
    const lms = runtime('1.2', { 'cmi.core.entry': 'resume', 'cmi.suspend_data': `S1;0;${steps.join('.')}` });
    const p = await play(scenarioPlayerHtml(loop), lms);
    expect(p.text()).toContain('Node 11');
    p.click('Back');
    const saved = lms.values['cmi.suspend_data']!;
    expect(saved).toMatch(/^S1;0;(1[01]\.)+1[01]$/);
    expect(saved.length).toBeGreaterThan(3900);
    expect(saved.length).toBeLessThanOrEqual(4096);
    const again = runtime('1.2', { 'cmi.core.entry': 'resume', 'cmi.suspend_data': saved });
    const resumed = await play(scenarioPlayerHtml(loop), again);
    expect(resumed.text()).toContain('Node 10');
    resumed.click('Stop');
    expect(again.values['cmi.core.lesson_status']).toBe('passed');
  });

  it('resumes a suspended path: score, steps and the current node', async () => {
    const first = await path(scenarioFixture, ['Call it out in front of the team'], '1.2');
    expect(first.values['cmi.suspend_data']).toBe('S1;-10;0.2');
    const lms = runtime('1.2', { 'cmi.core.entry': 'resume', 'cmi.suspend_data': 'S1;-10;0.2' });
    const again = await play(scenarioPlayerHtml(scenarioFixture), lms);
    expect(again.text()).toContain('Silence');
    expect(again.text()).toContain('Score: -10');
    again.click('Apologise later and talk in private');
    again.click('Agree on a new start time and check in next week');
    expect(lms.values['cmi.core.score.raw']).toBe('25');
    expect(again.text()).toContain('1. Late again');
  });
});
