import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectAccessible } from './axe.js';
import { allowOnPage } from './console-guard.js';

export interface ConsoleWatch {
  /** Every error and warning and uncaught error so far, each with where it came from: a test expects `[]`. */
  problems: string[];
  /** From now on, lines matching `pattern` (tested on "<text> <resource url>") are not problems; undefined ends it. */
  allow(pattern: RegExp | undefined): void;
}

/**
 * Every console message of type error or warning and every uncaught page error on `page`, from now on (a
 * Content-Security-Policy refusal is a console error), each with the resource and the page it came from.
 * `only` keeps those of the pages whose path it matches (a journey through the dev mailbox judges the console's
 * pages); `allow` skips the lines a test provokes on purpose (a request it makes fail), also settable per step
 * with `allow()`. One line is never a problem: a not-found page's own document is answered 404, which Chromium
 * logs as a failed resource.
 */
export function watchConsole(page: Page, options: { only?: RegExp; allow?: RegExp } = {}): ConsoleWatch {
  const problems: string[] = [];
  const only = options.only ?? /.*/;
  let allowed = options.allow;
  // Every page is also watched by ./console-guard.ts, which fails the test on its own: what this watch allows,
  // that one allows too.
  allowOnPage(page, (line) => allowed?.test(line) ?? false);
  const judged = () => only.test(new URL(page.url()).pathname);
  page.on('console', (m) => {
    if ((m.type() != 'error' && m.type() != 'warning') || !judged()) return;
    const url = m.location().url;
    const notFoundPage = m.text().includes('404') && url == page.url().split('#')[0];
    if (!notFoundPage && !allowed?.test(`${m.text()} ${url}`))
      problems.push(`${m.type()}: ${m.text()} (${url || 'no resource'} on ${page.url()})`);
  });
  page.on('pageerror', (error) => judged() && problems.push(`pageerror: ${error.message} (${page.url()})`));
  return { problems, allow: (pattern) => (allowed = pattern) };
}

/**
 * The page at a phone's 390 px and a desktop's 1280 px: no serious or critical axe violation and no sideways
 * scrolling at either, and a full-page screenshot of each in VITRINE_SHOTS_DIR when it is set (for a person to
 * look at). The viewport is left at 1280.
 */
export async function checkAtBothWidths(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, { where: `${name} at ${width} px` });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
    const dir = process.env.VITRINE_SHOTS_DIR;
    if (dir) await page.screenshot({ path: join(dir, `${name}-${width}.png`), fullPage: true });
  }
}
