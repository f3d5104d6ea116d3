import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export interface AxeScope {
  /** Checks only this part of the page (a CSS selector). */
  include?: string;
  /** Checks the toasts too. They animate in and out, so by default they are checked where they are the subject. */
  toasts?: boolean;
}

/**
 * axe's WCAG 2.1 A and AA rules on the page as a person sees it once it has settled: the fonts loaded and every
 * entrance animation finished. Mid-fade text is drawn at part opacity, so axe would measure a contrast no one
 * reads (a card rising in after a 120 ms delay failed color-contrast on a slow CI machine).
 */
export async function expectNoViolations(page: Page, screen: string, scope: AxeScope = {}): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    const settled = Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  });
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (scope.include) builder = builder.include(scope.include);
  if (!scope.toasts) builder = builder.exclude('section[aria-label^="Notifications"]');
  const { violations } = await builder.analyze();
  const summary = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
  );
  expect(summary, `${screen} has accessibility violations`).toEqual([]);
}
