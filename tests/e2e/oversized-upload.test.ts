/**
 * Oversized bodies from a real headless Chromium: `fetch` from a page of the test server uploads 5 MB and
 * 50 MB to the login route, and every attempt must read the 413 envelope (lingering close,
 * docs/operating.md "HTTP conventions"; the server side is
 * `packages/server/src/http/lingering-close.ts`). Chromium streams no request body over HTTP/1.1, so its uploads
 * always carry a content-length; the chunked case is covered by `http/lingering-close.integration.test.ts`.
 */
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@vitrine/server/test-support';
import { launchChromium } from './support/browser.js';
import { expectConsoleMessage } from './support/console-guard.js';

const LOGIN = '/_api/iam/authentication/v2/login';
const MESSAGE = 'Request body is larger than this server accepts';
const ENVELOPE = {
  message: MESSAGE,
  details: { applicationError: { code: 'PAYLOAD_TOO_LARGE', description: MESSAGE, data: {} } },
};

let server: TestServer;
let browser: Browser;
let page: Page;
beforeAll(async () => {
  server = await startTestServer({
    routes(app) {
      app.get('/__test/upload', (_request, reply) =>
        reply.type('text/html').send('<!doctype html><title>upload</title>'),
      );
    },
  });
  browser = await launchChromium();
  page = await browser.newPage();
  await page.goto(`${server.url}/__test/upload`);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Uploads `megabytes` of JSON-typed bytes `times` times from the page; each attempt's status and body or error. */
function uploads(megabytes: number, times: number): Promise<string[]> {
  return page.evaluate(
    async ({ megabytes, times, path }) => {
      const body = new Uint8Array(megabytes * 1024 * 1024).fill(97);
      const seen: string[] = [];
      for (let i = 0; i < times; i++) {
        try {
          const res = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
          seen.push(`${res.status} ${await res.text()}`);
        } catch (error) {
          seen.push(`failed: ${String(error)}`);
        }
      }
      return seen;
    },
    { megabytes, times, path: LOGIN },
  );
}

// Chromium uploads at 1–3 MB/s on a loaded 2-core machine: 50 MB takes 20–47 s an attempt, hence fewer of them.
describe.each([
  [5, 5],
  [50, 2],
])('Chromium uploading %i MB', (megabytes, times) => {
  it(`reads the 413 envelope on all ${times} attempts`, async () => {
    // Each refused upload is logged by Chromium as a failed resource.
    expectConsoleMessage(page, { text: /status of 413/, url: /\/_api\/iam\/authentication\/v2\/login$/ });
    expect(await uploads(megabytes, times)).toEqual(Array(times).fill(`413 ${JSON.stringify(ENVELOPE)}`));
  }, 240_000);
});
