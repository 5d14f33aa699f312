// Issue 17 in the browser: Stop keeps the partial answer (Regenerate, Edit), fitting first answers to the
// dashboard actions, and the chat habits — focus, counter, search arrows, skip link, New chat reuse, tables,
// toasts, message times. Screenshots at 1280 and 375 px into /tmp/shots/chat/.
import { expect, test, type Page } from '@playwright/test';
import { createUser, signInAs } from '../support/users';

const SHOTS = '/tmp/shots/chat';
const input = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const streaming = (page: Page) => page.locator('[data-role="assistant"][data-streaming="true"]');
const answers = (page: Page) => page.locator('[data-role="assistant"]');

async function sendAndWait(page: Page, text: string) {
  await input(page).fill(text);
  await input(page).press('Enter');
  await expect(streaming(page)).toBeVisible();
  await expect(streaming(page)).toHaveCount(0, { timeout: 30_000 });
}

test(
  'Stop keeps the partial answer marked stopped; Regenerate and Edit replace the last exchange',
  { tag: '@paced' },
  async ({ page, request }) => {
    const u = await createUser(request, { plan: 'pro', messageLimit: 50 });
    await signInAs(page, u, '/chat');
    // The composer has the focus on load, and again after a send.
    await expect(input(page)).toBeFocused();
    await input(page).fill('Create a learning plan for new team leaders');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(input(page)).toBeFocused();
    // Some text, then Stop at once (a web-first assertion retries far more often than expect.poll's backoff).
    await expect(streaming(page)).toHaveText(/[\s\S]{40}/);
    await page.getByRole('button', { name: 'Stop generating' }).click();

    // The question and the partial answer stay, marked stopped — also after a reload (stored on the server).
    const stopped = page.locator('[data-role="assistant"][data-stopped="true"]');
    await expect(stopped).toHaveCount(1);
    await expect(stopped.getByTestId('message-stopped')).toHaveText(/Stopped/);
    await expect(page.locator('[data-role="user"]')).toHaveCount(1);
    await expect(input(page)).toHaveValue('');
    const partial = await stopped.locator('.chat-markdown').innerText();
    await page.reload();
    await expect(page.locator('[data-role="assistant"][data-stopped="true"]')).toHaveCount(1);
    // The server's copy: at least what the screen had (a chunk may have been in flight when Stop was pressed).
    const stored = await page.locator('[data-stopped="true"] .chat-markdown').innerText();
    expect(stored.startsWith(partial.slice(0, 30))).toBe(true);
    for (const w of [1280, 375]) {
      await page.setViewportSize({ width: w, height: 800 });
      await page.screenshot({ path: `${SHOTS}/stopped-${w}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // Regenerate replaces the stopped answer with a whole one.
    await page.getByRole('button', { name: 'Regenerate answer' }).click();
    await expect(streaming(page)).toHaveCount(0, { timeout: 30_000 });
    await expect(page.locator('[data-stopped="true"]')).toHaveCount(0);
    await expect(answers(page)).toHaveCount(1);
    await expect(answers(page).getByRole('heading', { name: /Learning plan/ })).toBeVisible();

    // Edit the last user message: the exchange is replaced by the new question and its answer.
    await page.locator('[data-role="user"]').hover();
    await page.getByRole('button', { name: 'Edit message' }).click();
    const edit = page.getByRole('textbox', { name: 'Edit message' });
    await expect(edit).toBeFocused();
    await edit.fill('Create a quiz on data privacy');
    await page.getByRole('button', { name: 'Save & send' }).click();
    await expect(streaming(page)).toHaveCount(0, { timeout: 30_000 });
    await expect(page.locator('[data-role="user"]')).toHaveText(['Create a quiz on data privacy']);
    await expect(answers(page)).toHaveCount(1);
    await expect(
      answers(page)
        .getByRole('heading', { name: /data privacy/i })
        .first(),
    ).toBeVisible();
    await page.reload();
    await expect(page.locator('[data-role="user"]')).toHaveText(['Create a quiz on data privacy']);

    // Timestamps on hover.
    const time = answers(page).getByTestId('message-time');
    await expect(time).toHaveAttribute('data-label', /\d{1,2}:\d{2}/);
    await expect(time).toHaveCSS('opacity', '0');
    await answers(page).hover();
    await expect(time).toHaveCSS('opacity', '1');
  },
);

test('the four dashboard actions get fitting first answers', async ({ page, request }) => {
  const u = await createUser(request, { plan: 'pro', messageLimit: 50 });
  await signInAs(page, u, '/dashboard');
  const cases: [string, RegExp, RegExp][] = [
    ['start_chat', /^Hello! I'm your L&D assistant/, /Getting started/],
    ['new_learning_plan', /^Learning plan \(\d+ minutes\): Onboarding for new employees$/, /Getting started/],
    ['sme_walkthrough', /^SME walkthrough$/, /walkthrough: /],
    ['upload_sme_notes', /^SME walkthrough$/, /walkthrough: them/],
  ];
  for (const [action, first, never] of cases) {
    await page.goto(`/chat?action=${action}`);
    // The canned message goes after 500 ms; its answer may finish streaming before a check could see it stream.
    await expect(answers(page)).toHaveCount(1, { timeout: 10_000 });
    await expect(streaming(page)).toHaveCount(0, { timeout: 30_000 });
    const text = (await answers(page).last().locator('.chat-markdown').innerText()).trim();
    expect(text.split('\n')[0]).toMatch(first);
    expect(text).not.toMatch(never);
    if (action === 'start_chat') expect(text.trim().endsWith('?')).toBe(true);
  }
});

/** The top (px) of every toast on screen: mounted, not being removed, not hidden behind the stack. */
const toastTops = (page: Page) =>
  page
    .locator('[data-sonner-toast]')
    .evaluateAll((els) =>
      els
        .filter(
          (el) =>
            el.getAttribute('data-removed') !== 'true' &&
            el.getAttribute('data-visible') !== 'false' &&
            Number(getComputedStyle(el).opacity) > 0,
        )
        .map((el) => el.getBoundingClientRect().top),
    );

test('counter near the limit, over-limit message, search arrows, skip link, New chat reuse, tables, toasts', async ({
  page,
  request,
}) => {
  const u = await createUser(request, { plan: 'pro', messageLimit: 2 });
  await signInAs(page, u, '/chat');

  // Skip link: the first Tab stop of the page, and it lands in the message box.
  await expect(input(page)).toBeFocused();
  const skip = page.getByRole('link', { name: 'Skip to message box' });
  expect(
    await page.evaluate(
      () => document.querySelector('a[href], button, input, textarea, [tabindex="0"]')?.textContent,
    ),
  ).toBe('Skip to message box');
  await skip.focus();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(input(page)).toBeFocused();

  // Counter from 7,200 characters; over 8,000 a plain message, and no send.
  await input(page).fill('a'.repeat(7990));
  await expect(page.getByTestId('composer-counter')).toHaveText('7,990 / 8,000');
  for (const w of [1280, 375]) {
    await page.setViewportSize({ width: w, height: 800 });
    await page.screenshot({ path: `${SHOTS}/counter-${w}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await input(page).fill('a'.repeat(8012));
  await expect(page.getByTestId('composer-counter')).toHaveText(
    'Your message is 12 characters too long — shorten it to 8,000 characters to send it.',
  );
  await expect(page.getByRole('button', { name: 'Send message' })).toBeDisabled();
  await input(page).press('Enter');
  await expect(page.locator('[data-role="user"]')).toHaveCount(0);

  // A table answer scrolls sideways at 375 px instead of squeezing words.
  await sendAndWait(page, 'Which formats suit onboarding for remote sales staff?');
  const region = page.locator('.chat-table').first();
  await expect(region).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await region.scrollIntoViewIfNeeded();
  await expect.poll(() => region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  const cellHeights = await region
    .locator('td')
    .evaluateAll((tds) => tds.map((td) => (td as HTMLElement).getBoundingClientRect().width));
  expect(Math.min(...cellHeights)).toBeGreaterThan(90); // no one-word-wide columns
  await page.screenshot({ path: `${SHOTS}/table-375.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await region.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/table-1280.png` });

  // New chat: the empty chat is reused, not piled up.
  const sessions = page.getByTestId('chat-session');
  const tableUrl = page.url();
  await page
    .getByRole('button', { name: /New chat/i })
    .first()
    .click();
  await expect(page).not.toHaveURL(tableUrl);
  const emptyUrl = page.url();
  await expect(sessions).toHaveCount(2);
  const count = 2;
  await page
    .getByRole('button', { name: /New chat/i })
    .first()
    .click();
  await page
    .getByRole('button', { name: /New chat/i })
    .first()
    .click();
  await expect(sessions).toHaveCount(count);
  expect(page.url()).toBe(emptyUrl);
  await expect(input(page)).toBeFocused();

  // Search: ↓/↑ move through the results (aria-selected), Enter opens one.
  await page.keyboard.press('Control+/');
  const box = page.getByRole('combobox', { name: 'Search chats' });
  await box.fill('onboarding');
  const results = page.getByRole('option');
  await expect(results.first()).toBeVisible();
  await box.press('ArrowDown');
  await expect(results.first()).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('[data-role="assistant"]').first()).toBeVisible();

  // Toasts keep off the header: bottom-right on desktop, at the top below the header on phones. Every
  // toast on screen is measured (an older one stacked above the newest is what covered the header).
  await sendAndWait(page, 'One more');
  await input(page).fill('Over the quota');
  await input(page).press('Enter');
  await expect(page.locator('[data-sonner-toast]').first()).toBeVisible();
  await expect.poll(() => toastTops(page)).not.toEqual([]);
  await expect.poll(async () => Math.min(...(await toastTops(page)))).toBeGreaterThan(400);
  const box1280 = await page.locator('[data-sonner-toast]').first().boundingBox();
  expect(box1280!.x).toBeGreaterThan(640);
  await page.screenshot({ path: `/tmp/shots/toast/toast-1280.png` });
  await page.setViewportSize({ width: 375, height: 800 });
  const header = (await page.locator('header').first().boundingBox())!;
  const headerBottom = header.y + header.height;
  // Frame by frame while the toast slides in (and the desktop one goes): nothing of a toast may be drawn
  // over the header, hit-tested along its lower edge and at its buttons' centres.
  const overHeader = page.evaluate(
    ({ bottom, ms }) =>
      new Promise<string[]>((resolve) => {
        const hits: string[] = [];
        const header = document.querySelector('header')!;
        const points = [
          ...[8, 60, 120, 187, 250, 310, 367].map((x) => [x, bottom - 3] as const),
          ...[...header.querySelectorAll('button, a')].map((b) => {
            const r = b.getBoundingClientRect();
            return [r.left + r.width / 2, r.top + r.height / 2] as const;
          }),
        ];
        const end = performance.now() + ms;
        const frame = () => {
          for (const [x, y] of points)
            if (document.elementFromPoint(x, y)?.closest('[data-sonner-toast]')) hits.push(`${x},${y}`);
          if (performance.now() < end) requestAnimationFrame(frame);
          else resolve(hits);
        };
        requestAnimationFrame(frame);
      }),
    { bottom: headerBottom, ms: 2500 },
  );
  await input(page).fill('Over the quota again');
  await input(page).press('Enter');
  expect(await overHeader).toEqual([]);
  await expect.poll(async () => (await toastTops(page)).length).toBeGreaterThanOrEqual(1);
  await expect
    .poll(async () => Math.min(...(await toastTops(page))), { timeout: 5_000 })
    .toBeGreaterThanOrEqual(headerBottom);
  expect(Math.min(...(await toastTops(page)))).toBeLessThan(200);
  await page.screenshot({ path: `/tmp/shots/toast/toast-375.png` });
});
