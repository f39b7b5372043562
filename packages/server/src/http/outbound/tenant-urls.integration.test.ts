import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appError, memberCalls, PASSWORD } from '../../../test-support/mfa-kit.js';
import { signedIn, type ConsoleClient } from '../../../test-support/owners-kit.js';
import { freshNumber, startPhoneServer } from '../../../test-support/phone-kit.js';
import { api, visitorToken } from '../../../test-support/identity-server.js';
import { startTestServer, type TestServer } from '../../../test-support/server.js';
import { startTwilioFake, type TwilioFake } from '../../../test-support/twilio-fake.js';

/**
 * The audit's V5-7 probes through the real routes: an owner-set URL (reCAPTCHA `verifyUrl`, the issuer of
 * "Test connection", Twilio's `apiBaseUrl`) on an internal address. With the operator's switch off (the
 * default) the internal service receives nothing, and "Test connection" answers in fixed words that tell
 * neither an open port from a closed one nor TLS from plain HTTP.
 */
interface Hit {
  method: string;
  url: string;
  body: string;
}
let internal: Server;
let internalUrl: string;
const hits: Hit[] = [];
beforeAll(async () => {
  // The audit's receiver.mjs: an "internal service" that logs every request and answers 200.
  internal = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      hits.push({ method: req.method!, url: req.url!, body });
      if (req.url === '/other/.well-known/openid-configuration')
        return res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ issuer: 'https://elsewhere.example', jwks_uri: 'https://elsewhere.example/jwks' }));
      res.writeHead(200, { 'content-type': 'text/plain' }).end('internal');
    });
  });
  await new Promise<void>((r) => internal.listen(0, '127.0.0.1', r));
  internalUrl = `http://127.0.0.1:${(internal.address() as AddressInfo).port}`;
});
afterAll(async () => {
  internal.closeAllConnections();
  await new Promise((r) => internal.close(r));
});

describe('with webhooks.allowPrivateNetworks off (the default)', () => {
  let server: TestServer;
  let owner: ConsoleClient;
  beforeAll(async () => {
    server = await startTestServer({
      site: (s) => ({
        ...s,
        policies: {
          ...s.policies,
          emailVerification: 'off',
          memberApproval: 'auto',
          captcha: 'recaptcha',
          recaptcha: {
            secret: 'owner-chosen-secret',
            verifyUrl: `${internalUrl}/internal/api/delete-everything?confirm=yes`,
          },
        },
      }),
    });
    expect(server.ctx.config.webhooks?.allowPrivateNetworks ?? false).toBe(false);
    owner = await signedIn(server, 'outbound-owner@example.com', 'owner');
  }, 60_000);
  afterAll(() => server.close());

  it('V5-7: a reCAPTCHA verifyUrl on 127.0.0.1 receives nothing; the registration fails closed with -19970', async () => {
    hits.length = 0;
    const res = await api(server.url)('POST', '/_api/iam/authentication/v2/register', {
      token: await visitorToken(server.url, server.clientId),
      body: {
        loginId: { email: 'probe@example.com' },
        password: 'correct horse battery',
        captchaTokens: [{ Recaptcha: 'attacker-controlled' }],
      },
    });
    expect(res.status).toBe(400);
    expect(appError(res)).toBe('-19970');
    expect(hits).toEqual([]);
  });

  const test = (issuer: string) =>
    owner.call('POST', '/_admin/v1/site-settings/test-provider', {
      siteId: server.siteId,
      provider: { type: 'oidc', issuer, clientId: 'x' },
    });

  it('V5-7: "Test connection" to a loopback or 10.x issuer is refused in fixed words; nothing is requested', async () => {
    hits.length = 0;
    for (const issuer of [
      `http://localhost:${new URL(internalUrl).port}/internal/admin?x=1`,
      `${internalUrl}/internal/admin`,
      'http://127.0.0.1:9',
      'https://10.255.255.1',
    ]) {
      const res = await test(issuer);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: false, message: `Discovery at ${issuer} failed: the address is not allowed.` });
    }
    expect(hits).toEqual([]);
  });

  it('V5-7: with the operator switch, failures still say no port, TLS or content detail', async () => {
    // ctx.config is read at each test: the operator's file would say it at start.
    server.ctx.config.webhooks = { ...server.ctx.config.webhooks!, allowPrivateNetworks: true };
    try {
      const closedPort = await new Promise<number>((resolve) => {
        const spare = createServer().listen(0, '127.0.0.1', () => {
          const { port } = spare.address() as AddressInfo;
          spare.close(() => resolve(port));
        });
      });
      const answers = new Map<string, string>();
      const issuers = [
        `http://127.0.0.1:${closedPort}`,
        internalUrl.replace('http:', 'https:'),
        internalUrl,
        `${internalUrl}/other`,
      ];
      for (const issuer of issuers) answers.set(issuer, (await test(issuer)).body.message as string);
      expect([...answers.values()]).toEqual([
        `Discovery at ${issuers[0]} failed: could not connect.`,
        `Discovery at ${issuers[1]} failed: could not connect.`,
        `Discovery at ${issuers[2]} failed: not an OpenID provider.`,
        `Discovery at ${issuers[3]} failed: the discovery document names another issuer.`,
      ]);
    } finally {
      server.ctx.config.webhooks = { ...server.ctx.config.webhooks!, allowPrivateNetworks: false };
    }
  });
});

describe('Twilio apiBaseUrl with webhooks.allowPrivateNetworks off', () => {
  const SID = `AC${'d4'.repeat(16)}`;
  let twilio: TwilioFake;
  let h: Awaited<ReturnType<typeof startPhoneServer>>;
  beforeAll(async () => {
    twilio = await startTwilioFake(SID, 'twilio-token-for-the-ssrf-probe');
    h = await startPhoneServer(
      {
        kind: 'twilio',
        accountSid: SID,
        authToken: 'twilio-token-for-the-ssrf-probe',
        from: '+33700000003',
        messagingServiceSid: undefined,
        whatsappFrom: undefined,
        apiBaseUrl: twilio.url,
      },
      {},
      { config: (c) => ({ ...c, webhooks: { ...c.webhooks, allowPrivateNetworks: false } }) },
    );
  }, 60_000);
  afterAll(async () => {
    await h.server.close();
    await twilio.close();
  });

  it('V5-7: enrolling a phone sends nothing to a loopback apiBaseUrl; the member gets a clear 503', async () => {
    const member = await memberCalls(h).register('twilio-ssrf');
    const added = await h.call('POST', '/_api/iam/mfa/v1/factors', {
      token: member.token,
      body: { factorType: 'SMS', phoneNumber: freshNumber(), currentPassword: PASSWORD },
    });
    expect(added.status).toBe(503);
    expect(appError(added)).toBe('PHONE_DELIVERY_FAILED');
    expect(twilio.requests).toEqual([]);
  });
});
