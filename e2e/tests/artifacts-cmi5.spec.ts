// A cmi5 AU from the artifact exporter (issue 38), launched in Chromium the way a cmi5 LMS launches it (endpoint,
// fetch, actor, registration, activityId on the URL) against the small LRS of the test LMS: it asks the fetch
// URL for a token, reads the launch data, and sends initialized, answered per choice, passed, completed and,
// when the page goes away, terminated — with the registration and the LMS's context template. A quiz AU
// relaunched in the same registration resumes from its state document; a failing path sends failed.
import { expect, test } from '@playwright/test';
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

test('scenario cmi5 AU: the statement sequence an LRS receives for a passing path', async ({ page }) => {
  const file = await exportArtifact('scenario', scenarioFixture, 'cmi5');
  lms.load(new Uint8Array(file.body));
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('request', (r) => {
    if (!r.url().startsWith(lms.url)) problems.push(`outside request: ${r.url()}`);
  });
  const actor = { objectType: 'Agent', account: { homePage: 'https://lms.test', name: 'learner-1' } };
  const query = new URLSearchParams({
    endpoint: `${lms.url}/lrs/xapi/`,
    fetch: `${lms.url}/lrs/fetch`,
    actor: JSON.stringify(actor),
    registration: '3f0e3c4c-8a5e-4b47-9b43-1e3f8d2f9a11',
    activityId: 'urn:ld-assistant:au:difficult-conversation',
  });
  await page.goto(`${lms.url}/sco/index.html?${query.toString()}`);
  await page.getByRole('button', { name: 'Ask Sam for a private word' }).click();
  await page.getByRole('button', { name: 'Agree on a new start time and check in next week' }).click();
  await expect(page.getByText('Passed', { exact: true })).toBeVisible();
  await page.goto('about:blank');
  const verbs = () => lms.statements().map((s) => (s.statement.verb as { id: string }).id.split('/').pop());
  await expect
    .poll(verbs)
    .toEqual(['initialized', 'answered', 'answered', 'passed', 'completed', 'terminated']);
  for (const { auth, statement } of lms.statements()) {
    expect(auth).toBe('Basic dGVzdDp0ZXN0');
    expect(statement.actor).toEqual(actor);
    const context = statement.context as { registration: string; extensions: Record<string, string> };
    expect(context.registration).toBe('3f0e3c4c-8a5e-4b47-9b43-1e3f8d2f9a11');
    expect(context.extensions['https://w3id.org/xapi/cmi5/context/extensions/sessionid']).toBe('session-1');
  }
  const passed = lms.statements()[3]!.statement.result as { score: { scaled: number }; success: boolean };
  expect(passed).toMatchObject({ score: { scaled: 1 }, success: true });
  expect(problems).toEqual([]);
});

const actor = { objectType: 'Agent', account: { homePage: 'https://lms.test', name: 'learner-2' } };
const launchUrl = (registration: string, activityId: string) =>
  `${lms.url}/sco/index.html?${new URLSearchParams({
    endpoint: `${lms.url}/lrs/xapi/`,
    fetch: `${lms.url}/lrs/fetch`,
    actor: JSON.stringify(actor),
    registration,
    activityId,
  }).toString()}`;
const verbsOf = (registration: string) =>
  lms
    .statements()
    .filter((s) => (s.statement.context as { registration: string }).registration === registration)
    .map((s) => (s.statement.verb as { id: string }).id.split('/').pop());

test('quiz cmi5 AU: a relaunch in the same registration resumes from its state document, then passes', async ({
  page,
}) => {
  const file = await exportArtifact('quiz', quizFixture, 'cmi5');
  lms.load(new Uint8Array(file.body));
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  const registration = '6a1d8c1e-2f0b-4e0e-9a55-0c7d2b1e4f21';
  const url = launchUrl(registration, 'urn:ld-assistant:au:hand-hygiene');
  await page.goto(url);
  const check = () => page.getByRole('button', { name: 'Check answer' }).click();
  const next = (label = 'Next question') => page.getByRole('button', { name: label }).click();
  await expect(page.getByText('Question 1 of 5')).toBeVisible();
  await page.getByLabel('Before patient contact').check();
  await check();
  await next();
  await page.getByLabel('Before lunch <b>break</b>').check();
  await check();
  const key = `urn:ld-assistant:state:suspend-data ${registration}`;
  await expect.poll(() => lms.states()[key]).toBe(JSON.stringify({ suspendData: 'Q1;1,0' }));

  // The learner closes the window and the LMS launches the AU again in the same registration.
  await page.goto('about:blank');
  await page.goto(url);
  await expect(page.getByText('Question 3 of 5')).toBeVisible();
  await expect(page.locator('#score')).toHaveText('Score: 1 / 5');
  await finishFixtureQuizFromQuestion3(page, quizFixture.items[4]!.pairs);
  await expect(page.getByText('Passed', { exact: true })).toBeVisible();
  await page.goto('about:blank');
  await expect
    .poll(() => verbsOf(registration))
    .toEqual([
      'initialized',
      'answered',
      'answered',
      'terminated',
      'initialized',
      'answered',
      'answered',
      'answered',
      'passed',
      'completed',
      'terminated',
    ]);
  const passed = lms
    .statements()
    .find(
      (s) =>
        (s.statement.context as { registration: string }).registration === registration &&
        (s.statement.verb as { id: string }).id.endsWith('/passed'),
    )!.statement.result as { score: { scaled: number } };
  expect(passed.score.scaled).toBe(0.8);
  // The result cleared the state: the next attempt starts afresh.
  expect(lms.states()[key]).toBeUndefined();
  expect(problems).toEqual([]);
});

test('scenario cmi5 AU: a partial ending sends failed (with completed) and no passed', async ({ page }) => {
  const file = await exportArtifact('scenario', scenarioFixture, 'cmi5');
  lms.load(new Uint8Array(file.body));
  const registration = '0b9e4f3a-7c2d-4a8b-9e11-5f6a7b8c9d00';
  await page.goto(launchUrl(registration, 'urn:ld-assistant:au:difficult-conversation'));
  await page.getByRole('button', { name: 'Ask Sam for a private word' }).click();
  await page.getByRole('button', { name: 'Remind Sam of the policy and leave it there' }).click();
  await expect(page.getByText('Not passed yet')).toBeVisible();
  await page.goto('about:blank');
  await expect
    .poll(() => verbsOf(registration))
    .toEqual(['initialized', 'answered', 'answered', 'failed', 'completed', 'terminated']);
  const failed = lms
    .statements()
    .find(
      (s) =>
        (s.statement.context as { registration: string }).registration === registration &&
        (s.statement.verb as { id: string }).id.endsWith('/failed'),
    )!.statement.result as { score: { scaled: number }; success: boolean };
  expect(failed).toMatchObject({ score: { scaled: 0.5 }, success: false });
});
