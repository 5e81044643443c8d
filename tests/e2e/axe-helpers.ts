import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test } from './fixtures';

/**
 * Runs axe off the test's clock. Axe is the test's own tool, not the extension's work, and a busy
 * machine can stretch one full-page run past a whole test's limit (issue 39): the limit is lifted
 * while axe runs and given back with axe's time added, so the extension's steps keep their limit.
 */
export async function analyzeOffTheClock(builder: AxeBuilder): ReturnType<AxeBuilder['analyze']> {
  const info = test.info();
  const limit = info.timeout;
  const started = Date.now();
  info.setTimeout(0);
  try {
    return await builder.analyze();
  } finally {
    info.setTimeout(limit + (Date.now() - started));
  }
}

/**
 * Serious and critical axe violations, off the test's clock, summarised so a failure says what and
 * where; `include` limits the run to those selectors (a region of the page).
 */
export async function seriousViolations(page: Page, include: readonly string[] = []): Promise<string[]> {
  const builder = include.reduce((axe, selector) => axe.include(selector), new AxeBuilder({ page }));
  const results = await analyzeOffTheClock(builder);
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `axe ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}
