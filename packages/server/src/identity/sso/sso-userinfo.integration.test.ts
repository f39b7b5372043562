/**
 * Issue #25: providers that put the `email` and `profile` claims at their UserInfo endpoint only
 * (OpenID Connect Core §5.4, oidc-provider's defaults), and — the strict twin — providers that put them
 * in the ID token as well. Real server, real oidc-provider; docs/providers.md "UserInfo".
 */
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fragmentOf } from '../../../test-support/redirect-kit.js';
import {
  account,
  Browser,
  IDP,
  idTokenFrom,
  startSso,
  toCallback,
  type SsoKit,
} from '../../../test-support/sso-kit.js';
import { findMemberByEmail } from '../../members/index.js';

const unique = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@shop.test`;

async function identityEmails(sso: SsoKit, subject: string) {
  const { rows } = await sso.kit.server.ctx.db.query<{ email: string }>(
    'select email from sso_identities where site_id = $1 and subject = $2',
    [sso.kit.server.siteId, subject],
  );
  return rows.map((r) => r.email);
}

/** A password account of the site, its address unverified (the site requires verification). */
async function passwordMember(sso: SsoKit) {
  const email = unique('pw');
  const res = await sso.kit.post(
    '/_api/iam/authentication/v2/register',
    { loginId: { email }, password: 'correct horse battery' },
    { authorization: (await sso.kit.visitor()).access_token },
  );
  return { email, memberId: ((await res.json()) as { identity: { id: string } }).identity.id };
}

async function hostedSignIn(sso: SsoKit, accountId: string) {
  const browser = new Browser();
  return browser.go((await toCallback(sso, browser, accountId)).callback!);
}

/** `nonce`: the one the app put in its request; two tokens of one second differ only by it (a replay otherwise). */
async function tokenLogin(sso: SsoKit, idToken: string, nonce?: string) {
  const res = await sso.kit.post(
    '/_api/iam/authentication/v1/sso/login-with-token-params',
    { idpConnectionId: IDP.id, tokenParams: { idToken, ...(nonce ? { nonce } : {}) } },
    { authorization: (await sso.kit.visitor()).access_token },
  );
  return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe.each([
  { variant: 'claims at UserInfo only (oidc-provider defaults)', claimsInIdToken: false },
  { variant: 'claims in the ID token as well', claimsInIdToken: true },
])('a provider with $variant', ({ claimsInIdToken }) => {
  let sso: SsoKit;
  beforeAll(async () => {
    sso = await startSso({ provider: { claimsInIdToken } });
  });
  afterAll(() => sso?.close());

  it('issues ID tokens with the email only when configured to', async () => {
    const email = unique('premise');
    const claims = decodeJwt(await idTokenFrom(sso, account(sso.provider, { email, email_verified: true })));
    expect(claims.email).toBe(claimsInIdToken ? email : undefined);
  });

  it('signs a new shopper in through the browser: address, its verification and names reach the member', async () => {
    const email = unique('new');
    const id = account(sso.provider, { email, email_verified: true, given_name: 'Grace', family_name: 'Hopper' });
    const done = await hostedSignIn(sso, id);
    expect(done.status).toBe(302);
    expect(fragmentOf(done.headers.get('location')).get('code')).toMatch(/^[\w-]{43}$/);
    const member = await findMemberByEmail(sso.kit.server.ctx.db, sso.kit.server.siteId, email);
    expect(member).toMatchObject({ email, emailVerified: true, profile: { firstName: 'Grace', lastName: 'Hopper' } });
    expect(await identityEmails(sso, id)).toEqual([email]);
  });

  it('takes email_verified sent as the string "true": the identity joins the account of its address', async () => {
    const squatter = await passwordMember(sso);
    const id = account(sso.provider, { email: squatter.email, email_verified: 'true' });
    expect((await hostedSignIn(sso, id)).status).toBe(302);
    const member = await findMemberByEmail(sso.kit.server.ctx.db, sso.kit.server.siteId, squatter.email);
    expect(member).toMatchObject({ id: squatter.memberId, emailVerified: true, passwordHash: null });
  });

  it('takes email_verified sent as the string "false" as unverified: sign in first, then connect', async () => {
    const existing = await passwordMember(sso);
    const id = account(sso.provider, { email: existing.email, email_verified: 'false' });
    const done = await hostedSignIn(sso, id);
    expect(done.status).toBe(409);
    expect(await done.text()).toContain('You already have an account');
    expect(await identityEmails(sso, id)).toEqual([]);
  });

  it(`login-with-token-params: ${claimsInIdToken ? 'a new shopper signs in' : 'a new shopper is told the ID token carries no email (400)'}; a known identity signs in either way`, async () => {
    const email = unique('native');
    const id = account(sso.provider, { email, email_verified: true });
    const first = await tokenLogin(sso, await idTokenFrom(sso, id));
    if (claimsInIdToken) {
      expect(first).toMatchObject({ status: 200, body: { state: 'SUCCESS' } });
    } else {
      expect(first.status).toBe(400);
      expect(first.body.details.applicationError.code).toBe('SSO_EMAIL_REQUIRED');
      expect(first.body.message).toBe(
        `The ID token from ${IDP.name} carries no email address, and without an access token its UserInfo endpoint cannot be read: ask ${IDP.name} for an ID token with the "email" claim, or sign in through the browser flow`,
      );
      expect((await hostedSignIn(sso, id)).status).toBe(302);
    }
    // Another sign-in at the provider: its own server-issued nonce makes it another token.
    const again = await tokenLogin(sso, await idTokenFrom(sso, id));
    expect(again).toMatchObject({ status: 200, body: { state: 'SUCCESS' } });
  });
});

describe('a provider whose UserInfo answers for another subject', () => {
  let sso: SsoKit;
  beforeAll(async () => {
    sso = await startSso({ provider: { userInfoSubject: (sub) => `${sub}-someone-else` } });
  });
  afterAll(() => sso?.close());

  it('is refused: the sign-in ends on the "could not be verified" page, nobody is created', async () => {
    const email = unique('other-sub');
    const id = account(sso.provider, { email, email_verified: true });
    const done = await hostedSignIn(sso, id);
    expect(done.status).toBe(400);
    expect(await done.text()).toContain(`The answer from ${IDP.name} could not be verified`);
    expect(await findMemberByEmail(sso.kit.server.ctx.db, sso.kit.server.siteId, email)).toBeUndefined();
    expect(await identityEmails(sso, id)).toEqual([]);
    const events = await sso.kit.server.ctx.authEvents.list(sso.kit.server.siteId, { type: 'sign_in' });
    expect(events[0]).toMatchObject({
      outcome: 'failure',
      detail: { method: 'sso', provider: IDP.id, reason: 'invalid_answer' },
    });
  });
});
