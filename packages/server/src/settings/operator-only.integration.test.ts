/**
 * Audit V5-1, V5-7 (the settings half) and V5-14 on a real server with a config file: the audit's two
 * vectors (an owner naming VITRINE_ADMIN_KEY as the Twilio token, a provider whose clientSecretEnv is
 * the key-encryption key), secret destinations (reCAPTCHA verifyUrl, Twilio apiBaseUrl, the issuer of the
 * file's provider), defaults the file does not use, the owner's own Twilio token, and the production rule.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedIn, startTestServer, type ConsoleClient, type TestServer } from '../../test-support/index.js';
import { startWithConfigFile } from '../../test-support/config-file.js';

const ADMIN_KEY = randomBytes(24).toString('base64url');
const KEK = randomBytes(32).toString('base64');
const TWILIO_DEFAULT = `twilio-${randomBytes(12).toString('hex')}`;
const FILE_SECRET_NAME = `SHOP_CORP_SECRET_${randomBytes(4).toString('hex').toUpperCase()}`;
const FILE_SECRET = `file-secret-${randomBytes(12).toString('hex')}`;
const SID = `AC${'0123456789abcdef'.repeat(2)}`;
/** What the server's environment holds during this file (put back afterwards). */
const ENV: Record<string, string> = {
  VITRINE_ADMIN_KEY: ADMIN_KEY,
  VITRINE_KEY_ENCRYPTION_KEY: KEK,
  TWILIO_AUTH_TOKEN: TWILIO_DEFAULT,
  [FILE_SECRET_NAME]: FILE_SECRET,
};

const FILE_RELAY_PASSWORD = 'file-relay-password-never-redirected';
let server: TestServer;
let owner: ConsoleClient;

beforeAll(async () => {
  for (const [k, v] of Object.entries(ENV)) vi.stubEnv(k, v);
  const site = {
    id: 'shop',
    clients: [{ clientId: 'web' }],
    // The operator's provider: its secret from the environment, its issuer the Google preset's.
    identityProviders: [{ id: 'google', type: 'google', clientId: 'shop-google', clientSecretEnv: FILE_SECRET_NAME }],
    // The operator's relay for this site, its password in the file.
    mail: { smtpHost: 'smtp.operator.example', smtpPassword: FILE_RELAY_PASSWORD },
  };
  server = await startWithConfigFile([site], ENV);
  owner = await signedIn(server, 'operator-only-owner@example.com', 'owner');
}, 60_000);

afterAll(async () => {
  await server?.close();
  vi.unstubAllEnvs();
});

const patch = (changes: Record<string, unknown>) =>
  owner.call('PATCH', '/_admin/v1/site-settings', { siteId: 'shop', changes });
const shop = () => server.ctx.sites.get('shop')!;
const refusal = (res: {
  status: number;
  body: { message: string; details: { applicationError: { code: string } } };
}) => ({
  status: res.status,
  code: res.body.details.applicationError.code,
  message: res.body.message,
});

describe('secrets a tenant cannot select (audit V5-1)', () => {
  it("refuses the audit's Twilio vector: phone.authTokenEnv naming VITRINE_ADMIN_KEY, apiBaseUrl an internal address", async () => {
    const res = await patch({
      'phone.provider': 'twilio',
      'phone.accountSid': SID,
      'phone.authTokenEnv': 'VITRINE_ADMIN_KEY',
      'phone.from': '+14155550100',
      'phone.apiBaseUrl': 'http://127.0.0.1:18725',
    });
    expect(refusal(res)).toEqual({
      status: 400,
      code: 'UNKNOWN_SETTING',
      message:
        "sites[0].phone.authTokenEnv can only be set by the server's operator in the config file (it names an environment variable or a file of the server, or where a secret is sent)",
    });
    expect(shop().phone).toBeUndefined();
    // The address alone is refused too (audit V5-7: it exists for tests, and the token goes there).
    const address = await patch({ 'phone.apiBaseUrl': 'http://127.0.0.1:18725' });
    expect(refusal(address)).toMatchObject({ status: 400, code: 'UNKNOWN_SETTING' });
    expect(address.body.message).toMatch(/^sites\[0\]\.phone\.apiBaseUrl can only be set by the server's operator/);
  });

  it("refuses the audit's provider vector: a whole entry whose clientSecretEnv names the key-encryption key", async () => {
    const res = await patch({
      'identityProviders[corp]': {
        type: 'oidc',
        issuer: 'http://localhost:18726',
        clientId: 'vitrine',
        clientSecretEnv: 'VITRINE_KEY_ENCRYPTION_KEY',
      },
    });
    expect(refusal(res)).toMatchObject({ status: 400, code: 'UNKNOWN_SETTING' });
    expect(res.body.message).toMatch(/^sites\[0\]\.identityProviders\[corp\]\.clientSecretEnv can only be set/);
    expect(shop().identityProviders!.map((p) => p.id)).toEqual(['google']);
    expect(JSON.stringify(shop())).not.toContain(KEK);
  });

  it("locks where the file's provider secret goes: its issuer and type, even where the file leaves them out", async () => {
    const view = await owner.call('GET', '/_admin/v1/site-settings?siteId=shop');
    const entry = view.body.sections
      .find((s: { name: string }) => s.name === 'identityProviders')
      .entries.find((e: { id: string }) => e.id === 'google');
    const field = (name: string) => entry.fields.find((f: { name: string }) => f.name === name);
    expect(field('issuer')).toMatchObject({ locked: true });
    expect(field('type')).toMatchObject({ locked: true });
    expect(field('clientSecretEnv')).toBeUndefined();
    expect(JSON.stringify(view.body)).not.toContain(FILE_SECRET_NAME);
    const exported = await owner.call('GET', '/_admin/v1/site-settings/export?siteId=shop');
    expect(exported.status).toBe(200);
    expect(JSON.stringify(exported.body)).not.toContain(FILE_SECRET_NAME);

    // The issuer the file leaves to the preset: locked all the same.
    const issuer = await patch({ 'identityProviders[google].issuer': 'http://localhost:18726' });
    expect(refusal(issuer)).toEqual({
      status: 409,
      code: 'SETTING_LOCKED',
      message:
        "sites[0].identityProviders[google].issuer decides where the config file's secret is sent: change it in the config file",
    });
    const type = await patch({ 'identityProviders[google].type': 'oidc' });
    expect(refusal(type)).toMatchObject({ status: 409, code: 'SETTING_LOCKED' });
    expect(shop().identityProviders![0]).toMatchObject({
      issuer: 'https://accounts.google.com',
      clientSecret: FILE_SECRET,
    });
    // What does not move the secret stays the console's, and the file's own variable is still read.
    expect((await patch({ 'identityProviders[google].name': 'Google account' })).status).toBe(200);
    expect(shop().identityProviders![0]).toMatchObject({ name: 'Google account', clientSecret: FILE_SECRET });
  });

  it("locks where the file's SMTP password goes: the relay's host, port, encryption and user", async () => {
    const view = await owner.call('GET', '/_admin/v1/site-settings?siteId=shop');
    expect(JSON.stringify(view.body)).not.toContain(FILE_RELAY_PASSWORD);
    const mail = view.body.sections.find((s: { name: string }) => s.name === 'mail');
    for (const key of ['mail.smtpHost', 'mail.smtpPort', 'mail.smtpSecurity', 'mail.smtpUser'])
      expect(
        mail.fields.find((f: { key: string }) => f.key === key),
        key,
      ).toMatchObject({ locked: true });
    const moved = await patch({ 'mail.smtpHost': 'attacker.example' });
    expect(refusal(moved)).toMatchObject({ status: 409, code: 'SETTING_LOCKED' });
    expect(shop().mail?.smtp).toMatchObject({ host: 'smtp.operator.example', password: FILE_RELAY_PASSWORD });
  });

  it("refuses reCAPTCHA's verifyUrl from the console (audit V5-7); the owner's own secret goes to Google", async () => {
    const res = await patch({
      'policies.captcha': 'recaptcha',
      'policies.recaptcha': { secret: 'owner-chosen-secret', verifyUrl: 'http://127.0.0.1:18725/internal/api' },
    });
    expect(refusal(res)).toMatchObject({ status: 400, code: 'UNKNOWN_SETTING' });
    expect(res.body.message).toMatch(/^sites\[0\]\.policies\.recaptcha\.verifyUrl can only be set/);
    expect(shop().policies.captcha).toBe('off');

    const own = await patch({
      'policies.captcha': 'recaptcha',
      'policies.recaptcha': { secret: 'owner-chosen-secret' },
    });
    expect(own.status).toBe(200);
    expect(shop().policies.recaptcha).toEqual({
      secret: 'owner-chosen-secret',
      verifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
    });
    expect((await patch({ 'policies.captcha': null, 'policies.recaptcha': null })).status).toBe(200);
  });

  it("does not read a default variable the file's entry does not use (TWILIO_AUTH_TOKEN)", async () => {
    const res = await patch({ 'phone.provider': 'twilio', 'phone.accountSid': SID, 'phone.from': '+14155550100' });
    expect(refusal(res)).toEqual({
      status: 400,
      code: 'SETTING_INVALID',
      message:
        "TWILIO_AUTH_TOKEN must hold the Twilio auth token of sites[0].phone (the account's, or an API key secret), or give sites[0].phone.authToken",
    });
    expect(shop().phone).toBeUndefined();
  });

  it('lets an owner give Twilio a token of their own: sealed, write-only, sent to Twilio', async () => {
    const token = `owner-token-${randomBytes(8).toString('hex')}`;
    const res = await patch({
      'phone.provider': 'twilio',
      'phone.accountSid': SID,
      'phone.authToken': token,
      'phone.from': '+14155550100',
    });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain(token);
    expect(shop().phone!.provider).toMatchObject({
      kind: 'twilio',
      authToken: token,
      apiBaseUrl: 'https://api.twilio.com',
    });
    const phone = res.body.settings.sections.find((s: { name: string }) => s.name === 'phone');
    expect(phone.fields.find((f: { key: string }) => f.key === 'phone.authToken')).toMatchObject({
      secret: true,
      value: { set: true },
    });
    expect(phone.fields.map((f: { key: string }) => f.key)).not.toContain('phone.authTokenEnv');
    expect(phone.fields.map((f: { key: string }) => f.key)).not.toContain('phone.apiBaseUrl');
    const cleared = { 'phone.provider': null, 'phone.accountSid': null, 'phone.authToken': null, 'phone.from': null };
    expect((await patch(cleared)).status).toBe(200);
  });
});

describe('the production rules on every rebuild (audit V5-14)', () => {
  let production: TestServer;

  beforeAll(async () => {
    production = await startTestServer({ config: (c) => ({ ...c, production: true }) });
  }, 60_000);

  afterAll(async () => {
    await production?.close();
  });

  it('refuses phone.provider "dev" and phone factors without a sender, with the loader\'s sentences', async () => {
    const change = (changes: Record<string, unknown>) =>
      fetch(`${production.url}/_admin/v1/site-settings`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${production.adminKey}` },
        body: JSON.stringify({ siteId: production.siteId, changes }),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as { message: string } }));
    const dev = await change({ 'phone.provider': 'dev' });
    expect(dev.status).toBe(400);
    expect(dev.body.message).toBe(
      'sites[0].phone.provider must not be "dev" when NODE_ENV=production (use "twilio" or "webhook")',
    );
    expect(production.ctx.sites.get(production.siteId)!.phone).toBeUndefined();
    const factors = await change({ 'policies.mfaFactors': ['TOTP', 'SMS'] });
    expect(factors.status).toBe(400);
    expect(factors.body.message).toBe('sites[0].phone is required for SMS in policies.mfaFactors');
  });
});
