import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { solveChallenge } from 'altcha-lib/v1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteConfig } from '../config/types.js';
import { api, startIdentityServer, visitorToken, type IdentityTestServer } from '../../test-support/identity-server.js';
import { withLoopbackPeers } from '../../test-support/server.js';

const unique = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;

type Challenge = { challenge: string; salt: string; algorithm: string; maxnumber?: number; maxNumber?: number };

/**
 * The number altcha-lib's `solveChallenge` finds (the first n with SHA-256(salt + n) = challenge), found with
 * node:crypto's synchronous hash: the reference solver awaits crypto.subtle once per number, ~5 s of CPU per
 * solution at the server's difficulty. The register test solves with altcha-lib itself, so the server keeps
 * meeting the reference client; the other solutions only need to be right.
 */
async function solve(c: Challenge, reference = false): Promise<number> {
  const max = c.maxnumber ?? c.maxNumber ?? 1_000_000;
  if (reference) return (await solveChallenge(c.challenge, c.salt, c.algorithm, max).promise)!.number;
  for (let n = 0; n <= max; n++)
    if (
      createHash('sha256')
        .update(c.salt + n)
        .digest('hex') === c.challenge
    )
      return n;
  throw new Error('the challenge has no solution up to its maxnumber');
}

describe('altcha captcha', () => {
  let server: IdentityTestServer;
  let call: ReturnType<typeof api>;
  let visitor: string;
  beforeAll(async () => {
    server = await startIdentityServer({
      site: (s) => ({
        ...s,
        policies: { ...s.policies, emailVerification: 'off', memberApproval: 'auto', captcha: 'altcha' },
      }),
    });
    call = api(server.url);
    visitor = await visitorToken(server.url, server.clientId);
  });
  afterAll(() => server.close());

  async function solved(reference = false): Promise<string> {
    const challenge = (await call('GET', '/_api/iam/captcha/v1/altcha/challenge')).body;
    expect(challenge).toMatchObject({
      algorithm: 'SHA-256',
      challenge: expect.any(String),
      salt: expect.any(String),
      signature: expect.any(String),
    });
    return Buffer.from(JSON.stringify({ ...challenge, number: await solve(challenge, reference) })).toString('base64');
  }
  const register = (captchaTokens?: unknown) =>
    call('POST', '/_api/iam/authentication/v2/register', {
      token: visitor,
      body: { loginId: { email: unique('alt') }, password: 'correct horse battery', captchaTokens },
    });

  it('register: missing → -19971, invalid → -19970, solved → SUCCESS, replayed → -19970', async () => {
    expect((await register()).body.details.applicationError.code).toBe('-19971');
    expect((await register([{ Recaptcha: 'not altcha' }])).body.details.applicationError.code).toBe('-19971');
    expect((await register([{ Altcha: 'garbage' }])).body.details.applicationError.code).toBe('-19970');
    expect((await register('nonsense')).body.details.applicationError.code).toBe('-19971');
    const payload = await solved(true);
    const tampered = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64').toString()), number: 1e9 }),
    ).toString('base64');
    expect((await register([{ Altcha: tampered }])).body.details.applicationError.code).toBe('-19970');
    const ok = await register([{ Recaptcha: 'x', Altcha: payload }]);
    expect(ok.status).toBe(200);
    expect(ok.body.state).toBe('SUCCESS');
    expect((await register([{ Altcha: payload }])).body.details.applicationError.code).toBe('-19970');
  });

  it('login needs no captcha until 5 failures, then it does', async () => {
    const email = unique('altlogin');
    await call('POST', '/_api/iam/authentication/v2/register', {
      token: visitor,
      body: { loginId: { email }, password: 'correct horse battery', captchaTokens: [{ Altcha: await solved() }] },
    });
    const login = (password: string, captchaTokens?: unknown) =>
      call('POST', '/_api/iam/authentication/v2/login', {
        token: visitor,
        body: { loginId: { email }, password, captchaTokens },
      });
    expect((await login('correct horse battery')).body.state).toBe('SUCCESS');
    for (let i = 0; i < 5; i++)
      expect((await login('wrong password!')).body.details.applicationError.code).toBe('-19976');
    expect((await login('correct horse battery')).body.details.applicationError.code).toBe('-19971');
    expect((await login('correct horse battery', [{ Altcha: 'bad' }])).body.details.applicationError.code).toBe(
      '-19970',
    );
    expect((await login('correct horse battery', [{ Altcha: await solved() }])).body.state).toBe('SUCCESS');
    // the two answers without a good captcha are recorded as refused by the lock
    const lockouts = (await server.ctx.authEvents.list(server.siteId, { type: 'lockout' })).filter(
      (e) => e.email === email && e.outcome === 'refused',
    );
    expect(lockouts).toHaveLength(2);
    expect(lockouts[0]!.detail).toMatchObject({ scope: 'address', captcha: true });
    // Two proof-of-work solutions and nine argon2id checks: slow by design, slower still beside the whole suite.
  }, 120_000);
});

describe('altcha on two sites', () => {
  let server: IdentityTestServer;
  let call: ReturnType<typeof api>;
  beforeAll(async () => {
    const altcha = (s: SiteConfig): SiteConfig => ({
      ...s,
      policies: { ...s.policies, emailVerification: 'off', memberApproval: 'auto', captcha: 'altcha' },
    });
    server = await startIdentityServer({
      site: altcha,
      config: (c) => {
        const first = c.sites[0]!;
        const second = {
          ...first,
          id: 'second',
          name: 'Second',
          clients: [{ ...first.clients[0]!, clientId: 'second-client' }],
        };
        return { ...c, sites: [...c.sites, second] };
      },
    });
    call = api(server.url);
  });
  afterAll(() => server.close());

  it('a solution is good once across all sites (audit F-16)', async () => {
    const challenge = (await call('GET', '/_api/iam/captcha/v1/altcha/challenge')).body;
    const payload = Buffer.from(JSON.stringify({ ...challenge, number: await solve(challenge) })).toString('base64');
    const register = async (clientId: string) =>
      call('POST', '/_api/iam/authentication/v2/register', {
        token: await visitorToken(server.url, clientId),
        body: {
          loginId: { email: unique('two') },
          password: 'correct horse battery',
          captchaTokens: [{ Altcha: payload }],
        },
      });
    expect((await register(server.clientId)).body.state).toBe('SUCCESS');
    const elsewhere = await register('second-client');
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.details.applicationError.code).toBe('-19970');
  }, 60_000);
});

describe('recaptcha', () => {
  let server: IdentityTestServer;
  let fake: Server;
  const seen: URLSearchParams[] = [];
  let call: ReturnType<typeof api>;
  let visitor: string;
  beforeAll(async () => {
    // A local stand-in for Google's siteverify: "good-token" passes, anything else fails.
    fake = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        const form = new URLSearchParams(raw);
        seen.push(form);
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({ success: form.get('secret') === 'shh-secret' && form.get('response') === 'good-token' }),
        );
      });
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
    const verifyUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/siteverify`;
    server = await startIdentityServer({
      site: (s) => ({
        ...s,
        policies: {
          ...s.policies,
          emailVerification: 'off',
          memberApproval: 'auto',
          captcha: 'recaptcha',
          recaptcha: { secret: 'shh-secret', verifyUrl },
        },
      }),
      // The stand-in listens on 127.0.0.1: reachable only with the operator's switch (V5-7).
      config: withLoopbackPeers,
    });
    call = api(server.url);
    visitor = await visitorToken(server.url, server.clientId);
  });
  afterAll(async () => {
    await server.close();
    await new Promise((r) => fake.close(r));
  });

  const register = (captchaTokens?: unknown) =>
    call('POST', '/_api/iam/authentication/v2/register', {
      token: visitor,
      body: { loginId: { email: unique('rc') }, password: 'correct horse battery', captchaTokens },
    });

  it('verifies Recaptcha / InvisibleRecaptcha tokens against the configured verifyUrl', async () => {
    expect((await register()).body.details.applicationError.code).toBe('-19971');
    expect((await register([{}])).body.details.applicationError.code).toBe('-19971');
    expect((await register([{ Recaptcha: 'bad-token' }])).body.details.applicationError.code).toBe('-19970');
    expect((await register([{ Recaptcha: 'good-token' }])).body.state).toBe('SUCCESS');
    expect((await register([{ InvisibleRecaptcha: 'good-token' }])).body.state).toBe('SUCCESS');
    expect(seen.at(-1)!.get('remoteip')).toBe('127.0.0.1');
  });

  it('fails closed when the verifier is unreachable', async () => {
    await new Promise((r) => fake.close(r));
    fake.closeAllConnections();
    expect((await register([{ Recaptcha: 'good-token' }])).body.details.applicationError.code).toBe('-19970');
  });
});
