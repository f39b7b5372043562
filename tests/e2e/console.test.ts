/**
 * The owner console through its BUILT app in real headless Chromium, served by a real server under
 * `/console`, at phone width. Controls are found by role and accessible name.
 */
import { Secret, TOTP } from 'otpauth';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOwnerCommand } from '../../packages/server/src/cli-owners.js';
import { consoleClient } from '@vitrine/server/test-support';
import { builtApps } from './support/apps.js';
import { startTestServer, type TestServer } from '@vitrine/server/test-support';
import { launchChromium } from './support/browser.js';

let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    config: (c) => ({ ...c, consoleDir: builtApps().console }),
    site: (s) => ({
      ...s,
      policies: { ...s.policies, emailVerification: 'off', memberApproval: 'manual', captcha: 'off' },
    }),
  });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const unique = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  // No third-party requests: everything the console loads comes from the server itself.
  page.on('request', (request) => expect(new URL(request.url()).origin).toBe(server.url));
  return page;
}

/**
 * The setup link exactly as `vitrine owners add` makes it, followed in the browser: the page names the
 * account, and setting the password signs the owner in (issue #31). `signOut` leaves the page signed out.
 */
async function setUpOwner(page: Page, email: string, role: string, password: string, signOut = false): Promise<void> {
  const { setupUrl } = await addOwnerCommand(server.ctx.config, email, role, { db: server.ctx.db });
  const response = await page.goto(setupUrl);
  expect(response!.headers()['content-security-policy']).toContain("default-src 'none'");
  expect(response!.headers()['x-frame-options']).toBe('DENY');
  await page.getByRole('heading', { name: 'Set up your console account' }).waitFor();
  expect(await page.locator('dl.account').innerText()).toContain(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
  if (signOut) {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to the console' }).waitFor();
  }
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${server.url}/console/sign-in`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function waitingMember(): Promise<{ id: string; email: string }> {
  const token = (await (
    await fetch(`${server.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: server.clientId, grantType: 'anonymous' }),
    })
  ).json()) as { access_token: string };
  const email = unique('shopper');
  const reg = await fetch(`${server.url}/_api/iam/authentication/v2/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token.access_token },
    body: JSON.stringify({ loginId: { email }, password: 'correct horse battery' }),
  });
  const body = (await reg.json()) as { state: string; identity: { id: string } };
  expect(body.state).toBe('REQUIRE_OWNER_APPROVAL');
  return { id: body.identity.id, email };
}

async function memberLogin(email: string): Promise<string> {
  const token = (await (
    await fetch(`${server.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: server.clientId, grantType: 'anonymous' }),
    })
  ).json()) as { access_token: string };
  const res = await fetch(`${server.url}/_api/iam/authentication/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token.access_token },
    body: JSON.stringify({ loginId: { email }, password: 'correct horse battery' }),
  });
  return ((await res.json()) as { state: string }).state;
}

describe('owner console in Chromium', () => {
  it('setup link → set password → signed in → approve a waiting member, who then signs in; the audit log shows it', async () => {
    const page = await newPage();
    const email = unique('owner');
    await setUpOwner(page, email, 'owner', 'a long owner password');
    for (const name of ['Overview', 'Members', 'Collections', 'API keys', 'Mail', 'Audit log', 'Settings']) {
      await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name, exact: true }).waitFor();
    }
    const member = await waitingMember();
    expect(await memberLogin(member.email)).toBe('REQUIRE_OWNER_APPROVAL');

    await page.getByRole('link', { name: 'Members' }).click();
    await page.getByLabel('Search members').fill(member.email);
    await page.getByRole('status').filter({ hasText: 'Showing 1–1 of 1' }).waitFor();
    await page.getByRole('link', { name: member.email }).click();
    await page.getByRole('heading', { name: member.email }).waitFor();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('status').filter({ hasText: 'Approved' }).waitFor();
    expect(await memberLogin(member.email)).toBe('SUCCESS');

    await page.getByRole('link', { name: 'Audit log' }).click();
    // In words, with the names the server wrote under them (review t5: raw `owner_action` only).
    await page.getByRole('cell', { name: 'Approved a member owner_action · approve' }).first().waitFor();
    await page.context().close();
  });

  it('signs in with two-factor: the authentication code is asked for after the password', async () => {
    const email = unique('twofactor');
    const password = 'another owner password';
    const api = consoleClient(server.url);
    const page = await newPage();
    await setUpOwner(page, email, 'support', password, true);
    await api.call('POST', '/_admin/v1/console/sign-in', { email, password });
    const { secret } = (await api.call('POST', '/_admin/v1/console/two-factor/start', {})).body as { secret: string };
    const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
    expect((await api.call('POST', '/_admin/v1/console/two-factor/confirm', { code: totp.generate() })).status).toBe(
      200,
    );

    await signIn(page, email, password);
    const code = page.getByLabel('Authentication code');
    await code.waitFor();
    // The next time step: the current one was spent on enrolment, and a code works once.
    await code.fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByText('On: signing in asks for a code').waitFor();
    await page.context().close();
  });

  it('imports members from a file: check (dry run) with the refused rows, then import', async () => {
    const page = await newPage();
    const email = unique('importer');
    await setUpOwner(page, email, 'owner', 'import desk password');
    // Setting the password signs the owner in (issue #31).
    await page.goto(`${server.url}/console/members`);
    await page.getByRole('link', { name: 'Import members' }).click();
    await page.getByRole('heading', { name: 'Import members' }).waitFor();
    const imported = unique('imported');
    await page.getByLabel('Format').selectOption('csv');
    await page.getByLabel('Export file').setInputFiles({
      name: 'members.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`email,email_verified,first_name\n${imported},true,Imp\nnot-an-address,false,\n`),
    });
    await page.getByRole('button', { name: 'Check file' }).click();
    const report = page.getByRole('region', { name: 'Import report' });
    await report.getByText('Would import 2 rows: 1 new, 0 updated, 1 refused').waitFor();
    await report.getByRole('cell', { name: 'not an email address' }).waitFor();
    await page.getByRole('button', { name: 'Import' }).click();
    await report.getByText('Imported 2 rows: 1 new, 0 updated, 1 refused').waitFor();
    const { rows } = await server.ctx.db.query<{ n: number }>(
      'select count(*)::int as n from members where email = $1',
      [imported],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it("downloads a member's data from the member page", async () => {
    const member = await waitingMember();
    const page = await newPage();
    const email = unique('support');
    await setUpOwner(page, email, 'support', 'support desk password');
    // Setting the password signs the owner in (issue #31).
    await page.goto(`${server.url}/console/members/${member.id}`);
    await page.getByRole('heading', { name: member.email }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download data' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`member-${member.id}.json`);
    const file = await download.path();
    const data = JSON.parse((await import('node:fs')).readFileSync(file, 'utf8')) as { member: { email: string } };
    expect(data.member.email).toBe(member.email);
  });

  it('blocking a member in the console ends their open session at once', async () => {
    const member = await waitingMember();
    await server.ctx.db.query("update members set status = 'ACTIVE', approved = true where id = $1", [member.id]);
    const session = await server.ctx.db.transaction((tx) =>
      server.ctx.tokens.createMemberSession(tx, {
        siteId: server.siteId,
        clientId: server.clientId,
        memberId: member.id,
      }),
    );
    const me = () =>
      fetch(`${server.url}/_api/members/v1/members/my`, { headers: { authorization: session.accessToken } }).then(
        (r) => r.status,
      );
    expect(await me()).toBe(200);

    const page = await newPage();
    const email = unique('support');
    await setUpOwner(page, email, 'support', 'support desk password', true);
    await signIn(page, email, 'support desk password');
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.goto(`${server.url}/console/members/${member.id}`);
    await page.getByRole('heading', { name: member.email }).waitFor();
    await page.getByRole('button', { name: 'Block' }).click();
    // Block asks first, in a dialog saying what will happen.
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, block' }).click();
    await page.getByRole('status').filter({ hasText: 'Blocked' }).waitFor();
    expect(await me()).toBe(401);
    const refresh = await fetch(`${server.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grantType: 'refresh_token',
        clientId: server.clientId,
        refreshToken: session.refreshToken,
      }),
    });
    expect(refresh.status).toBe(400);
    await page.getByRole('button', { name: 'Unblock' }).waitFor();
    await page.context().close();
  });
});
