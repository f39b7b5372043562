import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, it } from 'vitest';
import { startTestServer, addOwner, consoleClient, type TestServer } from '@vitrine/server/test-support';
import { builtApps } from '/work/wt-owners/tests/e2e/support/apps.js';
import { launchChromium } from '/work/wt-owners/tests/e2e/support/browser.js';
import type { Browser, Page } from 'playwright-core';

const axe = readFileSync('/tmp/axe-owners/node_modules/axe-core/axe.min.js', 'utf8');
let server: TestServer; let browser: Browser;
beforeAll(async () => { server = await startTestServer({ config: (c) => ({ ...c, consoleDir: builtApps().console }) }); browser = await launchChromium(); }, 180000);
afterAll(async () => { await browser?.close(); await server?.close(); });

async function check(page: Page, name: string) {
  await page.addScriptTag({ content: axe });
  const r = await page.evaluate(async () => (await (window as any).axe.run()).violations.map((v: any) => `${v.impact} ${v.id}: ${v.nodes.length}`));
  console.log(`AXE ${name}:`, JSON.stringify(r));
}
it('shots', async () => {
  for (const width of [390, 1280]) {
    const ctx = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await ctx.newPage();
    const email = `shot${width}@example.com`;
    const inv = await fetch(`${server.url}/_admin/v1/owners`, { method: 'POST', headers: { authorization: `Bearer ${server.adminKey}`, 'content-type': 'application/json' }, body: JSON.stringify({ email, role: 'owner' }) }).then((r) => r.json()) as any;
    await page.goto(`${server.url}/console/sign-in`); await page.getByRole('heading', { name: 'Sign in to the console' }).waitFor();
    await page.screenshot({ path: `/tmp/axe-owners/signin-${width}.png`, fullPage: true }); await check(page, `signin ${width}`);
    await page.goto(`${server.url}/console/forgot-password`); await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.screenshot({ path: `/tmp/axe-owners/forgot-${width}.png`, fullPage: true }); await check(page, `forgot ${width}`);
    await page.goto(inv.setupUrl); await page.getByRole('heading', { name: 'Set up your console account' }).waitFor();
    await page.screenshot({ path: `/tmp/axe-owners/setup-${width}.png`, fullPage: true }); await check(page, `setup ${width}`);
    await page.getByLabel('Password', { exact: true }).fill('a screenshot password');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.goto(inv.setupUrl); await page.getByRole('heading', { name: 'This link cannot be used' }).waitFor();
    await page.screenshot({ path: `/tmp/axe-owners/used-${width}.png`, fullPage: true }); await check(page, `used ${width}`);
    await addOwner(server, `other${width}@example.com`, 'support', 'support password x');
    await page.goto(`${server.url}/console/owners`); await page.getByRole('heading', { name: 'Owners' }).waitFor();
    const form = page.getByRole('form', { name: 'Invite someone' });
    await form.getByLabel('Email').fill(`new${width}@example.com`); await form.getByRole('button', { name: 'Invite' }).click();
    await page.getByLabel('Setup link').waitFor();
    await page.screenshot({ path: `/tmp/axe-owners/owners-${width}.png`, fullPage: true }); await check(page, `owners ${width}`);
    await page.getByRole('button', { name: `Remove other${width}@example.com` }).click();
    await page.getByRole('dialog').waitFor();
    await page.screenshot({ path: `/tmp/axe-owners/dialog-${width}.png` }); await check(page, `dialog ${width}`);
    await page.keyboard.press('Escape');
    await page.goto(`${server.url}/console/settings`);
    await page.getByRole('button', { name: 'Turn on two-factor' }).click();
    await page.getByRole('img', { name: 'QR code of the authenticator setup key' }).waitFor();
    await page.screenshot({ path: `/tmp/axe-owners/twofactor-${width}.png`, fullPage: true }); await check(page, `twofactor ${width}`);
    await ctx.close();
  }
}, 240000);
