import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

export interface A11yCheckOptions {
  /** Only this part of the page (a dialog, say), as a CSS selector. */
  include?: string;
  /**
   * Selectors left out of the check, each with a reason at the call site: only for violations
   * in code owned by someone else and being fixed in parallel.
   */
  exclude?: string[];
}

/**
 * Runs axe on what the page shows now against WCAG 2.1 A and AA, and fails on any serious or
 * critical violation, listing rule, impact, the elements and what to do. `context` names the
 * screen in the failure ("/actions, dark", "Settings › Security").
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  context: string,
  { include, exclude = [] }: A11yCheckOptions = {},
): Promise<void> {
  // Legacy mode runs axe in the page itself; the default opens a blank page per run to merge
  // the results of cross-origin frames, which the app has none of, at seconds per check.
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true);
  if (include) builder = builder.include(include);
  for (const selector of exclude) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const blocking = violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''));
  const report = blocking.map((violation) =>
    [
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.helpUrl}`,
      ...violation.nodes.map(
        (node) =>
          `    ${node.target.join(' ')}: ${node.html.slice(0, 160)}\n      ${node.failureSummary?.replaceAll('\n', '\n      ')}`,
      ),
    ].join('\n'),
  );
  // Soft: one run lists every screen's violations, not only the first screen's.
  expect.soft(report, `Accessibility violations on ${context}:\n${report.join('\n')}`).toEqual([]);
}
