// SCORM 2004 4th Edition packages from the artifact exporter, played in Chromium under scorm-again's 2004
// runtime (issue 38): the quiz suspends after two answers, resumes after a reload of the LMS at question 3 with
// its points, and ends completed + passed with cmi.score.scaled 0.8 and an interaction per item; scenario
// endings report success apart from completion (a partial ending → failed, the best path → passed, 1.0), and
// a failure ending reports failed whatever the score.
import { expect, test, type Page } from '@playwright/test';
import type { ScenarioArtifact } from '../../packages/api/src/schemas/artifacts.js';
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

async function loadPackage(kind: 'quiz' | 'scenario', scenario: ScenarioArtifact = scenarioFixture) {
  const file = await exportArtifact(kind, kind === 'quiz' ? quizFixture : scenario, 'scorm2004');
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
