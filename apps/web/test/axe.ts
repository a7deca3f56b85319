// axe-core in the page, for the browser tests: the serious and critical violations, one line each.
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * axe-core over the page as it is now (or over `include`, a selector, with only `rules` when given): the serious and
 * critical violations, one line each.
 */
export async function axe(page: Page, only?: { include: string; rules: string[] }): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async (o) => {
    const run = (window as unknown as { axe: { run(ctx: unknown, o: object): Promise<{ violations: AxeViolation[] }> } }).axe.run;
    const r = o
      ? await run({ include: [o.include] }, { resultTypes: ['violations'], runOnly: { type: 'rule', values: o.rules } })
      : await run(document, { resultTypes: ['violations'] });
    return r.violations;
  }, only ?? null);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}

/**
 * Waits until no moment banner is over the board: each fades in and out within 2.6 s and then goes, and axe
 * measures the contrast of a fading banner at its momentary opacity. The banner's own contrast, at full opacity, is
 * checked by the moments test (e2e-feel).
 */
export const momentsGone = (page: Page) => page.waitForFunction(() => !document.querySelector('.moment-toast'), null, { timeout: 10_000 });
