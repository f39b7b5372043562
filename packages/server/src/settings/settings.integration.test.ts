/**
 * Site settings owners change (issue #31), on a real server: validated by the config loader (same
 * sentences), locked where the config file sets them, secrets write-only and sealed, audited before and
 * after, exported and imported, and in force on a second instance on the same database within seconds.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signedIn,
  startTestSmtp,
  waitFor,
  startTestProvider,
  startTestServer,
  withLoopbackPeers,
  type ConsoleClient,
  type TestServer,
} from '../../test-support/index.js';
import { createApp, type VitrineApp } from '../../test-support/boot.js';
import { startWithConfigFile } from '../../test-support/config-file.js';
import { loadConfig } from '../config-files/load.js';
import type { ConfigError } from '../config/validate.js';
import type { ServerConfig } from '../config/types.js';

const SECRET = 'provider-client-secret-never-shown-1234';
let server: TestServer;
let owner: ConsoleClient;
let editor: ConsoleClient;
let second: VitrineApp;
let secondUrl: string;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;

/** The config a second instance loads: its own site objects (as another process would have), a fast poll. */
const ownCopy = (config: ServerConfig): ServerConfig => ({
  ...config,
  sites: config.sites.map((s) => structuredClone(s)),
  settingsPollMs: 100,
});

async function register(url: string, clientId: string): Promise<string> {
  const visitor = (await (
    await fetch(`${url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId, grantType: 'anonymous' }),
    })
  ).json()) as { access_token: string };
  const res = await fetch(`${url}/_api/iam/authentication/v2/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: visitor.access_token },
    body: JSON.stringify({
      loginId: { email: `m${randomBytes(4).toString('hex')}@example.com` },
      password: 'correct horse battery',
    }),
  });
  return ((await res.json()) as { state: string }).state;
}

/** The sentences the config loader gives a config file whose only site is `site`. */
function fileProblems(site: Record<string, unknown>): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-settings-'));
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ sites: [site] }));
  try {
    loadConfig({ configPath: join(dir, 'config.json'), env: {}, ephemeral: true, port: 0 });
    return [];
  } catch (error) {
    return (error as ConfigError).problems;
  }
}

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({
    // withLoopbackPeers: "Test connection" reaches the test provider on 127.0.0.1 only with the operator's switch.
    config: (c) => ({
      ...withLoopbackPeers(c),
      keyEncryptionKey: randomBytes(32),
      settingsPollMs: 100,
      smtpUrl: smtp.url,
    }),
    site: (s) => ({
      ...s,
      policies: { ...s.policies, emailVerification: 'off' },
      shop: { maxUnitsPerProduct: 5 },
      push: { expirySeconds: 60, placeHeader: 'cf-ipcountry', vapid: undefined },
    }),
  });
  owner = await signedIn(server, 'settings-owner@example.com', 'owner');
  editor = await signedIn(server, 'settings-editor@example.com', 'editor');
  second = await createApp({
    config: ownCopy(server.ctx.config),
    db: server.ctx.db,
    logLevel: 'silent',
    mailDelivery: false,
  });
  secondUrl = (await second.app.listen({ port: 0, host: '127.0.0.1' })).replace('[::1]', '127.0.0.1');
}, 60_000);

afterAll(async () => {
  await second?.close();
  await server?.close();
  await smtp?.close();
});

const site = () => `siteId=${server.siteId}`;
const patch = (client: ConsoleClient, changes: Record<string, unknown>) =>
  client.call('PATCH', '/_admin/v1/site-settings', { siteId: server.siteId, changes });

describe('site settings', () => {
  it('shows each key of the schema with its value and source; editors read, only owners change', async () => {
    const res = await editor.call('GET', `/_admin/v1/site-settings?${site()}`);
    expect(res.status).toBe(200);
    expect(res.body.canChange).toBe(false);
    const policies = res.body.sections.find((s: { name: string }) => s.name === 'policies');
    const verification = policies.fields.find((f: { key: string }) => f.key === 'policies.emailVerification');
    expect(verification).toMatchObject({ value: 'off', locked: false, path: 'sites[0].policies.emailVerification' });
    expect(verification.schema.enum).toEqual(['off', 'required']);
    const clients = res.body.sections.find((s: { name: string }) => s.name === 'clients');
    expect(clients.entries[0].id).toBe(server.clientId);
    // Set nowhere, yet in force: the second factors members get by default are answered as the values (review t5).
    const factors = policies.fields.find((f: { key: string }) => f.key === 'policies.mfaFactors');
    expect(factors).toMatchObject({ source: 'default', locked: false });
    expect(factors.value).toEqual(expect.arrayContaining(['TOTP', 'EMAIL', 'WEBAUTHN', 'PUSH']));
    expect(policies.fields.find((f: { key: string }) => f.key === 'policies.mfa').value).toBe('optional');

    const refused = await patch(editor, { 'policies.emailVerification': 'required' });
    expect(refused.status).toBe(403);
    expect(server.ctx.sites.get(server.siteId)!.policies.emailVerification).toBe('off');
  });

  it('a change on one instance is in force on the other within seconds, and audited before and after', async () => {
    expect(await register(secondUrl, server.clientId)).toBe('SUCCESS');
    const res = await patch(owner, { 'policies.emailVerification': 'required' });
    expect(res.status).toBe(200);
    expect(res.body.changed).toEqual([{ key: 'policies.emailVerification', before: '"off"', after: '"required"' }]);
    expect(server.ctx.sites.get(server.siteId)!.policies.emailVerification).toBe('required');
    // The second instance polls every 100 ms here (2 s by default).
    await expect
      .poll(() => second.ctx.sites.get(server.siteId)!.policies.emailVerification, { timeout: 5000 })
      .toBe('required');
    expect(await register(secondUrl, server.clientId)).toBe('REQUIRE_EMAIL_VERIFICATION');

    const log = await owner.call('GET', `/_admin/v1/auth-events?${site()}&type=owner_action&limit=20`);
    const entry = log.body.events.find((e: { detail: { action?: string } }) => e.detail.action === 'change_setting');
    expect(entry.detail).toMatchObject({ key: 'policies.emailVerification', before: '"off"', after: '"required"' });
  });

  it('keeps what a server without a config file runs with outside the changed key: delivery methods, shop limits, push', async () => {
    const running = () => server.ctx.sites.get(server.siteId)!;
    const before = { shipping: running().shipping, shop: running().shop, push: running().push };
    expect(before.shipping?.methods.length).toBeGreaterThan(0);
    expect((await patch(owner, { name: 'Renamed shop' })).status).toBe(200);
    expect(running().name).toBe('Renamed shop');
    expect({ shipping: running().shipping, shop: running().shop, push: running().push }).toEqual(before);
    expect((await patch(owner, { name: null })).status).toBe(200);
  });

  it('refuses an invalid redirect URI with the sentence the config file gets', async () => {
    const uris = ['not a url'];
    const res = await patch(owner, { [`clients[${server.clientId}].redirectUris`]: uris });
    expect(res.status).toBe(400);
    expect(res.body.details.applicationError.code).toBe('SETTING_INVALID');
    const expected = fileProblems({ id: 'demo', clients: [{ clientId: server.clientId, redirectUris: uris }] });
    expect(expected).toEqual([
      'sites[0].clients[0].redirectUris[0] must be an absolute URL such as "https://shop.example" (got "not a url")',
    ]);
    expect(res.body.details.applicationError.data.problems).toEqual(expected);
    expect(res.body.message).toBe(expected[0]);
  });

  it("sends the site's mail from the sender set in the console", async () => {
    const bad = await patch(owner, { 'mail.from': 'nobody' });
    expect(bad.body.message).toBe(
      'sites[0].mail.from must be an address such as "Shop <no-reply@shop.example>" or "no-reply@shop.example" (got "nobody")',
    );
    expect((await patch(owner, { 'mail.from': 'Settings Shop <shop@example.com>' })).status).toBe(200);
    // Email verification is required since the test above: registering mails a code.
    expect(await register(server.url, server.clientId)).toBe('REQUIRE_EMAIL_VERIFICATION');
    const mail = await waitFor(() => smtp.received.find((m) => m.from === 'shop@example.com'));
    expect(mail.raw).toContain('From: Settings Shop <shop@example.com>');
  });

  it('refuses a key that is not a setting', async () => {
    const res = await patch(owner, { 'apiKeys[x].key': 'y' });
    expect(res.status).toBe(400);
    expect(res.body.details.applicationError.code).toBe('UNKNOWN_SETTING');
  });

  it('keeps secrets write-only: sealed at rest, never in an answer, the export or the audit log', async () => {
    const started = await startTestProvider();
    const provider = started.ready([`${server.url}/callback`]);
    try {
      const res = await patch(owner, {
        'identityProviders[okta]': {
          type: 'oidc',
          name: 'Okta',
          issuer: provider.issuer,
          clientId: 'vitrine',
          clientSecret: SECRET,
        },
      });
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toContain(SECRET);
      expect(server.ctx.sites.get(server.siteId)!.identityProviders![0]!.clientSecret).toBe(SECRET);
      const field = res.body.settings.sections
        .find((s: { name: string }) => s.name === 'identityProviders')
        .entries[0].fields.find((f: { name: string }) => f.name === 'clientSecret');
      expect(field).toMatchObject({ secret: true, value: { set: true } });

      const answers = [
        await owner.call('GET', `/_admin/v1/site-settings?${site()}`),
        await owner.call('GET', `/_admin/v1/site-settings/export?${site()}`),
        await owner.call('GET', `/_admin/v1/settings?${site()}`),
        await owner.call('GET', `/_admin/v1/auth-events?${site()}&type=owner_action&limit=50`),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(JSON.stringify(answer.body)).not.toContain(SECRET);
      }
      expect(answers[1]!.body.omittedSecrets).toContain('sites[0].identityProviders[0].clientSecret');
      const stored = await server.ctx.db.query<{ value: unknown }>(
        `select value from site_settings where key = 'identityProviders[okta]'`,
      );
      expect(JSON.stringify(stored.rows[0]!.value)).not.toContain(SECRET);
      expect(JSON.stringify(stored.rows[0]!.value)).toContain('"$sealed":"v1.');

      // Changing another key of the entry keeps the secret ({"set": true} keeps it too).
      expect((await patch(owner, { 'identityProviders[okta].name': 'Okta SSO' })).status).toBe(200);
      expect(server.ctx.sites.get(server.siteId)!.identityProviders![0]!.clientSecret).toBe(SECRET);

      const tested = await owner.call('POST', '/_admin/v1/site-settings/test-provider', {
        siteId: server.siteId,
        provider: { id: 'okta' },
      });
      expect(tested.body).toMatchObject({ ok: true, issuer: provider.issuer });
      const broken = await owner.call('POST', '/_admin/v1/site-settings/test-provider', {
        siteId: server.siteId,
        provider: { issuer: 'http://127.0.0.1:9/nothing' },
      });
      expect(broken.body.ok).toBe(false);
      expect(broken.body.message).toContain('Discovery at http://127.0.0.1:9/nothing failed');

      expect((await patch(owner, { 'identityProviders[okta]': null })).status).toBe(200);
      expect(server.ctx.sites.get(server.siteId)!.identityProviders).toEqual([]);
    } finally {
      await provider.close();
    }
  });

  it('exports the settings as a config file and imports one: a dry run first, then the change', async () => {
    const exported = await owner.call('GET', `/_admin/v1/site-settings/export?${site()}`);
    const config = exported.body.config;
    expect(config.sites[0].policies.emailVerification).toBe('required');
    config.sites[0].name = 'Imported Store';
    const dry = await owner.call('POST', '/_admin/v1/site-settings/import', { siteId: server.siteId, config });
    expect(dry.body).toEqual({
      differences: [{ key: 'name', before: '"Demo Store"', after: '"Imported Store"', locked: false }],
      applied: false,
      problems: [],
    });
    expect(server.ctx.sites.get(server.siteId)!.name).toBe('Demo Store');
    const applied = await owner.call('POST', '/_admin/v1/site-settings/import', {
      siteId: server.siteId,
      config,
      apply: true,
    });
    expect(applied.body.applied).toBe(true);
    expect(server.ctx.sites.get(server.siteId)!.name).toBe('Imported Store');
  });
});

describe('site settings at start', () => {
  it('a new instance (a restart) runs with the stored settings from its first request', async () => {
    // The sites as a fresh process loads them (the config alone), and no poll before the checks below.
    const fresh = ownCopy(server.ctx.config);
    const sites = fresh.sites.map((s) => ({
      ...s,
      name: 'Demo Store',
      policies: { ...s.policies, emailVerification: 'off' as const },
    }));
    const config = { ...fresh, sites, settingsPollMs: 3_600_000 };
    const restarted = await createApp({ config, db: server.ctx.db, logLevel: 'silent', mailDelivery: false });
    try {
      const site = restarted.ctx.sites.get(server.siteId)!;
      expect(site.policies.emailVerification).toBe('required');
      expect(site.name).toBe('Imported Store');
    } finally {
      await restarted.close();
    }
  });
});

describe('site settings with a config file', () => {
  let fileServer: TestServer;
  let fileOwner: ConsoleClient;

  beforeAll(async () => {
    fileServer = await startWithConfigFile([
      { id: 'shop', policies: { emailVerification: 'off' }, clients: [{ clientId: 'web' }] },
    ]);
    fileOwner = await signedIn(fileServer, 'file-owner@example.com', 'owner');
  }, 60_000);

  afterAll(async () => {
    await fileServer?.close();
  });

  it("locks the keys the file sets and says why; the others are the console's", async () => {
    const view = await fileOwner.call('GET', '/_admin/v1/site-settings?siteId=shop');
    const policies = view.body.sections.find((s: { name: string }) => s.name === 'policies');
    const field = (key: string) => policies.fields.find((f: { key: string }) => f.key === key);
    expect(field('policies.emailVerification')).toMatchObject({ locked: true, source: 'file', value: 'off' });
    expect(field('policies.memberApproval')).toMatchObject({ locked: false, source: 'default', value: 'auto' });

    const locked = await fileOwner.call('PATCH', '/_admin/v1/site-settings', {
      siteId: 'shop',
      changes: { 'policies.emailVerification': 'required' },
    });
    expect(locked.status).toBe(409);
    expect(locked.body.details.applicationError.code).toBe('SETTING_LOCKED');
    expect(locked.body.message).toBe(
      "sites[0].policies.emailVerification is set in the config file: change it there (the file's settings are locked in the console)",
    );
    expect(fileServer.ctx.sites.get('shop')!.policies.emailVerification).toBe('off');

    const free = await fileOwner.call('PATCH', '/_admin/v1/site-settings', {
      siteId: 'shop',
      changes: { 'policies.memberApproval': 'manual', 'clients[web].redirectUris': ['https://shop.example/callback'] },
    });
    expect(free.status).toBe(200);
    expect(fileServer.ctx.sites.get('shop')!.policies.memberApproval).toBe('manual');
    expect(fileServer.ctx.sites.get('shop')!.clients[0]!.redirectUris).toEqual(['https://shop.example/callback']);
  });
});
