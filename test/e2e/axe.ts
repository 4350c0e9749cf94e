import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { transitionsSettled } from './browser';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
export type AxeViolation = AxeResults['violations'][number];

/** The impacts the issue holds at zero: a serious or critical violation fails the test. */
const BLOCKING = new Set(['serious', 'critical']);

/** One readable paragraph per violation: the rule, its impact, what it asks for and where it failed. */
export function describeViolations(violations: readonly AxeViolation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.map((node) => {
        const summary = node.failureSummary?.replace(/\s+/g, ' ').trim();
        return `    - ${node.target.join(' ')}${summary ? `\n      ${summary}` : ''}`;
      });
      return [
        `  ${violation.id} (${violation.impact}): ${violation.help}`,
        `    ${violation.helpUrl}`,
        ...nodes,
      ].join('\n');
    })
    .join('\n');
}

/**
 * Runs axe on the page as it stands and returns the serious and critical violations: every rule
 * axe enables by default, plus label-content-name-mismatch (experimental in axe, so off by default,
 * but Lighthouse runs it and speech-input users depend on it: a control is spoken by what it shows).
 */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  await transitionsSettled(page);
  const results = await new AxeBuilder({ page })
    .options({
      rules: { 'label-content-name-mismatch': { enabled: true } },
      // Only violations are read: axe then builds a selector for one node of each passing or
      // inapplicable rule instead of every node, the slow tail of a run on a long page (axe-core's
      // documented resultTypes option). The violations it finds are the same.
      resultTypes: ['violations'],
    })
    // In the page itself: the default (axe's partial runs, for cross-origin frames, which the
    // product has none of) opens a second page for every check to combine the results. The rules
    // and their results are the same (docs/decisions/0023).
    .setLegacyMode(true)
    .analyze();
  return results.violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
}

/** Fails, naming each violation's id, impact, help and target nodes, when axe finds anything serious or critical. */
export async function expectNoSeriousAxeViolations(page: Page, label: string): Promise<void> {
  const violations = await seriousAxeViolations(page);
  const nodes = violations.reduce((count, violation) => count + violation.nodes.length, 0);
  expect(
    violations.map((violation) => `${violation.id} (${violation.impact}, ${violation.nodes.length})`),
    `axe on ${label} (${page.url()}): ${violations.length} serious or critical violation(s), ${nodes} node(s)\n${describeViolations(violations)}`,
  ).toEqual([]);
}
