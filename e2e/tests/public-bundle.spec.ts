// Measures the JS that `/` loads (gzip, as docs/benchmarks.md "Bundle size" reports) and holds it to the
// 180 KB budget.
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

test('JS loaded by / (gzip)', async ({ page }, testInfo) => {
  const sizes = new Map<string, number>();
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    const body = await res.body().catch(() => null);
    if (body) sizes.set(new URL(res.url()).pathname, gzipSync(body, { level: 9 }).length);
  });
  await page.goto('/');
  await expect(page.locator('#pricing')).toBeAttached();
  await page.waitForLoadState('networkidle');
  const total = [...sizes.values()].reduce((a, b) => a + b, 0);
  const summary = `${sizes.size} scripts, ${(total / 1024).toFixed(1)} KB gzip`;
  testInfo.annotations.push({ type: 'js-for-landing', description: summary });
  console.log(`JS loaded by /: ${summary}`);
  expect(sizes.size).toBeGreaterThan(0);
  expect(total, summary).toBeLessThanOrEqual(180 * 1024);
});
