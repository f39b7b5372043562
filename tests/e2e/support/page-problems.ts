import type { Page } from 'playwright-core';

/**
 * Console errors and warnings and uncaught errors of `page`, as a list a test expects to stay empty. Two
 * resource lines are expected, not problems: a visitor without a cart is answered 404 (the eCom wire's empty
 * cart), and a not-found page's own document is answered 404, which Chromium logs as a failed resource too.
 * `allow` skips the lines a step provokes on purpose (a request the test makes fail).
 */
export function pageProblems(page: Page): { problems: string[]; allow(pattern: RegExp | undefined): void } {
  const problems: string[] = [];
  let allowed: RegExp | undefined;
  page.on('console', (m) => {
    if (m.type() != 'error' && m.type() != 'warning') return;
    const url = m.location().url;
    const expected404 =
      m.text().includes('404') && (url.endsWith('/ecom/v1/carts/current') || url == page.url().split('#')[0]);
    if (!expected404 && !allowed?.test(`${m.text()} ${url}`)) problems.push(`${m.type()}: ${m.text()} (${url})`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return { problems, allow: (pattern) => (allowed = pattern) };
}
