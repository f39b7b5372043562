/**
 * Every page the browser suites open is listened to: a console error or warning, or an uncaught error, that no
 * test declared fails the test that was running (issue #53: "no page logs a console error or warning during the
 * e2e journeys"). `launchChromium()` hands every context it opens to `watchContext`, whose `page` event covers
 * `newPage()` and popups alike; ./console-setup.ts checks after each test, and the browser's `close()` checks what
 * a suite's `beforeAll` / `afterAll` left.
 *
 * A test that makes a page log on purpose (a request it makes fail) says so with `expectConsoleMessage`, where it
 * provokes it: a pattern on the message and one on its URL, both narrow, and the message must then appear.
 */
import type { BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { expect } from 'vitest';

export interface ExpectedMessage {
  /** The message's text, e.g. /status of 404/. */
  text: RegExp;
  /** The resource the message is about (a failed request's URL), else the page's URL. */
  url: RegExp;
  /**
   * Whether the test may end without the message: only for a message that depends on timing the test cannot
   * control. By default an expected message that never came fails the test (an allowance outliving its cause).
   */
  maybe?: boolean;
}

interface Allowance {
  where: Page | BrowserContext;
  matches(text: string, url: string): boolean;
  /** What the failure names when it never came (undefined: it may not come). */
  required?: string;
  seen: boolean;
  /** Ends with the test that declared it; a `watchConsole` allowance lasts as long as its page. */
  untilTestEnds: boolean;
}

/** What any page may log, each with why: a known fault another change removes. Keep this empty otherwise. */
const knownNoise: ExpectedMessage[] = [];

let allowances: Allowance[] = [];
let unexpected: string[] = [];
const watchedContexts = new WeakSet<BrowserContext>();

/** Declares that `where` (a page, or every page of a context) logs a message matching `expected` in this test. */
export function expectConsoleMessage(where: Page | BrowserContext, expected: ExpectedMessage): void {
  allowances.push({
    where,
    matches: (text, url) => expected.text.test(text) && expected.url.test(url),
    required: expected.maybe ? undefined : `${expected.text} at ${expected.url}`,
    seen: false,
    untilTestEnds: true,
  });
}

/** A lasting allowance on `page` for ./page-checks.ts's `watchConsole`: `line` is "<text> <url>". */
export function allowOnPage(page: Page, matches: (line: string) => boolean): void {
  const allowance: Allowance = {
    where: page,
    matches: (text, url) => matches(`${text} ${url}`),
    seen: false,
    untilTestEnds: false,
  };
  allowances.push(allowance);
  page.once('close', () => (allowances = allowances.filter((a) => a !== allowance)));
}

function allowed(page: Page, text: string, url: string): boolean {
  const match = allowances.find((a) => (a.where === page || a.where === page.context()) && a.matches(text, url));
  if (match) match.seen = true;
  return match !== undefined || knownNoise.some((known) => known.text.test(text) && known.url.test(url));
}

function problem(line: string): void {
  const test = expect.getState().currentTestName;
  unexpected.push(test ? `${line} [during "${test}"]` : `${line} [outside a test: beforeAll or afterAll]`);
}

/** Listens to `page`'s console and uncaught errors for the rest of its life. */
export function watchPage(page: Page): void {
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    const url = message.location().url || page.url();
    // A page's own document answered 4xx (a not-found page's 404, a hosted form shown again with its error and
    // the error's status) is logged by Chromium as a failed resource: that status is the page's answer, which the
    // page shows in words, not a fault of it.
    const ownAnswer = /status of 4\d\d/.test(message.text()) && url === page.url().split('#')[0];
    if (ownAnswer || allowed(page, message.text(), url)) return;
    problem(`${message.type()}: ${message.text()} (${url} on ${page.url()})`);
  });
  page.on('pageerror', (error) => {
    if (!allowed(page, `pageerror: ${error.message}`, page.url()))
      problem(`pageerror: ${error.message} (${page.url()})`);
  });
}

/** Watches every page `context` opens from now on (popups too). */
export function watchContext(context: BrowserContext): void {
  if (watchedContexts.has(context)) return;
  watchedContexts.add(context);
  context.on('page', watchPage);
}

/**
 * Throws, naming each one, if a page logged what no test expected or a test's expected message never came; then
 * starts afresh. `testEnded` ends the test's own allowances.
 */
export function assertQuietConsole(testEnded = true): void {
  const failures = [...unexpected];
  if (testEnded) {
    for (const a of allowances)
      if (a.untilTestEnds && !a.seen && a.required)
        failures.push(`an expected console message never came: ${a.required} (remove the expectation?)`);
    allowances = allowances.filter((a) => !a.untilTestEnds);
  }
  unexpected = [];
  if (failures.length > 0)
    throw new Error(
      `pages logged errors or warnings (declare one the test provokes with expectConsoleMessage, ` +
        `tests/e2e/support/console-guard.ts):\n  ${failures.join('\n  ')}`,
    );
}
