import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startIdentityServer, visitorToken, type IdentityTestServer } from '../../test-support/identity-server.js';

/**
 * Audit F-1 (guesses sent in parallel overtook the per-account count) and F-14 (anyone could lock an
 * owner out with five wrong passwords, and a reset did not lift it). The server trusts X-Forwarded-For
 * here so each request can come from an address of its own; the same suite runs on both counter stores.
 */
const stores = [
  { store: 'database', redisUrl: undefined },
  { store: 'redis', redisUrl: process.env.REDIS_URL },
];

const unique = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;
const address = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

for (const { store, redisUrl } of stores)
  describe.runIf(store === 'database' || redisUrl)(`login throttle on the ${store} store`, () => {
    let server: IdentityTestServer;
    let call: ReturnType<typeof api>;
    let visitor: string;
    beforeAll(async () => {
      server = await startIdentityServer({
        site: (s) => ({
          ...s,
          policies: { ...s.policies, emailVerification: 'off', memberApproval: 'auto', captcha: 'off' },
        }),
        config: (c) => ({ ...c, redisUrl, trustProxy: 1 }),
      });
      call = api(server.url);
      visitor = await visitorToken(server.url, server.clientId);
    });
    afterAll(() => server.close());

    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const register = async (email: string, password: string) => {
      const res = await call('POST', '/_api/iam/authentication/v2/register', {
        token: visitor,
        headers: from(address()),
        body: { loginId: { email }, password },
      });
      expect(res.status).toBe(200);
      return res.body.identity.id as string;
    };
    const login = (email: string, password: string, ip: string) =>
      call('POST', '/_api/iam/authentication/v2/login', {
        token: visitor,
        headers: from(ip),
        body: { loginId: { email }, password },
      });
    type Answer = Awaited<ReturnType<typeof login>>;
    const lockedOut = (res: Answer) =>
      res.status === 429 && res.body.details.applicationError.code === 'TOO_MANY_FAILED_LOGINS';
    const events = async (type: string, email: string) =>
      (await server.ctx.authEvents.list(server.siteId, { type, limit: 1000 })).filter(
        (e) => e.email?.toLowerCase() === email.toLowerCase(),
      );

    it('40 parallel guesses from one address: at most 5 are verified, then even the right password is refused', async () => {
      const email = unique('par');
      const memberId = await register(email, 'the right password');
      const ip = address();
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => login(email, `wrong guess ${i}`, ip)));
      const verified = answers.filter((a) => !lockedOut(a));
      expect(verified.length).toBeGreaterThan(0);
      expect(verified.length).toBeLessThanOrEqual(5);
      for (const a of verified) expect(a.body.details.applicationError.code).toBe('-19976');
      const right = await login(email, 'the right password', ip);
      expect(lockedOut(right)).toBe(true);
      expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(800);

      const failures = await events('sign_in', email);
      expect(failures).toHaveLength(verified.length);
      expect(failures[0]).toMatchObject({ outcome: 'failure', memberId, ip, clientId: server.clientId });
      const lockouts = await events('lockout', email);
      expect(lockouts.filter((e) => e.outcome === 'refused').length).toBe(41 - verified.length);
      expect(lockouts.find((e) => e.outcome === 'refused')).toMatchObject({ memberId, ip, clientId: server.clientId });
      expect(JSON.stringify([...failures, ...lockouts])).not.toContain('wrong guess');
    }, 60_000);

    it('20 parallel guesses from 20 addresses: at most 5 are verified, and the account stays locked elsewhere', async () => {
      const email = unique('spread');
      await register(email, 'the right password');
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => login(email, `wrong guess ${i}`, address())),
      );
      const verified = answers.filter((a) => !lockedOut(a));
      expect(verified.length).toBeLessThanOrEqual(5);
      for (const a of verified) expect(a.body.details.applicationError.code).toBe('-19976');
      expect(lockedOut(await login(email, 'the right password', address()))).toBe(true);
    }, 60_000);

    it('unknown addresses are counted and locked the same way, with the email but no member id in the log', async () => {
      const ghost = unique('ghost');
      const answers = await Promise.all(Array.from({ length: 20 }, () => login(ghost, 'some password', address())));
      expect(answers.filter((a) => !lockedOut(a)).length).toBeLessThanOrEqual(5);
      const failures = await events('sign_in', ghost);
      expect(failures.length).toBeGreaterThan(0);
      for (const e of failures) {
        expect(e.outcome).toBe('failure');
        expect(e.memberId).toBeUndefined();
      }
    }, 60_000);

    it("a stranger's failures do not lock the owner out where the owner signs in", async () => {
      const email = unique('home');
      const memberId = await register(email, 'the right password');
      const home = address();
      const first = await login(email, 'the right password', home);
      expect(first.body).toMatchObject({ state: 'SUCCESS' });

      const attacker = address();
      for (let i = 0; i < 5; i++)
        expect((await login(email, `wrong guess ${i}`, attacker)).body.details.applicationError.code).toBe('-19976');
      expect(lockedOut(await login(email, 'the right password', attacker))).toBe(true);
      // any other new address shares the account's budget, which the attacker used up
      expect(lockedOut(await login(email, 'the right password', address()))).toBe(true);

      const owner = await login(email, 'the right password', home);
      expect(owner.status).toBe(200);
      expect(owner.body.state).toBe('SUCCESS');
      const [registered] = await events('register', email);
      expect(registered).toMatchObject({ outcome: 'success', memberId, clientId: server.clientId });
      const success = (await events('sign_in', email)).find((e) => e.outcome === 'success' && e.ip === home);
      expect(success).toMatchObject({ memberId, clientId: server.clientId });
    }, 60_000);

    it('a password reset lifts the lock at once', async () => {
      const email = unique('reset');
      const memberId = await register(email, 'the old password');
      for (let i = 0; i < 5; i++) await login(email, `wrong guess ${i}`, address());
      const owner = address();
      expect(lockedOut(await login(email, 'the old password', owner))).toBe(true);

      const sent = await call('POST', '/_api/iam/recovery/v1/send-email', {
        token: visitor,
        headers: from(owner),
        body: { email },
      });
      expect(sent.status).toBe(200);
      const mail = await call('GET', `/_dev/mail.json?to=${encodeURIComponent(email)}`);
      const link = /(http\S+\/reset-password\?token=\S+)/.exec(mail.body.messages[0].text)![1]!;
      const recovered = await call('POST', '/_api/iam/recovery/v1/recover', {
        headers: from(owner),
        body: { recoveryToken: new URL(link).searchParams.get('token'), password: 'the new password' },
      });
      expect(recovered.body.state).toBe('SUCCESS');

      const after = await login(email, 'the new password', owner);
      expect(after.status).toBe(200);
      expect(after.body.state).toBe('SUCCESS');
      const [reset] = await events('password_reset', email);
      expect(reset).toMatchObject({ outcome: 'success', memberId, ip: owner });
    }, 60_000);
  });
