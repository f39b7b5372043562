/**
 * Settings as the turn-5 review found them (issue #53): every field said "Default." under it. Now a setting at
 * its default says nothing; one the console changed says what the default is, with **Use the default**, which
 * puts it back (the server's value too). From the sign-in page on, no console error or warning; 390 and 1280 px
 * with no serious axe violation (the console is in English only: no Arabic to check).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOwner, startTestServer, type TestServer } from '@vitrine/server/test-support';
import { builtApps } from './support/apps.js';
import { launchChromium } from './support/browser.js';
import { consoleSignIn, uniqueEmail } from './support/console.js';
import { checkAtBothWidths, watchConsole } from './support/page-checks.js';

const PASSWORD = 'console settings defaults password';
const STARTED = 'Started Pottery';
let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    config: (c) => ({ ...c, consoleDir: builtApps().console }),
    site: (s) => ({ ...s, name: STARTED }),
  });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const nameAsServed = async () => {
  const res = await fetch(`${server.url}/_admin/v1/site-settings?siteId=${server.siteId}`, {
    headers: { authorization: `Bearer ${server.adminKey}` },
  });
  const body = (await res.json()) as { sections: { fields?: { key: string; value?: unknown; source: string }[] }[] };
  return body.sections.flatMap((s) => s.fields ?? []).find((f) => f.key === 'name');
};

describe('console settings: a changed setting and its default', () => {
  it('says nothing at the default, the default and a way back once changed', { timeout: 120_000 }, async () => {
    const email = uniqueEmail('defaults');
    await addOwner(server, email, 'owner', PASSWORD);
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
    page.setDefaultTimeout(15_000);
    // From the sign-in page on: signed out is no longer a logged 401.
    const watch = watchConsole(page);
    await consoleSignIn(page, server, email, PASSWORD);

    await page.goto(`${server.url}/console/settings/shop`);
    const form = page.getByRole('form', { name: 'Shop name' });
    const name = form.getByRole('textbox', { name: 'Shop name' });
    await expect.poll(() => name.inputValue()).toBe(STARTED);
    // Review t5: "Default." under every field.
    expect(await page.getByText('Default.', { exact: true }).count()).toBe(0);
    expect(await page.getByText(/Changed here/).count()).toBe(0);
    await checkAtBothWidths(page, 'settings-shop-at-default');

    await name.fill('Renamed Pottery');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await form.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    const changed = form.locator('.setting-default');
    await changed.filter({ hasText: `Changed here. Default: ${STARTED}` }).waitFor();
    expect(await changed.count()).toBe(1);
    expect((await nameAsServed())?.source).toBe('console');
    await checkAtBothWidths(page, 'settings-shop-changed');

    await form.getByRole('button', { name: 'Use the default for Shop name' }).click();
    await form.getByRole('status').filter({ hasText: 'Shop name is back to its default' }).waitFor();
    await expect.poll(() => name.inputValue()).toBe(STARTED);
    expect(await changed.count()).toBe(0);
    expect(await nameAsServed()).toMatchObject({ value: STARTED, source: 'default' });

    expect(watch.problems).toEqual([]);
    await page.context().close();
  });
});
