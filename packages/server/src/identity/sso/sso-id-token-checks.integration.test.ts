/**
 * ID token expiry and issuer, proven against real local OpenID Connect providers (issue #15): an
 * expired token is refused on the browser callback and on login-with-token-params; a token from
 * another issuer — signed with the very same key, so only `iss` tells it apart — is refused. The provider runs
 * on oidc-provider's defaults (thin ID tokens, claims from UserInfo): none of these checks needs more, and a
 * shopper whose token-params sign-in must succeed is one the site knows (signed in once in the browser).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestProvider } from '../../../test-support/oidc-provider.js';
import { fragmentOf } from '../../../test-support/redirect-kit.js';
import {
  account,
  anotherProvider,
  Browser,
  IDP,
  idTokenFrom,
  signingKeys,
  signInThroughBrowser,
  startSso,
  toCallback,
  tokenShopper,
  type SsoKit,
} from '../../../test-support/sso-kit.js';

const PATH = '/_api/iam/authentication/v1/sso/login-with-token-params';
/** How far the server's clock is moved ahead of the machine's (the browser-callback tests move it). */
let appClockAhead = 0;
let sso: SsoKit;
let other: TestProvider;

beforeAll(async () => {
  const jwks = await signingKeys();
  sso = await startSso({ now: () => Date.now() + appClockAhead, provider: { jwks } });
  other = await anotherProvider(sso, { jwks });
});
afterAll(async () => {
  await other?.close();
  await sso?.close();
});

async function loginWithIdToken(idToken: string) {
  const visitor = (await sso.kit.visitor()).access_token;
  const res = await sso.kit.post(
    PATH,
    { idpConnectionId: IDP.id, tokenParams: { idToken } },
    { authorization: visitor },
  );
  return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as { iss: string; exp: number; iat: number };

async function memberByEmail(email: string) {
  const { rows } = await sso.kit.server.ctx.db.query('select id from members where site_id = $1 and email_key = $2', [
    sso.kit.server.siteId,
    email,
  ]);
  return rows[0];
}

describe('login-with-token-params: expiry and issuer', () => {
  it('accepts a token while it lives and refuses the same token once its exp has passed', async () => {
    const claims = { email: `ttl-${Date.now()}@shop.test`, email_verified: true };
    const id = await tokenShopper(sso, claims, { claimsInIdToken: false });
    sso.provider.idTokenTtlSeconds = 2;
    const token = await idTokenFrom(sso, id);
    sso.provider.idTokenTtlSeconds = 3600;
    const { exp, iat } = claimsOf(token);
    expect(exp - iat).toBe(2);
    const fresh = await loginWithIdToken(token);
    expect(fresh.status).toBe(200);
    expect(fresh.body.state).toBe('SUCCESS');

    await new Promise((resolve) => setTimeout(resolve, exp * 1000 - Date.now() + 1100));
    const stale = await loginWithIdToken(token);
    expect(stale.status).toBe(400);
    expect(stale.body.details.applicationError.code).toBe('INVALID_ID_TOKEN');
    expect(stale.body.message).toBe('The ID token was refused: the ID token has expired');
  });

  it('judges exp by the server’s clock: an hour-long token is refused when that clock is two hours ahead', async () => {
    const id = account(sso.provider, { email: `clock-${Date.now()}@shop.test`, email_verified: true });
    const token = await idTokenFrom(sso, id);
    const visitor = (await sso.kit.visitor()).access_token;
    appClockAhead = 2 * 3600 * 1000;
    try {
      const res = await sso.kit.post(
        PATH,
        { idpConnectionId: IDP.id, tokenParams: { idToken: token } },
        { authorization: visitor },
      );
      const body = (await res.json()) as { message: string };
      expect(res.status).toBe(400);
      expect(body.message).toBe('The ID token was refused: the ID token has expired');
    } finally {
      appClockAhead = 0;
    }
  });

  it('refuses a token from another issuer even when its signature checks out with the expected provider’s keys', async () => {
    const email = `iss-${Date.now()}@shop.test`;
    const id = account(other, { email, email_verified: true });
    const token = await idTokenFrom(sso, id, { provider: other });
    expect(claimsOf(token).iss).toBe(other.issuer);
    expect(other.issuer).not.toBe(sso.provider.issuer);
    const { status, body } = await loginWithIdToken(token);
    expect(status).toBe(400);
    expect(body.details.applicationError.code).toBe('INVALID_ID_TOKEN');
    expect(body.message).toBe("The ID token was refused: the ID token's iss is not for this site");
    expect(await memberByEmail(email)).toBeUndefined();

    // The same account at the expected provider (same key, same client id) is accepted: only `iss` differed.
    sso.provider.accounts.set(id, { email, email_verified: true });
    await signInThroughBrowser(sso, id);
    expect((await loginWithIdToken(await idTokenFrom(sso, id))).status).toBe(200);
  });
});

describe('browser callback: an ID token already expired by the server’s clock', () => {
  /** The provider issues a 5 s ID token at the code exchange; the server's clock runs `ahead` ms early. */
  async function callbackWithClockAhead(ahead: number) {
    const email = `cb-${Math.random().toString(36).slice(2, 10)}@shop.test`;
    const id = account(sso.provider, { email, email_verified: true });
    const browser = new Browser();
    const flow = await toCallback(sso, browser, id);
    sso.provider.idTokenTtlSeconds = 5;
    appClockAhead = ahead;
    try {
      return { email, response: await browser.go(flow.callback!) };
    } finally {
      appClockAhead = 0;
      sso.provider.idTokenTtlSeconds = 3600;
    }
  }

  it('signs in while exp plus the 30 s clock tolerance has not passed', async () => {
    const { email, response } = await callbackWithClockAhead(20_000);
    expect(response.status).toBe(302);
    // An authorization code: 256 random bits, base64url.
    expect(fragmentOf(response.headers.get('location')).get('code')).toMatch(/^[\w-]{43}$/);
    expect(await memberByEmail(email)).toBeDefined();
  });

  it('refuses it once past: a clear page, no code, no member, a failed sign-in recorded', async () => {
    const { email, response } = await callbackWithClockAhead(60_000);
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    const html = await response.text();
    expect(html).toContain('could not be verified');
    expect(html).toContain('Back to sign in');
    expect(await memberByEmail(email)).toBeUndefined();
    const events = await sso.kit.server.ctx.authEvents.list(sso.kit.server.siteId, { type: 'sign_in' });
    // The only browser-callback refusal in this file (events are ordered by the server's moving clock).
    const refused = events.filter((e) => (e.detail as { reason?: string }).reason === 'invalid_answer');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ outcome: 'failure', detail: { method: 'sso', provider: IDP.id } });
  });
});
