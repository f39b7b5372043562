/**
 * Issue #15: "A new member from a provider is created with the site's policies (owner approval still
 * applies)", and login-with-token-params answers the site's other states (owner approval, second
 * factors) instead of SUCCESS. Real server, real OpenID Connect provider (oidc-provider).
 */
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  account,
  Browser,
  IDP,
  idTokenFrom,
  startSso,
  toCallback,
  tokenShopper,
  type SsoKit,
} from '../../../test-support/sso-kit.js';

let approval: SsoKit;
let open: SsoKit;
beforeAll(async () => {
  [approval, open] = await Promise.all([
    // Claims in the ID token: a new shopper signs in with login-with-token-params (no UserInfo there).
    startSso({
      provider: { claimsInIdToken: true },
      site: (s) => ({ ...s, policies: { ...s.policies, memberApproval: 'manual' } }),
    }),
    // oidc-provider's defaults (thin ID tokens): the second-factor test's shopper is known to the site.
    startSso({
      site: (s) => ({
        ...s,
        policies: { ...s.policies, emailVerification: 'off', memberApproval: 'auto', captcha: 'off' },
      }),
    }),
  ]);
}, 60_000);
afterAll(() => Promise.all([approval?.close(), open?.close()]));

const PATH = '/_api/iam/authentication/v1/sso/login-with-token-params';
const unique = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@shop.test`;

/** `nonce`: the one the app put in its request; two tokens of one second differ only by it (a replay otherwise). */
async function tokenLogin(sso: SsoKit, idToken: string, nonce?: string) {
  const res = await sso.kit.post(
    PATH,
    { idpConnectionId: IDP.id, tokenParams: { idToken, ...(nonce ? { nonce } : {}) } },
    { authorization: (await sso.kit.visitor()).access_token },
  );
  return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function memberRow(sso: SsoKit, email: string) {
  const { rows } = await sso.kit.server.ctx.db.query<{ id: string; approved: boolean; email_verified: boolean }>(
    'select id, approved, email_verified from members where site_id = $1 and email_key = $2',
    [sso.kit.server.siteId, email],
  );
  return rows[0];
}

describe('a site that approves new members by hand', () => {
  it('hosted flow: a new provider member waits for the owner (approval page, no code for the shop); the address counts as verified', async () => {
    const email = unique('approve-hosted');
    const browser = new Browser();
    const flow = await toCallback(approval, browser, account(approval.provider, { email, email_verified: true }));
    const done = await browser.go(flow.callback!);
    expect(done.headers.get('location') ?? '').not.toContain('code=');
    expect(done.status).toBe(200);
    expect(await done.text()).toMatch(/approv/i);
    expect(await memberRow(approval, email)).toMatchObject({ approved: false, email_verified: true });
  });

  it('token-params: REQUIRE_OWNER_APPROVAL, no session token', async () => {
    const email = unique('approve-token');
    const { status, body } = await tokenLogin(
      approval,
      await idTokenFrom(approval, account(approval.provider, { email, email_verified: true })),
    );
    expect(status).toBe(200);
    expect(body.state).toBe('REQUIRE_OWNER_APPROVAL');
    expect(body.sessionToken).toBeUndefined();
    expect(await memberRow(approval, email)).toMatchObject({ approved: false });
  });
});

describe('token-params for a member with a second factor', () => {
  it('answers REQUIRE_MFA with a stateToken; the app code then gives SUCCESS', async () => {
    const { kit } = open;
    const id = await tokenShopper(
      open,
      { email: unique('mfa-token'), email_verified: true },
      { claimsInIdToken: false },
    );
    const first = await tokenLogin(open, await idTokenFrom(open, id));
    expect(first.body.state).toBe('SUCCESS');
    // The member adds an authenticator app.
    const memberId = first.body.identity.id as string;
    const session = await kit.server.ctx.db.transaction((tx) =>
      kit.server.ctx.tokens.createMemberSession(tx, {
        siteId: kit.server.siteId,
        clientId: kit.server.clientId,
        memberId,
      }),
    );
    const added = (await (
      await kit.post('/_api/iam/mfa/v1/factors', { factorType: 'TOTP' }, { authorization: session.accessToken })
    ).json()) as any; // eslint-disable-line @typescript-eslint/no-explicit-any
    const totp = new TOTP({ secret: Secret.fromBase32(added.totp.secret) });
    const activated = await kit.post(
      `/_api/iam/mfa/v1/factors/${added.factor.factorId}/activate`,
      { code: totp.generate() },
      { authorization: session.accessToken },
    );
    expect(activated.status).toBe(200);

    // Another sign-in at the provider: its own server-issued nonce makes it another token.
    const second = await tokenLogin(open, await idTokenFrom(open, id));
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ state: 'REQUIRE_MFA', stateToken: expect.any(String) });
    expect(second.body.sessionToken).toBeUndefined();
    const verify = await kit.post(
      '/_api/iam/authentication/v2/verify',
      {
        factorType: 'TOTP',
        stateToken: second.body.stateToken,
        totpData: { code: totp.generate({ timestamp: Date.now() + 30_000 }) },
      },
      { authorization: (await kit.visitor()).access_token },
    );
    // The next step's code (the current one was spent on activation) is within the accepted window.
    expect(((await verify.json()) as { state: string }).state).toBe('SUCCESS');
  });
});
