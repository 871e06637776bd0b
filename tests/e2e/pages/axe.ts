import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG 2.0, 2.1 and 2.2 level A and AA rules (issue #14). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

interface AxeResults {
  violations: {
    id: string;
    impact?: string | null;
    help: string;
    nodes: { target: unknown[]; failureSummary?: string }[];
  }[];
}

/** One line per violated rule and node: what failed, where, and why, so a failure can be fixed from the test output. */
export function describeViolations(results: AxeResults): string {
  return results.violations
    .map((violation) => {
      const nodes = violation.nodes.map(
        (node) =>
          `    ${JSON.stringify(node.target)}\n      ${(node.failureSummary ?? '').replaceAll('\n', '\n      ')}`,
      );
      return `${violation.id} (${violation.impact ?? 'unknown impact'}): ${violation.help}\n${nodes.join('\n')}`;
    })
    .join('\n');
}

/**
 * Waits until no finite CSS animation or transition is running: a toast fading in has, for a few hundred ms, the blend
 * of its colours with the page's, which axe would judge as the toast's contrast. Endless ones (spinners) do not count.
 */
async function animationsFinished(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * Runs axe-core over the page as it is now (or only `include`, e.g. an open dialog) and fails on any violation of
 * the WCAG A/AA rules, printing rule id, impact, node targets and axe's failure summary. `context` names the screen.
 */
export async function expectNoAxeViolations(page: Page, context: string, include?: string): Promise<void> {
  await animationsFinished(page);
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  if (include !== undefined) builder = builder.include(include);
  const results = await builder.analyze();
  const violated = results.violations.map((violation) => violation.id);
  expect(violated, `axe violations on ${context}:\n${describeViolations(results)}`).toEqual([]);
}
