import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useIpLimits } from '../../test-support/limits.js';
import { api, startIdentityServer, visitorToken, type IdentityTestServer } from '../../test-support/identity-server.js';

let server: IdentityTestServer;
let call: ReturnType<typeof api>;
let visitor: string;
const SITE_KEY = 'recovery-suite-site-key-0123456789';
// This suite sends more reset mails from one address than the per-IP default allows; limits have their own suite.
useIpLimits({ recovery: { limit: 1000, windowSeconds: 900 } });
beforeAll(async () => {
  server = await startIdentityServer({
    site: (s) => ({
      ...s,
      name: 'Reset Shop',
      apiKeys: [{ name: 'backend', key: SITE_KEY }],
      policies: { ...s.policies, emailVerification: 'off', memberApproval: 'auto', captcha: 'off' },
    }),
  });
  call = api(server.url);
  visitor = await visitorToken(server.url, server.clientId);
});
afterAll(() => server.close());

const unique = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;
const callback = () => `${server.url}/callback`;

async function member(password = 'old password 1') {
  const email = unique('rec');
  const reg = await call('POST', '/_api/iam/authentication/v2/register', {
    token: visitor,
    body: { loginId: { email }, password },
  });
  expect(reg.status).toBe(200);
  return { email, id: reg.body.identity.id as string };
}
const sendReset = (
  email: string,
  redirect: unknown = { url: callback(), clientId: server.clientId },
  token: string | undefined = visitor,
) => call('POST', '/_api/iam/recovery/v1/send-email', { token, body: { email, redirect } });
async function resetLinks(email: string): Promise<string[]> {
  const res = await call('GET', `/_dev/mail.json?to=${encodeURIComponent(email)}`);
  return res.body.messages
    .map((m: { text: string }) => /(http\S+\/reset-password\?token=\S+)/.exec(m.text)?.[1])
    .filter(Boolean);
}
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
const login = (email: string, password: string) =>
  call('POST', '/_api/iam/authentication/v2/login', { token: visitor, body: { loginId: { email }, password } });

describe('recovery', () => {
  it('send-email answers 200 {} for known and unknown addresses alike, and mails only members', async () => {
    const { email } = await member();
    const known = await sendReset(email.toUpperCase());
    const unknownEmail = unique('nobody');
    const unknown = await sendReset(unknownEmail);
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(known.body).toEqual({});
    expect(unknown.body).toEqual({});
    expect(await resetLinks(email)).toHaveLength(1);
    expect((await call('GET', `/_dev/mail.json?to=${encodeURIComponent(unknownEmail)}`)).body.messages).toHaveLength(0);
  });

  it('the link opens the hosted page; recover sets the password, ends every session, and works once', async () => {
    const m = await member();
    const session = await server.ctx.db.transaction((tx) =>
      server.ctx.tokens.createMemberSession(tx, { siteId: server.siteId, clientId: server.clientId, memberId: m.id }),
    );
    expect((await call('GET', '/_api/members/v1/members/my', { token: session.accessToken })).status).toBe(200);
    await sendReset(m.email);
    const [link] = await resetLinks(m.email);
    expect(link!.startsWith(`${server.url}/reset-password?token=`)).toBe(true);

    const page = await fetch(link!);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('New password');
    expect(html).toContain('Set new password');
    expect(html).toContain('Reset Shop');
    expect(html).toContain(JSON.stringify(callback()));
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.headers.get('cache-control')).toBe('no-store');

    const recovered = await call('POST', '/_api/iam/recovery/v1/recover', {
      body: { recoveryToken: tokenOf(link!), password: 'brand new password' },
    });
    expect(recovered.status).toBe(200);
    expect(recovered.body.state).toBe('SUCCESS');
    expect(recovered.body.sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // every session and refresh token of the member ended
    expect((await call('GET', '/_api/members/v1/members/my', { token: session.accessToken })).status).toBe(401);
    const refresh = await call('POST', '/oauth2/token', {
      body: { grantType: 'refresh_token', clientId: server.clientId, refreshToken: session.refreshToken },
    });
    expect(refresh.status).toBe(400);

    // single use
    const replay = await call('POST', '/_api/iam/recovery/v1/recover', {
      body: { recoveryToken: tokenOf(link!), password: 'another new password' },
    });
    expect(replay.status).toBe(400);
    expect(replay.body.details.applicationError.code).toBe('INVALID_RECOVERY_TOKEN');
    expect((await fetch(link!)).status).toBe(400);

    expect((await login(m.email, 'old password 1')).body.details.applicationError.code).toBe('-19976');
    expect((await login(m.email, 'brand new password')).body.state).toBe('SUCCESS');
  });

  it('the alias path family works', async () => {
    const m = await member();
    const res = await call('POST', '/_iam/recovery/v1/send-email', {
      token: visitor,
      body: { email: m.email, redirect: { url: callback(), clientId: server.clientId } },
    });
    expect(res.status).toBe(200);
    const [link] = await resetLinks(m.email);
    const recovered = await call('POST', '/_iam/recovery/v1/recover', {
      body: { recoveryToken: tokenOf(link!), password: 'brand new password' },
    });
    expect(recovered.body.state).toBe('SUCCESS');
  });

  it('redirects only to registered URIs or origins; the site can come from the redirect client', async () => {
    const m = await member();
    const evil = await sendReset(m.email, { url: 'https://evil.example/steal', clientId: server.clientId });
    expect(evil.status).toBe(400);
    expect(evil.body.details.validationError.fieldViolations[0].field).toBe('redirect.url');
    const unknownClient = await sendReset(m.email, { url: callback(), clientId: 'nope' });
    expect(unknownClient.status).toBe(400);
    // no token at all: the client id names the site
    const anonymous = await sendReset(m.email, { url: `${server.url}/account`, clientId: server.clientId }, undefined);
    expect(anonymous.status).toBe(200);
    expect(await resetLinks(m.email)).toHaveLength(1);
  });

  it('bad input is answered with envelopes', async () => {
    expect(
      (await call('POST', '/_api/iam/recovery/v1/send-email', { token: visitor, body: { email: 'nope' } })).status,
    ).toBe(400);
    expect(
      (await call('POST', '/_api/iam/recovery/v1/send-email', { token: visitor, body: {} })).body.details
        .validationError.fieldViolations[0].data,
    ).toEqual({ type: 'EMAIL' });
    expect(
      (
        await call('POST', '/_api/iam/recovery/v1/recover', { body: {} })
      ).body.details.validationError.fieldViolations.map((v: { field: string }) => v.field),
    ).toEqual(['password', 'recoveryToken']);
    const short = await call('POST', '/_api/iam/recovery/v1/recover', {
      body: { recoveryToken: 'a'.repeat(43), password: 'short' },
    });
    expect(short.body.details.validationError.fieldViolations[0].field).toBe('password');
    const unknown = await call('POST', '/_api/iam/recovery/v1/recover', {
      body: { recoveryToken: 'a'.repeat(43), password: 'long enough password' },
    });
    expect(unknown.body.details.applicationError.code).toBe('INVALID_RECOVERY_TOKEN');
    expect(
      (await call('POST', '/_api/iam/recovery/v1/recover', { body: { recoveryToken: ['x'], password: 1 } })).status,
    ).toBe(400);
    expect((await fetch(`${server.url}/reset-password`)).status).toBe(400);
    expect((await fetch(`${server.url}/reset-password?token=${'z'.repeat(5000)}`)).status).toBe(400);
  });

  it('activation-email: the member themself or a site API key gets a set-password link; anyone else is refused (audit F-16)', async () => {
    const m = await member();
    const other = await member();
    const memberToken = async (id: string) =>
      (
        await server.ctx.db.transaction((tx) =>
          server.ctx.tokens.createMemberSession(tx, { siteId: server.siteId, clientId: server.clientId, memberId: id }),
        )
      ).accessToken;
    const activation = (token: string | undefined, identityId: unknown = m.id) =>
      call('POST', '/_api/iam/recovery/v1/activation-email', {
        token,
        body: { identityId, emailOptions: { redirect: { url: callback(), clientId: server.clientId } } },
      });

    const byVisitor = await activation(visitor);
    expect(byVisitor.status).toBe(403);
    expect(byVisitor.body.details.applicationError.code).toBeTypeOf('string');
    expect((await activation(undefined)).status).toBe(401);
    expect((await activation(await memberToken(other.id))).status).toBe(403);
    expect(await resetLinks(m.email)).toHaveLength(0);

    const bySelf = await activation(await memberToken(m.id));
    expect(bySelf.status).toBe(200);
    expect(bySelf.body).toEqual({});
    const [link] = await resetLinks(m.email);
    expect(link).toBeDefined();
    const page = await (await fetch(link!)).text();
    expect(page).toContain('Choose your password');

    const byKey = await activation(`Bearer ${SITE_KEY}`);
    expect(byKey.status).toBe(200);
    expect(await resetLinks(m.email)).toHaveLength(2);
    // The send cap, an unknown identity and link lifetimes: identity/flows/recover.integration.test.ts.
  });
});
