import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useIpLimits } from '../../test-support/limits.js';
import { api, startIdentityServer, visitorToken, type IdentityTestServer } from '../../test-support/identity-server.js';

/** Audit F-10 (checklist #34): sign-in and recovery answers must not tell which addresses have accounts. */
const API_KEY = 'enumeration-suite-site-key-0123456789';
const unique = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;
const address = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

function startServer(redisUrl?: string) {
  return startIdentityServer({
    site: (s) => ({
      ...s,
      apiKeys: [{ name: 'backend', key: API_KEY }],
      policies: { ...s.policies, emailVerification: 'off', memberApproval: 'auto', captcha: 'off' },
    }),
    config: (c) => ({ ...c, redisUrl, trustProxy: 1 }),
  });
}

/** Everything a caller can see of an answer, minus what differs on every response anyway. */
async function observable(res: Awaited<ReturnType<ReturnType<typeof api>>>) {
  const headers = [...res.headers.entries()].filter(([name]) => name !== 'date' && name !== 'x-wix-request-id');
  return { status: res.status, text: res.text, headers };
}

describe('sign-in answers', () => {
  let server: IdentityTestServer;
  let call: ReturnType<typeof api>;
  let visitor: string;
  beforeAll(async () => {
    server = await startServer();
    call = api(server.url);
    visitor = await visitorToken(server.url, server.clientId);
  });
  afterAll(() => server.close());

  const login = (email: string, password: string) =>
    call('POST', '/_api/iam/authentication/v2/login', {
      token: visitor,
      headers: { 'x-forwarded-for': address() },
      body: { loginId: { email }, password },
    });

  it('an account without a password (made by sign-on) answers any password exactly like an unknown address', async () => {
    const email = unique('sso');
    const created = await call('POST', '/_api/iam/authentication/v2/sign-on', {
      token: `${visitor},${API_KEY}`,
      body: { loginId: { email } },
    });
    expect(created.status).toBe(200);
    const passwordless = await login(email, 'any password at all');
    const unknown = await login(unique('nobody'), 'any password at all');
    expect(passwordless.body.details.applicationError.code).toBe('-19976');
    expect(await observable(passwordless)).toEqual(await observable(unknown));
    // the audit log still knows what happened
    const [event] = (await server.ctx.authEvents.list(server.siteId, { type: 'sign_in' })).filter(
      (e) => e.email === email,
    );
    expect(event).toMatchObject({
      outcome: 'failure',
      memberId: created.body.identity.id,
      detail: { reason: 'no_password' },
    });
  });

  it('-19973 only follows the right password of an account that must choose a new one', async () => {
    const email = unique('must-reset');
    const reg = await call('POST', '/_api/iam/authentication/v2/register', {
      token: visitor,
      body: { loginId: { email }, password: 'the right password' },
    });
    await server.ctx.db.query('update members set password_reset_required = true where id = $1', [
      reg.body.identity.id,
    ]);
    expect((await login(email, 'a wrong password')).body.details.applicationError.code).toBe('-19976');
    expect((await login(email, 'the right password')).body.details.applicationError.code).toBe('-19973');
  });
});

// The structural check needs a response path without database work, so the counters live in Redis.
describe.runIf(process.env.REDIS_URL)('recovery send-email', () => {
  let server: IdentityTestServer;
  let call: ReturnType<typeof api>;
  let visitor: string;
  useIpLimits({ recovery: { limit: 1000, windowSeconds: 900 } });
  beforeAll(async () => {
    server = await startServer(process.env.REDIS_URL);
    call = api(server.url);
    visitor = await visitorToken(server.url, server.clientId);
  });
  afterAll(() => server.close());

  const sendReset = (email: string) =>
    call('POST', '/_api/iam/recovery/v1/send-email', {
      token: visitor,
      headers: { 'x-forwarded-for': address() },
      body: { email },
    });

  it('answers before it looks the address up, so known and unknown addresses take the same path', async () => {
    const email = unique('known');
    expect(
      (
        await call('POST', '/_api/iam/authentication/v2/register', {
          token: visitor,
          headers: { 'x-forwarded-for': address() },
          body: { loginId: { email }, password: 'the right password' },
        })
      ).status,
    ).toBe(200);

    // Hold the members table: a reply that waited for the member lookup or the mail could not arrive.
    let release!: () => void;
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const held = server.ctx.db.transaction(async (tx) => {
      await tx.query('lock table members in access exclusive mode');
      locked();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await isLocked;
    let answers: Awaited<ReturnType<typeof sendReset>>[] | 'stuck';
    try {
      answers = await Promise.race([
        Promise.all([sendReset(email), sendReset(unique('unknown'))]),
        new Promise<'stuck'>((resolve) => setTimeout(() => resolve('stuck'), 5000)),
      ]);
    } finally {
      release();
      await held;
    }
    expect(answers).not.toBe('stuck');
    const [known, unknown] = answers as Awaited<ReturnType<typeof sendReset>>[];
    expect(known!.status).toBe(200);
    expect(await observable(known!)).toEqual(await observable(unknown!));

    // the mail is still written once the lookup can run
    const mail = await call('GET', `/_dev/mail.json?to=${encodeURIComponent(email)}`);
    expect(mail.body.messages).toHaveLength(1);
    expect(mail.body.messages[0].text).toContain('/reset-password?token=');
  }, 30_000);
});
