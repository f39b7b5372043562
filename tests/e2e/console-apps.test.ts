/**
 * The console's Apps page (features/apps), in Chromium against the BUILT console: an owner registers a template's
 * sign-in callback, which lets that origin through CORS on the server at once; an address and a client the owner
 * added can go again; the client the site started with stays. Phone and desktop widths, axe-core, no console errors.
 */
import { type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@vitrine/server/test-support';
import { builtApps } from './support/apps.js';
import { expectAccessible } from './support/axe.js';
import { launchChromium } from './support/browser.js';
import { signedInOwner } from './support/console.js';
import { watchConsole } from './support/page-checks.js';

let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ config: (c) => ({ ...c, consoleDir: builtApps().console }) });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const SHOTS = process.env.VITRINE_SHOTS_DIR;

async function corsAllows(origin: string): Promise<boolean> {
  const res = await fetch(`${server.url}/oauth2/token`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST' },
  });
  return res.headers.get('access-control-allow-origin') === origin;
}

describe('apps in the console, in Chromium', () => {
  it('an owner adds a template app, then removes its address and a client of their own', async () => {
    const { page } = await signedInOwner(browser, server, 'owner', 'an owner with apps', {
      onlyOrigin: server.url,
      stepTimeoutMs: 20_000,
    });
    // The refused change below is a 400 on purpose; Chromium logs every failed request.
    const { problems } = watchConsole(page, { allow: /the server responded with a status of 400/ });
    await page.getByRole('link', { name: 'Apps' }).click();
    await page.getByRole('heading', { name: 'Apps', level: 1 }).waitFor();
    const demo = page.getByRole('region', { name: server.clientId });
    await demo.getByText(`${new URL(server.url).origin}/callback`).waitFor();
    expect(await corsAllows('http://localhost:3000')).toBe(false);

    const form = page.getByRole('form', { name: 'Add an app' });
    await form.getByLabel('Sign-in callback (redirect URI)').fill('http://localhost:3000/login-callback');
    await form.getByRole('button', { name: 'Add app' }).click();
    await page
      .getByRole('status')
      .getByText(`${server.clientId} now signs in at http://localhost:3000/login-callback`)
      .waitFor();
    await demo.getByText('http://localhost:3000', { exact: true }).waitFor();
    expect(await corsAllows('http://localhost:3000')).toBe(true);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, { where: 'Apps at phone width' });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/console-apps-390.png`, fullPage: true });

    // A bad address: the settings' own sentence, nothing changed.
    await form.getByLabel('Client id').fill('template-app');
    await form.getByLabel('Sign-in callback (redirect URI)').fill('ftp://files.example/cb');
    await form.getByRole('button', { name: 'Add app' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('region', { name: 'template-app' }).count()).toBe(0);

    await form.getByLabel('Sign-in callback (redirect URI)').fill('https://app.example/callback');
    await form.getByRole('button', { name: 'Add app' }).click();
    const template = page.getByRole('region', { name: 'template-app' });
    await template.getByText('https://app.example', { exact: true }).waitFor();
    expect(await corsAllows('https://app.example')).toBe(true);

    await demo
      .getByRole('button', { name: `Remove http://localhost:3000 from the allowed origins of ${server.clientId}` })
      .click();
    await page.getByRole('status').getByText(`Removed http://localhost:3000 from ${server.clientId}.`).waitFor();
    expect(await corsAllows('http://localhost:3000')).toBe(false);
    // The client the site started with cannot go; the one the owner made can, after a question.
    expect(await demo.getByRole('button', { name: /Remove client/ }).count()).toBe(0);
    await template.getByRole('button', { name: 'Remove client template-app' }).click();
    await page
      .getByRole('dialog', { name: 'Remove the client "template-app"?' })
      .getByRole('button', { name: 'Yes, remove' })
      .click();
    await template.waitFor({ state: 'detached' });
    expect(await corsAllows('https://app.example')).toBe(false);

    await page.setViewportSize({ width: 1280, height: 900 });
    await expectAccessible(page, { where: 'Apps at desktop width' });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/console-apps-1280.png`, fullPage: true });
    expect(problems).toEqual([]);
  });

  it('is not offered to an editor', async () => {
    const { page } = await signedInOwner(browser, server, 'editor', 'an editor of the shop', { stepTimeoutMs: 20_000 });
    const nav = page.getByRole('navigation', { name: 'Console' });
    await nav.getByRole('link', { name: 'Collections', exact: true }).waitFor();
    expect(await nav.getByRole('link', { name: 'Apps' }).count()).toBe(0);
  });
});
