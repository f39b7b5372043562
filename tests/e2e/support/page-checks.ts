import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectAccessible } from './axe.js';

/**
 * Every console message of type error or warning and every uncaught page error on `page`, from now on (a
 * Content-Security-Policy refusal is a console error), each with the page it came from; `only` keeps those of
 * the pages whose path it matches (a journey through the dev mailbox judges the console's pages). A journey ends
 * with `expect(messages).toEqual([])`.
 */
export function watchConsole(page: Page, only: RegExp = /.*/): string[] {
  const messages: string[] = [];
  const judged = () => only.test(new URL(page.url()).pathname);
  page.on('console', (m) => {
    if ((m.type() === 'error' || m.type() === 'warning') && judged())
      messages.push(`${m.type()}: ${m.text()} (${page.url()})`);
  });
  page.on('pageerror', (error) => judged() && messages.push(`pageerror: ${error.message} (${page.url()})`));
  return messages;
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
