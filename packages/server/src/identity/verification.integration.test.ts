import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtp, waitFor } from '../../test-support/smtp.js';
import { api, startIdentityServer, visitorToken, type IdentityTestServer } from '../../test-support/identity-server.js';

let server: IdentityTestServer;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let call: ReturnType<typeof api>;
let visitor: string;
let offset = 0;
beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startIdentityServer({
    now: () => Date.now() + offset,
    site: (s) => ({
      ...s,
      name: 'Verify Shop',
      policies: { ...s.policies, emailVerification: 'required', memberApproval: 'auto', captcha: 'off' },
    }),
    config: (c) => ({ ...c, smtpUrl: smtp.url }),
  });
  call = api(server.url);
  visitor = await visitorToken(server.url, server.clientId);
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const unique = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;
const register = (email: string) =>
  call('POST', '/_api/iam/authentication/v2/register', {
    token: visitor,
    body: { loginId: { email }, password: 'correct horse battery' },
  });
const verify = (stateToken: unknown, code: unknown) =>
  call('POST', '/_api/iam/verification/v1/auth/verify', { token: visitor, body: { stateToken, code } });

async function codesFor(email: string): Promise<string[]> {
  const res = await call('GET', `/_dev/mail.json?to=${encodeURIComponent(email)}`);
  return res.body.messages.map((m: { text: string }) => /\b(\d{6})\b/.exec(m.text)?.[1]);
}

// The rules (attempts, expiry, a new sign-in's new code, the cooldown and the send cap, who may start one) are
// checked by calling the flows: identity/flows/verify-email.integration.test.ts. Here: what the client sees.
describe('email verification', () => {
  it('register → code by mail (dev mailbox and real SMTP) → verify → SUCCESS; the code cannot be replayed', async () => {
    const email = unique('verify');
    const reg = await register(email);
    expect(reg.status).toBe(200);
    expect(reg.body.state).toBe('REQUIRE_EMAIL_VERIFICATION');
    expect(reg.body.sessionToken).toBeUndefined();
    expect(reg.body.identity.status.reasons).toEqual(['PENDING_EMAIL_VERIFICATION_REQUIRED']);
    const [code] = await codesFor(email);
    expect(code).toMatch(/^\d{6}$/);
    const mailbox = await call('GET', `/_dev/mail.json?to=${encodeURIComponent(email.toUpperCase())}`);
    expect(mailbox.body.messages[0]).toMatchObject({ to: email, subject: expect.stringContaining('Verify Shop') });
    expect(mailbox.body.messages[0].html).toContain(code);
    const delivered = await waitFor(() => smtp.received.find((m) => m.to.includes(email)));
    expect(delivered.raw).toContain(code!);

    // the stored code is hashed: the database never holds it in clear
    const { rows } = await server.ctx.db.query<{ code_hash: Uint8Array }>('select code_hash from verifications');
    expect(rows.every((r) => !Buffer.from(r.code_hash).toString('utf8').includes(code!))).toBe(true);

    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await verify(reg.body.stateToken, wrongCode);
    expect(wrong.status).toBe(400);
    expect(wrong.body.details.applicationError).toMatchObject({
      code: 'VERIFICATION_FAILED',
      data: { attemptsLeft: 4 },
    });

    const ok = await verify(reg.body.stateToken, code);
    expect(ok.status).toBe(200);
    expect(ok.body.state).toBe('SUCCESS');
    expect(ok.body.sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(ok.body.identity.email.isVerified).toBe(true);

    const replay = await verify(reg.body.stateToken, code);
    expect(replay.status).toBe(400);
    expect(replay.body.details.applicationError.code).toBe('INVALID_STATE_TOKEN');

    // verified members log in directly
    const login = await call('POST', '/_api/iam/authentication/v2/login', {
      token: visitor,
      body: { loginId: { email }, password: 'correct horse battery' },
    });
    expect(login.body.state).toBe('SUCCESS');
  });

  it('resend answers 429 with Retry-After during its cooldown, then 200 {}', async () => {
    const email = unique('resend');
    const reg = await register(email);
    const tooSoon = await call('POST', '/_api/iam/verification/v1/auth/resend', {
      token: visitor,
      body: { stateToken: reg.body.stateToken },
    });
    expect(tooSoon.status).toBe(429);
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThan(0);
    offset += 61_000;
    const again = await call('POST', '/_api/iam/verification/v1/auth/resend', {
      token: visitor,
      body: { stateToken: reg.body.stateToken },
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({});
    expect(await codesFor(email)).toHaveLength(2);
  });

  it('bad input: unknown state tokens, malformed codes, missing fields, wrong types', async () => {
    expect((await verify('x'.repeat(43), '123456')).body.details.applicationError.code).toBe('INVALID_STATE_TOKEN');
    expect((await verify('short', '123456')).body.details.applicationError.code).toBe('INVALID_STATE_TOKEN');
    expect((await verify('x'.repeat(100_000), '123456')).status).toBe(400);
    for (const code of ['12345', '1234567', 'abcdef', 123456, undefined, null]) {
      const res = await verify('x'.repeat(43), code);
      expect(res.status).toBe(400);
      expect(res.body.details.validationError.fieldViolations[0].field).toBe('code');
    }
    expect((await verify(undefined, '123456')).body.details.validationError.fieldViolations[0].field).toBe(
      'stateToken',
    );
    expect(
      (
        await call('POST', '/_api/iam/verification/v1/auth/resend', {
          token: visitor,
          body: { stateToken: 'nope-nope-nope-nope-nope' },
        })
      ).status,
    ).toBe(400);
    expect((await call('POST', '/_api/iam/verification/v1/auth/resend', { token: visitor, body: {} })).status).toBe(
      400,
    );
  });

  it('start: only for the member themself (or a site key), answers a verificationId usable as stateToken', async () => {
    const email = unique('start');
    const reg = await register(email);
    const memberId = reg.body.identity.id as string;
    const anon = await call('POST', '/_api/iam/verification/v1/start', {
      token: visitor,
      body: { identityId: memberId, target: 'EMAIL' },
    });
    expect(anon.status).toBe(403);
    const session = await server.ctx.db.transaction((tx) =>
      server.ctx.tokens.createMemberSession(tx, { siteId: server.siteId, clientId: server.clientId, memberId }),
    );
    const badTarget = await call('POST', '/_api/iam/verification/v1/start', {
      token: session.accessToken,
      body: { identityId: memberId, target: 'SMS' },
    });
    expect(badTarget.status).toBe(400);
    const started = await call('POST', '/_api/iam/verification/v1/start', {
      token: session.accessToken,
      body: { identityId: memberId, target: 'EMAIL' },
    });
    expect(started.status).toBe(200);
    const [code] = await codesFor(email);
    expect((await verify(started.body.verificationId, code)).body.state).toBe('SUCCESS');
  });
});
