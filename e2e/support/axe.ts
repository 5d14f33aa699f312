// One axe-core helper for every accessibility spec. It first lets running CSS animations end: a dialog that is
// still fading or zooming in has translucent text, which axe reports as a colour-contrast failure (a flaky
// /trial failure in CI came from the plan dialog's entrance animation).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const WCAG_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // Infinite animations (spinners, pulsing skeletons) never finish; only wait for finite ones.
    const finite = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity && a.playState === 'running');
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

export async function axeViolations(
  page: Page,
  {
    impacts = ['serious', 'critical'],
    bestPractice = false,
    include,
    maxNodes = 5,
  }: { impacts?: string[]; bestPractice?: boolean; include?: string; maxNodes?: number } = {},
) {
  await animationsDone(page);
  let builder = new AxeBuilder({ page }).withTags(bestPractice ? [...WCAG_A_AA, 'best-practice'] : WCAG_A_AA);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => impacts.includes(v.impact ?? ''))
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, maxNodes),
    }));
}
