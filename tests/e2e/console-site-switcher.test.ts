/**
 * The owner console's **Site** switcher (#13), in real headless Chromium against the BUILT app: it appears
 * when the server holds more than one site, Members follows the chosen site, and the choice holds across
 * a reload of the tab.
 */
import { type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@vitrine/server/test-support';
import { builtApps } from './support/apps.js';
import { launchChromium } from './support/browser.js';
import { registerMember, signedInOwner } from './support/console.js';

const PASSWORD = 'console site switcher password';
let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    site: (s) => ({
      ...s,
      policies: { ...s.policies, emailVerification: 'off', memberApproval: 'auto', captcha: 'off' },
    }),
    // A second site with a client of its own: the console offers a site switcher.
    config: (c) => ({
      ...c,
      consoleDir: builtApps().console,
      sites: [
        ...c.sites,
        {
          ...c.sites[0]!,
          id: 'outlet',
          name: 'Outlet shop',
          apiKeys: [],
          webhooks: [],
          clients: c.sites[0]!.clients.map((client) => ({ ...client, clientId: `${client.clientId}-outlet` })),
        },
      ],
    }),
  });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('console site switcher in Chromium', () => {
  it('a site switcher appears with two sites and Members follows the chosen site', async () => {
    const demoMember = await registerMember(server, { clientId: server.clientId });
    const outletMember = await registerMember(server, { clientId: `${server.clientId}-outlet` });
    expect([demoMember.state, outletMember.state]).toEqual(['SUCCESS', 'SUCCESS']);
    const { page } = await signedInOwner(browser, server, 'owner', PASSWORD, { onlyOrigin: server.url, height: 740 });
    await page.getByRole('link', { name: 'Members' }).click();
    const rows = page.getByRole('table').getByRole('row');
    await rows.filter({ hasText: demoMember.email }).waitFor();
    expect(await rows.filter({ hasText: outletMember.email }).count()).toBe(0);

    const switcher = page.getByRole('combobox', { name: 'Site', exact: true });
    expect(await switcher.locator('option').allTextContents()).toEqual([
      server.ctx.config.sites[0]!.name,
      'Outlet shop',
    ]);
    await switcher.selectOption({ label: 'Outlet shop' });
    await rows.filter({ hasText: outletMember.email }).waitFor();
    expect(await rows.filter({ hasText: demoMember.email }).count()).toBe(0);
    // The choice holds across a reload of the tab.
    await page.reload();
    await rows.filter({ hasText: outletMember.email }).waitFor();
    expect(await switcher.inputValue()).toBe('outlet');
    await switcher.selectOption({ index: 0 });
    await rows.filter({ hasText: demoMember.email }).waitFor();
    expect(await rows.filter({ hasText: outletMember.email }).count()).toBe(0);
    await page.context().close();
  });
});
