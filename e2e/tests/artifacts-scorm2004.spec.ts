// SCORM 2004 4th Edition packages from the artifact exporter, played in Chromium under scorm-again's 2004
// runtime (issue 38): the quiz suspends after two answers, resumes after a reload of the LMS at question 3 with
// its points, and ends completed + passed with cmi.score.scaled 0.8 and an interaction per item; scenario
// endings report success apart from completion (a partial ending → failed, the best path → passed, 1.0), and
// a failure ending reports failed whatever the score. Ordering items play with their "Move up" buttons and are
// recorded as sequencing interactions (learner response S2[,]S1[,]…, result correct / incorrect).
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import type { QuizArtifact, ScenarioArtifact } from '../../packages/api/src/schemas/artifacts.js';
import { exportArtifact } from '../../packages/api/src/services/artifacts/export/index.js';
import {
  quizFixture,
  scenarioFixture,
} from '../../packages/api/src/services/artifacts/export/test-fixtures.js';
import { finishFixtureQuizFromQuestion3, startTestLms, type TestLms } from './artifacts-scorm-lms.js';

let lms: TestLms;

test.beforeAll(async () => {
  lms = await startTestLms();
});
test.afterAll(async () => {
  await lms?.close();
});

async function loadPackage(
  kind: 'quiz' | 'scenario',
  scenario: ScenarioArtifact = scenarioFixture,
  quiz: QuizArtifact = quizFixture,
) {
  const file = await exportArtifact(kind, kind === 'quiz' ? quiz : scenario, 'scorm2004');
  lms.load(new Uint8Array(file.body));
}

/** Fails the test on any page error or request outside the test LMS. */
function guard(page: Page) {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('request', (r) => {
    if (!r.url().startsWith(lms.url)) problems.push(`outside request: ${r.url()}`);
  });
  return problems;
}

interface Record2004 {
  completion: string;
  success: string;
  scaled: string;
  raw: string;
  suspend: string;
  interactions: number;
  calls: string[];
  set: Record<string, string>;
}

const recorded = (page: Page): Promise<Record2004> =>
  page.evaluate(() => {
    const w = window as unknown as {
      API_1484_11: {
        cmi: {
          completion_status: string;
          success_status: string;
          suspend_data: string;
          score: { scaled: string; raw: string };
          interactions: { childArray: unknown[] };
        };
      };
      lmsCalls: string[];
      lmsSet: Record<string, string>;
    };
    const cmi = w.API_1484_11.cmi;
    return {
      completion: cmi.completion_status,
      success: cmi.success_status,
      scaled: String(cmi.score.scaled),
      raw: String(cmi.score.raw),
      suspend: cmi.suspend_data,
      interactions: cmi.interactions.childArray.length,
      calls: w.lmsCalls,
      set: w.lmsSet,
    };
  });

async function leaveSco(page: Page) {
  await page.evaluate(() => {
    (document.getElementById('sco') as HTMLIFrameElement).src = 'about:blank';
  });
  await expect.poll(async () => (await recorded(page)).calls).toContain('Terminate');
}

test('quiz SCORM 2004: suspend after two answers, resume after a reload, completed + passed with scaled 0.8', async ({
  page,
}) => {
  await loadPackage('quiz');
  const problems = guard(page);
  await page.goto(`${lms.url}/lms2004/`);
  await page.evaluate(() => sessionStorage.clear());
  await page.reload();
  const sco = page.frameLocator('#sco');
  const check = () => sco.getByRole('button', { name: 'Check answer' }).click();
  const next = (label = 'Next question') => sco.getByRole('button', { name: label }).click();

  await expect(sco.getByText('Question 1 of 5')).toBeVisible();
  await expect.poll(async () => (await recorded(page)).completion).toBe('incomplete');
  // Single choice: radio buttons.
  await expect(sco.getByRole('radio')).toHaveCount(3);
  await sco.getByLabel('Before patient contact').check();
  await check();
  await next();
  // Multiple response: checkboxes; the wrong option alone scores 0.
  await expect(sco.getByRole('checkbox')).toHaveCount(4);
  await sco.getByLabel('Before lunch <b>break</b>').check();
  await check();
  await expect(sco.locator('#score')).toHaveText('Score: 1 / 5');
  expect((await recorded(page)).suspend).toBe('Q1;1,0');

  await leaveSco(page);
  expect((await recorded(page)).set['cmi.exit']).toBe('suspend');
  expect((await recorded(page)).set['cmi.session_time']).toMatch(/^PT\d+H\d+M[\d.]+S$/);
  // The learner comes back: the LMS relaunches the SCO with entry "resume" and the suspend data.
  await page.reload();
  await expect(sco.getByText('Question 3 of 5')).toBeVisible();
  await expect(sco.locator('#score')).toHaveText('Score: 1 / 5');
  await finishFixtureQuizFromQuestion3(sco, quizFixture.items[4]!.pairs);
  // 1 + 0 + 1 + 1 + 1 of 5 = 80 %, the pass mark.
  await expect(sco.getByText('80%', { exact: true })).toBeVisible();
  await expect(sco.getByText('Passed', { exact: true })).toBeVisible();
  expect(await recorded(page)).toMatchObject({
    completion: 'completed',
    success: 'passed',
    scaled: '0.8',
    raw: '80',
    suspend: '',
    interactions: 3,
  });
  await leaveSco(page);
  expect((await recorded(page)).set['cmi.exit']).toBe('normal');
  expect(problems).toEqual([]);
});

test('scenario SCORM 2004: a partial ending is completed + failed; the best path is completed + passed with scaled 1', async ({
  page,
}) => {
  await loadPackage('scenario');
  const problems = guard(page);
  await page.goto(`${lms.url}/lms2004/`);
  await page.evaluate(() => sessionStorage.clear());
  await page.reload();
  const sco = page.frameLocator('#sco');
  await sco.getByRole('button', { name: 'Ask Sam for a private word' }).click();
  await sco.getByRole('button', { name: 'Remind Sam of the policy and leave it there' }).click();
  await expect(sco.getByText('Outcome: Partial success')).toBeVisible();
  await expect(sco.getByText('Not passed yet')).toBeVisible();
  expect(await recorded(page)).toMatchObject({
    completion: 'completed',
    success: 'failed',
    scaled: '0.5',
    interactions: 2,
  });

  await sco.getByRole('button', { name: 'Restart' }).click();
  await sco.getByRole('button', { name: 'Ask Sam for a private word' }).click();
  await sco.getByRole('button', { name: 'Agree on a new start time and check in next week' }).click();
  await expect(sco.getByText('Passed', { exact: true })).toBeVisible();
  expect(await recorded(page)).toMatchObject({ completion: 'completed', success: 'passed', scaled: '1' });
  await leaveSco(page);
  expect(problems).toEqual([]);
});

test('scenario SCORM 2004: a failure ending reports failed (completed), even with a mastery score of 0', async ({
  page,
}) => {
  // The fixture plus a 'Walk out' choice (+10) to a failure ending, and a mastery score any score reaches.
  const withFailure: ScenarioArtifact = {
    ...scenarioFixture,
    masteryScore: 0,
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
  await loadPackage('scenario', withFailure);
  const problems = guard(page);
  await page.goto(`${lms.url}/lms2004/`);
  await page.evaluate(() => sessionStorage.clear());
  await page.reload();
  const sco = page.frameLocator('#sco');
  await sco.getByRole('button', { name: 'Call it out in front of the team' }).click();
  await sco.getByRole('button', { name: 'Walk out' }).click();
  await expect(sco.getByText('Outcome: Failure')).toBeVisible();
  await expect(sco.getByText('Not passed yet')).toBeVisible();
  expect(await recorded(page)).toMatchObject({
    completion: 'completed',
    success: 'failed',
    scaled: '0',
    interactions: 2,
  });
  await leaveSco(page);
  expect((await recorded(page)).set['cmi.exit']).toBe('normal');
  expect(problems).toEqual([]);
});

/** Two ordering items: the learner orders the first correctly and leaves the second as shown. */
const orderingQuiz: QuizArtifact = {
  ...quizFixture,
  title: 'Hand hygiene in order',
  passingScore: 80,
  items: [
    {
      id: 'wash',
      type: 'ordering',
      stem: 'Put the hand-washing steps in order.',
      steps: ['Wet your hands', 'Apply soap', 'Scrub for 20 seconds', 'Rinse', 'Dry with a clean towel'],
      options: [],
      acceptedAnswers: [],
      pairs: [],
      objectiveId: null,
      difficulty: 'easy',
      feedback: '',
    },
    {
      id: 'gloves',
      type: 'ordering',
      stem: 'Put the steps for taking off gloves in order.',
      steps: [
        'Pinch the first glove at the wrist',
        'Peel it off inside out',
        'Slide a finger under the second',
      ],
      options: [],
      acceptedAnswers: [],
      pairs: [],
      objectiveId: null,
      difficulty: 'medium',
      feedback: '',
    },
  ],
};

/** The steps' texts in the SCO's list, top to bottom. */
const shownOrder = (sco: FrameLocator) => sco.locator('#order .step-text').allTextContents();

interface Interaction2004 {
  id: string;
  type: string;
  response: string;
  result: string;
}
const interactions = (page: Page): Promise<Interaction2004[]> =>
  page.evaluate(() => {
    const w = window as unknown as {
      API_1484_11: {
        cmi: {
          interactions: {
            childArray: { id: string; type: string; learner_response: string; result: string }[];
          };
        };
      };
    };
    return w.API_1484_11.cmi.interactions.childArray.map((i) => ({
      id: i.id,
      type: i.type,
      response: i.learner_response,
      result: i.result,
    }));
  });

test('quiz SCORM 2004: ordering items are sequencing interactions — one in order (correct), one as shown (incorrect), completed + failed with 0.5', async ({
  page,
}) => {
  await loadPackage('quiz', scenarioFixture, orderingQuiz);
  const problems = guard(page);
  await page.goto(`${lms.url}/lms2004/`);
  await page.evaluate(() => sessionStorage.clear());
  await page.reload();
  const sco = page.frameLocator('#sco');
  const steps = orderingQuiz.items[0]!.steps!;

  // The steps are first shown alphabetically (never the answer): Apply, Dry, Rinse, Scrub, Wet.
  await expect(sco.getByText('Question 1 of 2')).toBeVisible();
  expect(await shownOrder(sco)).toEqual([
    'Apply soap',
    'Dry with a clean towel',
    'Rinse',
    'Scrub for 20 seconds',
    'Wet your hands',
  ]);
  // Bubble each step up into its place with its "Move up" button.
  for (const [place, step] of steps.entries()) {
    for (let at = (await shownOrder(sco)).indexOf(step); at > place; at--)
      await sco.getByRole('button', { name: `Move up: ${step}` }).click();
  }
  expect(await shownOrder(sco)).toEqual(steps);
  await sco.getByRole('button', { name: 'Check answer' }).click();
  await expect(sco.getByText('Correct', { exact: true })).toBeVisible();
  await expect(sco.locator('#score')).toHaveText('Score: 1 / 2');
  expect(await interactions(page)).toEqual([
    { id: 'Q1', type: 'sequencing', response: 'S1[,]S2[,]S3[,]S4[,]S5', result: 'correct' },
  ]);
  expect((await recorded(page)).suspend).toBe('Q1;1');

  // The second item checked as shown: Peel (2nd), Pinch (1st), Slide (3rd) — the learner's order as step ids.
  await sco.getByRole('button', { name: 'Next question' }).click();
  expect(await shownOrder(sco)).toEqual([
    'Peel it off inside out',
    'Pinch the first glove at the wrist',
    'Slide a finger under the second',
  ]);
  await sco.getByRole('button', { name: 'Check answer' }).click();
  await expect(sco.getByText('Not quite')).toBeVisible();
  await expect(sco.getByText('Belongs in place 1')).toBeVisible();
  await sco.getByRole('button', { name: 'See results' }).click();

  await expect(sco.getByText('50%', { exact: true })).toBeVisible();
  expect(await interactions(page)).toEqual([
    { id: 'Q1', type: 'sequencing', response: 'S1[,]S2[,]S3[,]S4[,]S5', result: 'correct' },
    { id: 'Q2', type: 'sequencing', response: 'S2[,]S1[,]S3', result: 'incorrect' },
  ]);
  expect(await recorded(page)).toMatchObject({
    completion: 'completed',
    success: 'failed',
    scaled: '0.5',
    raw: '50',
    suspend: '',
    interactions: 2,
  });
  await leaveSco(page);
  expect((await recorded(page)).set['cmi.exit']).toBe('normal');
  expect(problems).toEqual([]);
});
