/**
 * GraphiQL at /graphql in a real headless Chromium against a real server: the locally bundled page loads
 * with no console errors or CSP refusals, asks nothing of any other origin, runs a query and shows the
 * answer; in production /graphql is not the IDE and the bundle is not served.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server.js';
// @ts-expect-error -- the build script is plain JavaScript without type declarations
import { buildGraphiql } from '../../scripts/build.mjs';

let bundleDir: string;
let browser: Browser;

beforeAll(async () => {
  bundleDir = mkdtempSync(join(tmpdir(), 'vitrine-graphiql-'));
  await buildGraphiql(bundleDir);
  vi.stubEnv('VITRINE_GRAPHIQL_DIR', bundleDir);
  // The flags keep Chromium from dialling Google's hosts, which would show up as requests leaving the page.
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  vi.unstubAllEnvs();
  rmSync(bundleDir, { recursive: true, force: true });
});

describe('GraphiQL in development', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('loads from this server only, with no console errors, and runs a query', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    const elsewhere: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(server.url) && !url.startsWith('data:')) elsewhere.push(url);
    });

    // The schema must load (issue #53: the standard introspection query was refused as too deep, and the page
    // said "Error fetching schema" while this test passed).
    const introspected = page.waitForResponse(
      (r) => r.url().endsWith('/graphql/alpha') && (r.request().postData() ?? '').includes('__schema'),
    );
    const response = await page.goto(`${server.url}/graphql`);
    expect(response?.headers()['content-security-policy']).toMatch(
      /^default-src 'none'; script-src 'nonce-[^']+'; style-src 'nonce-[^']+'/,
    );
    // The schema arrives by introspection; the doc explorer button is enabled only once it has.
    await page.locator('.graphiql-query-editor .CodeMirror').waitFor();
    await page.waitForFunction(() => !document.querySelector('.graphiql-spinner'));
    await page.evaluate(() => {
      const editor = document.querySelector('.graphiql-query-editor .CodeMirror') as unknown as {
        CodeMirror: { setValue(text: string): void };
      };
      editor.CodeMirror.setValue('{ products(sort: [{fieldName: "title"}], limit: 2) { totalCount items { title } } }');
    });
    const schemaAnswer = (await (await introspected).json()) as { data?: { __schema?: unknown }; errors?: unknown };
    expect(schemaAnswer.errors).toBeUndefined();
    expect(schemaAnswer.data?.__schema).toMatchObject({ queryType: { name: 'Query' } });
    await page.getByRole('button', { name: /documentation explorer/i }).click();
    await expect.poll(() => page.locator('.graphiql-doc-explorer').innerText()).toMatch(/Root Types[\s\S]*Query/);
    await page.locator('.graphiql-execute-button').click();
    const result = page.locator('.graphiql-response .CodeMirror-code');
    await expect.poll(() => result.innerText(), { timeout: 15_000 }).toContain('"totalCount"');
    const shown = JSON.parse(
      await page.evaluate(() =>
        (
          document.querySelector('.graphiql-response .CodeMirror') as unknown as { CodeMirror: { getValue(): string } }
        ).CodeMirror.getValue(),
      ),
    );
    expect(shown.errors).toBeUndefined();
    expect(shown.data.products.totalCount).toBeGreaterThan(2);
    expect(shown.data.products.items).toHaveLength(2);
    expect(typeof shown.data.products.items[0].title).toBe('string');

    // A dialog adds <style> elements at run time: they must carry the page's nonce (a CSP refusal is a console error).
    await page.locator('button[aria-label="Open settings dialog"]').click();
    await page.locator('.graphiql-dialog').waitFor();
    expect(await page.locator('style:not([nonce])').count()).toBe(0);

    expect(elsewhere).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('GraphiQL in production', () => {
  it('is not served: /graphql is not the IDE and the bundle is not there', async () => {
    const server = await startTestServer({ config: (config) => ({ ...config, production: true }) });
    try {
      const ide = await fetch(`${server.url}/graphql`);
      expect(ide.status).toBe(404);
      expect(await ide.text()).not.toMatch(/graphiql/i);
      expect((await fetch(`${server.url}/graphql/ide/graphiql.js`)).status).toBe(404);
      // The API itself is still there.
      const api = await fetch(`${server.url}/graphql/alpha`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ me { id } }' }),
      });
      expect(await api.json()).toEqual({ data: { me: null } });
    } finally {
      await server.close();
    }
  });
});
