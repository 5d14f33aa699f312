// A cmi5 AU from the artifact exporter (issue 38), launched in Chromium the way a cmi5 LMS launches it (endpoint,
// fetch, actor, registration, activityId on the URL) against the small LRS of the test LMS: it asks the fetch
// URL for a token, reads the launch data, and sends initialized, answered per choice, passed, completed and,
// when the page goes away, terminated — with the registration and the LMS's context template.
import { expect, test } from '@playwright/test';
import { exportArtifact } from '../../packages/api/src/services/artifacts/export/index.js';
import { scenarioFixture } from '../../packages/api/src/services/artifacts/export/test-fixtures.js';
import { startTestLms, type TestLms } from './artifacts-scorm-lms.js';

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
