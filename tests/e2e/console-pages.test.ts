/**
 * The console's Overview, Members extras, Mail, Settings and Webhooks pages through the BUILT app in real
 * headless Chromium at phone width, against a real server with a real SMTP server and a real webhook
 * receiver. Controls are found by role and accessible name.
 */
import { type Browser, type Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtApps } from './support/apps.js';
import {
  addOwner,
  startReceiver,
  startTestServer,
  startTestSmtp,
  waitFor,
  type Receiver,
  type TestServer,
} from '@vitrine/server/test-support';
import { launchChromium } from './support/browser.js';

let browser: Browser;
let server: TestServer;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let receiver: Receiver;
const PASSWORD = 'console pages owner password';
let ownerEmail: string;

beforeAll(async () => {
  smtp = await startTestSmtp();
  receiver = await startReceiver();
  server = await startTestServer({
    config: (c) => ({
      ...c,
      consoleDir: builtApps().console,
      smtpUrl: smtp.url,
      webhooks: { allowPrivateNetworks: true, pollMs: 100 },
    }),
  });
  ownerEmail = unique('owner');
  await addOwner(server, ownerEmail, 'owner', PASSWORD);
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await smtp?.close();
  await receiver?.close();
});

function unique(tag: string) {
  return `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;
}

/** A signed-in owner's page at phone width; nothing is loaded from another origin. */
async function ownerPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  page.on('request', (request) => expect(new URL(request.url()).origin).toBe(server.url));
  await page.goto(`${server.url}/console/sign-in`);
  await page.getByLabel('Email').fill(ownerEmail);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
  return page;
}

const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name, exact: true }).click();

async function register(email: string): Promise<string> {
  const token = (await (
    await fetch(`${server.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: server.clientId, grantType: 'anonymous' }),
    })
  ).json()) as { access_token: string };
  const res = await fetch(`${server.url}/_api/iam/authentication/v2/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token.access_token },
    body: JSON.stringify({ loginId: { email }, password: 'correct horse battery' }),
  });
  return ((await res.json()) as { identity: { id: string } }).identity.id;
}

describe('console pages in Chromium', () => {
  it('Overview shows members by status, the 30-day chart with its table, failed sign-ins and mail', async () => {
    await register(unique('overview'));
    const page = await ownerPage();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await page.getByRole('img', { name: /Last 30 days: \d+ sign-ups and \d+ sign-ins/ }).waitFor();
    const chart = page.getByRole('figure', { name: /Sign-ups/ });
    await chart.getByText('The numbers per day').click();
    const today = new Date().toISOString().slice(0, 10);
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: today }) });
    expect(Number(await row.getByRole('cell').first().textContent())).toBeGreaterThanOrEqual(1);
    await page.getByText('Failed sign-ins, last 24 hours').waitFor();
    await page.getByText('Mail waiting').waitFor();
    await page.context().close();
  });

  it('Mail lists the outbox; Retry sends a failed message through SMTP', async () => {
    const email = unique('mail');
    await register(email);
    const sent = await waitFor(
      async () =>
        (
          await server.ctx.db.query<{ id: string }>(
            'select id from mail_outbox where to_address = $1 and sent_at is not null',
            [email],
          )
        ).rows[0],
    );
    // The delivery loop gave up on it (as after eight refused attempts).
    await server.ctx.db.query(
      `update mail_outbox set sent_at = null, failed_at = now(), attempts = 8, last_error = '550 mailbox unavailable' where id = $1`,
      [sent.id],
    );
    const before = smtp.received.filter((m) => m.to.includes(email)).length;

    const page = await ownerPage();
    await nav(page, 'Mail');
    await page.getByLabel('State').selectOption('failed');
    const row = page.getByRole('row').filter({ hasText: email });
    await row.getByText('550 mailbox unavailable').waitFor();
    await row.getByRole('button', { name: 'Retry' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `The mail to ${email} is queued again` })
      .waitFor();
    await waitFor(() => smtp.received.filter((m) => m.to.includes(email)).length > before);
    // Sent once more, through SMTP.
    expect(smtp.received.filter((m) => m.to.includes(email)).length).toBe(before + 1);
    await page.getByLabel('State').selectOption('sent');
    const sentCell = page.getByRole('row').filter({ hasText: email }).getByText('Sent');
    await sentCell.waitFor();
    expect(await sentCell.isVisible()).toBe(true);
    // The outbox holds it as sent, no longer failed.
    const { rows } = await server.ctx.db.query<{ sent: boolean; failed: boolean }>(
      'select sent_at is not null as sent, failed_at is not null as failed from mail_outbox where id = $1',
      [sent.id],
    );
    expect(rows).toEqual([{ sent: true, failed: false }]);
    await page.context().close();
  });

  it('Settings shows the site configuration with its key names and an SDK snippet for this server', async () => {
    const page = await ownerPage();
    await nav(page, 'Settings');
    // On its own page of the Settings index.
    await page.getByRole('link', { name: 'Server configuration' }).click();
    await page.getByRole('heading', { name: 'Site configuration' }).waitFor();
    await page.getByText('sites[0].clients[0]').waitFor();
    await page.getByText('sites[0].policies').first().waitFor();
    const snippet = page.getByLabel('@vitrine/sdk snippet');
    expect(await snippet.textContent()).toContain(`clientId: '${server.clientId}', baseUrl: '${server.url}'`);
    await page.getByLabel('@wix/sdk snippet').waitFor();
    await page.context().close();
  });

  it('Webhooks: create an endpoint (secret shown once), send a test event, replay its delivery, disable and delete', async () => {
    const page = await ownerPage();
    await nav(page, 'Webhooks');
    await page.getByLabel('URL').fill(receiver.url);
    await page.getByLabel('Events').fill('webhook.test, member.*');
    await page.getByRole('button', { name: 'Create endpoint' }).click();
    const secret = await page.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('link', { name: receiver.url }).click();
    await page.getByRole('heading', { name: receiver.url }).waitFor();

    await page.getByRole('button', { name: 'Send test event' }).click();
    const [test] = await receiver.waitFor((all) => all.some((r) => r.json.type === 'webhook.test'));
    expect(new Webhook(secret).verify(test!.body, test!.headers)).toEqual(test!.json);
    const delivered = () => receiver.received.filter((r) => r.json.type === 'webhook.test').length;
    const row = page.getByRole('row').filter({ hasText: 'webhook.test' });
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Refresh deliveries' }).click();
          return row.filter({ hasText: 'Delivered' }).count();
        },
        { timeout: 10_000 },
      )
      .toBe(1);
    await row.getByRole('button', { name: 'Replay' }).click();
    await page.getByRole('status').filter({ hasText: 'queued again' }).waitFor();
    await receiver.waitFor(() => delivered() === 2);

    await page.getByRole('button', { name: 'Disable' }).click();
    await page.getByRole('button', { name: 'Enable' }).waitFor();
    await page.getByRole('button', { name: 'Delete endpoint' }).click();
    await page.getByRole('button', { name: 'Yes, delete the endpoint' }).click();
    await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
    await page.getByText('No endpoints yet.').waitFor();
    await page.context().close();
  });

  it('Delete member asks first, ends their session, and member.deleted reaches the receiver, verified with standardwebhooks', async () => {
    const hook = await fetch(`${server.url}/_admin/v1/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.adminKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ siteId: server.siteId, url: receiver.url, events: ['member.deleted'] }),
    });
    const { secret } = (await hook.json()) as { secret: string };
    const email = unique('leaving');
    const id = await register(email);
    await server.ctx.db.query(
      "update members set status = 'ACTIVE', approved = true, email_verified = true where id = $1",
      [id],
    );
    const session = await server.ctx.db.transaction((tx) =>
      server.ctx.tokens.createMemberSession(tx, { siteId: server.siteId, clientId: server.clientId, memberId: id }),
    );
    const me = () =>
      fetch(`${server.url}/_api/members/v1/members/my`, { headers: { authorization: session.accessToken } }).then(
        (r) => r.status,
      );
    expect(await me()).toBe(200);

    const page = await ownerPage();
    await nav(page, 'Members');
    await page.getByLabel('Search members').fill(email);
    await page.getByRole('link', { name: email }).click();
    await page.getByRole('heading', { name: email }).waitFor();
    await page.getByRole('heading', { name: 'Sign-in methods' }).waitFor();
    await page.getByRole('cell', { name: server.clientId }).waitFor();
    await page.getByRole('button', { name: 'Delete member' }).click();
    await page.getByRole('dialog', { name: `Delete ${email}?` }).waitFor();
    await page.getByRole('button', { name: 'Yes, delete member' }).click();
    await page.getByRole('heading', { name: 'Member deleted' }).waitFor();
    expect(await me()).toBe(401);

    const hits = await receiver.waitFor((all) =>
      all.some((r) => r.json.type === 'member.deleted' && r.json.data.id === id),
    );
    const hit = hits.find((r) => r.json.type === 'member.deleted' && r.json.data.id === id)!;
    expect(new Webhook(secret).verify(hit.body, hit.headers)).toEqual(hit.json);
    expect(hit.json.identity.identityType).toBe('WIX_USER');
    expect(hit.body).not.toContain(email);

    await nav(page, 'Audit log');
    await page.getByRole('cell', { name: 'Deleted a member owner_action · delete_member' }).first().waitFor();
    await page.context().close();
  });
});
