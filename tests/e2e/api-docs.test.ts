/**
 * The API reference page at /docs in a real headless Chromium against a real server: Scalar's bundle
 * comes from this server, the page renders the operations of /openapi.json, and nothing is requested
 * from another host or refused by the page's CSP.
 */
import type { Browser } from 'playwright-core';
import { startTestServer, type TestServer } from '@vitrine/server/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.js';

let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  browser = await launchChromium();
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('GET /docs', () => {
  it('renders the reference from local files only, under a strict CSP', async () => {
    const page = await browser.newPage();
    const elsewhere: string[] = [];
    const refused: string[] = [];
    const failures: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(server.url) && !url.startsWith('data:') && !url.startsWith('blob:')) elsewhere.push(url);
    });
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
      else if (message.type() === 'error') failures.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => failures.push(error.message));
    page.on('response', (response) => {
      if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
    });

    // The page's own report of every refusal, beside the console's wording (S-21, issue #26).
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { violations: string[] }).violations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`),
      );
    });
    const response = await page.goto(`${server.url}/docs`);
    expect(response?.status()).toBe(200);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(
      /^default-src 'none'; script-src 'self'; style-src 'self' 'nonce-[A-Za-z0-9+/]{22}==' ('sha256-[A-Za-z0-9+/]{43}=' ?)+; /,
    );
    // S-21: no 'unsafe-inline' anywhere; Scalar's injected styles carry the page's nonce instead.
    expect(csp).not.toContain('unsafe-inline');
    // Scalar renders each tag and operation summary; these come from the route schemas.
    // Scalar renders the document's title, tags and operation summaries, all from the route schemas.
    await page.getByText('Vitrine API').first().waitFor({ timeout: 30_000 });
    const text = await page.innerText('body');
    for (const tag of [
      'OAuth tokens',
      'Identity',
      'Redirect sessions',
      'Data items',
      'Admin',
      'Owners console',
      'Webhooks admin',
      'Shop',
      'GraphQL',
    ])
      expect(text).toContain(tag);
    await page.getByText('OAuth tokens').first().click();
    await page
      .getByText('Issue tokens (anonymous, refresh_token, authorization_code, authorized_client)')
      .first()
      .waitFor({ timeout: 10_000 });
    expect(elsewhere).toEqual([]);
    expect(refused).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    // The code blocks' gutter width comes from the served CSS file, not from a refused inline style.
    const blocks = await page.evaluate(() =>
      [...document.querySelectorAll('code.hljs[data-line-digits]')].map((code) => [
        code.getAttribute('style'),
        getComputedStyle(code).getPropertyValue('--line-digits'),
      ]),
    );
    expect(blocks.length).toBeGreaterThan(0);
    for (const [style, value] of blocks) {
      expect(style).toBeNull();
      expect(value).toMatch(/^[1-9]$/);
    }
    await page.close();
  }, 60_000);
});
