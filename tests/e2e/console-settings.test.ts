/**
 * Settings owners change in the console (issue #31), in headless Chromium against the BUILT console, on two
 * instances sharing one database (as behind a load balancer): a change of email verification made on one is
 * in force for the next registration on the other without a restart; a key the config file sets is locked and
 * says why; an invalid redirect URI is refused with the config file's own sentence; a secret typed in never
 * comes back in any answer. The page is usable at phone width and has no serious axe-core violation.
 * An editor sees the same settings read-only, told why, with nothing to press, and a change sent anyway is
 * refused and saved nowhere (issue #30).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@vitrine/server/test-support';
import { createApp, type VitrineApp } from '../../packages/server/src/app.js';
import type { ConfigError } from '../../packages/server/src/config-files/index.js';
import { loadConfig } from '../../packages/server/src/config-files/index.js';
import { builtApps } from './support/apps.js';
import { expectAccessible } from './support/axe.js';
import { launchChromium } from './support/browser.js';
import { expectConsoleMessage } from './support/console-guard.js';
import { signedInOwner } from './support/console.js';

const PASSWORD = 'console settings password';
const SECRET = 'okta-client-secret-typed-once-0123456789';
let browser: Browser;
let server: TestServer;
let second: VitrineApp;
let secondUrl: string;

/** The config loader's sentences for a config file with these sites. */
function loaderProblems(dir: string, sites: unknown[]): string[] {
  const path = join(dir, 'check.json');
  writeFileSync(path, JSON.stringify({ sites }));
  try {
    loadConfig({ configPath: path, env: {}, ephemeral: true, port: 0 });
    return [];
  } catch (error) {
    return (error as ConfigError).problems;
  }
}

const dir = mkdtempSync(join(tmpdir(), 'vitrine-e2e-settings-'));
// The file sets the captcha (locked in the console) and names the client; the rest is the console's.
const FILE_SITE = { id: 'shop', name: 'Settings Shop', policies: { captcha: 'off' }, clients: [{ clientId: 'web' }] };

beforeAll(async () => {
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ sites: [FILE_SITE] }));
  const file = loadConfig({ configPath: join(dir, 'config.json'), env: {}, ephemeral: true, port: 0 });
  server = await startTestServer({
    config: (c) => ({
      ...c,
      consoleDir: builtApps().console,
      sites: file.sites,
      siteFiles: file.siteFiles,
      configBaseDir: dir,
      storefront: file.storefront,
    }),
  });
  // A second instance: its own copy of the sites, as another process has; it polls every 200 ms (2 s by default).
  const config = {
    ...server.ctx.config,
    sites: server.ctx.config.sites.map((s) => structuredClone(s)),
    settingsPollMs: 200,
  };
  second = await createApp({ config, db: server.ctx.db, logLevel: 'silent', mailDelivery: false });
  secondUrl = (await second.app.listen({ port: 0, host: '127.0.0.1' })).replace('[::1]', '127.0.0.1');
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await second?.close();
  await server?.close();
});

async function registrationState(url: string): Promise<string> {
  const visitor = (await (
    await fetch(`${url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: 'web', grantType: 'anonymous' }),
    })
  ).json()) as { access_token: string };
  const res = await fetch(`${url}/_api/iam/authentication/v2/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: visitor.access_token },
    body: JSON.stringify({
      loginId: { email: `s${Math.random().toString(36).slice(2)}@example.com` },
      password: 'correct horse battery',
    }),
  });
  return ((await res.json()) as { state: string }).state;
}

async function expectAccessibleAndFits(page: Page) {
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

describe('console Settings in Chromium', () => {
  it(
    'changes, locks, refuses and keeps secrets as the config file would, on every instance',
    { timeout: 90_000 },
    async () => {
      const { page } = await signedInOwner(browser, server, 'owner', PASSWORD, {
        onlyOrigin: server.url,
        stepTimeoutMs: 10_000,
      });
      const answers: string[] = [];
      page.on('response', (response) => {
        if (new URL(response.url()).pathname.startsWith('/_admin/'))
          void response.text().then(
            (text) => answers.push(text),
            () => {},
          );
      });
      await page.goto(`${server.url}/console/settings`);
      await page.getByRole('heading', { name: 'Site settings' }).waitFor();
      // The last backup and the schedule (#33): a test server has taken none and schedules none.
      const backups = page.getByRole('region', { name: 'Backups' });
      await backups.getByText('None yet').waitFor();
      expect(await backups.innerText()).toContain('Not scheduled');
      // Each group of settings is a page of its own, reached from the index.
      await page
        .getByRole('navigation', { name: 'Site settings' })
        .getByRole('link', { name: 'Sign-up and sign-in' })
        .click();
      await page.getByRole('heading', { name: 'Sign-up and sign-in', level: 1 }).waitFor();
      const rules = page.getByRole('form', { name: 'Sign-up and sign-in' });

      // The file's key: locked, and the page says where to change it.
      const captcha = rules.getByLabel('Captcha on sign-up and sign-in');
      expect(await captcha.isDisabled()).toBe(true);
      await rules.getByText('Set in the config file (sites[0].policies.captcha): change it there.').waitFor();
      await expectAccessibleAndFits(page);

      // Email verification, changed here, is in force on the other instance for the next registration.
      expect(await registrationState(secondUrl)).toBe('SUCCESS');
      await rules.getByLabel('Email verification').selectOption({ label: 'Required before the first sign-in' });
      await rules.getByRole('button', { name: 'Save' }).click();
      await rules.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
      await expect.poll(() => registrationState(secondUrl), { timeout: 5000 }).toBe('REQUIRE_EMAIL_VERIFICATION');

      // An invalid redirect URI: the config file's own sentence.
      await page.goto(`${server.url}/console/settings/apps`);
      const app = page.getByRole('form', { name: 'web' });
      await app.getByLabel('Redirect URIs (one per line)').fill('not a url');
      // The server refuses it (400), which Chromium logs.
      expectConsoleMessage(page, { text: /status of 400/, url: /\/_admin\/v1\/site-settings$/ });
      await app.getByRole('button', { name: 'Save' }).click();
      const [sentence] = loaderProblems(dir, [
        { ...FILE_SITE, clients: [{ clientId: 'web', redirectUris: ['not a url'] }] },
      ]);
      expect(sentence).toBe(
        'sites[0].clients[0].redirectUris[0] must be an absolute URL such as "https://shop.example" (got "not a url")',
      );
      await app.getByRole('alert').filter({ hasText: sentence! }).waitFor();

      // A secret goes in once and never comes back: not in an answer, not in the page.
      await page.goto(`${server.url}/console/settings/sign-in-providers`);
      await page.getByText('Add a sign-in provider').click();
      await page.getByLabel('Id (sign-in provider: letters, digits, "-" or "_")').fill('okta');
      const add = page.getByRole('form', { name: 'New sign-in provider' });
      await add.getByLabel('Issuer URL').fill('https://login.example.com');
      await add.getByLabel('Client ID', { exact: true }).fill('vitrine');
      await add.getByLabel('Client secret', { exact: true }).fill(SECRET);
      await add.getByRole('button', { name: 'Add sign-in provider' }).click();
      const okta = page.getByRole('form', { name: 'okta' });
      await okta.getByText('Set (never shown). Type a new one to replace it.').waitFor();
      expect(server.ctx.sites.get('shop')!.identityProviders?.[0]?.clientSecret).toBe(SECRET);
      await page.reload();
      await page.getByRole('form', { name: 'okta' }).waitFor();
      expect(await page.content()).not.toContain(SECRET);
      expect(answers.length).toBeGreaterThan(3);
      expect(answers.filter((text) => text.includes(SECRET))).toEqual([]);
      await page.context().close();
    },
  );

  it('an editor sees the settings read-only, told why, and no change is saved', { timeout: 60_000 }, async () => {
    const settingsAsAdmin = async () => {
      const res = await fetch(`${server.url}/_admin/v1/site-settings?siteId=shop`, {
        headers: { authorization: `Bearer ${server.adminKey}` },
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { sections: { name: string; fields?: { key: string; value: unknown }[] }[] };
      return body.sections.flatMap((section) => section.fields ?? []);
    };
    const valueOf = async (key: string) => (await settingsAsAdmin()).find((f) => f.key === key)?.value;
    const before = await settingsAsAdmin();
    const approvalBefore = await valueOf('policies.memberApproval');
    expect(approvalBefore).toBeDefined();

    const { page } = await signedInOwner(browser, server, 'editor', PASSWORD, {
      onlyOrigin: server.url,
      stepTimeoutMs: 10_000,
    });
    await page.goto(`${server.url}/console/settings/sign-in`);
    const settings = page.getByRole('region', { name: 'Site settings' });
    await settings.waitFor();
    const note = settings.getByRole('note');
    await note.waitFor();
    expect(await note.innerText()).toBe(
      'Read-only: only owners change the site’s settings. You are signed in as an editor; ask an owner for a change.',
    );
    // The values are there to read, every control is disabled and read with the one note (not a copy of it
    // under each), and there is nothing to press.
    const rules = settings.getByRole('form', { name: 'Sign-up and sign-in' });
    const approval = rules.getByLabel('Approval of new members');
    expect(await approval.isDisabled()).toBe(true);
    expect(await approval.getAttribute('aria-describedby')).toBe(await note.getAttribute('id'));
    expect(await settings.getByText(/only owners change/i).count()).toBe(1);
    const enabled = await settings.locator('input:enabled, select:enabled, textarea:enabled').count();
    expect(enabled).toBe(0);
    expect(await settings.getByRole('button').count()).toBe(0);
    await expectAccessibleAndFits(page);
    for (const group of ['sign-in-providers', 'import-export']) {
      await page.goto(`${server.url}/console/settings/${group}`);
      await settings.getByRole('note').waitFor();
      expect(await settings.getByRole('button').count()).toBe(0);
    }
    expect(await settings.getByText('Add a sign-in provider').count()).toBe(0);
    expect(await settings.getByText('Export as a config file').count()).toBe(0);

    // A change sent anyway, with the session's CSRF value, is refused for the role (403, which Chromium logs) ...
    expectConsoleMessage(page, { text: /status of 403/, url: /\/_admin\/v1\/site-settings$/ });
    const refused = await page.evaluate(
      async (value) => {
        const session = await (await fetch('/_admin/v1/console/session')).json();
        const res = await fetch('/_admin/v1/site-settings', {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', 'x-vitrine-csrf': session.csrfToken },
          body: JSON.stringify({ siteId: 'shop', changes: { 'policies.memberApproval': value } }),
        });
        return { status: res.status, body: await res.json() };
      },
      approvalBefore === 'manual' ? 'auto' : 'manual',
    );
    expect(refused.status).toBe(403);
    expect(refused.body.details.applicationError.code).toBe('OWNER_ROLE_REFUSED');
    // ... and saved nowhere: the API answers the same settings as before.
    expect(await settingsAsAdmin()).toEqual(before);
    await page.context().close();
  });
});
