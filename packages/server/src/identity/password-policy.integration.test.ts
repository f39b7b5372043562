import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useIpLimits } from '../../test-support/limits.js';
import { api, startIdentityServer, visitorToken, type IdentityTestServer } from '../../test-support/identity-server.js';

/**
 * Audit F-15 (checklist #29): the most common passwords are refused wherever a password is chosen —
 * registration (API and hosted page), recovery and change-password — with a clear message in the
 * validation envelope; change-password also refuses the shop's name and the member's own address.
 */
const SITE_NAME = 'Policy Shop';
const COMMON = 'is one of the most commonly used passwords; choose another';
let server: IdentityTestServer;
let call: ReturnType<typeof api>;
let visitor: string;
useIpLimits({ recovery: { limit: 1000, windowSeconds: 900 } });
beforeAll(async () => {
  server = await startIdentityServer({
    site: (s) => ({
      ...s,
      name: SITE_NAME,
      policies: { ...s.policies, emailVerification: 'off', memberApproval: 'auto', captcha: 'off' },
    }),
  });
  call = api(server.url);
  visitor = await visitorToken(server.url, server.clientId);
});
afterAll(() => server.close());

const unique = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;
const register = (email: string, password: string) =>
  call('POST', '/_api/iam/authentication/v2/register', { token: visitor, body: { loginId: { email }, password } });
const violations = (res: { body: { details?: { validationError?: { fieldViolations: unknown[] } } } }) =>
  res.body.details?.validationError?.fieldViolations;

async function signedIn(password = 'policy password 1') {
  const email = unique('policy');
  const reg = await register(email, password);
  expect(reg.status).toBe(200);
  const memberId = reg.body.identity.id as string;
  const session = await server.ctx.db.transaction((tx) =>
    server.ctx.tokens.createMemberSession(tx, { siteId: server.siteId, clientId: server.clientId, memberId }),
  );
  return { email, memberId, accessToken: session.accessToken };
}

describe('common passwords are refused', () => {
  it('at registration, ignoring case and appended digits or symbols; a good password still registers', async () => {
    for (const password of ['password123', 'Passw0rd!', 'QWERTYUIOP', 'iloveyou']) {
      const res = await register(unique('reg'), password);
      expect(res.status, password).toBe(400);
      expect(violations(res)).toEqual([
        {
          field: 'password',
          description: COMMON,
          violatedRule: 'PASSWORD_POLICY',
          ruleName: 'COMMON_PASSWORD',
          data: {},
        },
      ]);
      expect(res.body.message).toBe(`password: ${COMMON}`);
    }
    expect((await register(unique('reg'), 'policy password 1')).body.state).toBe('SUCCESS');
  });

  it('on the hosted registration page, worded for people next to the field', async () => {
    const { Kit, pkce } = await import('../../test-support/redirect-kit.js');
    const kit = await Kit.start();
    try {
      const p = pkce();
      const { body } = await kit.redirectSession(kit.authRequest(p));
      const page = await kit.open(`${body.redirectSession.fullUrl}&view=register`);
      const html = await page.text();
      const csrf = new RegExp('name="csrf" value="([^"]*)"').exec(html)![1]!;
      const cookie = page.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const res = await fetch(body.redirectSession.fullUrl, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
        body: new URLSearchParams({
          redirectSessionId: body.redirectSession.id,
          csrf,
          action: 'register',
          email: unique('hosted'),
          password: 'football1',
        }).toString(),
      });
      expect(res.status).toBe(400);
      const text = await res.text();
      expect(text).toContain('id="password-error"');
      expect(text).toContain(`Password ${COMMON}.`);
    } finally {
      await kit.server.close();
    }
  });

  it('when recovering: the reset link does not accept a common password, and is still usable after', async () => {
    const m = await signedIn();
    await call('POST', '/_api/iam/recovery/v1/send-email', { token: visitor, body: { email: m.email } });
    const mail = await call('GET', `/_dev/mail.json?to=${encodeURIComponent(m.email)}`);
    const token = /reset-password\?token=([\w-]+)/.exec(mail.body.messages[0].text)![1]!;
    const refused = await call('POST', '/_api/iam/recovery/v1/recover', {
      body: { recoveryToken: token, password: 'baseball' },
    });
    expect(refused.status).toBe(400);
    expect(violations(refused)).toEqual([expect.objectContaining({ field: 'password', description: COMMON })]);
    expect(
      (
        await call('POST', '/_api/iam/recovery/v1/recover', {
          body: { recoveryToken: token, password: 'a fresh uncommon passphrase' },
        })
      ).status,
    ).toBe(200);
  });

  it("at registration and recovery, the shop's name and the member's own address are refused too", async () => {
    const email = unique('ctx');
    for (const password of [SITE_NAME.toUpperCase(), email, email.slice(0, email.indexOf('@'))]) {
      const res = await register(email, password);
      expect(res.status, password).toBe(400);
      expect(violations(res)).toEqual([expect.objectContaining({ field: 'password', ruleName: 'CONTEXT_PASSWORD' })]);
    }
    const m = await signedIn();
    await call('POST', '/_api/iam/recovery/v1/send-email', { token: visitor, body: { email: m.email } });
    const mail = await call('GET', `/_dev/mail.json?to=${encodeURIComponent(m.email)}`);
    const token = /reset-password\?token=([\w-]+)/.exec(mail.body.messages[0].text)![1]!;
    const refused = await call('POST', '/_api/iam/recovery/v1/recover', {
      body: { recoveryToken: token, password: m.email },
    });
    expect(refused.status).toBe(400);
    expect(violations(refused)).toEqual([expect.objectContaining({ field: 'password', ruleName: 'CONTEXT_PASSWORD' })]);
    // The refusal rolled back: the link still works.
    expect(
      (
        await call('POST', '/_api/iam/recovery/v1/recover', {
          body: { recoveryToken: token, password: 'another uncommon passphrase' },
        })
      ).status,
    ).toBe(200);
  });

  it("when changing the password, and so are the shop's name and the member's own address; refusals are audited", async () => {
    const m = await signedIn();
    const change = (newPassword: string) =>
      call('POST', '/_api/iam/authentication/v2/change-password', { token: m.accessToken, body: { newPassword } });
    const common = await change('Password123');
    expect(common.status).toBe(400);
    expect(violations(common)).toEqual([
      expect.objectContaining({ field: 'newPassword', description: COMMON, ruleName: 'COMMON_PASSWORD' }),
    ]);
    const localPart = m.email.slice(0, m.email.indexOf('@'));
    for (const taken of [SITE_NAME.toLowerCase(), m.email.toUpperCase(), localPart]) {
      const res = await change(taken);
      expect(res.status, taken).toBe(400);
      expect(violations(res)).toEqual([
        expect.objectContaining({
          field: 'newPassword',
          ruleName: 'CONTEXT_PASSWORD',
          description: "must not be the shop's name or your email address; choose another",
        }),
      ]);
    }
    const events = await server.ctx.authEvents.list(server.siteId, { memberId: m.memberId, type: 'password_changed' });
    expect(events.map((e) => `${e.outcome}:${String(e.detail.reason)}`).sort()).toEqual([
      'failure:COMMON_PASSWORD',
      'failure:CONTEXT_PASSWORD',
      'failure:CONTEXT_PASSWORD',
      'failure:CONTEXT_PASSWORD',
    ]);
    expect(JSON.stringify(events)).not.toMatch(/password123/i);
  });
});
