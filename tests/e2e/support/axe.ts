import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const axeSource = readFileSync(fileURLToPath(import.meta.resolve('axe-core/axe.min.js')), 'utf8');

interface AxeViolation {
  id: string;
  impact: string;
  nodes: { target: unknown }[];
}

/**
 * axe-core's serious and critical violations on `page` (within `include`, a selector, when given), each as
 * `path: rule: elements`, to find and fix them. axe is evaluated through the DevTools protocol, which no
 * page's CSP refuses: the storefront's and the console's allow no inline script tag.
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async (selector) => {
    type Axe = { run(context: unknown, options: object): Promise<{ violations: AxeViolation[] }> };
    const axe = (window as unknown as { axe: Axe }).axe;
    // Every rule still runs; only violations get a result per element (passes and the rest keep one node
    // each): building those selectors was an eighth of storefront-axe's CPU (docs/testing.md).
    const result = await axe.run(selector ? { include: [selector] } : document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${location.pathname}: ${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  }, include ?? null);
}

/**
 * No serious or critical axe-core violation on `page`, or within `include` (a selector: a suite that checks
 * only its own part of the page). `where` names the step in a failure.
 */
export async function expectAccessible(page: Page, options: { where?: string; include?: string } = {}): Promise<void> {
  expect(await seriousViolations(page, options.include), options.where).toEqual([]);
}
