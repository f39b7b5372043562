/**
 * The site's own mail server, set in the console (review t5: mail was set only through SMTP_URL), on a real
 * server with two real SMTP relays (smtp-server): the site's and the operator's SMTP_URL. Once an owner sets
 * the site's relay, its mail goes there and not to SMTP_URL; the password is write-only; "Send a test mail"
 * answers a sentence, goes to the owner's own inbox, is for owners only and limited per site; a relay at a
 * loopback address is refused unless the operator allows private networks (the outbound guard's rule); with
 * the site's relay removed the operator's SMTP_URL carries the mail again.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signedIn,
  startTestServer,
  startTestSmtp,
  waitFor,
  withLoopbackPeers,
  type ConsoleClient,
  type TestServer,
} from '../../test-support/index.js';

const PASSWORD = 'relay-password-typed-once-4242';
const OWNER = 'relay-owner@example.com';
let server: TestServer;
let owner: ConsoleClient;
let siteRelay: Awaited<ReturnType<typeof startTestSmtp>>;
let operatorRelay: Awaited<ReturnType<typeof startTestSmtp>>;

beforeAll(async () => {
  siteRelay = await startTestSmtp();
  operatorRelay = await startTestSmtp();
  server = await startTestServer({
    // The relays listen on 127.0.0.1: reached only with the operator's allowance, as other outbound tests do.
    config: (c) => ({ ...withLoopbackPeers(c), keyEncryptionKey: randomBytes(32), smtpUrl: operatorRelay.url }),
    site: (s) => ({ ...s, name: 'Relay Shop', policies: { ...s.policies, emailVerification: 'required' } }),
  });
  owner = await signedIn(server, OWNER, 'owner');
}, 60_000);

afterAll(async () => {
  await server?.close();
  await siteRelay?.close();
  await operatorRelay?.close();
});

const port = (url: string) => Number(new URL(url).port);
const patch = (changes: Record<string, unknown>) =>
  owner.call('PATCH', '/_admin/v1/site-settings', { siteId: server.siteId, changes });
const testMail = (client: ConsoleClient = owner) =>
  client.call('POST', '/_admin/v1/site-settings/test-mail', { siteId: server.siteId });
const allowPrivate = (allowed: boolean) => {
  (server.ctx.config.webhooks as { allowPrivateNetworks?: boolean }).allowPrivateNetworks = allowed;
};

async function register(target: TestServer = server): Promise<string> {
  const email = `relay-${randomBytes(4).toString('hex')}@example.com`;
  const visitor = (await (
    await fetch(`${target.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: target.clientId, grantType: 'anonymous' }),
    })
  ).json()) as { access_token: string };
  const res = await fetch(`${target.url}/_api/iam/authentication/v2/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: visitor.access_token },
    body: JSON.stringify({ loginId: { email }, password: 'correct horse battery' }),
  });
  expect(((await res.json()) as { state: string }).state).toBe('REQUIRE_EMAIL_VERIFICATION');
  return email;
}

const to = (relay: typeof siteRelay, email: string) => relay.received.filter((m) => m.to.includes(email));

describe("the site's own mail server", () => {
  it('carries the site’s mail once set, keeps its password write-only, and tests itself to the owner', async () => {
    const set = await patch({
      'mail.smtpHost': '127.0.0.1',
      'mail.smtpPort': port(siteRelay.url),
      'mail.smtpSecurity': 'none',
      'mail.smtpPassword': PASSWORD,
    });
    expect(set.status).toBe(200);
    expect(JSON.stringify(set.body)).not.toContain(PASSWORD);
    const fields = set.body.settings.sections.find((s: { name: string }) => s.name === 'mail').fields;
    expect(fields.find((f: { key: string }) => f.key === 'mail.smtpPassword')).toMatchObject({
      secret: true,
      value: { set: true },
    });
    expect(server.ctx.sites.get(server.siteId)!.mail?.smtp).toMatchObject({ host: '127.0.0.1', security: 'none' });

    // A member's verification code goes through the site's relay, not SMTP_URL.
    const member = await register();
    await waitFor(() => to(siteRelay, member).length > 0);
    expect(to(operatorRelay, member)).toEqual([]);

    // The test mail: to the owner's own address, answered as a sentence.
    const sent = await testMail();
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({
      ok: true,
      message: `Sent to ${OWNER} through the shop's mail server 127.0.0.1:${port(siteRelay.url)} (no encryption). Check that inbox (and its spam folder).`,
    });
    expect(to(siteRelay, OWNER)).toHaveLength(1);
    expect(to(siteRelay, OWNER)[0]!.raw).toContain('Subject: Relay Shop: test mail');
  });

  it('refuses a relay at a loopback address unless the operator allows private networks', async () => {
    allowPrivate(false);
    try {
      const refused = await testMail();
      expect(refused.status).toBe(200);
      expect(refused.body.ok).toBe(false);
      expect(refused.body.message).toBe(
        `Not sent through the shop's mail server 127.0.0.1:${port(siteRelay.url)} (no encryption): the host resolves to an address that is not allowed (private, loopback or reserved; webhooks.allowPrivateNetworks is off)`,
      );
      expect(to(siteRelay, OWNER)).toHaveLength(1);
    } finally {
      allowPrivate(true);
    }
  });

  it('words a relay that does not answer in fixed words: no address, port or TLS detail', async () => {
    // A closed port on loopback (the relay closed after its address was taken).
    const closed = await startTestSmtp();
    const closedPort = port(closed.url);
    await closed.close();
    expect((await patch({ 'mail.smtpPort': closedPort })).status).toBe(200);
    const refused = await testMail();
    expect(refused.body).toEqual({
      ok: false,
      message: `Not sent through the shop's mail server 127.0.0.1:${closedPort} (no encryption): the connection was refused (ECONNREFUSED)`,
    });
    expect((await patch({ 'mail.smtpPort': port(siteRelay.url) })).status).toBe(200);
  });

  it('owners only: an editor is refused, the admin key has no inbox; then SMTP_URL again, and a limit', async () => {
    const editor = await signedIn(server, 'relay-editor@example.com', 'editor');
    expect((await testMail(editor)).status).toBe(403);
    const byKey = await fetch(`${server.url}/_admin/v1/site-settings/test-mail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${server.adminKey}` },
      body: JSON.stringify({ siteId: server.siteId }),
    });
    expect(byKey.status).toBe(401);

    // The site's relay removed: the operator's SMTP_URL carries the mail again.
    expect((await patch({ 'mail.smtpHost': null })).status).toBe(200);
    expect(server.ctx.sites.get(server.siteId)!.mail?.smtp).toBeUndefined();
    const viaOperator = await testMail();
    expect(viaOperator.body.message).toBe(
      `Sent to ${OWNER} through the server's mail server (SMTP_URL). Check that inbox (and its spam folder).`,
    );
    expect(to(operatorRelay, OWNER)).toHaveLength(1);

    // Five an hour per site (four sent above): the sixth is refused.
    expect((await testMail()).status).toBe(200);
    const limited = await testMail();
    expect(limited.status).toBe(429);
    expect(to(operatorRelay, OWNER)).toHaveLength(2);
  });
});

describe('without SMTP_URL', () => {
  it("delivers the mail of a site with its own relay; other sites' mail waits in the outbox", async () => {
    const relay = await startTestSmtp();
    const alone = await startTestServer({
      config: (c) => ({ ...withLoopbackPeers(c), smtpUrl: undefined }),
      site: (s) => ({ ...s, policies: { ...s.policies, emailVerification: 'required' } }),
    });
    try {
      const waiting = await register(alone);
      const client = await signedIn(alone, 'alone-owner@example.com', 'owner');
      const set = await client.call('PATCH', '/_admin/v1/site-settings', {
        siteId: alone.siteId,
        changes: { 'mail.smtpHost': '127.0.0.1', 'mail.smtpPort': port(relay.url), 'mail.smtpSecurity': 'none' },
      });
      expect(set.status).toBe(200);
      // The code mailed before the relay was set goes out now, through it.
      await waitFor(() => relay.received.some((m) => m.to.includes(waiting)));
    } finally {
      await alone.close();
      await relay.close();
    }
  });
});
