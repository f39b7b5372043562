import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP } from '../../../test-support/redirect-kit.js';
import { account, Browser, IDP, startSso, toCallback, type SsoKit } from '../../../test-support/sso-kit.js';

/** Connecting a provider while signed in, the providers list, connections in login answers, SSO → second step (issue #15). */
let sso: SsoKit;
let offsetMs = 0;
beforeAll(async () => {
  sso = await startSso({ site: (s) => ({ ...s, policies: { ...s.policies, emailVerification: 'off' } }) });
  const server = sso.kit.server as unknown as { ctx: { now: () => number } };
  const realNow = server.ctx.now;
  server.ctx.now = () => realNow() + offsetMs;
});
afterAll(async () => {
  await sso?.close();
});

const RETURN = `${APP.origin}/account/sign-in-methods`;

async function signedInMember() {
  const m = await sso.kit.member();
  const { server } = sso.kit;
  const session = await server.ctx.db.transaction((tx) =>
    server.ctx.tokens.createMemberSession(tx, { siteId: server.siteId, clientId: APP.clientId, memberId: m.memberId }),
  );
  return { ...m, token: session.accessToken };
}

/** POST connect in `browser`, then the provider's login as `accountId`, then Vitrine's callback. */
async function connect(browser: Browser, token: string, accountId: string) {
  const started = await browser.go(`${sso.kit.server.url}/_api/iam/authentication/v1/sso/connect/${IDP.id}`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({ returnUrl: RETURN }),
  });
  if (started.status !== 200) return { started, done: undefined };
  const { authUrl } = (await started.json()) as { authUrl: string };
  const atProvider = await browser.go(authUrl);
  const interaction = new URL(atProvider.headers.get('location')!, sso.provider.issuer).href;
  const loggedIn = await browser.go(interaction, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `login=${accountId}`,
  });
  const resumed = await browser.go(new URL(loggedIn.headers.get('location')!, sso.provider.issuer).href);
  return { started, authUrl, callback: resumed.headers.get('location')! };
}

const linkedMember = async (subject: string) =>
  (
    await sso.kit.server.ctx.db.query<{ member_id: string }>(
      'select member_id from sso_identities where subject = $1',
      [subject],
    )
  ).rows[0]?.member_id;

describe('connecting a provider while signed in', () => {
  it('lists the site’s providers for any token of the site', async () => {
    const res = await fetch(`${sso.kit.server.url}/_api/iam/authentication/v1/sso/providers`, {
      headers: { authorization: (await sso.kit.visitor()).access_token },
    });
    expect(await res.json()).toEqual({
      siteId: sso.kit.server.siteId,
      providers: [
        { idpConnectionId: IDP.id, name: IDP.name },
        { idpConnectionId: 'downidp', name: 'Down IdP' },
      ],
    });
  });

  it('links the provider identity to the signed-in member, returns to the shop, and password logins then list the connection', async () => {
    const m = await signedInMember();
    const id = account(sso.provider, { email: `other-${Date.now()}@elsewhere.test`, email_verified: false });
    const browser = new Browser();
    const flow = await connect(browser, m.token, id);
    const done = await browser.go(flow.callback!);
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe(`${RETURN}?connected=${IDP.id}`);
    expect(await linkedMember(id)).toBe(m.memberId);

    const login = await sso.kit.post(
      '/_api/iam/authentication/v2/login',
      { loginId: { email: m.email }, password: m.password },
      { authorization: (await sso.kit.visitor()).access_token },
    );
    expect(((await login.json()) as { identity: { connections: unknown[] } }).identity.connections).toEqual([
      { idpConnection: { idpConnectionId: IDP.id, idpUserId: id } },
    ]);

    // Signing in with that provider now reaches this member, though its address differs.
    const signIn = new Browser();
    const answer = await signIn.go((await toCallback(sso, signIn, id)).callback!);
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toContain('code=');
  });

  it('is bound to the browser that asked: the same provider answer in another browser links nothing', async () => {
    const m = await signedInMember();
    const id = account(sso.provider, { email: `x-${Date.now()}@elsewhere.test`, email_verified: true });
    const flow = await connect(new Browser(), m.token, id);
    const elsewhere = await new Browser().go(flow.callback!);
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.text()).toContain('started in another browser');
    expect(await linkedMember(id)).toBeUndefined();
  });

  it('refuses a provider identity that already belongs to another member', async () => {
    const first = await signedInMember();
    const id = account(sso.provider, { email: `t-${Date.now()}@elsewhere.test`, email_verified: false });
    const b1 = new Browser();
    await b1.go((await connect(b1, first.token, id)).callback!);
    const second = await signedInMember();
    const b2 = new Browser();
    const refused = await b2.go((await connect(b2, second.token, id)).callback!);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain('already signs in to another account');
    expect(await linkedMember(id)).toBe(first.memberId);
  });

  it('needs a member token, a fresh sign-in, a known provider and an allowed return address', async () => {
    const url = `${sso.kit.server.url}/_api/iam/authentication/v1/sso/connect/${IDP.id}`;
    const visitor = await sso.kit.post(
      `/_api/iam/authentication/v1/sso/connect/${IDP.id}`,
      { returnUrl: RETURN },
      { authorization: (await sso.kit.visitor()).access_token },
    );
    expect(visitor.status).toBe(401);
    const m = await signedInMember();
    const post = (path: string, body: unknown) =>
      fetch(path, {
        method: 'POST',
        headers: { authorization: m.token, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect(
      (await post(`${sso.kit.server.url}/_api/iam/authentication/v1/sso/connect/nope`, { returnUrl: RETURN })).status,
    ).toBe(404);
    const evil = await post(url, { returnUrl: 'https://evil.test/steal' });
    expect(evil.status).toBe(400);
    expect(await evil.text()).toContain('returnUrl');
    offsetMs += 11 * 60_000;
    try {
      const stale = await post(url, { returnUrl: RETURN });
      expect(stale.status).toBe(403);
      expect(await stale.text()).toContain('REAUTHENTICATION_REQUIRED');
      expect((await post(url, { returnUrl: RETURN, currentPassword: m.password })).status).toBe(200);
    } finally {
      offsetMs -= 11 * 60_000;
    }
  });
});

describe('a provider sign-in of a member with a second factor', () => {
  it('asks for the second step on the hosted page instead of signing in', async () => {
    const m = await signedInMember();
    const call = async (path: string, body: unknown) =>
      (
        await fetch(`${sso.kit.server.url}${path}`, {
          method: 'POST',
          headers: { authorization: m.token, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json() as Promise<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const added = await call('/_api/iam/mfa/v1/factors', { factorType: 'TOTP' });
    const code = new TOTP({ secret: Secret.fromBase32(added.totp.secret) }).generate({
      timestamp: Date.now() + offsetMs,
    });
    expect((await call(`/_api/iam/mfa/v1/factors/${added.factor.factorId}/activate`, { code })).factor.status).toBe(
      'ACTIVE',
    );
    const id = account(sso.provider, { email: m.email, email_verified: true });
    const browser = new Browser();
    const answer = await browser.go((await toCallback(sso, browser, id)).callback!);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('location')).toBeNull();
    const html = await answer.text();
    expect(html).toContain('Two-step verification');
    expect(html).toContain('Authentication code');
  });
});
