import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startIdentityServer, visitorToken, type IdentityTestServer } from '../../test-support/identity-server.js';

/** memberApproval: manual together with emailVerification: required, and the admin API that approves and blocks. */
let server: IdentityTestServer;
let call: ReturnType<typeof api>;
let visitor: string;
beforeAll(async () => {
  server = await startIdentityServer({
    site: (s) => ({
      ...s,
      policies: { ...s.policies, emailVerification: 'required', memberApproval: 'manual', captcha: 'off' },
    }),
  });
  call = api(server.url);
  visitor = await visitorToken(server.url, server.clientId);
});
afterAll(() => server.close());

const unique = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;
const login = (email: string) =>
  call('POST', '/_api/iam/authentication/v2/login', {
    token: visitor,
    body: { loginId: { email }, password: 'correct horse battery' },
  });
const admin = (method: string, path: string, body?: unknown, key = server.adminKey) =>
  call(method, path, { token: `Bearer ${key}`, body });

async function verifiedPending(): Promise<string> {
  const email = unique('appr');
  const reg = await call('POST', '/_api/iam/authentication/v2/register', {
    token: visitor,
    body: { loginId: { email }, password: 'correct horse battery' },
  });
  expect(reg.body.state).toBe('REQUIRE_EMAIL_VERIFICATION');
  const mail = await call('GET', `/_dev/mail.json?to=${encodeURIComponent(email)}`);
  const code = /\b(\d{6})\b/.exec(mail.body.messages[0].text)![1];
  const verified = await call('POST', '/_api/iam/verification/v1/auth/verify', {
    token: visitor,
    body: { stateToken: reg.body.stateToken, code },
  });
  expect(verified.body.state).toBe('REQUIRE_OWNER_APPROVAL');
  expect(verified.body.sessionToken).toBeUndefined();
  return email;
}

describe('owner approval', () => {
  it('verification first, then REQUIRE_OWNER_APPROVAL on every login until an admin approves', async () => {
    const email = await verifiedPending();
    const pending = await login(email);
    expect(pending.status).toBe(200);
    expect(pending.body).toMatchObject({
      state: 'REQUIRE_OWNER_APPROVAL',
      identity: { status: { name: 'PENDING', reasons: ['PENDING_ADMIN_APPROVAL_REQUIRED'] } },
    });
    expect(pending.body.sessionToken).toBeUndefined();

    const list = await admin('GET', `/_admin/v1/members?siteId=${server.siteId}&status=PENDING`);
    expect(list.status).toBe(200);
    const entry = list.body.members.find((m: { email: string }) => m.email === email);
    expect(entry).toMatchObject({ status: 'PENDING', createdDate: expect.stringMatching(/Z$/) });
    expect(entry.id).toMatch(/^[0-9a-f-]{36}$/);

    const approved = await admin('POST', '/_admin/v1/members/approve', {
      siteId: server.siteId,
      email: email.toUpperCase(),
    });
    expect(approved.status).toBe(200);
    expect(approved.body.member.status).toBe('ACTIVE');
    const ok = await login(email);
    expect(ok.body.state).toBe('SUCCESS');
    expect(
      (await admin('GET', `/_admin/v1/members?siteId=${server.siteId}&status=PENDING`)).body.members.some(
        (m: { email: string }) => m.email === email,
      ),
    ).toBe(false);
  });

  it('a blocked member cannot log in, refresh, or spend an earlier session token', async () => {
    const email = await verifiedPending();
    await admin('POST', '/_admin/v1/members/approve', { siteId: server.siteId, email });
    const ok = await login(email);
    const memberId = ok.body.identity.id as string;
    const session = await server.ctx.db.transaction((tx) =>
      server.ctx.tokens.createMemberSession(tx, { siteId: server.siteId, clientId: server.clientId, memberId }),
    );
    const blocked = await admin('POST', '/_admin/v1/members/block', { siteId: server.siteId, email });
    expect(blocked.body.member.status).toBe('BLOCKED');
    const denied = await login(email);
    expect(denied.status).toBe(403);
    expect(denied.body.details.applicationError.code).toBe('MEMBER_BLOCKED');
    // the wrong password still gets the generic answer (no hint that the account exists)
    const wrong = await call('POST', '/_api/iam/authentication/v2/login', {
      token: visitor,
      body: { loginId: { email }, password: 'not the password' },
    });
    expect(wrong.body.details.applicationError.code).toBe('-19976');
    const refresh = await call('POST', '/oauth2/token', {
      body: { grantType: 'refresh_token', clientId: server.clientId, refreshToken: session.refreshToken },
    });
    expect(refresh.status).toBe(400);
    expect((await call('GET', '/_api/members/v1/members/my', { token: session.accessToken })).status).toBe(401);
    const { consumeSessionToken } = await import('../sessions/session-tokens.js');
    expect(await consumeSessionToken(server.ctx.db, server.siteId, ok.body.sessionToken)).toBeNull();
    // no reset mail for a blocked member either
    await call('POST', '/_api/iam/recovery/v1/send-email', { token: visitor, body: { email } });
    const mails = await call('GET', `/_dev/mail.json?to=${encodeURIComponent(email)}`);
    expect(mails.body.messages.every((m: { subject: string }) => !m.subject.includes('reset'))).toBe(true);
  });

  it('the admin API answers 401 envelopes for a wrong or missing key, and validates input', async () => {
    for (const token of [undefined, 'Bearer wrong-key-wrong-key-wrong-key', visitor, `Bearer ${visitor}`]) {
      const res = await call('GET', `/_admin/v1/members?siteId=${server.siteId}`, { token });
      expect(res.status).toBe(401);
      expect(res.body.details.applicationError.code).toBeTypeOf('string');
      expect(
        (await call('POST', '/_admin/v1/members/approve', { token, body: { siteId: server.siteId, email: 'a@b.co' } }))
          .status,
      ).toBe(401);
    }
    expect((await admin('GET', '/_admin/v1/members')).status).toBe(400);
    expect((await admin('GET', '/_admin/v1/members?siteId=nope')).status).toBe(404);
    expect((await admin('GET', `/_admin/v1/members?siteId=${server.siteId}&status=WEIRD`)).status).toBe(400);
    expect((await admin('GET', `/_admin/v1/members?siteId=${server.siteId}&limit=abc`)).status).toBe(400);
    expect(
      (await admin('POST', '/_admin/v1/members/approve', { siteId: server.siteId, email: 'nobody@example.com' }))
        .status,
    ).toBe(404);
    expect((await admin('POST', '/_admin/v1/members/block', { siteId: server.siteId })).status).toBe(400);
    expect((await admin('POST', '/_admin/v1/members/block', { siteId: server.siteId, email: { $ne: 1 } })).status).toBe(
      400,
    );
  });
});
