import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type VitrineApp } from '../../test-support/boot.js';
import { addOwner, signedIn } from '../../test-support/owners-kit.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';

/**
 * Console rules of #13 not covered elsewhere: the session cookie is `__Host-` and Secure under https,
 * the admin key is not a console session, and End sessions takes effect at once on another instance.
 */
let server: TestServer;
let second: VitrineApp;
let secondUrl: string;

beforeAll(async () => {
  server = await startTestServer({
    site: (s) => ({
      ...s,
      policies: { ...s.policies, emailVerification: 'off', memberApproval: 'auto', captcha: 'off' },
    }),
  });
  second = await createApp({ config: server.ctx.config, db: server.ctx.db, logLevel: 'silent', mailDelivery: false });
  secondUrl = (await second.app.listen({ port: 0, host: '127.0.0.1' })).replace('[::1]', '127.0.0.1');
});
afterAll(async () => {
  await second?.app.close();
  await server?.close();
});

const unique = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;

describe('console rules', () => {
  it('under an https public URL the session cookie is __Host-, Secure, HttpOnly and SameSite=Strict', async () => {
    const email = unique('https-owner');
    await addOwner(server, email, 'owner', 'an https password');
    const publicUrl = server.ctx.config.publicUrl;
    // Behind a TLS-terminating proxy the public URL is https while this test talks plain HTTP to the port.
    server.ctx.config.publicUrl = 'https://shop.example';
    try {
      const res = await fetch(`${server.url}/_admin/v1/console/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'an https password' }),
      });
      expect(res.status).toBe(200);
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('__Host-vitrine_owner='));
      expect(cookie, res.headers.getSetCookie().join(' | ')).toBeDefined();
      const attributes = cookie!.split(';').map((a) => a.trim().toLowerCase());
      expect(attributes).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=strict', 'path=/']));
      expect(attributes.some((a) => a.startsWith('domain='))).toBe(false);
    } finally {
      server.ctx.config.publicUrl = publicUrl;
    }
  });

  it('the admin key works for the admin API but is no console session', async () => {
    const admin = { authorization: `Bearer ${server.adminKey}` };
    expect((await fetch(`${server.url}/_admin/v1/members?siteId=${server.siteId}`, { headers: admin })).status).toBe(
      200,
    );
    const session = await fetch(`${server.url}/_admin/v1/console/session`, { headers: admin });
    expect(session.status).toBe(401);
    const body = (await session.json()) as { message: string };
    expect(body.message).toBe('Sign in to the console');
    expect(JSON.stringify(body)).not.toMatch(/stack|at \w+ \(/);
  });

  it('End sessions in the console ends the member’s sessions on every instance at once, and is audited', async () => {
    const visitor = (await (
      await fetch(`${server.url}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clientId: server.clientId, grantType: 'anonymous' }),
      })
    ).json()) as { access_token: string };
    const email = unique('member');
    const registered = (await (
      await fetch(`${server.url}/_api/iam/authentication/v2/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: visitor.access_token },
        body: JSON.stringify({ loginId: { email }, password: 'correct horse battery' }),
      })
    ).json()) as { state: string; identity: { id: string } };
    expect(registered.state).toBe('SUCCESS');
    const memberId = registered.identity.id;
    const sessions = await Promise.all(
      [1, 2].map(() =>
        server.ctx.db.transaction((tx) =>
          server.ctx.tokens.createMemberSession(tx, { siteId: server.siteId, clientId: server.clientId, memberId }),
        ),
      ),
    );
    const me = (base: string, token: string) =>
      fetch(`${base}/_api/members/v1/members/my`, { headers: { authorization: token } }).then((r) => r.status);
    for (const s of sessions) expect(await me(secondUrl, s.accessToken)).toBe(200);

    const support = await signedIn(server, unique('support'), 'support');
    const ended = await support.call('POST', `/_admin/v1/members/${memberId}/end-sessions`, { siteId: server.siteId });
    expect(ended.status).toBe(200);
    expect(ended.body.member.status).toBe('ACTIVE');
    for (const s of sessions) {
      expect(await me(secondUrl, s.accessToken)).toBe(401);
      const refresh = await fetch(`${secondUrl}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grantType: 'refresh_token', clientId: server.clientId, refreshToken: s.refreshToken }),
      });
      expect(refresh.status).toBe(400);
    }
    // The member may sign in again: ending sessions is not a block.
    const login = await fetch(`${secondUrl}/_api/iam/authentication/v2/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: visitor.access_token },
      body: JSON.stringify({ loginId: { email }, password: 'correct horse battery' }),
    });
    expect(((await login.json()) as { state: string }).state).toBe('SUCCESS');

    const audit = await support.call(
      'GET',
      `/_admin/v1/auth-events?siteId=${server.siteId}&memberId=${memberId}&type=owner_action`,
    );
    expect(audit.body.events.map((e: { detail: { action: string } }) => e.detail.action)).toContain('end-sessions');
  });
});
